import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import GroupBuyGoodsPage from '../pages/group-buy-goods-page';
import GroupBuyListPage from '../pages/group-buy-list-page';
import GroupProgressPage from '../pages/group-progress-page';
import AddressListPage from '@/features/address/pages/address-list-page';

const activity = {
  id: 4,
  goods_id: 11,
  sku_id: 21,
  name: 'Jasmine tea gift box',
  spec_text: '250 g',
  image: '',
  price: 1990,
  original_price: 2990,
  currency: 'USD',
  group_size: 3,
  fill_hours: 24,
  starts_at: '2026-11-20T00:00:00.000Z',
  ends_at: '2026-12-20T00:00:00.000Z',
  state: 'running' as 'scheduled' | 'running' | 'ended',
  per_order_limit: 2,
  per_member_limit: 4,
  remaining: 17,
  open_groups: 1,
};
const address = {
  id: 9, name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country: 'MY', country_name: 'Malaysia', flag: '', province_id: null, province: 'Selangor',
  city_id: null, city: 'Petaling Jaya', district_id: null, district: '', address: 'Jalan 14/20, 5', house_number: '', zip_code: '46100', latitude: null, longitude: null, is_default: true,
};
let addresses = [address];
/** The activity as the server answers it now (an operator may have ended it). */
let shown = activity;
let openGroups = [{ id: 6, leader: 'M***i', member_count: 2, size: 3, needed: 1, expires_at: '2026-11-24T10:00:00.000Z', seconds_left: 3 * 3600 + 20 * 60 }];
/** Holds the address list's answer until released (a tap before the addresses arrive). */
let addressesHeld: Promise<void> | undefined;
let groupStatus: 'pending' | 'open' | 'succeeded' | 'failed' | 'ended' | 'left' = 'open';
/** Fields of the order that differ from a paid one (a cancelled or refunded order). */
let orderFields: Record<string, unknown> = {};
const orderInfo = () => ({
  id: 31, order_no: '2611230000000031', kind: 'group_buy', status: groupStatus === 'pending' ? 'awaiting_payment' : 'paid', currency: 'USD', total: 1990, count: 1,
  lines: [{ id: 1, goods_id: 11, sku_id: 21, name: 'Jasmine tea gift box', spec_text: '250 g', image: '', price: 1990, num: 1, line_total: 1990, shipped_num: 0 }],
  created_at: '2026-11-23T10:00:00.000Z', expires_at: null,
  actions: { can_cancel: true, can_pay: false, can_confirm: false, can_remind: true, can_track: false },
  subtotal: 1990, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight: 0, points_used: 0, points_value: 0,
  address: { name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
  remarks: '', paid_at: '2026-11-23T10:01:00.000Z', shipped_at: null, completed_at: null, settled_at: null, cancelled_at: null, closed_at: null, cancel_reason: '', package_count: 0, last_reminded_at: null,
  group_buy: { activity_id: 4, group_id: 6, status: groupStatus, member_count: 2, size: 3, expires_at: new Date(Date.now() + 5 * 3600_000 + 10 * 60_000).toISOString() },
  ...orderFields,
});
const api = await startFakeApi({
  '/shop/pintuan/goodsList': () => ok({ list: [activity], total: 1, page: 1, limit: 10, has_more: false }),
  '/shop/pintuan/goodsInfo': () => ok(shown),
  '/shop/pintuan/goodsTuanList': () => ok({ list: openGroups }),
  '/shop/address/list': () => ({ ...ok({ list: addresses, max: 20 }), wait: addressesHeld }),
  '/shop/pintuan/buy': () => ok({ order_id: 31, order_no: '2611230000000031', status: 'awaiting_payment', total: 3980, currency: 'USD', expires_at: '2026-11-23T10:30:00.000Z', group_id: 6 }),
  '/shop/order/info': (req) =>
    new URLSearchParams(req.url.split('?')[1]).get('id') === '99999' ? { json: { code: 5020, msg: 'The order does not exist', data: null } } : ok(orderInfo()),
  // 2 × 19.90 at the group price, a 3.33 % operating fee and 5.00 shipping.
  '/shop/pintuan/buyPreview': () =>
    ok({
      currency: 'USD', subtotal: 3980, coupon_discount: 0, operating_fee_rate: 333, operating_fee: 133, freight: 500, points_used: 0, points_value: 0, shopping_points_used: 0, shopping_points_value: 0, total: 4613,
      lines: [{ cart_id: null, goods_id: 11, sku_id: 21, name: 'Jasmine tea gift box', spec_text: '250 g', image: '', price: 1990, num: 2, line_total: 3980, available: true, problem: null }],
      address: { id: 9, name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
      can_submit: true,
      points_offer: { points: { balance: 0, per_unit: 100, max: 0 }, shopping_points: { balance: 0, per_unit: 100, max: 0 } },
      points_earned: 0,
    }),
});
const buys = () => api.requests.filter((r) => r.url === '/shop/pintuan/buy');

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  addresses = [address];
  shown = activity;
  openGroups = [{ id: 6, leader: 'M***i', member_count: 2, size: 3, needed: 1, expires_at: '2026-11-24T10:00:00.000Z', seconds_left: 3 * 3600 + 20 * 60 }];
  addressesHeld = undefined;
  groupStatus = 'open';
  orderFields = {};
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

const renderAt = (path: string) =>
  renderRoutes(
    {
      [paths.groupBuy.list]: <GroupBuyListPage />,
      [paths.groupBuy.goods]: <GroupBuyGoodsPage />,
      [paths.groupBuy.group]: <GroupProgressPage />,
      [paths.goods.payNext]: <p>pay next</p>,
      [paths.address.list]: <p>addresses</p>,
      [paths.order.details]: <p>order details</p>,
    },
    path,
  );

describe('group-buy pages', () => {
  it('lists the running group buys with group price, usual price and size, and opens one', async () => {
    const router = renderAt(paths.groupBuy.list);
    expect(await screen.findByText('Jasmine tea gift box')).toBeTruthy();
    expect(screen.getByText('$19.90')).toBeTruthy();
    expect(screen.getByText('$29.90')).toBeTruthy();
    expect(screen.getByText('Group of 3')).toBeTruthy();
    expect(screen.getByText('17 left')).toBeTruthy();
    fireEvent.click(screen.getByText('Jasmine tea gift box'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=4'));
    expect(router.state.location.pathname).toBe(paths.groupBuy.goods);
  });

  it('joins an open group with the chosen quantity to the default address, then goes to pay', async () => {
    const router = renderAt(`${paths.groupBuy.goods}?id=4`);
    expect(await screen.findByText('Started by M***i')).toBeTruthy();
    expect(screen.getByText('1 more needed · 3 h 20 min left')).toBeTruthy();
    expect(screen.getByText('Up to 2 per order and 4 per member')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Quantity').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
    const before = buys().length;
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    // The amounts come first: goods, the operating fee, shipping and the total; nothing is ordered yet.
    expect(await screen.findByText('Check your order')).toBeTruthy();
    await screen.findByText('$46.13');
    const sheet = within(screen.getByText('Check your order').parentElement!);
    expect(sheet.getByText('Subtotal').nextElementSibling!.textContent).toBe('$39.80');
    expect(sheet.getByText('Global operating fee (3.33%)').nextElementSibling!.textContent).toBe('$1.33');
    expect(sheet.getByText('Shipping').nextElementSibling!.textContent).toBe('$5.00');
    expect(sheet.getByText('Total').nextElementSibling!.textContent).toBe('$46.13');
    expect(buys()).toHaveLength(before);
    expect(router.state.location.pathname).toBe(paths.groupBuy.goods);
    const asked = api.requests.filter((r) => r.url.startsWith('/shop/pintuan/buyPreview')).at(-1)!.url;
    expect(new URLSearchParams(asked.split('?')[1]).get('group_id')).toBe('6');
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(router.state.location.search).toBe('?order_id=31&order_type=order');
    const sent = api.requests.filter((r) => r.url === '/shop/pintuan/buy').map((r) => JSON.parse(r.body));
    expect(sent.at(-1)).toEqual({ activity_id: 4, num: 2, address_id: 9, group_id: 6 });
  });

  it('a tap before the addresses have arrived waits for them, and does not send a member who has one to add one', async () => {
    let release!: () => void;
    addressesHeld = new Promise<void>((r) => (release = r));
    const router = renderAt(`${paths.groupBuy.goods}?id=4`);
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe(paths.groupBuy.goods);
    release();
    fireEvent.click(await screen.findByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(api.requests.filter((r) => r.url === '/shop/pintuan/buy').map((r) => JSON.parse(r.body)).at(-1)).toMatchObject({ address_id: 9, group_id: 6 });
  });

  it('starting a group without an address sends the member to add one', async () => {
    addresses = [];
    const router = renderAt(`${paths.groupBuy.goods}?id=4`);
    fireEvent.click(await screen.findByRole('button', { name: 'Start a group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.address.list));
    // The list opens picking: the address added there and chosen comes back to this group buy.
    const opened = new URLSearchParams(router.state.location.search);
    expect(opened.get('pick')).toBe('1');
    expect(opened.get('return')).toBe(`${paths.groupBuy.goods}?id=4&num=1`);
    expect(api.requests.filter((r) => r.url === '/shop/pintuan/buy' && JSON.parse(r.body).group_id === undefined)).toHaveLength(0);
  });

  it('the order can go to another address: the list opens picking, and the group buy comes back with it and the quantity kept', async () => {
    addresses = [address, { ...address, id: 12, name: 'Ali', surname: 'Hassan', city: 'Johor Bahru', is_default: false }];
    const router = renderRoutes(
      { [paths.groupBuy.goods]: <GroupBuyGoodsPage />, [paths.address.list]: <AddressListPage />, [paths.goods.payNext]: <p>pay next</p> },
      `${paths.groupBuy.goods}?id=4`,
    );
    expect(await screen.findByText('Started by M***i')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Quantity').closest('.adm-stepper')!.querySelector('.adm-stepper-plus')!);
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Change address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.address.list));
    fireEvent.click(within(await screen.findByRole('region', { name: 'Ali Hassan' })).getByRole('button', { name: 'Use this address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.groupBuy.goods));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ id: '4', num: '2', address_id: '12' });
    fireEvent.click(await screen.findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(new URLSearchParams(api.requests.filter((r) => r.url.startsWith('/shop/pintuan/buyPreview')).at(-1)!.url.split('?')[1]).get('address_id')).toBe('12'));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(buys().map((r) => JSON.parse(r.body)).at(-1)).toEqual({ activity_id: 4, num: 2, address_id: 12, group_id: 6 });
  });

  it('an ended group buy says it ended, in the member\'s language: no units left or past end date, no invitation to start a group, no dead button', async () => {
    // An operator ended it early: the server says so, its pool is empty and its groups were decided.
    shown = { ...activity, ends_at: '2026-11-30T07:24:00.000Z', state: 'ended', remaining: 0, open_groups: 0 };
    openGroups = [];
    const before = buys().length;
    for (const [lang, said] of [['en-us', 'This group buy has ended'], ['th', 'การซื้อแบบกลุ่มนี้สิ้นสุดแล้ว']]) {
      await act(() => i18n.changeLanguage(lang!));
      renderAt(`${paths.groupBuy.goods}?id=4`);
      expect((await screen.findByText(said!)).getAttribute('role')).toBe('status');
      expect(screen.getByText('Jasmine tea gift box')).toBeTruthy();
      expect(screen.queryByText(i18n.t('orders.groupBuy.noOpenGroups'))).toBeNull();
      expect(screen.queryByText(i18n.t('orders.groupBuy.left', { count: 0 }), { exact: false })).toBeNull();
      expect(screen.queryByRole('button', { name: i18n.t('orders.groupBuy.start') })).toBeNull();
      expect(screen.queryByRole('button', { name: i18n.t('orders.groupBuy.join') })).toBeNull();
      // No button on the page that cannot be pressed.
      expect(screen.queryAllByRole('button').filter((b) => b.hasAttribute('disabled') || b.classList.contains('adm-button-disabled'))).toEqual([]);
      cleanup();
    }
    expect(buys()).toHaveLength(before);
    expect(api.violations).toEqual([]);
  });

  it('a group buy that has not started says when it starts and offers nothing to tap yet', async () => {
    shown = { ...activity, starts_at: '2026-12-24T02:00:00.000Z', state: 'scheduled', open_groups: 0 };
    openGroups = [];
    renderAt(`${paths.groupBuy.goods}?id=4`);
    const notice = await screen.findByText(/^This group buy starts /);
    expect(notice.textContent).toContain('2026');
    expect(screen.queryByText(i18n.t('orders.groupBuy.noOpenGroups'))).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start a group' })).toBeNull();
  });

  it("shows the member's group: how full it is, the time left, and what happens when it completes", async () => {
    renderAt(`${paths.groupBuy.group}?order_id=31`);
    expect(await screen.findByText('Waiting for more people to join')).toBeTruthy();
    expect(screen.getByText(/^2 of 3 joined · 5 h (9|10) min left$/)).toBeTruthy();
    cleanup();
    groupStatus = 'succeeded';
    renderAt(`${paths.groupBuy.group}?order_id=31`);
    expect(await screen.findByText('The group is complete: your order will ship')).toBeTruthy();
    expect(screen.queryByText(/min left/)).toBeNull();
  });

  it('a member who left the group is told so, not how the group is doing; a group buy ended before the group filled says so', async () => {
    groupStatus = 'left';
    orderFields = { status: 'refunding', cancelled_at: '2026-11-23T11:00:00.000Z', actions: { can_cancel: false, can_pay: false, can_confirm: false, can_remind: false, can_track: false } };
    renderAt(`${paths.groupBuy.group}?order_id=31`);
    expect(await screen.findByText('You left this group: your payment is refunded')).toBeTruthy();
    expect(screen.queryByText(/joined/)).toBeNull();
    expect(screen.queryByText(/did not fill in time/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Group buy' })).toBeNull();
    cleanup();
    // Cancelled before it was paid: nothing to refund.
    orderFields = { status: 'cancelled', paid_at: null, cancelled_at: '2026-11-23T10:20:00.000Z' };
    renderAt(`${paths.groupBuy.group}?order_id=31`);
    expect(await screen.findByText('You are not in this group: the order ended before it was paid')).toBeTruthy();
    expect(screen.queryByText(/refunded/)).toBeNull();
    cleanup();
    groupStatus = 'ended';
    orderFields = { status: 'refunding' };
    await act(() => i18n.changeLanguage('th'));
    renderAt(`${paths.groupBuy.group}?order_id=31`);
    expect(await screen.findByText('การซื้อแบบกลุ่มสิ้นสุดก่อนกลุ่มของคุณครบ จะได้รับเงินคืน')).toBeTruthy();
    expect(screen.queryByText('กลุ่มไม่ครบตามเวลา จะได้รับเงินคืน')).toBeNull();
  });

  it('a link without an order, or with one that does not exist, says so with a way back instead of loading forever', async () => {
    const before = api.requests.filter((r) => r.url.startsWith('/shop/order/info')).length;
    for (const link of ['?id=99999', '?order_id=abc', '']) {
      renderAt(`${paths.groupBuy.group}${link}`);
      expect(await screen.findByText('This page needs an order: open it from your orders')).toBeTruthy();
      expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Back' })).toBeTruthy();
      expect(screen.queryByText('Loading…')).toBeNull();
      cleanup();
    }
    expect(api.requests.filter((r) => r.url.startsWith('/shop/order/info'))).toHaveLength(before);
    renderAt(`${paths.groupBuy.group}?order_id=99999`);
    expect(await screen.findByText('The order does not exist', { selector: '.list-state *' })).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
