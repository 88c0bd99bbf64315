import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from '../../user-shop/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// What a member is told about the units of a line they may still choose: a refusal names the figure
// the apply page shows (units booked into the member's own shop counted out), so following its advice
// is never refused in turn; and the refund estimate refuses a line named twice as a request does.

let t: TestApp;
let k: ShopKit;
let as: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  as = await afterSalesKit(t);
}, 60_000);
afterAll(() => t.close());

/** A shop owner with an address to buy regular orders to. */
async function shopOwner() {
  const owner = await k.owner();
  return { ...owner, addressId: await newAddress(t.db, owner.userId) };
}
type Owner = Awaited<ReturnType<typeof shopOwner>>;

const returnOf = (o: Owner, orderId: number, lineId: number, qty: number) =>
  as.post(o, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty }] });
const leftOf = async (o: Owner, orderId: number, lineId: number) =>
  ((await as.post(o, '/shop/order/afterSaleApply', { order_id: orderId })).body.data.lines as Array<{ order_line_id: number; left: number }>).find((l) => l.order_line_id === lineId)!.left;
const casesOf = (orderId: number) => t.db.selectFrom('after_sales').select('id').where('order_id', '=', orderId).execute();

describe('a refusal of too many units names what the apply page shows', () => {
  it('with one unit in a case and the other booked into the shop, asking two or one is refused alike: none left', async () => {
    const o = await shopOwner();
    const bought = await as.boughtOrder(o);
    const line = bought.lines[0]!; // 2 units
    expect((await returnOf(o, bought.orderId, line.id, 1)).body.code).toBe(200);
    expect((await k.post(o, '/attractive/shop/restock', { order_id: bought.orderId })).body.data).toMatchObject({ units: 2 });
    expect(await leftOf(o, bought.orderId, line.id)).toBe(0);

    const two = await returnOf(o, bought.orderId, line.id, 2);
    expect(two.body).toMatchObject({ code: ResponseCode.afterSaleQuantity, msg: 'No units of this item are left to choose' });
    const one = await returnOf(o, bought.orderId, line.id, 1);
    expect(one.body).toMatchObject({ code: ResponseCode.afterSaleQuantity, msg: 'No units of this item are left to choose' });
    expect(await casesOf(bought.orderId)).toHaveLength(1);
  });

  it('with a unit freed again after the restock, asking more says exactly that one is left, and one is taken', async () => {
    const o = await shopOwner();
    const bought = await as.boughtOrder(o);
    const line = bought.lines[0]!;
    const opened = await returnOf(o, bought.orderId, line.id, 1);
    expect((await k.post(o, '/attractive/shop/restock', { order_id: bought.orderId })).body.data).toMatchObject({ units: 2 });
    expect((await as.post(o, '/attractive/AfterSales/cancel', { case_id: opened.body.data.case_id })).body.code).toBe(200);
    expect(await leftOf(o, bought.orderId, line.id)).toBe(1);

    expect((await returnOf(o, bought.orderId, line.id, 2)).body).toMatchObject({ code: ResponseCode.afterSaleQuantity, msg: 'Only 1 of this item can still be chosen' });
    expect((await returnOf(o, bought.orderId, line.id, 1)).body.code).toBe(200);
  });
});

describe('the refund estimate of a line named twice', () => {
  it('is refused as a request naming it twice is, in the member’s language, with no figures', async () => {
    const m = await as.shopper();
    const bought = await as.boughtOrder(m);
    const line = bought.lines[0]!.id;
    const estimate = (lines: string, lang = 'en-us') => call(t, 'GET', `/attractive/AfterSales/refundEstimate?order_id=${bought.orderId}&lines=${lines}`, { headers: m.headers, lang });
    const submitted = await as.post(m, '/shop/order/afterSaleSubmit', { order_id: bought.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line, qty: 1 }, { order_line_id: line, qty: 1 }] });
    expect(submitted.status).toBe(422);

    const twice = await estimate(`${line}:1,${line}:1`);
    expect(twice.status).toBe(422);
    expect(twice.body).toMatchObject({ code: submitted.body.code, msg: 'Each order item can be chosen only once in a request', data: { errors: [{ field: 'lines', msg: 'Each order item can be chosen only once in a request' }] } });
    expect(twice.body.data).not.toHaveProperty('refund');
    expect((await estimate(`${line}:1,${bought.lines[1]!.id}:1,${line}:0`, 'th')).body.msg).toBe('แต่ละรายการเลือกได้เพียงครั้งเดียวต่อคำขอ');
    // Each line once: estimated.
    expect((await estimate(`${line}:1`)).body.code).toBe(200);
  });
});
