import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { memberFixture, ok, prepareApp, renderRoutes, startFakeApi, type Recorded } from '@/test/helpers';
import CheckoutPage from '../pages/checkout-page';

// A cart, changed between the cart and checkout: one line cut below its quantity, one
// taken off sale, one whose price went up since it was put in the cart.
interface Line {
  cart_id: number | null;
  name: string;
  price: number;
  num: number;
  stock: number;
  problem: 'off_sale' | 'out_of_stock' | 'not_enough_stock' | null;
  added_price: number | null;
}
let lines: Line[] = [];
const address = { id: 9, name: 'Mei', surname: 'Tan', mobile_pre: '60', mobile: '123456789', email: '', country_code: 'MY', province: 'Selangor', city: 'Petaling Jaya', district: '', detail: 'Jalan 14/20, 5', house_number: '', zip_code: '46100' };
const noPoints = { balance: 0, per_unit: 100, max: 0 };

/** The server's preview: the cart lines named (else all), the buy-now SKU, priced without the lines that cannot be bought. */
function preview(req: Recorded) {
  const q = new URL(req.url, 'http://x').searchParams;
  const named = q.get('cart_ids')?.split(',').map(Number);
  const shown = q.get('sku_id') ? lines.filter((l) => l.cart_id === null) : lines.filter((l) => l.cart_id !== null && (!named || named.includes(l.cart_id)));
  const subtotal = shown.filter((l) => !l.problem).reduce((n, l) => n + l.price * l.num, 0);
  return ok({
    currency: 'USD', subtotal, coupon_discount: 0, operating_fee_rate: 0, operating_fee: 0, freight: 0,
    points_used: 0, points_value: 0, shopping_points_used: 0, shopping_points_value: 0, total: subtotal,
    lines: shown.map((l, i) => ({
      cart_id: l.cart_id, goods_id: 30 + i, sku_id: 50 + i, name: l.name, spec_text: '', image: '', price: l.price, num: l.num, line_total: l.price * l.num,
      available: l.problem === null, problem: l.problem, stock: l.stock, added_price: l.added_price, price_changed: l.added_price !== null && l.added_price !== l.price,
    })),
    address,
    can_submit: shown.every((l) => !l.problem),
    points_offer: { points: noPoints, shopping_points: noPoints },
    points_earned: 0,
  });
}
const api = await startFakeApi({
  '/shop/buy/cartGoods': preview,
  '/shop/buy/createOrder': () => ok({ order_id: 41, order_no: '2611300000000041', status: 'awaiting_payment', total: 9799, currency: 'USD', expires_at: '2026-11-30T10:30:00.000Z' }),
  '/user/info/index': () => ok(memberFixture({ has_pay_password: true })),
});
const previews = () => api.requests.filter((r) => r.url.startsWith('/shop/buy/cartGoods')).map((r) => new URL(r.url, 'http://x').searchParams);
const sentOrders = () => api.requests.filter((r) => r.url === '/shop/buy/createOrder').map((r) => JSON.parse(r.body) as Record<string, unknown>);

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  api.requests.length = 0;
  lines = [
    { cart_id: 4, name: 'Teapot', price: 4500, num: 3, stock: 2, problem: 'not_enough_stock', added_price: 4500 },
    { cart_id: 5, name: 'Kettle', price: 2000, num: 1, stock: 7, problem: 'off_sale', added_price: 2000 },
    { cart_id: 6, name: 'Tea set', price: 9799, num: 1, stock: 9, problem: null, added_price: 9000 },
  ];
  useSession.getState().signIn('member-token', null);
});
afterEach(() => cleanup());

const renderAt = (path: string) =>
  renderRoutes(
    {
      [paths.goods.checkout]: <CheckoutPage />,
      [paths.tabbar.cart]: <p>cart page</p>,
      [paths.goods.details]: <p>goods page</p>,
      [paths.goods.payNext]: <p>pay next</p>,
    },
    path,
  );
const lineOf = (name: string) => screen.getByText(name).closest('.order-line') as HTMLElement;
const remarksBox = () => screen.getByPlaceholderText<HTMLTextAreaElement>('Remarks for the shop (optional)');
const submitButton = () => screen.getByRole('button', { name: 'Submit order' }) as HTMLButtonElement;

describe('checkout, when lines changed since the cart', () => {
  it('marks each line with its own reason, and goes on without the lines that cannot be bought', async () => {
    renderAt(`${paths.goods.checkout}?cart_ids=4,5,6`);
    expect(await screen.findByText('Teapot')).toBeTruthy();
    expect(within(lineOf('Teapot')).getByText('Only 2 left')).toBeTruthy();
    expect(within(lineOf('Kettle')).getByText('No longer on sale')).toBeTruthy();
    // Still bought, at its new price: said, not refused.
    expect(within(lineOf('Tea set')).getByText('Price changed (was $90.00)')).toBeTruthy();
    expect(screen.getByText('The goods marked above cannot be ordered as they are')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(remarksBox(), { target: { value: 'Ring twice' } });

    fireEvent.click(screen.getByRole('button', { name: 'Order the rest without them' }));
    await waitFor(() => expect(previews().at(-1)!.get('cart_ids')).toBe('6'));
    expect(await screen.findByText('Tea set')).toBeTruthy();
    expect(screen.queryByText('Teapot')).toBeNull();
    expect(screen.queryByText('The goods marked above cannot be ordered as they are')).toBeNull();
    // What the member wrote stays.
    expect(remarksBox().value).toBe('Ring twice');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    expect(await screen.findByText('pay next')).toBeTruthy();
    expect(sentOrders()).toMatchObject([{ cart_ids: [6], remarks: 'Ring twice' }]);
  });

  it('offers the cart to change the lines, and only the cart when no line can be bought', async () => {
    lines = lines.slice(0, 2);
    const router = renderAt(`${paths.goods.checkout}?cart_ids=4,5`);
    expect(await screen.findByText('Only 2 left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Order the rest without them' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the cart' }));
    expect(await screen.findByText('cart page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.tabbar.cart);
  });

  it('an SKU bought at once that cannot be bought sends back to its goods', async () => {
    lines = [{ cart_id: null, name: 'Teapot', price: 4500, num: 3, stock: 2, problem: 'not_enough_stock', added_price: null }];
    renderAt(`${paths.goods.checkout}?goods_id=30&sku_id=50&num=3`);
    expect(within(await waitFor(() => lineOf('Teapot'))).getByText('Only 2 left')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back to the cart' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the goods' }));
    expect(await screen.findByText('goods page')).toBeTruthy();
  });
});
