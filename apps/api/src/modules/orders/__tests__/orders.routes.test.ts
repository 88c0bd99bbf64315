import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { memberActor } from './actors.js';
import { newAddress, orderRow } from './fixtures.js';
import { placeOrder } from '../orders.service.js';
import { runDueJobs } from '../../../jobs/worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insertInto('operating_fees').values({ country_code: 'MY', rate_bp: 250, updated_by: 'test' }).execute();
  await t.db.insertInto('shipping_fees').values({ country_code: 'MY', currency: 'USD', fee_minor: 500, free_over_minor: 10_000, updated_by: 'test' }).execute();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers?: Headers & Record<string, string>, lang?: string) => call(t, 'POST', url, { headers, body, lang });

async function shopper() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  return { ...m, addressId };
}

describe('checkout', () => {
  it('sends a visitor to log in', async () => {
    expect((await get('/shop/buy/cartGoods?sku_id=1&goods_id=1')).body.code).toBe(ResponseCode.loginRequired);
    expect((await post('/shop/buy/createOrder', { address_id: 1 })).body.code).toBe(ResponseCode.loginRequired);
  });

  it('previews the selected cart lines with the default address, freight, the operating fee and the total', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1999, stock: 10 }, { price: 2500, stock: 10 }]);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
    const { id: skipped } = (await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1] }, m.headers)).body.data;
    await post('/shop/cart/update', { id: skipped, selected: false }, m.headers);
    const r = await get('/shop/buy/cartGoods', m.headers);
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({
      currency: 'USD',
      subtotal: 3998,
      operating_fee_rate: 250,
      // 2.5 % of 39.98 is 0.9995: rounded half up once, to 1.00.
      operating_fee: 100,
      freight: 500,
      coupon_discount: 0,
      total: 3998 + 100 + 500,
      can_submit: true,
      address: { id: m.addressId, country_code: 'MY', city: 'Petaling Jaya' },
    });
    expect(r.body.data.lines).toHaveLength(1);
    // Freight is free from 100.00.
    const big = await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[1]}&num=4`, m.headers);
    expect(big.body.data).toMatchObject({ subtotal: 10_000, freight: 0, operating_fee: 250, total: 10_250 });
    expect(big.body.data.lines[0]).toMatchObject({ cart_id: null, num: 4, line_total: 10_000 });
  });

  it('places an order: stock reserved, cart lines gone, snapshots and totals from the shop, the goods page shows the new stock', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1200, stock: 5 }]);
    const before = await get(`/shop/goods/info?id=${g.goodsId}`);
    expect(before.body.data.stock).toBe(5);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 }, m.headers);
    const placed = await post(
      '/shop/buy/createOrder',
      // Prices, totals, owner and status in the body are never read.
      { address_id: m.addressId, remarks: 'Leave at the door', price: 1, total: 1, user_id: 1, status: 'paid' },
      { ...m.headers, 'idempotency-key': `order-${m.userId}-1` },
    );
    expect(placed.body).toMatchObject({ code: 200, data: { status: 'awaiting_payment', total: 3600 + 90 + 500, currency: 'USD' } });
    expect(placed.body.data.order_no).toMatch(/^\d{16}$/);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(2);
    expect((await get('/shop/cart/cartGoodsTotal', m.headers)).body.data.total).toBe(0);
    expect((await get(`/shop/goods/info?id=${g.goodsId}`)).body.data.stock).toBe(2);
    const row = await orderRow(t.db, placed.body.data.order_id);
    expect(row).toMatchObject({ user_id: m.userId, status: 'awaiting_payment', remarks: 'Leave at the door', country_code: 'MY' });

    const info = await get(`/shop/order/info?id=${placed.body.data.order_id}`, m.headers, 'zh-cn');
    expect(info.body.data).toMatchObject({ subtotal: 3600, operating_fee: 90, freight: 500, total: 4190, status: 'awaiting_payment', address: { name: 'Mei', city: 'Petaling Jaya' } });
    expect(info.body.data.lines[0]).toMatchObject({ name: `茶壶 ${g.name}`, spec_text: '颜色 1', price: 1200, num: 3 });
    expect(info.body.data.actions).toMatchObject({ can_cancel: true, can_pay: true, can_confirm: false });
    // The snapshot stays when the shop changes the goods afterwards.
    await t.db.updateTable('goods_skus').set({ price_minor: 9999 }).where('id', '=', g.skuIds[0]!).execute();
    expect((await get(`/shop/order/info?id=${placed.body.data.order_id}`, m.headers)).body.data.lines[0].price).toBe(1200);
  });

  it('keeps the PV of each line as it was when placed: the order info and list answer it per unit and per line', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1000, stock: 10 }, { price: 500, stock: 10 }]);
    await t.db.updateTable('goods_skus').set({ pv: 120 }).where('id', '=', g.skuIds[0]!).execute();
    await t.db.updateTable('goods_skus').set({ pv: 35 }).where('id', '=', g.skuIds[1]!).execute();
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 }, m.headers);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1], num: 2 }, m.headers);
    // A PV in the body is never read.
    const placed = await post('/shop/buy/createOrder', { address_id: m.addressId, pv: 99_999, items: [{ pv: 99_999 }] }, m.headers);
    expect(placed.body.code).toBe(200);
    const orderId = placed.body.data.order_id;
    const expected = [
      { sku_id: g.skuIds[0], num: 3, pv: 120, line_pv: 360 },
      { sku_id: g.skuIds[1], num: 2, pv: 35, line_pv: 70 },
    ];
    expect((await get(`/shop/order/info?id=${orderId}`, m.headers)).body.data.lines).toMatchObject(expected);
    // The operator changes the SKUs' PV afterwards: the order keeps what it was sold with.
    await t.db.updateTable('goods_skus').set({ pv: 1 }).where('goods_id', '=', g.goodsId).execute();
    expect((await get(`/shop/order/info?id=${orderId}`, m.headers)).body.data.lines).toMatchObject(expected);
    const listed = (await get('/shop/order/list', m.headers)).body.data.list.find((o: { id: number }) => o.id === orderId);
    expect(listed.lines).toMatchObject(expected);
    const rows = await t.db.selectFrom('order_lines').select(['sku_id', 'pv']).where('order_id', '=', orderId).orderBy('sku_id').execute();
    expect(rows).toEqual([
      { sku_id: g.skuIds[0], pv: 120 },
      { sku_id: g.skuIds[1], pv: 35 },
    ]);
  });

  it('answers a repeated request with the same order, and never places it twice', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 100, stock: 5 }]);
    const body = { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId };
    const headers = { ...m.headers, 'idempotency-key': `buy-now-${m.userId}` };
    const [a, b] = await Promise.all([post('/shop/buy/createOrder', body, headers), post('/shop/buy/createOrder', body, headers)]);
    const answers = [a, b].filter((r) => r.body.code === 200);
    expect(new Set(answers.map((r) => r.body.data.order_id)).size).toBe(1);
    const again = await post('/shop/buy/createOrder', body, headers);
    expect(again.body.data.order_id).toBe(answers[0]!.body.data.order_id);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(4);
    const other = await post('/shop/buy/createOrder', { ...body, num: 2 }, headers);
    expect(other.body.code).toBe(ResponseCode.idempotencyKeyReused);
  });

  it('refuses more than is left, naming the goods, and changes nothing', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 100, stock: 2 }, { price: 100, stock: 9 }]);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1], num: 3 }, m.headers);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
    await t.db.updateTable('goods_skus').set({ stock: 1 }).where('id', '=', g.skuIds[0]!).execute();
    const r = await post('/shop/buy/createOrder', { address_id: m.addressId }, m.headers, 'en-us');
    expect(r.body.code).toBe(ResponseCode.stockShortage);
    expect(r.body.msg).toBe(`Only 1 left of ${g.name}`);
    expect(await stockOf(t.db, g.skuIds[1]!)).toBe(9);
    expect((await get('/shop/cart/cartGoodsTotal', m.headers)).body.data.total).toBe(5);
    expect((await get('/shop/order/list', m.headers)).body.data.total).toBe(0);
    await t.db.updateTable('goods').set({ status: 'off_sale' }).where('id', '=', g.goodsId).execute();
    // A new key: without one, the same request within two seconds is answered as a double tap.
    const off = await post('/shop/buy/createOrder', { address_id: m.addressId }, { ...m.headers, 'idempotency-key': `off-sale-${m.userId}` }, 'en-us');
    expect(off.body).toMatchObject({ code: ResponseCode.lineUnavailable, msg: `${g.name} is no longer available` });
  });

  it('says an option sold out as sold out while the goods stay on sale in its other options', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 100, stock: 0 }, { price: 100, stock: 9 }]);
    const r = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId }, m.headers, 'en-us');
    expect(r.body).toMatchObject({ code: ResponseCode.lineUnavailable, msg: `${g.name}: this option is sold out` });
    const other = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[1], num: 1, address_id: m.addressId }, m.headers, 'en-us');
    expect(other.body.code).toBe(200);
  });

  it("refuses an address that is not the member's and a checkout with nothing chosen", async () => {
    const m = await shopper();
    const stranger = await shopper();
    const g = await newGoods(t.db, [{ price: 100, stock: 5 }]);
    const r = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: stranger.addressId }, m.headers);
    expect(r.body.code).toBe(ResponseCode.addressNotFound);
    expect((await get(`/shop/buy/cartGoods?address_id=${stranger.addressId}&goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}`, m.headers)).body.code).toBe(ResponseCode.addressNotFound);
    expect((await post('/shop/buy/createOrder', { address_id: m.addressId }, m.headers)).body.code).toBe(ResponseCode.nothingSelected);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(5);
  });

  it('sums two lines of the same SKU into one reservation and one order line', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 300, stock: 5 }]);
    const line = { goods_id: g.goodsId, sku_id: g.skuIds[0]!, num: 3 };
    // 3 + 3 is more than the 5 left: refused as one quantity of 6, not reserved as 3 and then 3.
    await expect(placeOrder(t.deps, memberActor(m.userId), { address_id: m.addressId, remarks: '', items: [line, line] })).rejects.toMatchObject({ code: ResponseCode.stockShortage });
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(5);
    const placed = await placeOrder(t.deps, memberActor(m.userId), { address_id: m.addressId, remarks: '', items: [{ ...line, num: 2 }, line] });
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(0);
    const lines = await t.db.selectFrom('order_lines').selectAll().where('order_id', '=', placed.order_id).execute();
    expect(lines.map((l) => [l.quantity, Number(l.line_total_minor)])).toEqual([[5, 1500]]);
  });
});

describe('the order lifecycle', () => {
  it('cancels an unpaid order once and puts its goods back on sale', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 100, stock: 4 }]);
    const { order_id } = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3, address_id: m.addressId }, m.headers)).body.data;
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(1);
    const first = await post('/shop/order/cancelOrder', { id: order_id, reason: 'changed my mind' }, m.headers);
    expect(first.body.data).toEqual({ id: order_id, status: 'cancelled' });
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(4);
    const second = await post('/shop/order/cancelOrder', { id: order_id }, { ...m.headers, 'idempotency-key': `cancel-${order_id}-2` });
    expect(second.body.code).toBe(ResponseCode.orderState);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(4);
  });

  it('closes an unpaid order through its expiry job and puts its goods back, exactly once', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 100, stock: 3 }]);
    const { order_id } = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2, address_id: m.addressId }, m.headers)).body.data;
    // Not due yet: running due jobs leaves it alone.
    await runDueJobs(t.deps);
    expect((await orderRow(t.db, order_id)).status).toBe('awaiting_payment');
    // Its time comes.
    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', order_id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`order-expiry:${order_id}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_order');
    expect((await orderRow(t.db, order_id)).status).toBe('closed');
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(3);
    // The safety net and a second run change nothing more.
    await runDueJobs(t.deps);
    const { expireOverdueOrders } = await import('../orders.service.js');
    expect(await expireOverdueOrders(t.deps, memberActor(0))).toBe(0);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(3);
    expect((await post('/shop/order/cancelOrder', { id: order_id }, m.headers)).body.code).toBe(ResponseCode.orderState);
  });
});
