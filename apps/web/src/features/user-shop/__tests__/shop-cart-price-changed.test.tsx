import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ResponseCode } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, renderRoutes, startFakeApi, toastText, type Recorded } from '@/test/helpers';
import ShopCartPage from '../pages/shop-cart-page';

// A shop order is placed only at the total the cart showed: the server refuses another one, and the
// cart is read again to show the new total before the member places it.

let price = 1500;
const cart = () =>
  ok({
    shops: [{ shop: { id: 5, name: 'Corner Shop', logo: '', status: 'open' }, list: [{ id: 71, shop_id: 5, goods_id: 3, sku_id: 9, name: 'Teapot', spec_text: 'Blue', image: '', price, currency: 'USD', num: 2, stock: 5, selected: true, available: true, problem: null }], selected_count: 2, selected_total: price * 2, currency: 'USD' }],
    total_count: 2,
  });
// As the server: the order's total is the shop's price now; another total than the one sent is refused.
const createOrder = (req: Recorded) =>
  JSON.parse(req.body).expected_total !== price * 2
    ? { json: { code: ResponseCode.priceChanged, msg: 'The price has changed. Please check the new total before placing the order', data: null } }
    : ok({ order_id: 41, order_no: 'M2611240000000041', total: price * 2, currency: 'USD', pv: 8, status: 'awaiting_payment', expires_at: '2026-11-24T09:30:00.000Z' });
const api = await startFakeApi({
  '/attractive/cart/list': cart,
  '/shop/address/list': () => ok({ list: [], max: 20 }),
  '/attractive/buy/createOrder': createOrder,
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  price = 1500;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

describe('shop cart at a changed price', () => {
  it('a price raised since the cart was shown is said, the cart shows the new total, and placing then sends it', async () => {
    const router = renderRoutes({ [paths.shop.cart]: <ShopCartPage />, [paths.goods.payNext]: <div>pay next</div> }, paths.shop.cart);
    expect(await screen.findByText('$30.00')).toBeTruthy();
    price = 2500;
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await toastText()).toBe('The price has changed. Please check the new total before placing the order');
    expect(await screen.findByText('$50.00')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.shop.cart);
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.goods.payNext));
    const sent = api.requests.filter((r) => r.url.startsWith('/attractive/buy/createOrder')).map((r) => JSON.parse(r.body).expected_total);
    expect(sent).toEqual([3000, 5000]);
  });
});
