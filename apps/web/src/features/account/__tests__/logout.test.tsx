import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type Router } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { deliverOwedLogoutsWhenPossible } from '@/app/owed-logouts';
import { resetRequestState } from '@/lib/request';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, toastText } from '@/test/helpers';

// Logging out without a network (or when its call fails) logs the member out here at once, and the
// server still hears of it later with the old token: until then that token works there and the
// phone keeps getting the member's pushes.

const user = memberFixture({ user_name: 'member01' });
let logoutAnswer: () => { status?: number; json: unknown } = () => ok({ ok: true });
const api = await startFakeApi({
  '/user/info/index': () => ok(user),
  '/user/info/login_out': () => logoutAnswer(),
  // An article, the public page a logged-out member reads next: its calls go through.
  '/web/news/info': (r) => {
    const id = Number(new URLSearchParams(r.url.split('?')[1]).get('id'));
    return ok({ id, title: `Article ${id}`, summary: '', cover: '', published_at: '2026-01-02T00:00:00.000Z', like_count: 0, comment_count: 0, content: '<p>Hello</p>', collect_count: 0, annex_count: 0, is_liked: false, is_collected: false });
  },
  '/web/comment/list': () => ok({ list: [], total: 0, page: 1, limit: 10, has_more: false }),
});
const reachable = () => (window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } });
// Nothing listens there: every call fails as it does offline.
const offline = () => (window.SHOP_CONFIG = { api: { default: 'http://127.0.0.1:9', cn: 'http://127.0.0.1:9' } });

beforeAll(() => {
  prepareApp();
  // As at the app's start: owed logouts go at once and whenever the network comes back.
  deliverOwedLogoutsWhenPossible();
});
beforeEach(() => {
  reachable();
  localStorage.clear();
  useSession.getState().signIn('tok-456', user);
  logoutAnswer = () => ok({ ok: true });
  api.requests.length = 0;
  resetRequestState();
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

function renderAt(path: string): Router {
  const router = createMemoryRouter(routes, { initialEntries: [paths.tabbar.my, path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

async function until(cond: () => boolean, ms = 4000) {
  const end = performance.now() + ms;
  await act(async () => {
    while (!cond() && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  });
}
const logoutsSent = () => api.requests.filter((r) => r.url === '/user/info/login_out').map((r) => r.headers.authorization);
const owed = () => localStorage.getItem('shop.owedLogouts');
const backOnline = () => act(() => window.dispatchEvent(new Event('online')));

async function logOutOffline(): Promise<Router> {
  const router = renderAt(paths.other.settings);
  await screen.findByText('Account and security');
  offline();
  fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
  await until(() => router.state.location.pathname === paths.tabbar.my);
  return router;
}

describe('logging out without a network', () => {
  it('logs out here and leaves the settings page at once; the server hears of it, with the old token, once the network is back', async () => {
    const router = await logOutOffline();
    expect(router.state.location.pathname).toBe(paths.tabbar.my);
    expect(useSession.getState().token).toBe('');
    expect(JSON.parse(localStorage.getItem('shop.session')!).state.token).toBe('');
    expect(logoutsSent()).toEqual([]);
    expect(await toastText()).toBe('');
    await until(() => owed() !== null);
    expect(JSON.parse(owed()!)).toEqual(['tok-456']);

    reachable();
    backOnline();
    await until(() => logoutsSent().length > 0 && owed() === null);
    expect(logoutsSent()).toEqual(['Bearer tok-456']);
    expect(owed()).toBeNull();
    // Delivered once: a later reconnection sends nothing more.
    backOnline();
    await new Promise((r) => setTimeout(r, 200));
    expect(logoutsSent()).toHaveLength(1);
  });

  it('a server failure keeps it owed; an answer that the token no longer stands settles it without touching a newer login', async () => {
    await logOutOffline();
    reachable();
    logoutAnswer = () => ({ status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } });
    backOnline();
    await until(() => logoutsSent().length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(JSON.parse(owed()!)).toEqual(['tok-456']);

    // The member has logged in again meanwhile; the old token has expired on the server.
    useSession.getState().signIn('tok-789', user);
    logoutAnswer = () => ({ json: { code: 2001, msg: 'Authentication failed, please log in again', data: null } });
    backOnline();
    await until(() => owed() === null);
    expect(owed()).toBeNull();
    expect(logoutsSent()).toEqual(['Bearer tok-456', 'Bearer tok-456']);
    expect(useSession.getState().token).toBe('tok-789');
    expect(await toastText()).toBe('');
  });
});

describe('an owed logout once the API answers again', () => {
  const readArticle = async (router: Router, id: number) => {
    act(() => router.navigate(`${paths.my.article}?type=news&id=${id}`));
    await screen.findByRole('heading', { name: `Article ${id}` });
  };

  it('goes with the next call that goes through, though the browser never said it was back online', async () => {
    const router = await logOutOffline();
    await until(() => owed() !== null);
    reachable();
    await readArticle(router, 5);
    await until(() => owed() === null);
    expect(logoutsSent()).toEqual(['Bearer tok-456']);
    expect(owed()).toBeNull();
    expect(await toastText()).toBe('');
  });

  it('a logout the server keeps failing is tried again once, not after each call that goes through', async () => {
    const router = await logOutOffline();
    await until(() => owed() !== null);
    reachable();
    logoutAnswer = () => ({ status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } });
    await readArticle(router, 5);
    await until(() => logoutsSent().length === 1);
    for (const id of [6, 7, 8]) await readArticle(router, id);
    await new Promise((r) => setTimeout(r, 300));
    expect(logoutsSent()).toEqual(['Bearer tok-456']);
    expect(JSON.parse(owed()!)).toEqual(['tok-456']);
  });
});
