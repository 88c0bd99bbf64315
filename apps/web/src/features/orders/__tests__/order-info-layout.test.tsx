import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';

// The order page draws its buttons as the app's buttons (a bare `adm-button` without antd-mobile's
// colour classes is white text on a white card), and no empty card when the order has nothing to do.

const NO_ACTIONS = { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: false, can_after_sale: false, can_review: false };
let order: Record<string, unknown> = {};
const groupBuyOrder = (fields: Record<string, unknown> = {}) => ({
  id: 31,
  order_no: '2611230000000031',
  kind: 'group_buy',
  status: 'paid',
  currency: 'USD',
  total: 1990,
  count: 1,
  lines: [{ id: 1, goods_id: 1, sku_id: 2, name: 'Teapot', spec_text: 'Blue', image: '', price: 1990, num: 1, line_total: 1990, shipped_num: 0 }],
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: null,
  actions: { ...NO_ACTIONS, can_remind: true },
  subtotal: 1990,
  coupon_discount: 0,
  operating_fee_rate: 0,
  operating_fee: 0,
  freight: 0,
  points_used: 0,
  points_value: 0,
  address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
  remarks: '',
  paid_at: '2026-11-23T10:06:00.000Z',
  shipped_at: null,
  completed_at: null,
  settled_at: null,
  cancelled_at: null,
  closed_at: null,
  cancel_reason: '',
  package_count: 1,
  last_reminded_at: null,
  group_buy: { activity_id: 4, group_id: 6, status: 'open', member_count: 2, size: 3, expires_at: new Date(Date.now() + 3600_000).toISOString() },
  ...fields,
});
const api = await startFakeApi({ '/shop/order/info': () => ok(order) });

function renderOrder() {
  return renderRoutes({ [paths.order.details]: <OrderInfoPage />, [paths.groupBuy.group]: <p>group page</p> }, `${paths.order.details}?id=31`);
}

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(() => cleanup());

describe('the order page’s buttons and cards', () => {
  it('"Group progress" and the parcels are the app’s own buttons, in its default colours, and open their pages', async () => {
    order = groupBuyOrder();
    const router = renderOrder();
    const group = await screen.findByRole('button', { name: 'Group progress' });
    const parcels = screen.getByRole('button', { name: 'Packages (1)' });
    for (const button of [group, parcels]) {
      // antd-mobile gives a button its text, background and border colours with its colour class; without one all three are white.
      expect(button.classList.contains('adm-button')).toBe(true);
      expect(button.classList.contains('adm-button-default')).toBe(true);
      expect(button.classList.contains('adm-button-small')).toBe(true);
    }
    fireEvent.click(group);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.groupBuy.group));
    expect(router.state.location.search).toBe('?order_id=31');
  });

  it('a refunded order, with nothing left to do, draws no empty card where its actions would be', async () => {
    order = groupBuyOrder({ status: 'refunded', actions: NO_ACTIONS, package_count: 0 });
    renderOrder();
    const container = document.body;
    expect(await screen.findByText('Petaling Jaya', { exact: false })).toBeTruthy();
    const sections = [...container.querySelectorAll('section.order-section')];
    expect(sections.length).toBeGreaterThan(0);
    for (const s of sections) expect(s.textContent!.trim()).not.toBe('');
    expect(container.querySelector('.order-actions')).toBeNull();
  });

  it('an order with something to do still shows its actions', async () => {
    order = groupBuyOrder();
    renderOrder();
    expect(await screen.findByRole('button', { name: 'Remind to ship' })).toBeTruthy();
  });
});
