import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { useInstallPrompt } from '@/lib/install-prompt';
import { useGlobalLoading, useNativeShell } from '@/stores/app-flags';
import { prepareApp, startFakeApi } from '@/test/helpers';
import AppDownloadPrompt from '../components/app-download-prompt';
import { AppLayout } from '@/app/layouts/app-layout';

let downloadUrl = 'https://apps.example.com/shop.apk';
const api = await startFakeApi({
  '/web/version': () => ({ json: { code: 200, msg: 'Success', data: { version: '1.6.7', min_version: '1.6.0', update_required: false, update_available: false, download_url: downloadUrl } } }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useNativeShell.setState({ isNativeShell: false });
  downloadUrl = 'https://apps.example.com/shop.apk';
  api.requests.length = 0;
});
afterEach(() => {
  cleanup();
  useGlobalLoading.setState({ offline: false });
  useInstallPrompt.setState({ offered: undefined });
});

function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const renderAt = (path: string) => renderRouter(createMemoryRouter([{ path: '*', element: <AppDownloadPrompt /> }], { initialEntries: [path] }));

const settle = () => new Promise((r) => setTimeout(r, 100));

describe('the app-download prompt', () => {
  it('invites a visitor in a browser on a tab page, and stays closed once closed', async () => {
    renderAt(paths.tabbar.home);
    await screen.findByText('Shop faster in our app');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
    cleanup();
    renderAt(paths.tabbar.home);
    await settle();
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
  });

  it('is hidden inside the native app shell, without asking the server', async () => {
    useNativeShell.setState({ isNativeShell: true });
    renderAt(paths.tabbar.home);
    await settle();
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });

  it('is hidden when the download address is this web app itself, and off the tab pages', async () => {
    downloadUrl = '/h5/';
    renderAt(paths.tabbar.home);
    await settle();
    expect(api.requests).toHaveLength(1);
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
    cleanup();
    downloadUrl = 'https://apps.example.com/shop.apk';
    renderAt(paths.goods.details);
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    await settle();
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
  });

  it('never covers the cart’s checkout bar', async () => {
    renderAt(paths.tabbar.cart);
    await settle();
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
    cleanup();
    renderAt(paths.tabbar.my);
    expect(await screen.findByText('Shop faster in our app')).toBeTruthy();
  });
});

describe('the prompt without a network', () => {
  /** The browser's install offer, as Chromium hands it over (`beforeinstallprompt`). */
  const offerInstall = () => {
    const event = Object.assign(new Event('beforeinstallprompt'), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' as const }) });
    useInstallPrompt.setState({ offered: event });
  };

  it('does not offer to add the app to the home screen while offline, and offers it again once online', async () => {
    downloadUrl = '/h5/';
    offerInstall();
    renderAt(paths.tabbar.home);
    expect(await screen.findByText('Add H5 Shop to your home screen')).toBeTruthy();
    act(() => useGlobalLoading.setState({ offline: true }));
    expect(screen.queryByText('Add H5 Shop to your home screen')).toBeNull();
    cleanup();
    renderAt(paths.tabbar.my);
    await settle();
    expect(screen.queryByText('Add H5 Shop to your home screen')).toBeNull();
    act(() => useGlobalLoading.setState({ offline: false }));
    expect(await screen.findByText('Add H5 Shop to your home screen')).toBeTruthy();
  });

  it('does not invite to download the app while offline', async () => {
    useGlobalLoading.setState({ offline: true });
    renderAt(paths.tabbar.home);
    await settle();
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
  });
});

describe('the app-download prompt in the app’s frame', () => {
  const page = (text: string) => <p>{text}</p>;
  const renderLayoutAt = (path: string) =>
    renderRouter(
      createMemoryRouter([{ path: '/', element: <AppLayout />, children: [{ path: paths.tabbar.home, element: page('home') }, { path: paths.login.login, element: page('login') }] }], {
        initialEntries: [path],
      }),
    );
  const firstTap = () => window.dispatchEvent(new Event('pointerdown'));

  it('is neither fetched nor asked for before the page is usable, then shows on a tab page', async () => {
    renderLayoutAt(paths.tabbar.home);
    await screen.findByText('home');
    await settle();
    // The page paints first: nothing of the prompt competes with it.
    expect(api.requests).toHaveLength(0);
    firstTap();
    expect(await screen.findByText('Shop faster in our app', {}, { timeout: 3000 })).toBeTruthy();
    expect(api.requests).toHaveLength(1);
  });

  it('is never fetched off the tab pages', async () => {
    renderLayoutAt(paths.login.login);
    await screen.findByText('login');
    firstTap();
    await new Promise((r) => setTimeout(r, 900));
    expect(api.requests).toHaveLength(0);
    expect(screen.queryByText('Shop faster in our app')).toBeNull();
  });
});
