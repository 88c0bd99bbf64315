import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { changeShopStock } from '../user-shop.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A member shop's cart takes no more than the shop holds (saying how many are left), nothing of an
// SKU the shop holds none of, and says so of a line whose stock fell since; a shop the platform
// closed keeps its profile as it was, and its lines in buyers' carts say the shop no longer exists.

let t: TestApp;
let k: ShopKit;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

const closeShop = (id: number) =>
  call(t, 'POST', '/admin/api/shops/status', { headers: { ...operator.headers, 'idempotency-key': `cart-closed-${Date.now()}-${n++}` }, body: { id, status: 'closed', reason: 'Owner asked to close' }, lang: 'en-us' });
const cartLines = async (b: Parameters<ShopKit['get']>[0], shopId: number) => (await k.get(b, `/attractive/cart/list?shop_id=${shopId}`)).body.data.shops[0];

describe('the shop cart against the shop’s stock', () => {
  it('refuses more than the shop holds, saying how many are left, in the buyer’s language', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 17 });
    const b = await k.buyer();
    const over = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 99 });
    expect(over.body.code).toBe(ResponseCode.shopStockShort);
    expect(over.body.msg).toBe('Only 17 left in this shop');
    const zh = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 18 }, 'zh-cn');
    expect(zh.body.code).toBe(ResponseCode.shopStockShort);
    expect(zh.body.msg).toContain('17');
    expect(zh.body.msg).not.toMatch(/userShop\.|Only/);
    expect((await k.get(b, '/attractive/cart/list')).body.data.shops).toEqual([]);

    // Up to the stock is taken; more on the same line is refused, and the line stays as it was.
    const added = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 10 });
    expect(added.body.code, added.body.msg).toBe(200);
    const more = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 8 });
    expect(more.body.msg).toBe('Only 17 left in this shop');
    const raise = await k.post(b, '/attractive/cart/update', { id: added.body.data.id, num: 18 });
    expect(raise.body.code).toBe(ResponseCode.shopStockShort);
    expect(raise.body.msg).toBe('Only 17 left in this shop');
    expect((await cartLines(b, o.shopId)).list[0]).toMatchObject({ num: 10, available: true, problem: null });
    expect((await k.post(b, '/attractive/cart/update', { id: added.body.data.id, num: 17 })).body.code).toBe(200);
  });

  it('refuses an SKU the shop holds none of as out of stock', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000 });
    const b = await k.buyer();
    const res = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 1 });
    expect(res.body.code).toBe(ResponseCode.shopStockShort);
    expect(res.body.msg).toMatch(/out of stock/i);
    expect((await k.get(b, '/attractive/cart/list')).body.data.shops).toEqual([]);
  });

  it('a line above what the shop holds now says how many are left, counts toward no total, and can be lowered', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 17 });
    const b = await k.buyer();
    const added = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 10 });
    expect(added.body.code, added.body.msg).toBe(200);
    await withTransaction(t.db, (tx) => changeShopStock(tx, systemActor('test'), { shopId: o.shopId, skuId: g.skuId, goodsId: g.goodsId, delta: -12, cause: 'operator', reference: 'test', reason: 'count' }));
    const short = await cartLines(b, o.shopId);
    expect(short.list[0]).toMatchObject({ num: 10, stock: 5, available: false, problem: 'not_enough_stock' });
    expect(short.selected_total).toBe(0);
    // Lowering a line above the stock is taken (even while still above it); raising it is not.
    expect((await k.post(b, '/attractive/cart/update', { id: added.body.data.id, num: 9 })).body.code).toBe(200);
    expect((await k.post(b, '/attractive/cart/update', { id: added.body.data.id, num: 10 })).body.msg).toBe('Only 5 left in this shop');
    expect((await k.post(b, '/attractive/cart/update', { id: added.body.data.id, num: 5 })).body.code).toBe(200);
    expect(await cartLines(b, o.shopId)).toMatchObject({ list: [{ num: 5, available: true, problem: null }], selected_total: 5000 });
  });
});

describe('a shop the platform closed', () => {
  it('keeps its profile: the owner’s edit is refused, saying the shop is closed', async () => {
    const o = await k.owner('Corner Shop');
    expect((await closeShop(o.shopId)).body.code).toBe(200);
    for (const lang of ['en-us', 'zh-cn', 'th']) {
      const res = await k.post(o, '/attractive/shop/editShop', { name: 'reopen' }, lang);
      expect(res.body.code).toBe(ResponseCode.shopOrderState);
      expect(res.body.msg).not.toMatch(/userShop\.|^$/);
      if (lang === 'en-us') expect(res.body.msg).toMatch(/closed/i);
    }
    const pausedAgain = await k.post(o, '/attractive/shop/editShop', { name: 'Corner Shop', paused: false });
    expect(pausedAgain.body.code).toBe(ResponseCode.shopOrderState);
    expect((await k.get(o, '/attractive/shop/shopInfo')).body.data).toMatchObject({ name: 'Corner Shop', status: 'closed' });
  });

  it('its lines in a buyer’s cart say the shop no longer exists, count toward no total, cannot be raised, and can be removed', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 17 });
    const b = await k.buyer();
    const added = await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 2 });
    expect(added.body.code, added.body.msg).toBe(200);
    expect((await closeShop(o.shopId)).body.code).toBe(200);
    const gone = await cartLines(b, o.shopId);
    expect(gone.list[0]).toMatchObject({ num: 2, available: false, problem: 'shop_gone' });
    expect(gone).toMatchObject({ selected_total: 0, selected_count: 0 });
    const raise = await k.post(b, '/attractive/cart/update', { id: added.body.data.id, num: 3 });
    expect(raise.body.code).toBe(ResponseCode.shopNotFound);
    expect(raise.body.msg).toBe('This shop does not exist');
    expect((await k.post(b, '/attractive/cart/del', { ids: [added.body.data.id] })).body.data).toMatchObject({ removed: 1, total_count: 0 });
  });
});
