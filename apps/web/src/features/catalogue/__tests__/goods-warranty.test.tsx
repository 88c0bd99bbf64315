import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useLanguage } from '@/stores/language';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import GoodsInfoPage from '../pages/goods-info-page';

// A buyer sees the goods' warranty before buying (after-sales takes repair cases within it):
// "12-month warranty" on the goods page, in the member's language; nothing for goods without one.

const goodsWith = (id: number, warranty_months: number) => ({
  id, cate_id: 1, cate_name: 'Audio', name: `Speaker ${id}`, subtitle: '', cover: '/media/demo/goods-5-1.png', images: ['/media/demo/goods-5-1.png'], description: '',
  price: 6499, market_price: 0, currency: 'USD', sales: 3, stock: 10, is_hot: false, is_new: false, status: 'on_sale',
  specs: [], skus: [{ id: id * 10, spec_value_ids: [], spec_text: '', price: 6499, market_price: 0, stock: 10, image: '' }],
  comment_total: 0, good_rate: null, collect_count: 0, is_collected: false, warranty_months,
});
const api = await startFakeApi({
  '/shop/goods/info': (req) => {
    const id = Number(new URL(req.url, 'http://api').searchParams.get('id'));
    return ok(goodsWith(id, id === 5 ? 12 : 0));
  },
  '/shop/goods_comment/total': () => ok({ total: 0, good: 0, medium: 0, bad: 0, images: 0, good_rate: null, average: 0 }),
  '/shop/goods_comment/list': () => ok({ list: [], total: 0, page: 1, limit: 3, has_more: false }),
});

beforeAll(() => {
  prepareApp();
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

const openGoods = (id: number) => renderRoutes({ [paths.goods.details]: <GoodsInfoPage /> }, `${paths.goods.details}?id=${id}`);

describe('the warranty on a goods page', () => {
  it('is told beside the price for goods with one', async () => {
    openGoods(5);
    expect(await screen.findByText('12-month warranty', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('is told in the member’s language', async () => {
    useLanguage.getState().setLang('zh-cn');
    await act(() => i18n.changeLanguage('zh-cn'));
    openGoods(5);
    expect(await screen.findByText('保修 12 个月', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('is not mentioned for goods without one', async () => {
    openGoods(6);
    expect(await screen.findByText('Speaker 6', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText(/warranty/i)).toBeNull();
  });
});
