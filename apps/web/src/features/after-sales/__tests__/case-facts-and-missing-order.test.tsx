import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ApplyPage from '../pages/apply-page';
import CaseInfoPage from '../pages/case-info-page';

// saleInfo says what happened: goods the shop marked received are "received by the shop", a refund
// says where each part went, the points' events show their figures. realSale opened for an order that
// does not exist, or by a link without one, says the order does not exist; only a failure of the
// network or the server is an error to retry.

const event = (kind: string, to: string | null, reason = '') => ({ kind, from: null, to, reason, follows_case_no: null, by: 'operator', at: '2026-11-26T10:00:00.000Z' });
const theCase = {
  id: 51,
  case_no: 'AS26112600000051',
  order_id: 7,
  shop_order_id: null,
  shop: null,
  order_no: '2611230000000007',
  kind: 'return',
  status: 'refunded',
  reason_id: 'changed_mind',
  reason: 'No longer needed',
  description: '',
  currency: 'USD',
  refundable: 4852,
  refund: 4852,
  refunded: 4852,
  refunded_at: '2026-11-26T10:00:00.000Z',
  refund_delayed: false,
  refund_reason: '',
  refund_parts: [
    { to: 'wallet', pay_way: 'balance', amount: 1012 },
    { to: 'card', pay_way: 'stripe_card', amount: 3840 },
  ],
  lines: [{ order_line_id: 1, name: 'Teapot', spec_text: 'Blue', image: '', price: 4852, qty: 1, exchange_sku_id: null, exchange_spec_text: null }],
  images: [],
  video: null,
  reject_reason: '',
  ship_back_by: null,
  return_shipment: { carrier_code: 'poslaju', carrier: 'Pos Laju', tracking_number: 'RT55555', shipped_at: '2026-11-24T10:00:00.000Z', status: 'received' },
  replacement_shipment: null,
  follows_case_id: null,
  created_at: '2026-11-24T09:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  actions: { can_cancel: false, can_ship_back: false, can_confirm_receipt: false, can_resubmit: false },
  events: [
    event('submitted', 'under_review'),
    event('received', 'received'),
    event('refunded', 'refunded'),
    event('points_returned', null, '300 points and 0 shopping points returned'),
    event('points_reversed', null, '48 of 48 earned points taken back'),
  ],
  return_address: null,
};
const api = await startFakeApi({
  '/attractive/AfterSales/info': () => ok(theCase),
  '/attractive/AfterSales/expressTrack': () => ok({ carrier: 'Pos Laju', tracking_number: 'RT55555', status: 'received', events: [] }),
  '/shop/order/afterSaleApply': (req) => {
    const orderId = (JSON.parse(req.body || '{}') as { order_id?: number }).order_id;
    if (orderId === 500) return { status: 500, json: { code: 500, msg: 'Something went wrong, please try again', data: null } };
    return { json: { code: 5020, msg: 'The order does not exist', data: null } };
  },
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(() => cleanup());

describe('saleInfo: what happened to the goods and the money', () => {
  it('goods the shop marked received are received by the shop, not signed for', async () => {
    renderRoutes({ [paths.order.afterSaleDetails]: <CaseInfoPage /> }, `${paths.order.afterSaleDetails}?id=51`);
    const leg = await screen.findByText(/Pos Laju · RT55555/);
    expect(leg.textContent).toContain('Received by the shop');
    expect(screen.queryByText(/Signed for/)).toBeNull();
    expect(api.violations).toEqual([]);
  });

  it('a refund says how much went where: the wallet and the card', async () => {
    renderRoutes({ [paths.order.afterSaleDetails]: <CaseInfoPage /> }, `${paths.order.afterSaleDetails}?id=51`);
    expect(await screen.findByText('$10.12 to your wallet')).toBeTruthy();
    expect(screen.getByText('$38.40 to your card')).toBeTruthy();
    expect(screen.getByText('$48.52')).toBeTruthy();
    expect(screen.queryByText(/to how you paid/)).toBeNull();
  });

  it('the points’ events show their figures', async () => {
    renderRoutes({ [paths.order.afterSaleDetails]: <CaseInfoPage /> }, `${paths.order.afterSaleDetails}?id=51`);
    const history = (await screen.findByText('Spent points returned')).closest('section')!;
    expect(history.textContent).toContain('300 points and 0 shopping points returned');
    expect(history.textContent).toContain('48 of 48 earned points taken back');
  });
});

describe('realSale for an order that is not there', () => {
  it('a link without an order, or with one that does not exist, says the order does not exist, with a way back and no network error', async () => {
    for (const query of ['id=3', 'order_id=abc', 'order_id=99999', '']) {
      renderRoutes({ [paths.order.afterSaleApply]: <ApplyPage /> }, `${paths.order.afterSaleApply}?${query}`);
      const state = within(await screen.findByRole('alert', {}, { timeout: 5000 }));
      expect(state.getByText('The order does not exist')).toBeTruthy();
      expect(state.getByRole('button', { name: 'Back' })).toBeTruthy();
      expect(screen.queryByText('Check your connection and try again.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      cleanup();
    }
  });

  it('a failure of the server is an error to try again', async () => {
    renderRoutes({ [paths.order.afterSaleApply]: <ApplyPage /> }, `${paths.order.afterSaleApply}?order_id=500`);
    const state = within(await screen.findByRole('alert', {}, { timeout: 5000 }));
    expect(state.getByText('Something went wrong, please try again')).toBeTruthy();
    expect(state.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('The order does not exist')).toBeNull();
  });
});
