import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider, type Router } from '@/lib/router';
import { paths } from '@/config/paths';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { resetRequestState } from '@/lib/request';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, toastText } from '@/test/helpers';

// A visitor chooses a SKU and a quantity, taps "Add to cart" or "Buy now" and is asked to log in:
// once logged in, back on the goods page, that choice is carried out (once) without choosing again.

const user = memberFixture({ user_name: 'member01' });
const sku = (id: number, colour: number, size: number, stock: number) => ({ id, spec_value_ids: [colour, size], spec_text: `${colour}/${size}`, price: 1999, market_price: 2999, stock, image: '' });
const goods = {
  id: 5, cate_id: 1, cate_name: 'Tops', name: 'Linen Tee', subtitle: '', cover: '/media/demo/goods-5-1.png', images: ['/media/demo/goods-5-1.png'], description: '',
  price: 1999, market_price: 2999, currency: 'USD', sales: 3, stock: 20, is_hot: false, is_new: false, status: 'on_sale',
  specs: [
    { id: 1, name: 'Colour', values: [{ id: 11, name: 'Red' }, { id: 12, name: 'Blue' }] },
    { id: 2, name: 'Size', values: [{ id: 21, name: 'M' }, { id: 22, name: 'L' }] },
  ],
  skus: [sku(51, 11, 21, 4), sku(52, 11, 22, 5), sku(53, 12, 21, 6), sku(54, 12, 22, 5)],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false, group_buy: null,
};
/** How the server answers the next add to cart: accepted, or refused (sold out meanwhile). */
let addAnswer: 'ok' | 'refused' = 'ok';
const api = await startFakeApi({
  '/user/openJY': () => ok(0),
  '/shop/goods/info': () => ok(goods),
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: 100, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
  '/user/no_auth/login': () => ok({ token: 'tok-123', expires_at: '2026-12-21T00:00:00.000Z', user }),
  // The server keeps no cart for a visitor.
  '/shop/cart/add': (r) =>
    !r.headers.authorization
      ? { json: { code: 2002, msg: 'Please log in first', data: null } }
      : addAnswer === 'ok'
        ? ok({ id: 1, num: 2, total_count: 2 })
        : { json: { code: 3005, msg: 'Not enough stock', data: null } },
  '/shop/cart/cartGoodsTotal': () => ok({ total: 2 }),
});
const cartAdds = () => api.requests.filter((r) => r.url.startsWith('/shop/cart/add'));

beforeAll(async () => {
  prepareApp();
  await Promise.all([paths.tabbar.home, paths.login.login, paths.goods.details, paths.goods.checkout].map((path) => preloadPagesFor(routes, path)));
}, 60_000);
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  resetRequestState();
  window.sessionStorage.clear();
  api.requests.length = 0;
  addAnswer = 'ok';
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

/** The app as a phone runs it: its routes in the address's hash, with the browser's own history. */
function openApp(address: string): Router {
  window.history.replaceState(null, '', `#${address}`);
  const router = createHashRouter(routes);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const here = () => window.location.hash.replace(/^#/, '');
async function until(cond: () => boolean, ms = 4000) {
  const end = performance.now() + ms;
  await act(async () => {
    while (!cond() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  });
}
const settle = (ms = 300) =>
  act(async () => {
    await new Promise((r) => setTimeout(r, ms));
  });
const type = (name: string, value: string) => fireEvent.change(document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, { target: { value } });
const goodsPage = `${paths.goods.details}?id=5`;

/**
 * As a visitor: opens the SKU sheet (from the spec line, or the bar's button), chooses Blue / M, two
 * of them, then taps the sheet's button; the login page opens.
 */
async function chooseAsVisitor(button: 'Add to cart' | 'Buy now', toast: string, from: 'spec line' | 'bar' = 'bar') {
  if (from === 'spec line') fireEvent.click(await screen.findByRole('button', { name: /Choose Colour \/ Size/ }, { timeout: 5000 }));
  else fireEvent.click(await screen.findByRole('button', { name: button }, { timeout: 5000 }));
  fireEvent.click(await screen.findByRole('radio', { name: 'Blue' }, { timeout: 5000 }));
  fireEvent.click(screen.getByRole('radio', { name: 'M' }));
  fireEvent.click(document.querySelector('.sku-picker .adm-stepper-plus')!);
  const sheetButton = Array.from(document.querySelectorAll<HTMLButtonElement>('.sku-actions button')).find((b) => b.textContent === button)!;
  fireEvent.click(sheetButton);
  expect(await toastText()).toBe(toast);
  await until(() => here().startsWith(paths.login.login));
  expect(here()).toBe(`${paths.login.login}?redirect=${encodeURIComponent(goodsPage)}`);
  expect(cartAdds()).toHaveLength(0);
}

async function logIn() {
  await clearToasts();
  const button = await screen.findByRole('button', { name: 'Log in' });
  type('account', 'member01');
  type('password', 'Secret123');
  fireEvent.click(screen.getByText('I have read and agree to the User Agreement and Privacy Policy'));
  fireEvent.click(button);
}

describe('a visitor who chose a SKU and tapped "Add to cart"', () => {
  it('finds it in the cart once logged in, back on the goods page, with the "added" toast, and only once', async () => {
    openApp(goodsPage);
    await chooseAsVisitor('Add to cart', 'Please log in to add goods to your cart', 'spec line');
    await logIn();
    await until(() => here() === goodsPage);
    expect(here()).toBe(goodsPage);
    await until(() => cartAdds().length > 0);
    expect(cartAdds().map((r) => JSON.parse(r.body) as unknown)).toEqual([{ goods_id: 5, sku_id: 53, num: 2 }]);
    expect(cartAdds()[0]!.headers.authorization).toBe('Bearer tok-123');
    expect(await toastText(2000)).toBe('Added to your cart');
    // The chosen SKU is shown on the page again.
    expect(await screen.findByText('12/21', { selector: '.goods-spec-value' })).toBeTruthy();

    // A reload of the goods page adds nothing more.
    cleanup();
    await clearToasts();
    openApp(goodsPage);
    await screen.findByText('Linen Tee', { selector: '.goods-name' }, { timeout: 5000 });
    await settle();
    expect(cartAdds()).toHaveLength(1);
  });

  it('when the add is refused once logged in: the server says why, and it is not tried again on reload', async () => {
    addAnswer = 'refused';
    openApp(goodsPage);
    await chooseAsVisitor('Add to cart', 'Please log in to add goods to your cart');
    await logIn();
    await until(() => cartAdds().length > 0);
    expect(await toastText(2000)).toBe('Not enough stock');
    cleanup();
    await clearToasts();
    openApp(goodsPage);
    await screen.findByText('Linen Tee', { selector: '.goods-name' }, { timeout: 5000 });
    await settle();
    expect(cartAdds()).toHaveLength(1);
  });

  it('who leaves the login page without logging in: the choice is dropped, a later login adds nothing', async () => {
    const router = openApp(paths.tabbar.home);
    act(() => void router.navigate(goodsPage));
    await chooseAsVisitor('Add to cart', 'Please log in to add goods to your cart');
    act(() => window.history.back());
    await until(() => here() === goodsPage);
    await screen.findByText('Linen Tee', { selector: '.goods-name' }, { timeout: 5000 });
    await settle();
    // Logged in elsewhere later (another page's login), then back on the goods page.
    act(() => useSession.getState().signIn('tok-123', user));
    cleanup();
    openApp(goodsPage);
    await screen.findByText('Linen Tee', { selector: '.goods-name' }, { timeout: 5000 });
    await settle();
    expect(cartAdds()).toHaveLength(0);
  });
});

describe('a visitor who chose a SKU and tapped "Buy now"', () => {
  it('goes on to checkout with that SKU and quantity once logged in; Back returns to the goods page', async () => {
    openApp(goodsPage);
    await chooseAsVisitor('Buy now', 'Please login to check out');
    await logIn();
    await until(() => here().startsWith(paths.goods.checkout));
    expect(here()).toBe(`${paths.goods.checkout}?goods_id=5&sku_id=53&num=2`);
    expect(cartAdds()).toHaveLength(0);
    act(() => window.history.back());
    await until(() => here() === goodsPage);
    expect(here()).toBe(goodsPage);
    await settle();
    // Back on the goods page, nothing sends the member on to checkout again.
    expect(here()).toBe(goodsPage);
  });
});
