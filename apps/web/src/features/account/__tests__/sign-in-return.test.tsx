import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider, type Router } from '@/lib/router';
import { paths } from '@/config/paths';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { resetRequestState } from '@/lib/request';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';
import { useCaptchaPass } from '../captcha-pass';
import { signInReturnPath } from '../return-path';

// A member page opened logged out (a link in a message, a bookmark) sends the member to login; once
// logged in they go on to that page, and Back from the login page never returns to the page that
// sent them there (it would send them to login again a second later, for ever).

const user = memberFixture({ user_name: 'member01' });
const goods = {
  id: 1, cate_id: 1, cate_name: 'Tops', name: 'Linen Tee', subtitle: '', cover: '/media/demo/goods-1-1.png', images: ['/media/demo/goods-1-1.png'], description: '',
  price: 1999, market_price: 2999, currency: 'USD', sales: 3, stock: 10, is_hot: false, is_new: false, status: 'on_sale',
  specs: [], skus: [{ id: 11, spec_value_ids: [], spec_text: '', price: 1999, market_price: 2999, stock: 10, image: '' }],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false,
};
// Whether login asks for the human check first (the slider cannot load here: the member goes on without it).
let captchaNeeded = 0;
const refusedLoggedOut = (r: { headers: Record<string, unknown> }) =>
  r.headers.authorization ? { json: { code: 4001, msg: 'That order does not exist', data: null } } : { json: { code: 2002, msg: 'Please log in first', data: null } };
const api = await startFakeApi({
  '/user/openJY': () => ok(captchaNeeded),
  '/attractive/page/captchaConfig': () => ok({ mode: 'auto', bypass_allowed: true, timeout_ms: 10000, challenge_path: '/captcha/challenge', verify_path: '/captcha/verify' }),
  '/shop/goods/info': () => ok(goods),
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: 100, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
  '/user/no_auth/login': () => ok({ token: 'tok-123', expires_at: '2026-12-21T00:00:00.000Z', user }),
  '/user/no_auth/register': () => ok({ token: 'tok-456', expires_at: '2026-12-21T00:00:00.000Z', user }),
  '/attractive/country/getAreaPre': () => ok({ country: 'US', pre: '1' }),
  '/shop/order/info': refusedLoggedOut,
  '/shop/cart/list': () => ok({ list: [], total_count: 0, selected_count: 0, selected_total: 0, currency: 'USD', all_selected: false }),
  '/shop/cart/cartGoodsTotal': () => ok({ total: 0 }),
  '/web/news/info': () => ok({ id: 5, title: 'Store opening', summary: 'We open', cover: '', published_at: '2026-01-02T00:00:00.000Z', like_count: 2, comment_count: 0, content: '<p>Hello</p>', collect_count: 0, annex_count: 0, is_liked: false, is_collected: false }),
  '/web/comment/list': () => ok({ list: [], total: 0, page: 1, limit: 10, has_more: false }),
});

beforeAll(async () => {
  prepareApp();
  // The pages' code, loaded once before the clock of any test starts.
  await Promise.all([paths.tabbar.home, paths.tabbar.my, paths.tabbar.cart, paths.my.article, paths.order.details, paths.login.login, paths.login.register, paths.goods.details, paths.other.humanCheck].map((path) => preloadPagesFor(routes, path)));
}, 60_000);
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  useCaptchaPass.setState({ token: '', draft: {} });
  resetRequestState();
  captchaNeeded = 0;
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
const type = (name: string, value: string) => fireEvent.change(document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!, { target: { value } });

async function logIn() {
  const button = await screen.findByRole('button', { name: 'Log in' });
  type('account', 'member01');
  type('password', 'Secret123');
  fireEvent.click(screen.getByText('I have read and agree to the User Agreement and Privacy Policy'));
  fireEvent.click(button);
}

describe('a member page opened while logged out', () => {
  it('leads to login, and after logging in to that page, not to "Me"', async () => {
    openApp('/pages/order/orderInfo?id=1');
    await until(() => here().startsWith(paths.login.login));
    expect(here()).toBe(`${paths.login.login}?redirect=${encodeURIComponent('/pages/order/orderInfo?id=1')}`);
    await logIn();
    await until(() => !here().startsWith(paths.login.login));
    expect(here()).toBe('/pages/order/orderInfo?id=1');
    expect(useSession.getState().token).toBe('tok-123');
  });

  it('Back from the login page goes to the page before (home), and stays there', async () => {
    const router = openApp(paths.tabbar.home);
    act(() => router.navigate('/pages/order/orderInfo?id=1'));
    await until(() => here().startsWith(paths.login.login));
    expect(here().startsWith(paths.login.login)).toBe(true);
    act(() => window.history.back());
    await until(() => here() === paths.tabbar.home);
    expect(here()).toBe(paths.tabbar.home);
    // The order page is not behind the login page any more: nothing sends the member back to login.
    await act(async () => {
      await new Promise((r) => setTimeout(r, 1500));
    });
    expect(here()).toBe(paths.tabbar.home);
  });

  it('a return address outside the app is not followed: the member lands on "Me"', async () => {
    openApp(`${paths.login.login}?redirect=${encodeURIComponent('https://evil.example/pages/x')}`);
    await logIn();
    await until(() => !here().startsWith(paths.login.login));
    expect(here()).toBe(paths.tabbar.my);
  });
});

describe('a page that asks a visitor to log in', () => {
  it('the cart: its "Log in" leads back to the cart once logged in', async () => {
    openApp(paths.tabbar.cart);
    await screen.findByText('Log in to see your cart');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await until(() => here().startsWith(paths.login.login));
    await logIn();
    await until(() => !here().startsWith(paths.login.login));
    expect(here()).toBe(paths.tabbar.cart);
    expect(await screen.findByText('Your cart is empty')).toBeTruthy();
  });

  it('an article: "Like" while logged out leads back to that article once logged in', async () => {
    const article = `${paths.my.article}?type=news&id=5`;
    openApp(article);
    fireEvent.click(await screen.findByRole('button', { name: /Like/ }));
    await until(() => here().startsWith(paths.login.login));
    await logIn();
    await until(() => !here().startsWith(paths.login.login));
    expect(here()).toBe(article);
    expect(await screen.findByRole('heading', { name: 'Store opening' })).toBeTruthy();
  });

  it('an article: "Log in to comment" leads back to that article too', async () => {
    const article = `${paths.my.article}?type=news&id=5`;
    openApp(article);
    fireEvent.click(await screen.findByRole('button', { name: 'Log in to comment' }));
    await until(() => here().startsWith(paths.login.login));
    await logIn();
    await until(() => !here().startsWith(paths.login.login));
    expect(here()).toBe(article);
  });
});

describe('signing in from a goods page opened first (a shared link)', () => {
  const goodsPage = `${paths.goods.details}?id=1`;
  /** Taps "Save" as a visitor: the login page opens over the goods page (after "Buy now" the member goes on to checkout). */
  async function saveLoggedOut() {
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 }));
    await until(() => here().startsWith(paths.login.login));
    expect(here()).toBe(`${paths.login.login}?redirect=${encodeURIComponent(goodsPage)}`);
  }
  /** Back on the goods page, the page header's back arrow leaves it at the first tap (for home: nothing is behind it). */
  async function oneBackLeaves() {
    await until(() => here() === goodsPage);
    expect(here()).toBe(goodsPage);
    expect(await screen.findByText('Linen Tee', { selector: '.goods-name' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await until(() => here() !== goodsPage);
    expect(here()).toBe(paths.tabbar.home);
  }

  it('comes back to the goods page, and one tap on Back leaves it', async () => {
    openApp(goodsPage);
    await saveLoggedOut();
    await logIn();
    await oneBackLeaves();
  });

  it('through the human check too: the login page and the goods page are in the history once each', async () => {
    captchaNeeded = 1;
    openApp(goodsPage);
    await saveLoggedOut();
    await logIn();
    await until(() => here().startsWith(paths.other.humanCheck));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue without verification' }, { timeout: 5000 }));
    await until(() => here().startsWith(paths.login.login));
    expect(here()).toBe(`${paths.login.login}?redirect=${encodeURIComponent(goodsPage)}`);
    // The login page was stepped back to, not stacked on itself.
    expect(window.history.state.idx).toBe(1);
    // What was typed (and the agreement ticked) came back with the member: one tap logs in.
    captchaNeeded = 0;
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    await oneBackLeaves();
  });

  it('signing up from the login page instead: the goods page once, and one tap on Back leaves it, past the login page too', async () => {
    openApp(goodsPage);
    await saveLoggedOut();
    fireEvent.click(await screen.findByText('New here? Sign up'));
    await until(() => here().startsWith(paths.login.register));
    expect(here()).toBe(`${paths.login.register}?redirect=${encodeURIComponent(goodsPage)}`);
    const signUp = await screen.findByRole('button', { name: 'Sign up' });
    type('user_name', 'member01');
    type('nickname', 'Mia');
    type('password', 'Secret123');
    type('email', 'mia@example.com');
    type('invite_code', 'ABCDEFGH');
    type('code', '123456');
    fireEvent.click(screen.getByText('I have read and agree to the User Agreement and Privacy Policy'));
    fireEvent.click(signUp);
    await until(() => !here().startsWith(paths.login.register));
    expect(useSession.getState().token).toBe('tok-456');
    // Neither the login page nor a second goods page is left behind it.
    await until(() => here() === goodsPage);
    expect(window.history.state.idx).toBe(0);
    await oneBackLeaves();
  });
});

describe('the address a sign-in may send the member on to', () => {
  it('is one of the app’s own pages, with its query', () => {
    expect(signInReturnPath('/pages/order/orderInfo?id=1')).toBe('/pages/order/orderInfo?id=1');
    expect(signInReturnPath('/pages/my/wallet')).toBe('/pages/my/wallet');
    for (const outside of ['https://evil.example', '//evil.example/pages/my/wallet', '/\\evil.example', 'javascript:alert(1)', '/pages/../../x', '/pages/nothing/here', paths.login.login, `${paths.login.register}?redirect=%2Fpages%2Fmy%2Fwallet`, '', null])
      expect(signInReturnPath(outside), String(outside)).toBeUndefined();
  });
});
