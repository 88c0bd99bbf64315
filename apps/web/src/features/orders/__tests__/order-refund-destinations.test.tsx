import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';

// A return refunded in two parts (the wallet part of a split payment back to the wallet, the card part to
// the card): the order page says where each went, in the case page's words.

const refund = (no: string, amount: number, to: string, pay_way: string) => ({ refund_no: no, amount, currency: 'USD', status: 'succeeded', reason: 'after-sale AS202611280123456789', to, pay_way, created_at: '2026-11-28T09:00:00.000Z', finished_at: '2026-11-28T09:01:00.000Z' });
const splitPayment = {
  payment_no: 'P2611230000000021',
  pay_way: 'stripe_card',
  gateway: 'stripe',
  status: 'succeeded',
  currency: 'USD',
  amount: 17499,
  fee: 0,
  charged: 17499,
  balance_part: 10077,
  balance_released: 0,
  gateway_part: 7422,
  points: null,
  converted: null,
  created_at: '2026-11-23T10:05:00.000Z',
  paid_at: '2026-11-23T10:06:00.000Z',
  refunds: [refund('R1', 10077, 'wallet', 'balance'), refund('R2', 7422, 'card', 'stripe_card')],
};
const api = await startFakeApi({
  '/shop/order/info': () =>
    ok({
      id: 8,
      order_no: '2611230000000008',
      kind: 'regular',
      status: 'completed',
      currency: 'USD',
      total: 17499,
      count: 1,
      lines: [{ id: 1, goods_id: 1, sku_id: 2, name: 'Kettle', spec_text: 'Steel', image: '', price: 17499, num: 1, line_total: 17499, shipped_num: 1 }],
      created_at: '2026-11-23T10:00:00.000Z',
      expires_at: null,
      actions: { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: false, can_after_sale: false, can_review: false },
      subtotal: 17499,
      coupon_discount: 0,
      operating_fee_rate: 0,
      operating_fee: 0,
      freight: 0,
      points_used: 0,
      points_value: 0,
      points_earned: 0,
      points_earned_posted: false,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '',
      paid_at: '2026-11-23T10:06:00.000Z',
      shipped_at: '2026-11-24T10:00:00.000Z',
      completed_at: '2026-11-26T10:00:00.000Z',
      settled_at: null,
      cancelled_at: null,
      closed_at: null,
      cancel_reason: '',
      package_count: 1,
      last_reminded_at: null,
      payments: [splitPayment],
    }),
});

const renderOrder = () => renderRoutes({ [paths.order.details]: <OrderInfoPage /> }, `${paths.order.details}?id=8`);
const refundRows = async () => {
  await screen.findByRole('article');
  return [...document.querySelectorAll('.order-refund')].map((row) => row.textContent!.replace(/\s+/g, ' '));
};

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

describe('the order page’s refunds say where each went', () => {
  it('the wallet part to the wallet, the card part to the card', async () => {
    renderOrder();
    const [wallet, card] = await refundRows();
    expect(wallet).toContain('$100.77 to your wallet');
    expect(wallet).not.toContain('to your card');
    expect(card).toContain('$74.22 to your card');
    expect(card).not.toContain('to your wallet');
  });

  it('in Thai, in the after-sales case page’s words', async () => {
    useLanguage.getState().setLang('th');
    await act(() => i18n.changeLanguage('th'));
    renderOrder();
    const [wallet, card] = await refundRows();
    expect(wallet).toMatch(/100\.77 คืนเข้ากระเป๋าเงินของคุณ/);
    expect(card).toMatch(/74\.22 คืนเข้าบัตรของคุณ/);
  });
});
