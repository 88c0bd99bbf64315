import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ActivityPage from '../pages/activity-page';
import GoodsInfoPage from '../pages/goods-info-page';

// How many sold and how many in stock are counts written as the member writes numbers, as the
// prices beside them are: "12,896 sold" in English, "12 896 eladva" in Hungarian (a no-break space, read here as
// a space), never "12896 sold".

const goods = {
  id: 5, cate_id: 1, cate_name: 'Tops', name: 'Linen Tee', subtitle: '', cover: '/media/demo/goods-5-1.png', images: ['/media/demo/goods-5-1.png'], description: '',
  price: 1999, market_price: 2999, currency: 'USD', sales: 12_896, stock: 25_000, is_hot: false, is_new: false, status: 'on_sale',
  specs: [], skus: [{ id: 51, spec_value_ids: [], spec_text: '', price: 1999, market_price: 2999, stock: 25_000, image: '' }],
  comment_total: 0, good_rate: 100, collect_count: 0, is_collected: false,
};
const api = await startFakeApi({
  '/shop/goods/list': () => ok({ list: [{ id: 5, cate_id: 1, name: 'Linen Tee', cover: goods.cover, price: 1999, market_price: 2999, currency: 'USD', sales: 12_896, stock: 9 }], total: 1, page: 1, limit: 20, has_more: false }),
  '/attractive/page/goodsType': () => ok({ list: [{ key: 'hot', name: 'Best sellers' }] }),
  '/attractive/page/goodsCate': () => ok({ list: [] }),
  '/shop/cate/cateAll': () => ok({ list: [] }),
  '/shop/goods/info': () => ok(goods),
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: 100, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
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
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url }, upload: { default: api.url, cn: api.url } };
  useSession.getState().clear();
});
afterEach(async () => {
  cleanup();
  useLanguage.getState().setLang('en-us');
  await act(() => i18n.changeLanguage('en-us'));
});

const inLanguage = async (lang: 'hu') => {
  useLanguage.getState().setLang(lang);
  await act(() => i18n.changeLanguage(lang));
};

describe('counts on the catalogue', () => {
  it('a goods card says how many sold with the language’s grouping', async () => {
    renderRoutes({ [paths.tabbar.activity]: <ActivityPage /> }, paths.tabbar.activity);
    expect(await screen.findByText('12,896 sold', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a goods page says how many sold and in stock with it, in English and in Hungarian', async () => {
    renderRoutes({ [paths.goods.details]: <GoodsInfoPage /> }, `${paths.goods.details}?id=5`);
    expect(await screen.findByText('12,896 sold', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('In stock: 25,000')).toBeTruthy();
    cleanup();
    await inLanguage('hu');
    renderRoutes({ [paths.goods.details]: <GoodsInfoPage /> }, `${paths.goods.details}?id=5`);
    expect(await screen.findByText('12 896 eladva', {}, { timeout: 5000 })).toBeTruthy();
  });
});
