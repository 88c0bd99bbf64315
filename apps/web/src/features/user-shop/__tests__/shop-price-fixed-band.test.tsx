import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { paths } from '@/config/paths';
import { i18n } from '@/lib/i18n';
import { useSession } from '@/stores/session';
import { ok, prepareApp, renderRoutes, startFakeApi } from '@/test/helpers';
import ShopGoodsPage from '../pages/shop-goods-page';

// An SKU whose allowed price band has no width read "your price 20.00 to 20.00": the owner is told
// the one price allowed.

const goods = { id: 7, goods_id: 3, name: 'Teapot', cover: '', price: 2000, currency: 'USD', pv: 4, stock: 5, on_sale: true };
let band = { price_min: 2000, price_max: 2000 };
const api = await startFakeApi({
  '/attractive/shop/shopGoods': () => ok({ list: [goods], total: 1, page: 1, limit: 20, has_more: false }),
  '/attractive/shop/shopGoodsInfo': () => ok({ ...goods, shop_id: 5, images: [], skus: [{ sku_id: 9, spec_text: 'Blue', image: '', price: 2000, platform_price: 2000, ...band, pv: 4, stock: 5 }] }),
});

beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('en-us'));
});

async function priceHint(): Promise<string> {
  renderRoutes({ [paths.shop.goods]: <ShopGoodsPage /> }, paths.shop.goods);
  fireEvent.click(await screen.findByRole('button', { name: i18n.t('userShop.app.prices') }));
  return (await screen.findByText(/20\.00/, { selector: '.shop-muted' })).textContent!;
}

describe('the price hint of an SKU', () => {
  it('says the one price allowed when the band has no width', async () => {
    band = { price_min: 2000, price_max: 2000 };
    expect(await priceHint()).toBe('Platform price $20.00; your price must be exactly $20.00');
  });

  it('in Traditional Chinese, never "20.00 至 20.00"', async () => {
    band = { price_min: 2000, price_max: 2000 };
    await act(() => i18n.changeLanguage('zh-tw'));
    const hint = await priceHint();
    expect(hint).not.toMatch(/至/);
    expect(hint).toBe('平台價 US$20.00；您的價格須為 US$20.00');
  });

  it('still gives the band when it has a width', async () => {
    band = { price_min: 1800, price_max: 2100 };
    expect(await priceHint()).toBe('Platform price $20.00; your price $18.00 to $21.00');
  });
});
