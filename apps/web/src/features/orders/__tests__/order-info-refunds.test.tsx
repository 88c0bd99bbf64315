import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';

// The order page tells the truth in the reader's language: refund reasons stored in English words of
// a kind are shown in the member's language (the case number kept), and points are promised only on
// an order that may still complete. A card payment that landed after its order had closed (expired or
// cancelled) was refunded: its released balance is not shown as charged, and why it was refunded is said
// in words, never as the payments area's own kind.

let status = 'refunded';
const refund = (no: string, reason: string, amount = 1000, to = 'wallet', pay_way = 'balance') => ({ refund_no: no, amount, currency: 'USD', status: 'succeeded', reason, to, pay_way, created_at: '2026-11-24T09:00:00.000Z', finished_at: '2026-11-24T09:01:00.000Z' });
const balancePayment = {
  payment_no: 'P2611230000000009',
  pay_way: 'balance',
  gateway: null,
  status: 'succeeded',
  currency: 'USD',
  amount: 4190,
  fee: 0,
  charged: 4190,
  balance_part: 4190,
  gateway_part: 0,
  points: null,
  converted: null,
  created_at: '2026-11-23T10:05:00.000Z',
  paid_at: '2026-11-23T10:06:00.000Z',
  refunds: [refund('R1', 'order cancelled'), refund('R2', 'after-sale AS202611280123456789'), refund('R3', 'shop order 2611230000000099 rejected'), refund('R4', 'One cup broken')],
};
/** As the API answers a card payment beside the balance that landed after the order closed: the held balance released, only the card charged. */
const latePayment = (...refunds: ReturnType<typeof refund>[]) => ({
  ...balancePayment,
  payment_no: 'P2611230000000011',
  pay_way: 'stripe_card',
  gateway: 'stripe',
  amount: 5398,
  fee: 99,
  charged: 3497,
  balance_part: 0,
  balance_released: 2000,
  gateway_part: 3497,
  paid_at: '2026-11-23T10:40:00.000Z',
  refunds,
});
let payment: object = balancePayment;
const api = await startFakeApi({
  '/shop/order/info': () =>
    ok({
      id: 7,
      order_no: '2611230000000007',
      kind: 'regular',
      status,
      currency: 'USD',
      total: 4190,
      count: 3,
      lines: [{ id: 1, goods_id: 1, sku_id: 2, name: 'Teapot', spec_text: 'Blue', image: '', price: 1200, num: 3, line_total: 3600, shipped_num: 3 }],
      created_at: '2026-11-23T10:00:00.000Z',
      expires_at: null,
      actions: { can_cancel: false, can_pay: false, can_confirm: status === 'shipped', can_remind: false, can_track: false, can_after_sale: false, can_review: false },
      subtotal: 3600,
      coupon_discount: 0,
      operating_fee_rate: 250,
      operating_fee: 90,
      freight: 500,
      points_used: 0,
      points_value: 0,
      points_earned: 120,
      points_earned_posted: false,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '',
      paid_at: '2026-11-23T10:06:00.000Z',
      shipped_at: null,
      completed_at: null,
      settled_at: null,
      cancelled_at: null,
      closed_at: null,
      cancel_reason: '',
      package_count: 0,
      last_reminded_at: null,
      payments: [payment],
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
  status = 'refunded';
  payment = balancePayment;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

describe('the order page, truthfully in the member’s language', () => {
  it('in Thai: refund reasons in Thai with the case and order numbers kept, no raw English; no points promised on a refunded order', async () => {
    useLanguage.getState().setLang('th');
    await act(() => i18n.changeLanguage('th'));
    renderOrder();
    const payment = await screen.findByRole('article');
    const text = payment.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('ยกเลิกคำสั่งซื้อแล้ว');
    expect(text).toContain('บริการหลังการขาย AS202611280123456789');
    expect(text).toContain('ร้านค้าปฏิเสธคำสั่งซื้อ 2611230000000099');
    expect(text).not.toMatch(/order cancelled|after-sale AS|shop order .* rejected/);
    // An operator's own words are shown as written.
    expect(text).toContain('One cup broken');
    expect(document.body.textContent).not.toContain('120 คะแนน');
  });

  it('a cancelled order promises no points; an order on its way still does', async () => {
    status = 'cancelled';
    renderOrder();
    expect(await screen.findByText('Petaling Jaya', { exact: false })).toBeTruthy();
    expect(screen.queryByText('120 points when the order completes')).toBeNull();
    cleanup();
    status = 'shipped';
    renderOrder();
    expect(await screen.findByText('120 points when the order completes')).toBeTruthy();
  });
});

describe('a payment that landed after its order closed', () => {
  it('shows the balance part as released, not charged, only the card part charged, and why it was refunded', async () => {
    status = 'closed';
    payment = latePayment(refund('R9', 'payable_not_payable', 3497, 'card', 'stripe_card'));
    renderOrder();
    const text = (await screen.findByRole('article')).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Charged in total$34.97');
    expect(text).toContain('Wallet balance held, then released (not charged)$20.00');
    expect(text).not.toContain('From wallet balance');
    expect(text).not.toContain('54.97');
    expect(text).toContain('Paid after the order had closed: refunded');
    expect(text).not.toContain('payable_not_payable');
  });

  it('in Hungarian: the released balance and the refund’s reason in the member’s language', async () => {
    useLanguage.getState().setLang('hu');
    await act(() => i18n.changeLanguage('hu'));
    status = 'closed';
    payment = latePayment(refund('R9', 'payable_not_payable', 3497, 'card', 'stripe_card'));
    renderOrder();
    const text = (await screen.findByRole('article')).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('A zárolt pénztárca-egyenleg felszabadítva (nem terheltük)');
    expect(text).toContain('A fizetés a rendelés lezárása után érkezett: visszatérítettük');
    expect(text).not.toContain('payable_not_payable');
  });

  it('says why each was refunded after the order expired or was cancelled, in words', async () => {
    status = 'closed';
    payment = latePayment(refund('R9', 'paid_after_expiry', 1500, 'card', 'stripe_card'), refund('R10', 'paid_after_cancel', 1997, 'card', 'stripe_card'));
    renderOrder();
    const text = (await screen.findByRole('article')).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Paid after the order had expired: refunded');
    expect(text).toContain('Paid after the order was cancelled: refunded');
    expect(text).not.toContain('paid_after_');
  });

  it('in Japanese: those reasons in the member’s language', async () => {
    useLanguage.getState().setLang('jp');
    await act(() => i18n.changeLanguage('jp'));
    status = 'closed';
    payment = latePayment(refund('R9', 'paid_after_expiry', 1500, 'card', 'stripe_card'), refund('R10', 'paid_after_cancel', 1997, 'card', 'stripe_card'));
    renderOrder();
    const text = (await screen.findByRole('article')).textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('注文の期限切れ後に支払われたため、返金しました');
    expect(text).toContain('注文のキャンセル後に支払われたため、返金しました');
    expect(text).not.toContain('paid_after_');
  });
});
