import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import OrderInfoPage from '../pages/order-info-page';
import OrderListPage from '../pages/order-list-page';

// At 375 px, an order whose every unit came back through after-sales, refunded, still read
// "Completed", "113 points earned" and offered "Review". The order keeps its own state (settlement
// keys on it), but the member reads what is true: returned and refunded (or partly, with the refund),
// the points taken back, and no review of goods no longer held.

type Returned = { all: boolean; refunded: number } | null;
let returned: Returned = null;
let returnedNums: [number, number] = [0, 0];
let reversed = 0;

const order = () => ({
  id: 1,
  order_no: '2611230000000001',
  kind: 'regular',
  status: 'completed',
  currency: 'USD',
  total: 12667,
  count: 3,
  lines: [
    { id: 1, goods_id: 1, sku_id: 2, name: 'Teapot', spec_text: 'Blue', image: '', price: 5000, num: 2, line_total: 10000, shipped_num: 2, returned_num: returnedNums[0] },
    { id: 2, goods_id: 1, sku_id: 3, name: 'Cup', spec_text: 'White', image: '', price: 2167, num: 1, line_total: 2167, shipped_num: 1, returned_num: returnedNums[1] },
  ],
  created_at: '2026-11-23T10:00:00.000Z',
  expires_at: null,
  // As the API answers: no review once nothing is kept, nothing left to ask after-sales for.
  actions: { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: true, can_after_sale: !returned?.all, can_review: !returned?.all },
  returned,
});

const api = await startFakeApi({
  '/shop/order/list': () => ok({ list: [order()], total: 1, page: 1, limit: 10, has_more: false, counts: { unpaid: 0, to_ship: 0, to_receive: 0, after_sales: 1 } }),
  '/shop/order/info': () =>
    ok({
      ...order(),
      subtotal: 12167,
      coupon_discount: 0,
      operating_fee_rate: 0,
      operating_fee: 0,
      freight: 500,
      points_used: 0,
      points_value: 0,
      points_earned: 113,
      points_earned_posted: true,
      points_reversed: reversed,
      address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      remarks: '',
      paid_at: '2026-11-23T10:06:00.000Z',
      shipped_at: '2026-11-23T12:00:00.000Z',
      completed_at: '2026-11-24T12:00:00.000Z',
      settled_at: null,
      cancelled_at: null,
      closed_at: null,
      cancel_reason: '',
      package_count: 1,
      last_reminded_at: null,
      payments: [],
    }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  returned = null;
  returnedNums = [0, 0];
  reversed = 0;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

const renderOrder = () => renderRoutes({ [paths.order.details]: <OrderInfoPage /> }, `${paths.order.details}?id=1`);
const renderList = () => renderRoutes({ [paths.order.list]: <OrderListPage /> }, paths.order.list);
/** The order's state as its page says it (once the order is shown: the loading indicator is a status too). */
const stateShown = async () => {
  await screen.findByText('Petaling Jaya', { exact: false });
  return screen.getAllByRole('status').find((e) => e.classList.contains('order-status'))!.textContent;
};
const cardText = async () => (await screen.findByText('Order no. 2611230000000001')).closest('article')!.textContent!.replace(/\s+/g, ' ');

describe('an order whose goods all came back refunded', () => {
  beforeEach(() => {
    returned = { all: true, refunded: 12667 };
    returnedNums = [2, 1];
    reversed = 112;
  });

  it('the order page says returned and refunded with the refund, the points taken back, and offers no review', async () => {
    renderOrder();
    expect(await stateShown()).toBe('Returned and refunded');
    expect(screen.getByText('Refunded: $126.67')).toBeTruthy();
    expect(screen.getByText('113 points earned, 112 taken back for returns')).toBeTruthy();
    expect(screen.queryByText('113 points earned')).toBeNull();
    expect(screen.getByText('2 returned')).toBeTruthy();
    expect(screen.queryByText('Completed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'After-sales' })).toBeNull();
  });

  it('the order list card says it too', async () => {
    renderList();
    const text = await cardText();
    expect(text).toContain('Returned and refunded');
    expect(text).toContain('Refunded: $126.67');
    expect(text).not.toContain('Completed');
    expect(screen.queryByRole('button', { name: 'Review' })).toBeNull();
  });

  it('in Simplified Chinese', async () => {
    useLanguage.getState().setLang('zh-cn');
    await act(() => i18n.changeLanguage('zh-cn'));
    renderOrder();
    expect(await stateShown()).toBe('已退货退款');
    expect(screen.getByText('已获得113积分，因退货收回112积分')).toBeTruthy();
  });
});

describe('an order partly returned', () => {
  it('stays completed, says what came back and its refund, and still offers the review of what was kept', async () => {
    returned = { all: false, refunded: 2167 };
    returnedNums = [0, 1];
    renderOrder();
    expect(await stateShown()).toBe('Completed');
    expect(screen.getByText('Partly returned: $21.67 refunded')).toBeTruthy();
    expect(screen.getByText('1 returned')).toBeTruthy();
    expect(screen.getByText('113 points earned')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
    cleanup();
    renderList();
    expect(await cardText()).toContain('Partly returned: $21.67 refunded');
  });

  it('an order nothing came back of reads as before', async () => {
    renderOrder();
    expect(await stateShown()).toBe('Completed');
    expect(screen.queryByText(/returned/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Review' })).toBeTruthy();
  });
});
