import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_LINES, ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers?: Headers, lang?: string) => call(t, 'POST', url, { headers, body, lang });

describe('the cart', () => {
  it('sends a visitor to log in', async () => {
    const r = await post('/shop/cart/add', { goods_id: 1, sku_id: 1, num: 1 });
    expect(r.body.code).toBe(ResponseCode.loginRequired);
    expect((await get('/shop/cart/list')).body.code).toBe(ResponseCode.loginRequired);
  });

  it('adds an SKU, adds more of the same SKU to its line, and counts the units for the tab badge', async () => {
    const m = await newMember(t);
    const g = await newGoods(t.db, [{ price: 1250, stock: 20 }, { price: 990, stock: 5 }]);
    const first = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
    expect(first.body).toMatchObject({ code: 200, data: { num: 2, total_count: 2 } });
    const again = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 }, m.headers);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, num: 5, total_count: 5 });
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1] }, m.headers);
    expect((await get('/shop/cart/cartGoodsTotal', m.headers)).body.data).toEqual({ total: 6 });

    const list = await get('/shop/cart/list', m.headers);
    expect(list.body.data.list).toHaveLength(2);
    expect(list.body.data.list[0]).toMatchObject({ sku_id: g.skuIds[0], num: 5, price: 1250, currency: 'USD', selected: true, available: true, problem: null, spec_text: 'Colour 1' });
    expect(list.body.data).toMatchObject({ total_count: 6, selected_count: 6, selected_total: 5 * 1250 + 990, all_selected: true });
  });

  it('never holds more than the stock or the line maximum, and says how many can be bought', async () => {
    const m = await newMember(t);
    const g = await newGoods(t.db, [{ price: 500, stock: 4 }]);
    // A first add beyond the stock is refused and leaves no line behind.
    const first = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 5 }, m.headers);
    expect(first.body.code).toBe(ResponseCode.cartQuantityLimit);
    expect((await get('/shop/cart/list', m.headers)).body.data.list).toHaveLength(0);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 }, m.headers);
    const over = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers, 'en-us');
    expect(over.body.code).toBe(ResponseCode.cartQuantityLimit);
    expect(over.body.msg).toBe('You can buy at most 4 of this item');
    const zh = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers, 'zh-cn');
    expect(zh.body.msg).toBe('该商品最多可购买 4 件');
    expect((await get('/shop/cart/cartGoodsTotal', m.headers)).body.data.total).toBe(3);
    const tooMany = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 100 }, m.headers);
    expect(tooMany.status).toBe(422);
    // A line's quantity set beyond stock is refused; nothing changes.
    const line = (await get('/shop/cart/list', m.headers)).body.data.list[0];
    const set = await post('/shop/cart/update', { id: line.id, num: 9 }, m.headers);
    expect(set.body.code).toBe(ResponseCode.cartQuantityLimit);
    expect((await get('/shop/cart/list', m.headers)).body.data.list[0].num).toBe(3);
  });

  it('refuses an SKU of another goods, goods off sale and sold-out SKUs', async () => {
    const m = await newMember(t);
    const a = await newGoods(t.db, [{ price: 100, stock: 3 }]);
    const b = await newGoods(t.db, [{ price: 100, stock: 0 }]);
    expect((await post('/shop/cart/add', { goods_id: a.goodsId, sku_id: b.skuIds[0] }, m.headers)).body.code).toBe(ResponseCode.skuNotFound);
    expect((await post('/shop/cart/add', { goods_id: b.goodsId, sku_id: b.skuIds[0] }, m.headers)).body.code).toBe(ResponseCode.skuOutOfStock);
    await t.db.updateTable('goods').set({ status: 'off_sale' }).where('id', '=', a.goodsId).execute();
    expect((await post('/shop/cart/add', { goods_id: a.goodsId, sku_id: a.skuIds[0] }, m.headers)).body.code).toBe(ResponseCode.goodsOffSale);
    expect((await get('/shop/cart/cartGoodsTotal', m.headers)).body.data.total).toBe(0);
  });

  it('refuses a new line in a full cart and writes nothing, while its lines may still grow', async () => {
    const m = await newMember(t);
    const g = await newGoods(t.db, Array.from({ length: CART_MAX_LINES + 1 }, () => ({ price: 100, stock: 5 })));
    await t.db
      .insertInto('cart_items')
      .values(g.skuIds.slice(0, CART_MAX_LINES).map((sku) => ({ user_id: m.userId, goods_id: g.goodsId, sku_id: sku, quantity: 1, added_price_minor: 100 })))
      .execute();
    const full = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[CART_MAX_LINES], num: 1 }, m.headers);
    expect(full.body.code).toBe(ResponseCode.cartFull);
    expect((await get('/shop/cart/cartGoodsTotal', m.headers)).body.data.total).toBe(CART_MAX_LINES);
    const more = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
    expect(more.body.data).toMatchObject({ num: 3, total_count: CART_MAX_LINES + 2 });
  });

  it('flags lines that went off sale, sold out or changed price, and leaves them out of the total', async () => {
    const m = await newMember(t);
    const g = await newGoods(t.db, [{ price: 1000, stock: 5 }, { price: 2000, stock: 5 }, { price: 3000, stock: 5 }]);
    for (const sku of g.skuIds) await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: sku, num: 2 }, m.headers);
    await t.db.updateTable('goods_skus').set({ price_minor: 1100 }).where('id', '=', g.skuIds[0]!).execute();
    await t.db.updateTable('goods_skus').set({ stock: 0 }).where('id', '=', g.skuIds[1]!).execute();
    await t.db.updateTable('goods_skus').set({ stock: 1 }).where('id', '=', g.skuIds[2]!).execute();
    const data = (await get('/shop/cart/list', m.headers)).body.data;
    expect(data.list.map((l: { price_changed: boolean; added_price: number; problem: string | null }) => [l.price_changed, l.added_price, l.problem])).toEqual([
      [true, 1000, null],
      [false, 2000, 'out_of_stock'],
      [false, 3000, 'not_enough_stock'],
    ]);
    expect(data.selected_total).toBe(2 * 1100);
    expect(data.selected_count).toBe(2);
    // Lowering the quantity of a line to what is left makes it available again.
    const fixed = await post('/shop/cart/update', { id: data.list[2].id, num: 1 }, m.headers);
    expect(fixed.body.data.list[2]).toMatchObject({ num: 1, available: true });
    await t.db.updateTable('goods').set({ status: 'off_sale' }).where('id', '=', g.goodsId).execute();
    expect((await get('/shop/cart/list', m.headers)).body.data.list.every((l: { problem: string }) => l.problem === 'off_sale')).toBe(true);
  });

  it('updates several lines at once, all or nothing, and selects or clears all', async () => {
    const m = await newMember(t);
    const g = await newGoods(t.db, [{ price: 100, stock: 9 }, { price: 200, stock: 9 }]);
    for (const sku of g.skuIds) await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: sku }, m.headers);
    const [l1, l2] = (await get('/shop/cart/list', m.headers)).body.data.list;
    const both = await post('/shop/cart/updateAll', { items: [{ id: l1.id, num: 4 }, { id: l2.id, selected: false }] }, m.headers);
    expect(both.body.data).toMatchObject({ selected_count: 4, selected_total: 400, all_selected: false });
    // One bad line (too many) refuses the whole change.
    const bad = await post('/shop/cart/updateAll', { items: [{ id: l1.id, num: 2 }, { id: l2.id, num: 50 }] }, m.headers);
    expect(bad.body.code).toBe(ResponseCode.cartQuantityLimit);
    expect((await get('/shop/cart/list', m.headers)).body.data.list[0].num).toBe(4);
    const none = await post('/shop/cart/installAll', { selected: false }, m.headers);
    expect(none.body.data).toMatchObject({ selected_count: 0, selected_total: 0, all_selected: false });
    const all = await post('/shop/cart/installAll', { selected: true }, m.headers);
    expect(all.body.data).toMatchObject({ selected_count: 5, selected_total: 600, all_selected: true });
    const noChange = await post('/shop/cart/update', { id: l1.id }, m.headers);
    expect(noChange.status).toBe(422);
  });

  it("never shows, changes or deletes another member's lines", async () => {
    const owner = await newMember(t);
    const other = await newMember(t);
    const g = await newGoods(t.db, [{ price: 100, stock: 9 }]);
    const { id } = (await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, owner.headers)).body.data;
    expect((await get('/shop/cart/list', other.headers)).body.data.list).toEqual([]);
    expect((await post('/shop/cart/update', { id, num: 5 }, other.headers)).body.code).toBe(ResponseCode.cartLineNotFound);
    expect((await post('/shop/cart/updateAll', { items: [{ id, selected: false }] }, other.headers)).body.code).toBe(ResponseCode.cartLineNotFound);
    expect((await post('/shop/cart/del', { ids: [id] }, other.headers)).body.data).toEqual({ removed: 0, total_count: 0 });
    await post('/shop/cart/installAll', { selected: false }, other.headers);
    expect((await get('/shop/cart/list', owner.headers)).body.data.list[0]).toMatchObject({ id, num: 2, selected: true });
    expect((await post('/shop/cart/del', { ids: id }, owner.headers)).body.data).toEqual({ removed: 1, total_count: 0 });
  });
});
