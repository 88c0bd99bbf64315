import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A shop owner's regular order booked into their shop's stock (`/attractive/shop/restock`) and the
// same order's after-sales: a unit is either the shop's (sold on at the shop) or the owner's to
// return for a refund, never both, whichever comes first and when both are asked at once.

let t: TestApp;
let k: ShopKit;
let as: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  as = await afterSalesKit(t);
});
afterAll(() => t.close());

/** A shop owner with an address to buy regular orders to. */
async function shopOwner() {
  const owner = await k.owner();
  return { ...owner, addressId: await newAddress(t.db, owner.userId) };
}
type Owner = Awaited<ReturnType<typeof shopOwner>>;

/** A shop owner who bought, paid and received a regular order (2 × 7.00 of one SKU, 1 × 3.00 of another). */
async function ownerWithOrder() {
  const o = await shopOwner();
  return { o, bought: await as.boughtOrder(o) };
}

const restock = (o: Owner, orderId: number, lang = 'en-us') => k.post(o, '/attractive/shop/restock', { order_id: orderId }, lang);
const apply = async (o: Owner, orderId: number) => (await as.post(o, '/shop/order/afterSaleApply', { order_id: orderId })).body.data;
const returnOf = (o: Owner, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) => as.post(o, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines });
const casesOf = (orderId: number) => t.db.selectFrom('after_sales').select(['id', 'status']).where('order_id', '=', orderId).execute();
/** Units booked into the shop from the order, per SKU (the restock's stock changes). */
async function booked(shopId: number, orderNo: string) {
  const rows = await t.db.selectFrom('shop_stock_adjustments').select(['sku_id', 'delta']).where('shop_id', '=', shopId).where('cause', '=', 'restock').where('reference', '=', `order:${orderNo}`).execute();
  return new Map(rows.map((r) => [Number(r.sku_id), r.delta]));
}
const orderNo = async (id: number) => (await t.db.selectFrom('orders').select('order_no').where('id', '=', id).executeTakeFirstOrThrow()).order_no;
/** Units of a line held by the order's cases that count (open ones, and returns taken back). */
async function unitsInCases(lineId: number) {
  const rows = await t.db
    .selectFrom('after_sale_lines as l')
    .innerJoin('after_sales as c', 'c.id', 'l.case_id')
    .select('l.qty')
    .where('l.order_line_id', '=', lineId)
    .where('c.status', 'not in', ['rejected', 'withdrawn', 'closed', 'receipt_refused'])
    .execute();
  return rows.reduce((s, r) => s + r.qty, 0);
}

/** A return of the units taken all the way: approved, shipped back, received and refunded. */
async function returnedAndRefunded(o: Owner, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) {
  const opened = await returnOf(o, orderId, lines);
  expect(opened.body.code, opened.body.msg).toBe(200);
  const id = opened.body.data.case_id as number;
  expect((await as.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await as.post(o, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RT${100000 + id}` })).body.code).toBe(200);
  expect((await as.admin('/admin/api/after-sales/receive', { id, resellable: true })).body.code).toBe(200);
  expect((await as.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunded' });
  return id;
}

describe('restocked units are the shop’s, not the owner’s to return', () => {
  it('after a restock, after-sales offers none of the booked units and a return of them is refused: no case, no money', async () => {
    const { o, bought } = await ownerWithOrder();
    const [line0, line1] = bought.lines;
    const booking = await restock(o, bought.orderId);
    expect(booking.body.data).toMatchObject({ order_id: bought.orderId, units: 3 });
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(2);

    const offered = await apply(o, bought.orderId);
    expect(offered.kinds).toEqual([]);
    expect(offered.lines.map((l: { bought: number; in_cases: number; left: number; refundable: number }) => [l.bought, l.in_cases, l.left, l.refundable])).toEqual([[2, 0, 0, 0], [1, 0, 0, 0]]);
    const goods = (await as.get(o, `/attractive/AfterSales/goodsListDesc?order_id=${bought.orderId}`)).body.data;
    expect(goods.list.map((l: { left: number }) => l.left)).toEqual([0, 0]);

    const cash = await balanceOf(t.db, o.userId, 'cash', bought.currency);
    const refused = await returnOf(o, bought.orderId, [{ order_line_id: line0!.id, qty: 2 }]);
    expect(refused.body).toMatchObject({ code: ResponseCode.afterSaleQuantity });
    expect(refused.body.msg).toBe('No units of this item are left to choose');
    const exchange = await as.post(o, '/shop/order/afterSaleSubmit', { order_id: bought.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: line1!.id, qty: 1 }] });
    expect(exchange.body.code).toBe(ResponseCode.afterSaleQuantity);
    expect(await casesOf(bought.orderId)).toEqual([]);
    expect(await balanceOf(t.db, o.userId, 'cash', bought.currency)).toBe(cash);
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(2);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a restock takes only the units no case holds; the rest stays the owner’s to ask after-sales about', async () => {
    const { o, bought } = await ownerWithOrder();
    const [line0, line1] = bought.lines;
    const opened = await returnOf(o, bought.orderId, [{ order_line_id: line0!.id, qty: 1 }]);
    expect(opened.body.code, opened.body.msg).toBe(200);

    const booking = await restock(o, bought.orderId);
    expect(booking.body.code, booking.body.msg).toBe(200);
    expect(booking.body.data).toMatchObject({ order_id: bought.orderId, units: 2 });
    expect(booking.body.data.lines).toEqual(expect.arrayContaining([{ sku_id: Number(line0!.sku_id), added: 1, stock: 1 }, { sku_id: Number(line1!.sku_id), added: 1, stock: 1 }]));
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(1);
    // Once per order: a repeat adds nothing.
    expect((await restock(o, bought.orderId)).body.data.units).toBe(0);
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(1);

    // The unit in the case is the owner's: nothing else is left while the case is open …
    expect((await apply(o, bought.orderId)).lines.map((l: { in_cases: number; left: number }) => [l.in_cases, l.left])).toEqual([[1, 0], [0, 0]]);
    // … and withdrawing the case gives back exactly that unit, never the restocked ones.
    expect((await as.post(o, '/attractive/AfterSales/cancel', { case_id: opened.body.data.case_id })).body.code).toBe(200);
    expect((await apply(o, bought.orderId)).lines.map((l: { in_cases: number; left: number }) => [l.in_cases, l.left])).toEqual([[0, 1], [0, 0]]);
    expect((await returnOf(o, bought.orderId, [{ order_line_id: line0!.id, qty: 2 }])).body.code).toBe(ResponseCode.afterSaleQuantity);
    expect((await returnOf(o, bought.orderId, [{ order_line_id: line0!.id, qty: 1 }])).body.code).toBe(200);
  });
});

describe('returned units are not the shop’s to book', () => {
  it('after a return refunded in full, a restock books only what was kept; the refunded units never reach the shop', async () => {
    const { o, bought } = await ownerWithOrder();
    const [line0, line1] = bought.lines;
    const cash = await balanceOf(t.db, o.userId, 'cash', bought.currency);
    await returnedAndRefunded(o, bought.orderId, [{ order_line_id: line0!.id, qty: 2 }]);
    expect(await balanceOf(t.db, o.userId, 'cash', bought.currency)).toBeGreaterThan(cash);

    const booking = await restock(o, bought.orderId);
    expect(booking.body.code, booking.body.msg).toBe(200);
    expect(booking.body.data).toMatchObject({ units: 1 });
    expect(booking.body.data.lines).toEqual(expect.arrayContaining([{ sku_id: Number(line0!.sku_id), added: 0, stock: 0 }, { sku_id: Number(line1!.sku_id), added: 1, stock: 1 }]));
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(0);
    expect(await booked(o.shopId, await orderNo(bought.orderId))).toEqual(new Map([[Number(line1!.sku_id), 1]]));
    // What is sold at the shop: only the kept unit.
    expect((await t.db.selectFrom('shop_restocks').select('units').where('order_id', '=', bought.orderId).executeTakeFirstOrThrow()).units).toBe(1);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('with every unit in a case, a restock is refused in the owner’s language and books nothing; once the case ends without the goods going back, it books them', async () => {
    const { o, bought } = await ownerWithOrder();
    const [line0, line1] = bought.lines;
    const opened = await returnOf(o, bought.orderId, [{ order_line_id: line0!.id, qty: 2 }, { order_line_id: line1!.id, qty: 1 }]);
    expect(opened.body.code, opened.body.msg).toBe(200);

    const refused = await restock(o, bought.orderId);
    expect(refused.body).toMatchObject({ code: ResponseCode.shopRestockNothingLeft, msg: 'Nothing of this order is left to put in your shop: its items are in after-sales' });
    expect((await restock(o, bought.orderId, 'zh-cn')).body.msg).toBe('该订单已没有可放入店铺的商品：其商品正在售后中');
    expect(await t.db.selectFrom('shop_restocks').select('order_id').where('order_id', '=', bought.orderId).execute()).toEqual([]);
    expect(await booked(o.shopId, await orderNo(bought.orderId))).toEqual(new Map());
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(0);

    expect((await as.post(o, '/attractive/AfterSales/cancel', { case_id: opened.body.data.case_id })).body.code).toBe(200);
    expect((await restock(o, bought.orderId)).body.data).toMatchObject({ units: 3 });
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(2);
  });

  it('every unit returned and refunded: nothing to book, refused', async () => {
    const { o, bought } = await ownerWithOrder();
    const [line0, line1] = bought.lines;
    await returnedAndRefunded(o, bought.orderId, [{ order_line_id: line0!.id, qty: 2 }, { order_line_id: line1!.id, qty: 1 }]);
    expect((await restock(o, bought.orderId)).body.code).toBe(ResponseCode.shopRestockNothingLeft);
    expect(await k.stockOf(o.shopId, Number(line0!.sku_id))).toBe(0);
    expect(await k.stockOf(o.shopId, Number(line1!.sku_id))).toBe(0);
  });
});

describe('a restock and a return at once', () => {
  it('never both have the same units (20 rounds)', async () => {
    const o = await shopOwner();
    for (let round = 0; round < 20; round++) {
      const bought = await as.boughtOrder(o);
      const [line0, line1] = bought.lines;
      const sku0 = Number(line0!.sku_id);
      const [booking, asked] = await Promise.all([
        call(t, 'POST', '/attractive/shop/restock', { headers: o.keyed(), body: { order_id: bought.orderId } }),
        call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: o.keyed(), body: { order_id: bought.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line0!.id, qty: 2 }] } }),
      ]);
      const shop = (await booked(o.shopId, await orderNo(bought.orderId))).get(sku0) ?? 0;
      const inCases = await unitsInCases(line0!.id);
      // The two units of the line: the shop's or in the return, never both, never more than bought.
      expect(shop + inCases, `round ${round}: ${JSON.stringify([booking.body, asked.body])}`).toBe(2);
      if (asked.body.code === 200) {
        expect(booking.body.data).toMatchObject({ units: 1 });
        expect(shop).toBe(0);
      } else {
        expect(asked.body.code).toBe(ResponseCode.afterSaleQuantity);
        expect(booking.body.data).toMatchObject({ units: 3 });
        expect(await casesOf(bought.orderId)).toEqual([]);
      }
      expect((await booked(o.shopId, await orderNo(bought.orderId))).get(Number(line1!.sku_id))).toBe(1);
    }
  }, 240_000);
});
