import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { queryClient } from '@/lib/query-client';
import { watchNetwork } from '@/lib/network';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, startFakeApi, toastText, untilGone } from '@/test/helpers';

// A catalogue page opened inside the app while offline, whose answer nobody kept: it says it needs the
// network (with a way back) instead of loading for ever, and opens once the network is back.

const goods = {
  id: 2, cate_id: 1, cate_name: 'Tops', name: 'Wool Scarf', subtitle: '', cover: '/media/demo/goods-2-1.png', images: ['/media/demo/goods-2-1.png'], description: '',
  price: 1999, market_price: 2999, currency: 'USD', sales: 3, stock: 10, is_hot: false, is_new: false, status: 'on_sale',
  specs: [], skus: [{ id: 21, spec_value_ids: [], spec_text: '', price: 1999, market_price: 2999, stock: 10, image: '' }],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false,
};
const api = await startFakeApi({
  '/shop/goods/info': () => ok(goods),
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: 100, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
});
/** An address where nothing answers: what a phone without a network meets. */
const unreachable = await new Promise<string>((resolve) => {
  const server = http.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    server.close(() => resolve(`http://127.0.0.1:${port}`));
  });
});

let onLine = true;
let stopWatching: () => void = () => {};
beforeAll(() => {
  prepareApp();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });
  stopWatching = watchNetwork();
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  await clearToasts();
});
afterAll(async () => {
  stopWatching();
  await api.close();
});

const useApi = (url: string) => (window.SHOP_CONFIG = { api: { default: url, cn: url }, upload: { default: url, cn: url } });
const setNetwork = (on: boolean) =>
  act(() => {
    onLine = on;
    window.dispatchEvent(new Event(on ? 'online' : 'offline'));
  });

describe('a catalogue page opened offline that was never seen', () => {
  it('says it needs the network with a way back, and opens when the network is back', async () => {
    useSession.getState().clear();
    useApi(api.url);
    const router = createMemoryRouter(routes, { initialEntries: [paths.tabbar.home] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    // The network drops; the member then opens a goods page inside the app.
    useApi(unreachable);
    await setNetwork(false);
    await act(() => router.navigate(`${paths.goods.details}?id=2`));

    await screen.findByText('This page needs the network', {}, { timeout: 5000 });
    expect(screen.getByText('It opens as soon as you are back online.')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    // The network is back: the page fills in by itself.
    useApi(api.url);
    await setNetwork(true);
    await screen.findByRole('heading', { name: 'Wool Scarf' }, { timeout: 5000 });
    expect(screen.queryByText('This page needs the network')).toBeNull();

    // Offline again, another unseen goods: the message's own way back leaves it (home, for a page opened first).
    useApi(unreachable);
    await setNetwork(false);
    await act(() => router.navigate(`${paths.goods.details}?id=3`));
    const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(notice).getByText('This page needs the network')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Back' }));
    await expect.poll(() => router.state.location.pathname).toBe(paths.tabbar.home);
    await setNetwork(true);
  });
});

// An installed app has no browser back button: a page that needs the network, opened offline, keeps
// its header with a way back and the offline bar, says it needs the network below them, and offers to
// try again (which opens it once the phone is back online, even when the browser never said so).
describe('a member page opened offline (settings, login)', () => {
  const renderAt = (path: string) => {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  };

  it('keeps its header with Back and the offline bar above the message, and Back leaves it', async () => {
    useSession.getState().clear();
    useApi(api.url);
    const router = renderAt(paths.tabbar.home);
    useApi(unreachable);
    await setNetwork(false);
    await act(() => router.navigate(paths.other.settings));

    const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(notice).getByText('This page needs the network')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('You are offline. We will reload when the connection is back.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect.poll(() => router.state.location.pathname).toBe(paths.tabbar.home);
    await setNetwork(true);
  });

  it('opened first, its Back leads home; Try again says it is still offline, then opens the page once the network is back', async () => {
    useSession.getState().clear();
    useApi(unreachable);
    await setNetwork(false);
    try {
      const router = renderAt(paths.login.login);
      await screen.findByText('This page needs the network', {}, { timeout: 5000 });
      expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await toastText()).toBe('Still offline: the page opens once the connection is back.');
      expect(screen.getByText('This page needs the network')).toBeTruthy();

      // The network is back, and the browser has not said so: trying again opens the page.
      useApi(api.url);
      onLine = true;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await untilGone(() => screen.queryByText('This page needs the network'));
      expect(screen.queryByRole('alert')).toBeNull();
      expect(router.state.location.pathname).toBe(paths.login.login);

      await setNetwork(false);
      cleanup();
      const second = renderAt(paths.login.login);
      await screen.findByText('This page needs the network', {}, { timeout: 5000 });
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      await expect.poll(() => second.state.location.pathname).toBe(paths.tabbar.home);
    } finally {
      await setNetwork(true);
    }
  });
});
