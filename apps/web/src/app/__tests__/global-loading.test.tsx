import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { AppLayout } from '@/app/layouts/app-layout';
import { lazyPage, type PageModule } from '@/app/lazy-page';
import { paths } from '@/config/paths';
import { watchNetwork } from '@/lib/network';
import { useGlobalLoading } from '@/stores/app-flags';
import { prepareApp } from '@/test/helpers';

beforeAll(() => prepareApp());
beforeEach(() => useGlobalLoading.setState({ globalLoading: true, offline: false }));
afterEach(() => cleanup());

let finish: (m: PageModule) => void = () => {};
const slowPage = () => lazyPage(() => new Promise<PageModule>((r) => (finish = r)));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [{ path: '/', element: <AppLayout />, children: [{ path: paths.goods.details, Component: slowPage() }, { path: paths.order.list, Component: slowPage() }] }],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the global loading indicator (spec §2)', () => {
  it('goes off on arrival at a listed page, before its code has loaded', async () => {
    renderAt(paths.goods.details);
    await act(async () => {});
    expect(useGlobalLoading.getState().globalLoading).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stays on at another page until its code has loaded', async () => {
    renderAt(paths.order.list);
    await act(async () => {});
    expect(useGlobalLoading.getState().globalLoading).toBe(true);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await act(async () => finish({ default: () => <p>orders</p> }));
    expect(useGlobalLoading.getState().globalLoading).toBe(false);
  });

  it('network loss turns it off; the return turns it on while data is fetched again', async () => {
    const stop = watchNetwork();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(useGlobalLoading.getState()).toMatchObject({ globalLoading: false, offline: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(useGlobalLoading.getState()).toMatchObject({ globalLoading: true, offline: false });
    await waitFor(() => expect(useGlobalLoading.getState().globalLoading).toBe(false));
    stop();
  });
});
