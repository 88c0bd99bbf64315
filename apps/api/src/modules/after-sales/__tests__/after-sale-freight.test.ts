import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// Issue #25: "freight only when the whole order is returned". The freight is part of a case's refund
// only if, when the refund is made, every unit of the order is returned; an earlier case that ends
// without a return (withdrawn, rejected) takes it away from the cases that counted on it.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  // Orders to the kit's addresses (MY) in its goods' currency (USD) pay freight.
  await t.db.insertInto('shipping_fees').values({ country_code: 'MY', currency: 'USD', fee_minor: 500, free_over_minor: 100_000, updated_by: 'test' }).execute();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
type Order = Awaited<ReturnType<AfterSalesKit['boughtOrder']>>;

/** A return of some units of the order: its case id. */
const returnOf = async (m: Member, o: Order, lines: Array<{ order_line_id: number; qty: number }>) => {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines });
  expect(res.body.code).toBe(200);
  return res.body.data.case_id as number;
};
/** What the member reads a case would refund. */
const shownRefundable = async (m: Member, id: number) => (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.refundable as number;
/** Approved, the goods received, refunded: what the console says was refunded. */
const refundThrough = async (id: number) => {
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id, resellable: false })).body.code).toBe(200);
  const done = await kit.admin('/admin/api/after-sales/refund', { id });
  expect(done.body.data.status).toBe('refunded');
  return done.body.data.refunded as number;
};

describe('the freight of a return', () => {
  it('an earlier case withdrawn: the later case no longer shows the freight, and refunds only its units’ share; the member keeps a unit', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    expect(o.freight).toBeGreaterThan(0);
    const first = await returnOf(m, o, [{ order_line_id: o.lines[0]!.id, qty: 1 }]);
    const second = await returnOf(m, o, [{ order_line_id: o.lines[0]!.id, qty: 1 }, { order_line_id: o.lines[1]!.id, qty: 1 }]);
    // With the first open, the second takes back the rest of the order: the freight shown with it, once.
    const goodsOfFirst = await shownRefundable(m, first);
    expect(goodsOfFirst + (await shownRefundable(m, second))).toBe(o.total);
    const goodsOfSecond = o.total - o.freight - goodsOfFirst;
    expect(await shownRefundable(m, second)).toBe(goodsOfSecond + o.freight);

    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: first })).body.code).toBe(200);
    expect(await shownRefundable(m, second)).toBe(goodsOfSecond);
    const cash = await balanceOf(t.db, m.userId, 'cash', o.currency);
    expect(await refundThrough(second)).toBe(goodsOfSecond);
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + goodsOfSecond);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an earlier case rejected: the later case refunds only its units’ share', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const first = await returnOf(m, o, [{ order_line_id: o.lines[1]!.id, qty: 1 }]);
    const second = await returnOf(m, o, [{ order_line_id: o.lines[0]!.id, qty: 2 }]);
    const goodsOfSecond = o.total - o.freight - (await shownRefundable(m, first));
    expect(await shownRefundable(m, second)).toBe(goodsOfSecond + o.freight);
    expect((await kit.admin('/admin/api/after-sales/reject', { id: first, reason: 'no evidence' })).body.code).toBe(200);
    expect(await shownRefundable(m, second)).toBe(goodsOfSecond);
    const cash = await balanceOf(t.db, m.userId, 'cash', o.currency);
    expect(await refundThrough(second)).toBe(goodsOfSecond);
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + goodsOfSecond);
  });

  it('two cases that together return everything refund the freight once, whichever is refunded first', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const cash = await balanceOf(t.db, m.userId, 'cash', o.currency);
    const first = await returnOf(m, o, [{ order_line_id: o.lines[0]!.id, qty: 1 }]);
    const second = await returnOf(m, o, [{ order_line_id: o.lines[0]!.id, qty: 1 }, { order_line_id: o.lines[1]!.id, qty: 1 }]);
    const goodsOfFirst = await shownRefundable(m, first);
    const goodsOfSecond = o.total - o.freight - goodsOfFirst;
    // The case showing the freight is refunded first: the rest of the order is not returned yet, so no freight.
    expect(await refundThrough(second)).toBe(goodsOfSecond);
    // The first now takes back the last of the order: the freight comes with it, shown and refunded.
    expect(await shownRefundable(m, first)).toBe(goodsOfFirst + o.freight);
    expect(await refundThrough(first)).toBe(goodsOfFirst + o.freight);
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + o.total);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
