import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi } from '@/test/helpers';

/*
 * What a keyboard and a screen reader reach on the tab pages and the settings: every control a tap
 * opens is a link or a button with a name, and nothing leaves the page merely by being focused.
 */

const member = memberFixture();
const api = await startFakeApi({
  '/attractive/page/indexApiData': () =>
    ok({
      banners: [{ id: 1, title: '', image: '/media/demo/feature-1.png', link: '' }],
      categories: [{ id: 4, name: 'Tea', icon: '/media/demo/tea.png' }],
      notices: [{ id: 2, title: 'Shipping resumes Monday', summary: '', published_at: '2026-11-20T09:00:00.000Z' }],
      shelves: [],
    }),
  '/user/info/index': () => ok(member),
  '/user/message/total': () => ok({ unread: 0 }),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  await clearToasts();
});
afterAll(() => api.close());

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** Whether Tab stops at the element: a link with an address, a button, or a control given a tab stop. */
const tabStop = (el: HTMLElement) => {
  el.focus();
  return document.activeElement === el;
};

describe('the tab bar', () => {
  it('is four named links Tab reaches, the open one marked as the current page', async () => {
    const router = renderAt(paths.tabbar.home);
    const bar = await screen.findByRole('navigation', { name: 'Main sections' });
    const me = within(bar).getByRole('link', { name: 'Me' });
    expect(within(bar).getAllByRole('link')).toHaveLength(4);
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(tabStop(me)).toBe(true);
    fireEvent.click(me);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.tabbar.my));
  });
});

describe('the home page', () => {
  it('stays on the page when its search box is focused, and opens the search on Enter or a tap', async () => {
    const router = renderAt(paths.tabbar.home);
    const search = await screen.findByRole('searchbox');
    act(() => search.focus());
    fireEvent.focus(search);
    expect(router.state.location.pathname).toBe(paths.tabbar.home);
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(router.state.location.search).toBe('?search=1'));
    expect(router.state.location.pathname).toBe(paths.tabbar.activity);
  });

  it('makes each category tile, the notices and a banner without a title named controls Tab reaches', async () => {
    const router = renderAt(paths.tabbar.home);
    const tea = await screen.findByRole('link', { name: 'Tea' });
    expect(tabStop(tea)).toBe(true);
    expect(tabStop(screen.getByRole('link', { name: 'All categories' }))).toBe(true);
    expect(tabStop(screen.getByRole('link', { name: /Shipping resumes Monday/ }))).toBe(true);
    expect(screen.getByRole('button', { name: 'Promotion 1 of 1' })).toBeTruthy();
    fireEvent.click(tea);
    await waitFor(() => expect(router.state.location.search).toBe('?cate_id=4'));
  });
});

describe('the Me page', () => {
  it('lists its entries as links, and reads no name of a design file for the avatar', async () => {
    useSession.getState().signIn('member-token', member);
    const router = renderAt(paths.tabbar.my);
    const orders = await screen.findByRole('link', { name: 'My orders' });
    expect(tabStop(orders)).toBe(true);
    // antd-mobile's stand-in picture carries its design layer's name as its title: hidden with the picture.
    const avatar = document.querySelector('.my-avatar')!;
    expect(avatar.closest('[aria-hidden="true"]')).toBeTruthy();
    for (const title of Array.from(document.querySelectorAll('svg title'))) expect(title.closest('[aria-hidden="true"]'), title.textContent ?? '').toBeTruthy();
    fireEvent.click(orders);
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.order.list));
  });
});

describe('the settings page', () => {
  it('opens the payment password with Enter from a named button, and the language with Space', async () => {
    useSession.getState().signIn('member-token', member);
    renderAt(paths.other.settings);
    const payPassword = await screen.findByRole('button', { name: /^Payment password/ });
    expect(tabStop(payPassword)).toBe(true);
    fireEvent.keyDown(payPassword, { key: 'Enter' });
    // The sheet opens under the same title.
    await waitFor(() => expect(screen.getAllByText('Payment password').length).toBeGreaterThan(1));
    const language = screen.getByRole('button', { name: /^Language/ });
    expect(tabStop(language)).toBe(true);
    fireEvent.keyDown(language, { key: ' ' });
    // The choice is a dialog under its title, which takes the keyboard.
    const dialog = await screen.findByRole('dialog', { name: 'Choose a language' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    const choices = within(dialog).getByRole('radiogroup', { name: 'Choose a language' });
    const english = within(choices).getByRole('radio', { name: 'English' });
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(tabStop(within(choices).getByRole('radio', { name: '简体中文' }))).toBe(true);
  });
});
