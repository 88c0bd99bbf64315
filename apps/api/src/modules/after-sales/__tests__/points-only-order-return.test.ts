import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { jobActor } from '../../../lib/actor.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// An order that points and a coupon paid for whole (nothing of it in money) could not be returned:
// its refund was 0, the approval refused a refund of 0 ("reject the case instead"), and rejecting kept
// the member's points. Such a return is approved with no money to send, and its goods' share of the
// points spent comes back, by the goods' list value returned; the returns of every unit give back
// exactly what was spent.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  await t.db
    .insertInto('shipping_fees')
    .values({ country_code: 'MY', currency: 'USD', fee_minor: 0, free_over_minor: null, updated_by: 'test' })
    .onConflict((oc) => oc.columns(['country_code', 'currency']).doUpdateSet({ fee_minor: 0 }))
    .execute();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const DRESS = 3_899;
const SHIRT = 1_000;
const COUPON = 500;

/** A dress and two T-shirts, 5.00 off by a coupon and the rest paid by points: nothing paid in money. Shipped and received. */
async function pointsOnlyOrder(m: Member) {
  const dress = await newGoods(t.db, [{ price: DRESS, stock: 5 }]);
  const shirt = await newGoods(t.db, [{ price: SHIRT, stock: 5 }]);
  const code = `PTS${m.userId}`;
  await t.db.insertInto('coupons').values({ code, kind: 'amount', amount_minor: COUPON, percent_bp: null, currency: 'USD', min_spend_minor: 0, starts_at: new Date(Date.now() - 60_000), ends_at: new Date(Date.now() + 86_400_000), total_limit: null, created_by: 'test' }).execute();
  expect((await kit.post(m, '/shop/cart/add', { goods_id: dress.goodsId, sku_id: dress.skuIds[0], num: 1 })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/cart/add', { goods_id: shirt.goodsId, sku_id: shirt.skuIds[0], num: 2 })).body.code).toBe(200);
  await fund(t.db, m.userId, 10_000, 'XXX', 'points');
  const placed = await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId, coupon_code: code, points: 10_000, pay_password: PAY_PASSWORD });
  expect(placed.body.code, placed.body.msg).toBe(200);
  const orderId = placed.body.data.order_id as number;
  const row = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  expect([row.status, Number(row.total_minor), Number(row.points_used)]).toEqual(['paid', 0, DRESS + 2 * SHIRT - COUPON]);
  expect((await kit.admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `PO0000${orderId}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: orderId })).body.code).toBe(200);
  const lines = await t.db.selectFrom('order_lines').select(['id', 'goods_id', 'quantity']).where('order_id', '=', orderId).execute();
  return { orderId, spent: Number(row.points_used), dressLine: lines.find((l) => l.goods_id === dress.goodsId)!, shirtLine: lines.find((l) => l.goods_id === shirt.goodsId)! };
}

/** A return of `qty` units of a line, approved with nothing more said, received and refunded: the case as the refund answers it. */
async function returned(m: Member, orderId: number, lineId: number, qty: number) {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty }] });
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.case_id as number;
  const approved = await kit.admin('/admin/api/after-sales/approve', { id });
  expect(approved.body.code, approved.body.msg).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  const done = await kit.admin('/admin/api/after-sales/refund', { id });
  expect(done.body.data.status).toBe('refunded');
  return done.body.data;
}

const points = (m: Member) => balanceOf(t.db, m.userId, 'points', 'XXX');

describe('a return of goods that points paid for whole', () => {
  it('is approved without money and gives back the returned goods’ share of the points, all of them once every unit is back', async () => {
    const m = await kit.shopper();
    const o = await pointsOnlyOrder(m);
    const left = await points(m);
    // One T-shirt of two: its list value's share (10.00 of 58.99) of the 53.99 in points, rounded down.
    const one = Math.floor((o.spent * SHIRT) / (DRESS + 2 * SHIRT));
    // The apply page says so beforehand: no money, and these points.
    expect(await kit.refundEstimate(m, o.orderId, `${o.shirtLine.id}:1`)).toEqual({ currency: 'USD', goods: 0, freight: 0, surcharge: 0, refund: 0, points: one, shopping_points: 0 });
    expect((await returned(m, o.orderId, o.shirtLine.id, 1)).refunded).toBe(0);
    expect(await points(m)).toBe(left + one);
    // The rest of the order: exactly what was spent, no point lost to rounding, each return's points said before it.
    const second = await kit.refundEstimate(m, o.orderId, `${o.shirtLine.id}:1`);
    await returned(m, o.orderId, o.shirtLine.id, 1);
    expect(await points(m)).toBe(left + one + second.points);
    const last = await kit.refundEstimate(m, o.orderId, `${o.dressLine.id}:1`);
    expect(one + second.points + last.points).toBe(o.spent);
    await returned(m, o.orderId, o.dressLine.id, 1);
    expect(await points(m)).toBe(left + o.spent);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('settles with the PV of the units kept: none once every unit is back, the dress’s alone once the T-shirts are', async () => {
    const settled = async (o: Awaited<ReturnType<typeof pointsOnlyOrder>>) => {
      await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', o.orderId).execute();
      expect(await settleOrder(t.deps, jobActor('settle_order', o.orderId), o.orderId)).toBe(true);
      return (await t.db.selectFrom('pv_entries').select('pv').where('order_id', '=', o.orderId).execute()).map((e) => e.pv);
    };
    const withPv = async (m: Member) => {
      const o = await pointsOnlyOrder(m);
      await t.db.updateTable('order_lines').set({ pv: 80 } as never).where('id', '=', o.dressLine.id).execute();
      await t.db.updateTable('order_lines').set({ pv: 15 } as never).where('id', '=', o.shirtLine.id).execute();
      return o;
    };
    // Every unit returned (nothing of it in money): no PV, however often it is bought and returned.
    const m = await kit.shopper();
    const whole = await withPv(m);
    await returned(m, whole.orderId, whole.shirtLine.id, 2);
    await returned(m, whole.orderId, whole.dressLine.id, 1);
    expect(await settled(whole)).toEqual([]);
    expect(Number((await t.db.selectFrom('referral_stats').select('personal_pv').where('member_id', '=', m.userId).executeTakeFirst())?.personal_pv ?? 0)).toBe(0);
    // The two T-shirts back, the dress kept: the dress's 80 PV, not a share of the order's 110.
    const n = await kit.shopper();
    const part = await withPv(n);
    await returned(n, part.orderId, part.shirtLine.id, 2);
    expect(await settled(part)).toEqual([80]);
  });

  it('a refund of 0 for goods that money paid for is still refused: that is a rejection', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    const refused = await kit.admin('/admin/api/after-sales/approve', { id: res.body.data.case_id, refund_amount: 0 });
    expect(refused.body.code).toBe(422);
    expect((await kit.caseRow(res.body.data.case_id)).status).toBe('under_review');
  });
});
