import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { paths } from '@/config/paths';
import { ok, prepareApp, startFakeApi } from '@/test/helpers';
import ActivityPage from '../pages/activity-page';

const item = (id: number) => ({ id, cate_id: 1, name: `Goods ${id}`, cover: `/media/demo/goods-${id}-1.png`, price: 1999, market_price: 2999, currency: 'USD', sales: 5, stock: id === 2 ? 0 : 9 });
let failNext = false;
let release: () => void = () => {};
let hold: Promise<void> | undefined;
const api = await startFakeApi({
  '/shop/goods/list': (req) => {
    const q = new URL(req.url, 'http://x').searchParams;
    if (failNext) {
      failNext = false;
      return { status: 500, json: { code: 500, msg: 'Something went wrong, please try again later', data: null } };
    }
    if (q.get('keyword')) return ok({ list: [], total: 0, page: 1, limit: 20, has_more: false });
    const page = Number(q.get('page'));
    const answer = ok({ list: page === 1 ? [item(1), item(2)] : [item(3)], total: 3, page, limit: 2, has_more: page === 1 });
    return hold ? { ...answer, wait: hold } : answer;
  },
  '/attractive/page/goodsType': () => ok({ list: [{ key: 'hot', name: 'Best sellers' }, { key: 'new', name: 'New arrivals' }, { key: 'recommend', name: 'Recommended for you' }] }),
  '/attractive/page/goodsCate': () => ok({ list: [{ id: 1, parent_id: null, type_id: 1, name: 'Phones', icon: '', sort: 0 }] }),
  '/shop/cate/cateAll': () =>
    ok({
      list: [
        {
          id: 1, parent_id: null, type_id: 1, name: 'Phones', icon: '', sort: 0,
          children: [
            { id: 11, parent_id: 1, type_id: 1, name: 'Smartphones', icon: '', sort: 1, children: [] },
            { id: 12, parent_id: 1, type_id: 1, name: 'Tablets', icon: '', sort: 0, children: [] },
          ],
        },
      ],
    }),
});

beforeAll(() => {
  prepareApp();
  // jsdom has no IntersectionObserver (lazy pictures use it): one that never reports is enough here.
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
});
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  failNext = false;
  hold = undefined;
});
afterEach(() => cleanup());

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: paths.tabbar.activity, element: <ActivityPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('a goods list', () => {
  it('shows loading, then the goods with a sold-out mark, then pages on with "load more" to the end', async () => {
    hold = new Promise((r) => (release = r));
    renderAt(paths.tabbar.activity);
    expect(await screen.findByText('Loading…')).toBeTruthy();
    release();
    expect(await screen.findByText('Goods 1')).toBeTruthy();
    expect(screen.getByText('Sold out')).toBeTruthy();
    expect(screen.getAllByText('$19.99').length).toBe(2);
    hold = undefined;
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Goods 3')).toBeTruthy();
    expect(screen.getByText('No more')).toBeTruthy();
  });

  it('shows an error with a way to try again', async () => {
    failNext = true;
    renderAt(paths.tabbar.activity);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Goods 1')).toBeTruthy();
  });

  it('says when a search finds nothing', async () => {
    renderAt(`${paths.tabbar.activity}?keyword=zebra`);
    expect(await screen.findByText('Nothing found for “zebra”')).toBeTruthy();
    expect(screen.getByText('Results for “zebra”')).toBeTruthy();
    // A picture above the words (a drawn icon, not an empty box), which screen readers pass by.
    const empty = screen.getByText('Nothing found for “zebra”').closest('.list-state')!;
    const picture = empty.querySelector('svg');
    expect(picture).toBeTruthy();
    expect(picture!.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(picture!.compareDocumentPosition(screen.getByText('Nothing found for “zebra”')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the category chips', () => {
  it("mark the parent's chip and the picked subcategory after a subcategory was chosen", async () => {
    renderAt(`${paths.tabbar.activity}?cate_id=12`);
    const tablets = await screen.findByRole('tab', { name: 'Tablets' });
    expect(tablets.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Smartphones' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tab', { name: 'Phones' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'All categories' }).getAttribute('aria-selected')).toBe('false');
  });
});
