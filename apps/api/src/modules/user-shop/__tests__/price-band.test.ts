import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

let t: TestApp;
let k: ShopKit;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
let keyN = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  operator = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

const op = (url: string, body?: unknown, who = operator) => call(t, body === undefined ? 'GET' : 'POST', url, { headers: { ...who.headers, 'idempotency-key': `band-${Date.now()}-${keyN++}` }, body, lang: 'en-us' });
/** Sets the band: asked by one operator, approved by a second. */
async function band(below: number, above: number) {
  // Saved as the console's form saves it: from the settings it read, naming their version.
  const read = (await op('/admin/api/shops/settings')).body.data;
  const asked = await op('/admin/api/shops/settings', { fee_bp: 1000, audit_hours: 48, payment_minutes: 30, price_below_bp: below, price_above_bp: above, base_updated_at: read.updated_at, reason: 'price band' });
  if (asked.body.data?.request) expect((await op('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve', reason: 'checked' }, approver)).body.code).toBe(200);
  return asked.status === 200 ? op('/admin/api/shops/settings') : asked;
}

describe('the price band', () => {
  it('an owner prices inside the band; outside it is refused in the member’s language with the band and nothing changes; checkout charges the shop’s price', async () => {
    expect((await band(1000, 500)).body.data).toMatchObject({ price_below_bp: 1000, price_above_bp: 500 });
    const o = await k.owner();
    const g = await k.offered(o, { price: 2000, stock: 5 });
    // Platform 20.00: the band is 18.00 … 21.00.
    const info = (await k.get(o, `/attractive/shop/shopGoodsInfo?id=${g.shopGoodsId}`)).body.data;
    expect(info.skus[0]).toMatchObject({ price: 2000, platform_price: 2000, price_min: 1800, price_max: 2100 });

    const below = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 1799 }] });
    expect(below.body.code).toBe(ResponseCode.shopPriceOutOfBand);
    expect(below.body.msg).toContain('18.00');
    expect(below.body.msg).toContain('21.00');
    const above = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 2101 }] }, 'zh-cn');
    expect(above.body.code).toBe(ResponseCode.shopPriceOutOfBand);
    expect(above.body.msg).toMatch(/[\u4e00-\u9fff]/);
    // Amounts as the reader writes them: a decimal comma in Hungarian and Indonesian ("18.00" reads as eighteen thousand there).
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 2101 }] }, 'hu')).body.msg).toContain('18,00');
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 1799 }] }, 'id')).body.msg).toContain('21,00');
    expect(await t.db.selectFrom('shop_sku_prices').selectAll().where('shop_id', '=', o.shopId).execute()).toEqual([]);
    // Another goods' SKU: refused.
    const other = await k.offered(o, { price: 500 });
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: other.skuId, price: 500 }] })).body.code).toBe(ResponseCode.shopGoodsNotOffered);

    const set = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 1850 }] });
    expect(set.body.code, set.body.msg).toBe(200);
    expect(set.body.data.price).toBe(1850);

    const b = await k.buyer(10_000);
    expect((await k.get(b, `/attractive/shop/shopGoods?shop_id=${o.shopId}`)).body.data.list.find((x: { goods_id: number }) => x.goods_id === g.goodsId).price).toBe(1850);
    expect((await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 2 })).body.code).toBe(200);
    const cart = (await k.get(b, `/attractive/cart/list?shop_id=${o.shopId}`)).body.data.shops[0];
    expect(cart).toMatchObject({ selected_total: 3700, list: [expect.objectContaining({ price: 1850 })] });
    // A body naming a price or a total is not what is charged.
    const placed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 2, pickup: true, price: 1, total: 1 });
    expect(placed.body.data).toMatchObject({ total: 3700 });
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    expect(await k.orderRow(id)).toMatchObject({ goods_minor: 1850, total_minor: 1850 });
    expect(await k.usd(b.userId)).toBe(10_000 - 1850);

    // The band narrowed later: the old price is held inside it.
    await band(0, 0);
    expect((await k.get(b, `/attractive/shop/shopGoodsInfo?id=${g.shopGoodsId}`)).body.data.skus[0]).toMatchObject({ price: 2000, price_min: 2000, price_max: 2000 });
    expect((await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 1, pickup: true })).body.data.total).toBe(2000);
    // A band of no width: another price is refused naming the one price allowed, not "between 20.00 and 20.00".
    const fixed = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 2100 }] });
    expect(fixed.body).toMatchObject({ code: ResponseCode.shopPriceOutOfBand, msg: 'The price must be exactly 20.00 USD' });
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 1999 }] }, 'hu')).body.msg).toBe('Az ár csak 20,00 USD lehet');
    await k.ledgerClean();
  });

  it('the band’s settings are refused outside their limits and change nothing', async () => {
    await band(1000, 1000);
    expect((await band(9500, 0)).status).toBe(422);
    expect((await band(0, -1)).status).toBe(422);
    expect((await op('/admin/api/shops/settings')).body.data).toMatchObject({ price_below_bp: 1000, price_above_bp: 1000 });
  });
});
