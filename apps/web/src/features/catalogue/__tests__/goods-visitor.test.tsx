import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { routes } from '@/app/routes';
import { useSession } from '@/stores/session';
import { clearToasts, ok, prepareApp, startFakeApi, toastText } from '@/test/helpers';

const goods = {
  id: 5, cate_id: 1, cate_name: 'Tops', name: 'Linen Tee', subtitle: '', cover: '/media/demo/goods-5-1.png', images: ['/media/demo/goods-5-1.png'], description: '',
  price: 1999, market_price: 2999, currency: 'USD', sales: 3, stock: 10, is_hot: false, is_new: false, status: 'on_sale',
  specs: [], skus: [{ id: 51, spec_value_ids: [], spec_text: '', price: 1999, market_price: 2999, stock: 10, image: '' }],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false,
};
const api = await startFakeApi({
  '/shop/goods/info': () => ok(goods),
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: 100, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
});

beforeAll(() => prepareApp());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
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

/** Taps the SKU sheet's own button once the sheet is open (the goods has one SKU: it is chosen). */
async function confirmInSheet(name: string) {
  await waitFor(() => expect(document.querySelector('.sku-actions button')).toBeTruthy(), { timeout: 5000 });
  fireEvent.click(Array.from(document.querySelectorAll<HTMLButtonElement>('.sku-actions button')).find((b) => b.textContent === name)!);
}

describe('a visitor on a goods page', () => {
  it('has one main heading, the goods’ name: the header’s "Product details" is the bar’s title, not a heading', async () => {
    renderGoods();
    expect(await screen.findByRole('heading', { level: 1, name: 'Linen Tee' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Product details').tagName).not.toMatch(/^H\d$/);
  });

  it('is told that saving needs a login, not that checking out does', async () => {
    const router = renderGoods();
    const save = await screen.findByRole('button', { name: 'Save' }, { timeout: 5000 });
    // Small icons with their words: each has a 44 px tap area (app/styles.css).
    expect(save.classList).toContain('tap-target');
    expect(screen.getByRole('button', { name: 'Share' }).classList).toContain('tap-target');
    fireEvent.click(save);
    expect(await toastText()).toBe('Please log in to save goods');
    expect(router.state.location.pathname).toBe(paths.login.login);
  });

  it('chooses what to add to the cart, then is told that the cart needs a login', async () => {
    const router = renderGoods();
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 5000 }));
    await confirmInSheet('Add to cart');
    expect(await toastText()).toBe('Please log in to add goods to your cart');
    expect(router.state.location.pathname).toBe(paths.login.login);
  });

  it('chooses what to buy, then is told that buying needs a login', async () => {
    const router = renderGoods();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy now' }, { timeout: 5000 }));
    await confirmInSheet('Buy now');
    expect(await toastText()).toBe('Please login to check out');
    expect(router.state.location.pathname).toBe(paths.login.login);
  });
});
