import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { addStyles } from '@/test/styles';
import { ok, prepareApp, startFakeApi } from '@/test/helpers';

// The cart's footer in Japanese ("すべて選択", "購入手続き（12）") above the tab bar with the cart's
// badge. What a browser draws is the browser tests' (e2e/layout.test.ts); here, the rules that draw it,
// with the style sheets in the order the built app loads them (antd-mobile's badge sheet after its tab
// bar's), as the browser resolves them.

const line = { id: 1, goods_id: 1, sku_id: 10, name: '急須', spec_text: '青', image: '', num: 12, selected: true, price: 1029, added_price: 1029, price_changed: false, currency: 'USD', stock: 50, problem: null, available: true };
const api = await startFakeApi({
  '/shop/cart/list': () => ok({ list: [line], total_count: 12, selected_count: 12, selected_total: 12348, currency: 'USD', all_selected: true }),
  '/shop/cart/cartGoodsTotal': () => ok({ total: 12 }),
  '/user/message/total': () => ok({ unread: 0 }),
});

let removeStyles: () => void = () => {};
beforeAll(() => {
  prepareApp();
  removeStyles = addStyles(
    'node_modules/antd-mobile/es/components/tab-bar/tab-bar.css',
    'apps/web/src/app/tab-bar.css',
    'node_modules/antd-mobile/es/components/checkbox/checkbox.css',
    'node_modules/antd-mobile/es/components/button/button.css',
    'node_modules/antd-mobile/es/components/badge/badge.css',
    'apps/web/src/features/cart/cart.css',
  );
});
afterAll(() => {
  removeStyles();
  api.close();
});
beforeEach(async () => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  useSession.getState().signIn('member-token', null);
  useLanguage.getState().setLang('jp');
  await act(() => i18n.changeLanguage('jp'));
});
afterEach(async () => {
  cleanup();
  queryClient.clear();
  useSession.getState().clear();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

describe("the cart's footer above the tab bar (jp)", () => {
  it('keeps "select all" and the checkout button whole on one line, the total giving way; the badge sits inside the tab bar', async () => {
    const router = createMemoryRouter(routes, { initialEntries: [paths.tabbar.cart] });
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const checkout = await screen.findByRole('button', { name: '購入手続き（12）' });
    const selectAll = screen.getByText('すべて選択').closest('.adm-checkbox')!;
    for (const [name, el] of [['select all', selectAll], ['checkout', checkout]] as const) {
      const style = getComputedStyle(el);
      expect(style.whiteSpace, name).toBe('nowrap');
      expect(style.flexShrink, name).toBe('0');
    }
    const total = document.querySelector('.cart-bar-total')!;
    expect(total.textContent).toBe('合計： $123.48');
    expect(getComputedStyle(total).minWidth).toBe('0px');
    // Each part of the total whole, or cut with "…", never broken inside.
    for (const part of total.children) expect(getComputedStyle(part).whiteSpace).toBe('nowrap');

    const badge = await screen.findByText('12', { selector: '.adm-badge-content' });
    // 6 px down from the icon's top, so the badge's top half stays inside the bar (the bar clips what sticks out).
    expect(getComputedStyle(badge.closest('.adm-badge')!).getPropertyValue('--top').trim()).toBe('6px');
  });
});
