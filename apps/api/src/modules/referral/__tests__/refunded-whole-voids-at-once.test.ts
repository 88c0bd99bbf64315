import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { shopKit, type ShopKit } from '../../user-shop/__tests__/fixtures.js';
import { referralKit } from './fixtures.js';

// An order (regular or member-shop) whose goods all came back through after-sales refunds before it
// settled earns nothing: its pending commissions are void at once, with their reason, as a paid
// order refunded whole outside after-sales is, not left pending at nothing until settlement. A
// partial return leaves them pending at the share kept.

let t: TestApp;
let kit: ReturnType<typeof referralKit>;
let sales: AfterSalesKit;
let shops: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = referralKit(t);
  sales = await afterSalesKit(t);
  shops = shopKit(t);
});
afterAll(() => t.close());

/** The console's commissions list for one order (`order_id`) or shop order (`shop_order_id`) and one beneficiary: status, amount and reason of each. */
const listed = async (filter: string, memberId: number) =>
  (await sales.adminGet(`/admin/api/referral/commissions?${filter}&member_id=${memberId}`)).body.data.list.map((c: { status: string; amount: number; reason: string }) => [c.status, c.amount, c.reason]);

/** Submits, approves, receives and refunds a return of `qty` of a line; `order` names the order (`order_id` or `shop_order_id`). */
async function refundedReturn(m: { headers: Record<string, string>; keyed: () => Record<string, string> }, order: Record<string, number>, lineId: number, qty: number) {
  const res = await sales.post(m as never, '/shop/order/afterSaleSubmit', { ...order, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty }] });
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.case_id as number;
  expect((await sales.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await sales.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  expect((await sales.admin('/admin/api/after-sales/refund', { id, reason: 'returned' })).body.data.status).toBe('refunded');
}

describe('an after-sales refund that leaves nothing of the order’s goods', () => {
  it('a regular order: a partial return leaves the commission pending at the kept share; the last return voids it at once', async () => {
    const sponsor = await kit.placedSponsor('whole-return sponsor');
    const buyer = await sales.shopper();
    await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', buyer.userId).execute();
    // 2 × 7.00 and 1 × 3.00, received: 5 % of the 17.00 of goods is pending.
    const o = await sales.boughtOrder(buyer);
    const goods = o.total - o.freight;
    expect(await listed(`order_id=${o.orderId}`, sponsor.userId)).toEqual([['pending', 85, '']]);

    await refundedReturn(buyer, { order_id: o.orderId }, o.lines[1]!.id, 1);
    expect(await listed(`order_id=${o.orderId}`, sponsor.userId)).toEqual([['pending', Math.floor((85 * (goods - 300)) / goods), '']]);

    await refundedReturn(buyer, { order_id: o.orderId }, o.lines[0]!.id, 2);
    expect((await t.db.selectFrom('orders').select(['status', 'settled_at']).where('id', '=', o.orderId).executeTakeFirstOrThrow())).toMatchObject({ status: 'completed', settled_at: null });
    expect(await listed(`order_id=${o.orderId}`, sponsor.userId)).toEqual([['void', 85, 'order refunded before settling']]);
    expect((await kit.get(sponsor, '/user/spread/total')).body.data.commission_pending).toEqual([]);
  }, 60_000);

  it('a member-shop order: a partial return leaves it pending at the kept share; returned whole, void at once', async () => {
    const sponsor = await kit.placedSponsor('shop whole-return sponsor');
    const owner = await shops.owner();
    const goods = await shops.offered(owner, { price: 2000, stock: 5, pv: 100 });
    const shopBuyer = async () => {
      const b = await shops.buyer(10_000);
      await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', b.userId).execute();
      return b;
    };
    /** Two units of 20.00, approved, shipped and received by the buyer. */
    const received = async (b: Awaited<ReturnType<typeof shopBuyer>>) => {
      const id = await shops.paidOrder(b, owner.shopId, goods.skuId, 2, { addressId: b.addressId });
      expect((await shops.post(owner, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
      expect((await shops.post(owner, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
      expect((await shops.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
      const line = await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
      return { id, lineId: Number(line.id) };
    };

    const partly = await shopBuyer();
    const p = await received(partly);
    expect(await listed(`shop_order_id=${p.id}`, sponsor.userId)).toEqual([['pending', 200, '']]);
    await refundedReturn(partly, { shop_order_id: p.id }, p.lineId, 1);
    expect(await listed(`shop_order_id=${p.id}`, sponsor.userId)).toEqual([['pending', 100, '']]);

    const whole = await shopBuyer();
    const w = await received(whole);
    await refundedReturn(whole, { shop_order_id: w.id }, w.lineId, 2);
    expect(await shops.orderRow(w.id)).toMatchObject({ status: 'completed', settled_at: null });
    expect(await listed(`shop_order_id=${w.id}`, sponsor.userId)).toEqual([['void', 200, 'shop order refunded before settling']]);
  }, 60_000);
});
