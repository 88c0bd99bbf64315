import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { ResponseCode } from '@shop/contract/common';
import { clearToasts, memberFixture, ok, prepareApp, renderRoutes, startFakeApi, toastText, type Recorded } from '@/test/helpers';
import CheckoutPage from '../pages/checkout-page';

// The fake prices points as the server does: 100 points a dollar, points first, within the goods;
// more than the member holds is refused, as placing the order would refuse it.
let SUBTOTAL = 2500;
let pointsBalance = 800;
let totalZero = false;
let noAddress = false;
let googleBound = false;
// The server's answer to createOrder: placed, or refused as the server refuses (a wrong pay password, a changed price).
let refuse: { code: number; msg: string } | undefined;
function preview(req: Recorded) {
  const q = new URL(req.url, 'http://x').searchParams;
  const room = SUBTOTAL;
  if (Math.min(Number(q.get('points') ?? 0), room) > pointsBalance) return { json: { code: ResponseCode.insufficientPoints, msg: 'Insufficient points', data: null } };
  const pointsValue = Math.min(Number(q.get('points') ?? 0), room);
  const shoppingValue = Math.min(Number(q.get('shopping_points') ?? 0), 300, room - pointsValue);
  return ok({
    currency: 'USD', subtotal: SUBTOTAL, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight: 0,
    points_used: pointsValue, points_value: pointsValue, shopping_points_used: shoppingValue, shopping_points_value: shoppingValue,
    total: SUBTOTAL - pointsValue - shoppingValue,
    lines: [{ cart_id: null, goods_id: 3, sku_id: 5, name: 'Teapot', spec_text: 'Blue', image: '', price: SUBTOTAL, num: 1, line_total: SUBTOTAL, available: true, problem: null }],
    address: noAddress ? null : { id: 9, name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' },
    can_submit: true,
    points_offer: { points: { balance: pointsBalance, per_unit: 100, max: Math.min(pointsBalance, room) }, shopping_points: { balance: 300, per_unit: 100, max: Math.min(300, room - pointsValue) } },
    points_earned: Math.floor((SUBTOTAL - pointsValue - shoppingValue) / 100),
  });
}
const api = await startFakeApi({
  '/shop/buy/cartGoods': preview,
  '/shop/buy/createOrder': () => {
    if (refuse) {
      const answer = { json: { ...refuse, data: null } };
      refuse = undefined;
      return answer;
    }
    return ok({ order_id: 41, order_no: '2611230000000041', status: totalZero ? 'paid' : 'awaiting_payment', total: totalZero ? 0 : 1400, currency: 'USD', expires_at: '2026-11-23T10:30:00.000Z' });
  },
  '/user/info/index': () => ok(memberFixture({ has_pay_password: true, google_bound: googleBound })),
});
const sentOrders = () => api.requests.filter((r) => r.url === '/shop/buy/createOrder').map((r) => ({ body: JSON.parse(r.body), key: r.headers['idempotency-key'] }));

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  totalZero = false;
  noAddress = false;
  googleBound = false;
  refuse = undefined;
  SUBTOTAL = 2500;
  pointsBalance = 800;
  api.requests.length = 0;
  useSession.getState().signIn('member-token', null);
});
// A toast of one test ("Order placed") must not be read by the next.
afterEach(async () => {
  cleanup();
  await clearToasts();
});

const renderAt = (path: string) =>
  renderRoutes(
    {
      [paths.goods.checkout]: <CheckoutPage />,
      [paths.goods.payNext]: <p>pay next</p>,
      [paths.order.details]: <p>order details</p>,
    },
    path,
  );

describe('points at checkout', () => {
  it('offers both kinds of points with their balances; switched on, the server prices them and the order spends them', async () => {
    const router = renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    expect(await screen.findByText('Use 800 points')).toBeTruthy();
    expect(screen.getByText('Balance 800')).toBeTruthy();
    expect(screen.getByText('Use 300 shopping points')).toBeTruthy();
    expect(screen.getByText('Earn 25 points when the order completes')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Use 800 points' }));
    expect((await screen.findAllByText('$17.00')).length).toBe(2);
    fireEvent.click(screen.getByRole('switch', { name: 'Use 300 shopping points' }));
    expect((await screen.findAllByText('$14.00')).length).toBe(2);
    expect(screen.getByText('-$8.00')).toBeTruthy();
    expect(screen.getByText('-$3.00')).toBeTruthy();
    expect(screen.getByText('Earn 14 points when the order completes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    // Points are the wallet's value: the pay password is asked before anything is sent.
    const sheet = await screen.findByRole('dialog', { name: 'Confirm with your pay password' });
    expect(sentOrders()).toEqual([]);
    fireEvent.change(within(sheet).getByPlaceholderText('6-digit pay password'), { target: { value: '135790' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    expect(sentOrders().at(-1)!.body).toMatchObject({ goods_id: 3, sku_id: 5, num: 1, address_id: 9, points: 800, shopping_points: 300, pay_password: '135790', expected_total: 1400 });
    // Never kept: not in the page's draft, nor anywhere the app stores things.
    for (const store of [sessionStorage, localStorage]) for (let i = 0; i < store.length; i++) expect(store.getItem(store.key(i)!)).not.toContain('135790');
  });

  it('points spent elsewhere since they were switched on: the checkout says the balance is short and switches them off, never shows a total it cannot place', async () => {
    renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    fireEvent.click(await screen.findByRole('switch', { name: 'Use 800 points' }));
    expect((await screen.findAllByText('$17.00')).length).toBe(2);
    // 300 of them spent in another tab; the next change of this checkout asks the server again.
    pointsBalance = 500;
    fireEvent.click(screen.getByRole('switch', { name: 'Use 300 shopping points' }));
    expect(await toastText()).toBe('Insufficient points');
    const points = await screen.findByRole('switch', { name: 'Use 500 points' });
    expect(points.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Use 300 shopping points' }).getAttribute('aria-checked')).toBe('true');
    expect((await screen.findAllByText('$22.00')).length).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the authenticator code too once one is bound; a wrong pay password keeps the sheet open and the next try is another request', async () => {
    googleBound = true;
    const router = renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    fireEvent.click(await screen.findByRole('switch', { name: 'Use 800 points' }));
    expect((await screen.findAllByText('$17.00')).length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    const sheet = await screen.findByRole('dialog', { name: 'Confirm with your pay password' });
    fireEvent.change(within(sheet).getByPlaceholderText('6-digit pay password'), { target: { value: '111111' } });
    fireEvent.change(await within(sheet).findByPlaceholderText('6-digit code from the app'), { target: { value: '246810' } });
    refuse = { code: ResponseCode.payPasswordWrong, msg: 'Incorrect pay password' };
    fireEvent.click(within(sheet).getByRole('button', { name: 'Submit order' }));
    expect(await toastText()).toBe('Incorrect pay password');
    expect(screen.getByRole('dialog', { name: 'Confirm with your pay password' })).toBeTruthy();
    fireEvent.change(within(sheet).getByPlaceholderText('6-digit pay password'), { target: { value: '135790' } });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    const sent = sentOrders();
    expect(sent.map((s) => [s.body.pay_password, s.body.google_code, s.body.expected_total])).toEqual([
      ['111111', '246810', 1700],
      ['135790', '246810', 1700],
    ]);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('without points nothing is asked; the order is placed at the total shown, and a price changed since is said and the new total shown to confirm', async () => {
    const router = renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    expect((await screen.findAllByText('$25.00')).length).toBeGreaterThan(0);
    // An operator raises the price while the member reads the page.
    SUBTOTAL = 4500;
    refuse = { code: ResponseCode.priceChanged, msg: 'The price has changed. Please check the new total before placing the order' };
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    expect(await toastText()).toBe('The price has changed. Please check the new total before placing the order');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findAllByText('$45.00')).length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe(paths.goods.checkout);
    fireEvent.click(screen.getByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    const sent = sentOrders();
    expect(sent.map((s) => s.body.expected_total)).toEqual([2500, 4500]);
    expect(sent.every((s) => s.body.pay_password === undefined)).toBe(true);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('the points switches are reached by Tab and turned on and off with Space or Enter, saying whether they are on', async () => {
    renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    const points = await screen.findByRole('switch', { name: 'Use 800 points' });
    points.focus();
    expect(document.activeElement).toBe(points);
    expect(points.getAttribute('aria-checked')).toBe('false');
    fireEvent.keyDown(points, { key: ' ' });
    expect((await screen.findAllByText('$17.00')).length).toBe(2);
    expect(screen.getByRole('switch', { name: 'Use 800 points' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.keyDown(screen.getByRole('switch', { name: 'Use 800 points' }), { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Use 800 points' }).getAttribute('aria-checked')).toBe('false'));
    const shopping = screen.getByRole('switch', { name: 'Use 300 shopping points' });
    shopping.focus();
    expect(document.activeElement).toBe(shopping);
  });

  it('an order the points paid in full opens the order, not the payment page', async () => {
    totalZero = true;
    const router = renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.order.details));
    expect(router.state.location.search).toBe('?id=41');
  });

  it('before an address is chosen the freight is not known: it says it comes with the address, never "Free"', async () => {
    noAddress = true;
    renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    expect(await screen.findByText('With the address')).toBeTruthy();
    expect(screen.queryByText('Free')).toBeNull();
    cleanup();
    noAddress = false;
    renderAt(`${paths.goods.checkout}?goods_id=3&sku_id=5&num=1`);
    expect(await screen.findByText('Free')).toBeTruthy();
  });
});
