import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';

// Card payments that landed after their order had expired or been cancelled were refunded: the order
// page says why in the member's words, never the payments area's own kind.

const api = await startFakeApi({
  '/shop/order/info': () =>
    ok({
      id: 7,
      order_no: '2611230000000007',
      kind: 'regular',
      status: 'closed',
      currency: 'USD',
      total: 5398,
      count: 3,
      lines: [{ id: 1, goods_id: 1, sku_id: 2, name: 'Teapot', spec_text: 'Blue', image: '', price: 1200, num: 3, line_total: 3600, shipped_num: 3 }],
      created_at: '2026-11-23T10:00:00.000Z',
      expires_at: null,
      actions: { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: false, can_after_sale: false, can_review: false },
      subtotal: 3600,
      coupon_discount: 0,
      operating_fee_rate: 250,
      operating_fee: 90,
      freight: 500,
      points_used: 0,
      points_value: 0,
      points_earned: 0,
      points_earned_posted: false,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '',
      paid_at: null,
      shipped_at: null,
      completed_at: null,
      settled_at: null,
      cancelled_at: null,
      closed_at: '2026-11-23T10:35:00.000Z',
      cancel_reason: '',
      package_count: 0,
      last_reminded_at: null,
      payments: [
        {
          payment_no: 'P2611230000000011',
          pay_way: 'stripe_card',
          gateway: 'stripe',
          status: 'succeeded',
          currency: 'USD',
          amount: 5398,
          fee: 99,
          charged: 3497,
          balance_part: 0,
          balance_released: 2000,
          gateway_part: 3497,
          points: null,
          converted: null,
          created_at: '2026-11-23T10:05:00.000Z',
          paid_at: '2026-11-23T10:40:00.000Z',
          refunds: [
            { refund_no: 'R9', amount: 1500, currency: 'USD', status: 'succeeded', reason: 'paid_after_expiry', created_at: '2026-11-23T10:43:00.000Z', finished_at: '2026-11-23T10:43:05.000Z' },
            { refund_no: 'R10', amount: 1997, currency: 'USD', status: 'succeeded', reason: 'paid_after_cancel', created_at: '2026-11-23T10:44:00.000Z', finished_at: '2026-11-23T10:44:05.000Z' },
          ],
        },
      ],
    }),
});

function renderOrder() {
  renderRoutes({ [paths.order.details]: <OrderInfoPage /> }, `${paths.order.details}?id=7`);
}

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

describe('refunds of payments that landed after the order expired or was cancelled', () => {
  it('says why each was refunded, in words', async () => {
    renderOrder();
    const text = (await screen.findByRole('article')).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Paid after the order had expired: refunded');
    expect(text).toContain('Paid after the order was cancelled: refunded');
    expect(text).not.toContain('paid_after_');
  });

  it('in Japanese: the reasons in the member’s language', async () => {
    useLanguage.getState().setLang('jp');
    await act(() => i18n.changeLanguage('jp'));
    renderOrder();
    const text = (await screen.findByRole('article')).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('注文の期限切れ後に支払われたため、返金しました');
    expect(text).toContain('注文のキャンセル後に支払われたため、返金しました');
    expect(text).not.toContain('paid_after_');
  });
});
