import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createHashRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { preloadPagesFor } from '@/app/lazy-page';
import { routes } from '@/app/routes';
import { queryClient } from '@/lib/query-client';
import { resetRequestState } from '@/lib/request';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';

// A member has the wallet open in two tabs and logs out in one of them (or logs in as someone else
// there). The other tab must not go on showing the balances: it leaves the page at once, before it
// asks the server anything, and nothing of the member's stays in its memory.

const assets = {
  display_currency: 'USD',
  cash: [{ currency: 'USD', available: 12_345, frozen: 2_000 }],
  points: 320,
  shopping_points: 45,
  gift_card: [],
  rewards: [],
  total: 14_345,
  rates: [{ currency: 'USD', rate: '1', source: 'fixed', date: '2026-11-23' }],
};
const mia = memberFixture();
const leo = memberFixture({ id: 8, user_name: 'leo2026', nickname: 'Leo', email: 'leo@example.com', invite_code: 'LEO8' });

const signedIn = (auth: string | undefined) => (auth ?? '').replace(/^Bearer\s*/i, '') !== '';
const api = await startFakeApi({
  // As the real API: without a token, a member's read is refused with "login required".
  '/user/wallet/asset': (req) => (signedIn(req.headers.authorization) ? ok(assets) : { json: { code: 2002, msg: 'Please log in', data: null } }),
  '/user/info/index': () => ok(mia),
  '/user/openJY': () => ok(0),
});

beforeAll(async () => {
  prepareApp();
  await preloadPagesFor(routes, paths.wallet.assets);
  await preloadPagesFor(routes, paths.login.login);
}, 60_000);
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  resetRequestState();
  queryClient.clear();
  useSession.getState().signIn('mia-token', mia);
  api.requests.length = 0;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
  useSession.getState().clear();
});
afterAll(() => api.close());

const here = () => window.location.hash.replace(/^#/, '');
const BALANCE = '$143.45';

async function openWallet() {
  window.history.replaceState(null, '', `#${paths.wallet.assets}`);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={createHashRouter(routes)} />
    </QueryClientProvider>,
  );
  expect(await screen.findByText(BALANCE, {}, { timeout: 5000 })).toBeTruthy();
}

/** What another tab of the app does to the stored session, as this tab hears of it: the browser's `storage` event. */
function anotherTabStores(state: { token: string; user: unknown }) {
  const oldValue = localStorage.getItem('shop.session');
  const newValue = JSON.stringify({ state, version: 0 });
  localStorage.setItem('shop.session', newValue);
  act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'shop.session', oldValue, newValue, storageArea: localStorage })));
}

/** Lets the page settle for `ms` (no server round trip is needed for what is asserted after it). */
const settle = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));

const memberAnswers = () => queryClient.getQueryCache().getAll().filter((q) => (q.queryKey[2] as { member?: string } | undefined)?.member);

describe('a member page when the member logs out in another tab', () => {
  it('goes to login at once, to come back to the page, and keeps no balance on screen or in memory', async () => {
    await openWallet();
    anotherTabStores({ token: '', user: null });
    await settle(150);
    expect(screen.queryByText(BALANCE)).toBeNull();
    expect(here()).toBe(`${paths.login.login}?redirect=${encodeURIComponent(paths.wallet.assets)}`);
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(memberAnswers()).toEqual([]);
  });

  it('another member logging in there takes this tab to that member’s own My page, shown nothing of the first one’s', async () => {
    await openWallet();
    anotherTabStores({ token: 'leo-token', user: leo });
    await settle(150);
    expect(screen.queryByText(BALANCE)).toBeNull();
    expect(here()).toBe(paths.tabbar.my);
    expect(memberAnswers().filter((q) => (q.queryKey[2] as { member?: string }).member === 'mia-token')).toEqual([]);
  });

  it('a refreshed token of the same member changes nothing on the page', async () => {
    await openWallet();
    anotherTabStores({ token: 'mia-token-2', user: mia });
    await settle(150);
    expect(here()).toBe(paths.wallet.assets);
    expect(screen.getByText(BALANCE)).toBeTruthy();
  });
});
