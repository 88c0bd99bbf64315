import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { resetRequestState } from '@/lib/request';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, startFakeApi } from '@/test/helpers';

// A visitor opening a page that needs a member (a bookmark, a shared link, Back after logging out)
// is sent to login on arrival, with the way back to that page, before the page shows anything or
// asks the server for a member's data: never a form that asks for the login only on Save.

/** Every page that shows a member's own data or acts as the member. */
const MEMBER_PAGES: string[] = [
  paths.goods.checkout,
  paths.goods.payNext,
  paths.goods.paid,
  paths.goods.paidAlternate,
  paths.goods.chinaWalletPay,
  paths.goods.alipayReturn,
  paths.address.list,
  paths.address.edit,
  ...Object.values(paths.order),
  ...Object.values(paths.shop),
  paths.invite.index,
  ...Object.values(paths.team),
  paths.login.cancelAccount,
  paths.login.cancelAccountConfirm,
  paths.other.changePassword,
  paths.my.feedback,
  paths.my.messages,
  paths.my.giftCards,
  ...Object.values(paths.wallet),
  ...Object.values(paths.pay),
  ...Object.values(paths.groupBuy),
  ...Object.values(paths.charity),
];

const api = await startFakeApi({
  '/user/openJY': () => ok(0),
});

beforeAll(async () => {
  prepareApp();
  await preloadPagesFor(routes, paths.login.login);
}, 60_000);
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  resetRequestState();
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

const here = () => window.location.hash.replace(/^#/, '');
async function until(cond: () => boolean, ms = 4000) {
  const end = performance.now() + ms;
  await act(async () => {
    while (!cond() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  });
}

describe('pages that need a member', () => {
  it('are the pages the route table marks for members, and only those', () => {
    const marked = (routes[0]!.children ?? []).filter((r) => (r.lazy as { member?: boolean } | undefined)?.member).map((r) => r.path);
    expect(marked.sort()).toEqual([...MEMBER_PAGES].sort());
  });

  it('send a visitor to login on arrival, to come back to the page with its query, before the page asks anything', async () => {
    const stayed: string[] = [];
    for (const path of MEMBER_PAGES) {
      const address = `${path}?id=3`;
      window.history.replaceState(null, '', `#${address}`);
      const router = createHashRouter(routes);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      await until(() => here().startsWith(paths.login.login), 3000);
      if (here() !== `${paths.login.login}?redirect=${encodeURIComponent(address)}`) stayed.push(`${path} (at ${here()})`);
      else await screen.findByRole('button', { name: 'Log in' });
      cleanup();
    }
    expect(stayed).toEqual([]);
    // Nothing of a member's was asked for the pages left at once (the login page's own call aside).
    expect(api.requests.map((r) => r.url.split('?')[0]).filter((url) => url !== '/user/openJY')).toEqual([]);
  }, 120_000);

  it('do not stop a visitor on the pages that serve visitors too', async () => {
    for (const path of [paths.tabbar.cart, paths.tabbar.my, paths.other.settings, paths.goods.openInWechat]) {
      window.history.replaceState(null, '', `#${path}`);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={createHashRouter(routes)} />
        </QueryClientProvider>,
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(here(), path).toBe(path);
      cleanup();
    }
  });
});
