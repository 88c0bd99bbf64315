import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { clearToasts, memberFixture, ok, prepareApp, startFakeApi, toastText } from '@/test/helpers';

// A goods page with a group buy running on it shows the group price and the way to the group buy's
// page, where the member joins an open group or starts one.

const goods = {
  id: 5, cate_id: 1, cate_name: 'Tea', name: 'Jasmine tea gift box', subtitle: '', cover: '/media/demo/goods-5-1.png', images: ['/media/demo/goods-5-1.png'], description: '',
  price: 2990, market_price: 3990, currency: 'USD', sales: 3, stock: 40, is_hot: false, is_new: false, status: 'on_sale',
  specs: [], skus: [{ id: 51, spec_value_ids: [], spec_text: '', price: 2990, market_price: 3990, stock: 40, image: '' }],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false,
  group_buy: { id: 7, sku_id: 51, price: 1990, group_size: 3, remaining: 8, ends_at: '2026-12-20T00:00:00.000Z' },
};
const activity = {
  id: 7, goods_id: 5, sku_id: 51, name: 'Jasmine tea gift box', spec_text: '', image: '', price: 1990, original_price: 2990, currency: 'USD', group_size: 3, fill_hours: 24,
  starts_at: '2026-11-20T00:00:00.000Z', ends_at: '2026-12-20T00:00:00.000Z', state: 'running', per_order_limit: 2, per_member_limit: 2, remaining: 8, open_groups: 0,
};
let offered: typeof goods.group_buy | null = goods.group_buy;
const api = await startFakeApi({
  '/shop/goods/info': () => ok({ ...goods, group_buy: offered }),
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: 100, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
  '/shop/pintuan/goodsInfo': () => ok(activity),
  '/shop/pintuan/goodsTuanList': () => ok({ list: [] }),
  '/shop/address/list': () => ok({ list: [], max: 20 }),
  '/user/info': () => ok(memberFixture()),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
  offered = goods.group_buy;
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});
afterAll(() => api.close());

function renderGoods() {
  const router = createMemoryRouter(routes, { initialEntries: [paths.tabbar.home, `${paths.goods.details}?id=5`] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('a group buy on the goods page', () => {
  it('shows the group price, the group size and what is left; the member goes on to the group buy to join or start a group', async () => {
    useSession.getState().signIn('tok-5', memberFixture());
    const router = renderGoods();
    const entry = await screen.findByRole('region', { name: 'Group buy' }, { timeout: 5000 });
    expect(within(entry).getByText('$19.90')).toBeTruthy();
    expect(within(entry).getByText('Groups of 3 · 8 left')).toBeTruthy();
    // The goods' own price stays beside it.
    expect(screen.getByText('$29.90')).toBeTruthy();
    fireEvent.click(within(entry).getByRole('button', { name: 'Join or start a group' }));
    expect(router.state.location.pathname).toBe(paths.groupBuy.goods);
    expect(router.state.location.search).toBe('?id=7');
    expect(await screen.findByRole('button', { name: 'Start a group' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No open groups yet: start one')).toBeTruthy();
  });

  it('a visitor sees it too and is told that joining needs a login', async () => {
    const router = renderGoods();
    const entry = await screen.findByRole('region', { name: 'Group buy' }, { timeout: 5000 });
    fireEvent.click(within(entry).getByRole('button', { name: 'Join or start a group' }));
    expect(await toastText()).toBe('Please log in to join a group buy');
    expect(router.state.location.pathname).toBe(paths.login.login);
  });

  it('shows nothing of group buys when none is running', async () => {
    offered = null;
    renderGoods();
    await screen.findByRole('button', { name: 'Buy now' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Group buy' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Join or start a group' })).toBeNull();
  });
});
