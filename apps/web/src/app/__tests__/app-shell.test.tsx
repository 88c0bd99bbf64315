import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, matchRoutes, RouterProvider } from '@/lib/router';
import { allPagePaths, paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { cartCountRoute } from '@shop/contract/cart';
import { endpointKey } from '@/lib/endpoint-key';
import { queryClient } from '@/lib/query-client';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { prepareApp } from '@/test/helpers';

beforeAll(() => prepareApp());
afterEach(() => {
  cleanup();
  queryClient.clear();
  useSession.getState().clear();
});

function renderAt(path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const activeTab = () => document.querySelector('.app-tabbar .adm-tab-bar-item-active')?.textContent;

describe('the routes', () => {
  it('route every page path of the spec, exactly as written, the wallet\'s, the referral team\'s and the member shops\' pages and the bridge check', () => {
    // 76 with the referral team's, and the eight pages of member shops.
    expect(allPagePaths).toHaveLength(84);
    for (const path of allPagePaths) {
      const matched = matchRoutes(routes, path);
      expect(matched?.at(-1)?.route.path ?? (matched?.at(-1)?.route.index ? '/' : undefined), path).toBe(path === '/' ? '/' : path);
    }
  });

  it('send / to the home tab', async () => {
    const router = renderAt('/');
    await screen.findByText('Activities');
    expect(router.state.location.pathname).toBe(paths.tabbar.home);
    expect(activeTab()).toBe('Home');
  });
});

describe('the tab bar', () => {
  it('marks the tab of the address, shows the cart count and switches tabs', async () => {
    // A member whose cart count is already known (as the app caches `cartGoodsTotal`): the badge shows it.
    useSession.getState().signIn('member-token', null);
    queryClient.setQueryData(endpointKey(cartCountRoute, undefined, { lang: useLanguage.getState().lang, token: 'member-token' }), { total: 3 });
    const router = renderAt(paths.tabbar.cart, queryClient);
    await screen.findByText('Activities');
    expect(activeTab()).toContain('Cart');
    await waitFor(() => expect(document.querySelector('.app-tabbar .adm-badge')?.textContent).toBe('3'));
    // Signed out, the count is the member's no more.
    act(() => useSession.getState().clear());
    expect(document.querySelector('.app-tabbar .adm-badge')).toBeNull();
    fireEvent.click(screen.getByText('Me', { selector: '.adm-tab-bar-item-title' }));
    await screen.findByText('Log in / Sign up');
    expect(router.state.location.pathname).toBe(paths.tabbar.my);
    expect(activeTab()).toBe('Me');
  });

  it('is not shown on other pages', async () => {
    // A member's page (a visitor is sent to login).
    useSession.getState().signIn('member-token', null);
    renderAt(paths.invite.index);
    await screen.findByText('Invite friends');
    expect(document.querySelector('.app-tabbar')).toBeNull();
  });
});

describe('unknown addresses', () => {
  it('an unknown address shows the not-found page with a way home', async () => {
    const router = renderAt('/pages/goods/nothing-here');
    await screen.findByText('The page you opened does not exist.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to home' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe(paths.tabbar.home);
  });
});
