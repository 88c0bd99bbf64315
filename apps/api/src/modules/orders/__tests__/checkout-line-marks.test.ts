import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newAddress } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers, body });

type Line = { cart_id: number | null; problem: string | null; stock: number; price: number; added_price: number | null; price_changed: boolean };

describe('checkout says what is wrong with each line', () => {
  it('a line short of stock says what is left, one off sale says so, one whose price changed says what it was; the cart’s good lines alone can be placed', async () => {
    const m = await newMember(t);
    await newAddress(t.db, m.userId);
    const teapots = await newGoods(t.db, [{ price: 1000, stock: 9 }, { price: 2000, stock: 9 }]);
    const kettle = await newGoods(t.db, [{ price: 3000, stock: 9 }]);
    const short = (await post('/shop/cart/add', { goods_id: teapots.goodsId, sku_id: teapots.skuIds[0], num: 3 }, m.headers)).body.data.id;
    const fine = (await post('/shop/cart/add', { goods_id: teapots.goodsId, sku_id: teapots.skuIds[1], num: 1 }, m.headers)).body.data.id;
    const gone = (await post('/shop/cart/add', { goods_id: kettle.goodsId, sku_id: kettle.skuIds[0], num: 1 }, m.headers)).body.data.id;
    // Between the cart and checkout: an operator cuts the stock, takes goods off sale, changes a price.
    await t.db.updateTable('goods_skus').set({ stock: 2 }).where('id', '=', teapots.skuIds[0]!).execute();
    await t.db.updateTable('goods').set({ status: 'off_sale' }).where('id', '=', kettle.goodsId).execute();
    await t.db.updateTable('goods_skus').set({ price_minor: 2200 }).where('id', '=', teapots.skuIds[1]!).execute();

    const all = (await get('/shop/buy/cartGoods', m.headers)).body.data;
    const byCart = new Map((all.lines as Line[]).map((l) => [l.cart_id, l]));
    expect(byCart.get(short)).toMatchObject({ problem: 'not_enough_stock', stock: 2 });
    expect(byCart.get(gone)).toMatchObject({ problem: 'off_sale' });
    expect(byCart.get(fine)).toMatchObject({ problem: null, price: 2200, added_price: 2000, price_changed: true });
    expect(byCart.get(short)).toMatchObject({ added_price: 1000, price_changed: false });
    expect(all.can_submit).toBe(false);

    // Going on with the good line only: it can be placed, at its price now.
    const rest = (await get(`/shop/buy/cartGoods?cart_ids=${fine}`, m.headers)).body.data;
    expect(rest.lines.map((l: Line) => l.cart_id)).toEqual([fine]);
    expect(rest).toMatchObject({ can_submit: true, subtotal: 2200 });
  });

  it('an SKU bought at once has no cart price to compare with, and says what is left', async () => {
    const m = await newMember(t);
    await newAddress(t.db, m.userId);
    const g = await newGoods(t.db, [{ price: 1500, stock: 1 }]);
    const r = (await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=2`, m.headers)).body.data;
    expect(r.lines[0]).toMatchObject({ cart_id: null, problem: 'not_enough_stock', stock: 1, added_price: null, price_changed: false });
    expect(r.can_submit).toBe(false);
  });
});
