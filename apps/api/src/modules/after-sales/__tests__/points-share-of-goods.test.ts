import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// Points pay for goods only, never freight: the points an order spent at checkout come back, and the
// points it earned are taken back, in the share of what was paid for the goods that a return refunds
// (the order's total less its freight, the base the refund's own line shares are taken of). The
// return that takes back the last unit refunds the freight too, and gives back the rest exactly.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const DRESS = 14_699;
const T_SHIRT = 9_799;
const COUPON = 500;
const POINTS = 1_000;

/** Orders to the kit's addresses (MY) in dollars pay `fee` of freight (none when 0). */
const freightOf = (fee: number) =>
  t.db
    .insertInto('shipping_fees')
    .values({ country_code: 'MY', currency: 'USD', fee_minor: fee, free_over_minor: 10_000_000, updated_by: 'test' })
    .onConflict((oc) => oc.columns(['country_code', 'currency']).doUpdateSet({ fee_minor: fee }))
    .execute();

/** A dress and two T-shirts with a 5.00 coupon and 1,000 points off, paid from the balance, shipped and received (its earned points credited). */
async function probeOrder(m: Member) {
  const dress = await newGoods(t.db, [{ price: DRESS, stock: 5 }], { name: `Dress ${m.userId}` });
  const shirt = await newGoods(t.db, [{ price: T_SHIRT, stock: 5 }], { name: `T-shirt ${m.userId}` });
  const code = `FIVE${m.userId}`;
  await t.db.insertInto('coupons').values({ code, kind: 'amount', amount_minor: COUPON, percent_bp: null, currency: 'USD', min_spend_minor: 0, starts_at: new Date(Date.now() - 60_000), ends_at: new Date(Date.now() + 86_400_000), total_limit: null, created_by: 'test' }).execute();
  expect((await kit.post(m, '/shop/cart/add', { goods_id: dress.goodsId, sku_id: dress.skuIds[0], num: 1 })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/cart/add', { goods_id: shirt.goodsId, sku_id: shirt.skuIds[0], num: 2 })).body.code).toBe(200);
  await fund(t.db, m.userId, POINTS, 'XXX', 'points');
  const placed = await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId, coupon_code: code, points: POINTS, pay_password: PAY_PASSWORD });
  expect(placed.body.code, placed.body.msg).toBe(200);
  const orderId = placed.body.data.order_id as number;
  await fund(t.db, m.userId, placed.body.data.total, 'USD');
  expect((await kit.post(m, '/shop/buy/payOrder', { order_id: orderId, pay_way: 'balance', pay_password: PAY_PASSWORD })).body.data).toMatchObject({ state: 'success' });
  expect((await kit.admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `PS0000${orderId}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: orderId })).body.code).toBe(200);
  const row = await t.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await t.db.selectFrom('order_lines').select(['id', 'goods_id', 'quantity', 'line_total_minor']).where('order_id', '=', orderId).execute();
  const lineOf = (goodsId: number) => lines.find((l) => l.goods_id === goodsId)!;
  return { orderId, row, dressLine: lineOf(dress.goodsId), shirtLine: lineOf(shirt.goodsId) };
}

/** Returned, approved (less than it may refund by `less`), received and refunded: what the case refunded. */
async function returned(m: Member, orderId: number, line: { id: number; quantity: number }, less = 0) {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line.id, qty: line.quantity }] });
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.case_id as number;
  const reduced = less > 0 ? { refund_amount: Number((await kit.caseRow(id)).refundable_minor) - less, refund_reason: 'One T-shirt was worn' } : {};
  expect((await kit.admin('/admin/api/after-sales/approve', { id, ...reduced })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  const done = await kit.admin('/admin/api/after-sales/refund', { id });
  expect(done.body.data.status).toBe('refunded');
  return done.body.data.refunded as number;
}

/** The points moved to (+) or from (−) the member by the order's journal entries of `kind`, summed. */
async function pointsMoved(userId: number, orderId: number, kind: string) {
  const rows = await t.db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select('p.amount')
    .where('e.kind', '=', kind)
    .where('e.reference_type', '=', 'order')
    .where('e.reference_id', '=', String(orderId))
    .where('a.member_id', '=', userId)
    .execute();
  return rows.reduce((s, r) => s + Number(r.amount), 0);
}

/** The goods paid split over the two lines by their prices, by the largest remainder: the dress line's share. */
function dressShareOf(goodsPaid: number, dressTotal: number, shirtTotal: number) {
  const weight = dressTotal + shirtTotal;
  const floors = [Math.floor((goodsPaid * dressTotal) / weight), Math.floor((goodsPaid * shirtTotal) / weight)];
  const remainders = [(goodsPaid * dressTotal) % weight, (goodsPaid * shirtTotal) % weight];
  const leftover = goodsPaid - floors[0]! - floors[1]!;
  // Two lines: at most one unit is left over, to the larger remainder (the earlier line on a tie).
  return floors[0]! + (leftover > 0 && remainders[0]! >= remainders[1]! ? 1 : 0);
}

describe('points given back and taken back on a partial return', () => {
  it('freight paid: the dress returned gives back its share of the spent points over what was paid for the goods (428 of 1,000), and the rest of the order the remainder exactly', async () => {
    await freightOf(800);
    const m = await kit.shopper();
    const before = await balanceOf(t.db, m.userId, 'points', 'XXX');
    const o = await probeOrder(m);
    const total = Number(o.row.total_minor);
    const freight = Number(o.row.freight_minor);
    // The order: 146.99 + 2 × 97.99 − 5.00 − 10.00 (1,000 points) + 8.00 freight = 335.97.
    expect({ freight, coupon: Number(o.row.coupon_discount_minor), points: Number(o.row.points_used), pointsValue: Number(o.row.points_value_minor), total }).toEqual({ freight: 800, coupon: COUPON, points: POINTS, pointsValue: 1_000, total: 33_597 });
    const earned = Number(o.row.points_earned);
    expect(earned).toBeGreaterThan(0);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(before + earned);

    const goodsPaid = total - freight;
    const dressShare = dressShareOf(goodsPaid, Number(o.dressLine.line_total_minor), Number(o.shirtLine.line_total_minor));
    // The apply page says beforehand the points that will come back: 428.
    expect(await kit.refundEstimate(m, o.orderId, `${o.dressLine.id}:${o.dressLine.quantity}`)).toMatchObject({ refund: dressShare, points: 428, shopping_points: 0 });
    const dressRefund = await returned(m, o.orderId, o.dressLine);
    expect(dressRefund).toBe(dressShare);
    // Points pay for goods only: the share is of what was paid for the goods, not of the freight too.
    const spentBack = Math.floor((POINTS * dressRefund) / goodsPaid);
    const earnedBack = Math.floor((earned * dressRefund) / goodsPaid);
    expect(spentBack).toBe(428);
    expect({ spentBack: await pointsMoved(m.userId, o.orderId, 'order.points.refund'), earnedBack: -(await pointsMoved(m.userId, o.orderId, 'order.points.reverse')) }).toEqual({ spentBack, earnedBack });
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(before + earned + spentBack - earnedBack);

    // The T-shirts too: the freight comes back with them, and the rest of the points, exactly (as said before).
    expect(await kit.refundEstimate(m, o.orderId, `${o.shirtLine.id}:${o.shirtLine.quantity}`)).toMatchObject({ refund: goodsPaid - dressShare + freight, points: POINTS - spentBack });
    expect(await returned(m, o.orderId, o.shirtLine)).toBe(goodsPaid - dressShare + freight);
    expect(await pointsMoved(m.userId, o.orderId, 'order.points.refund')).toBe(POINTS);
    expect(-(await pointsMoved(m.userId, o.orderId, 'order.points.reverse'))).toBe(earned);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(before + POINTS);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('the last return refunded 3.00 less: the freight it carries gives back no points, the goods refunded their share', async () => {
    await freightOf(800);
    const m = await kit.shopper();
    const o = await probeOrder(m);
    const freight = Number(o.row.freight_minor);
    const goodsPaid = Number(o.row.total_minor) - freight;
    const earned = Number(o.row.points_earned);
    const dressRefund = await returned(m, o.orderId, o.dressLine);
    // The T-shirts' refund carries the freight, less 3.00: 3.00 of their goods was not refunded.
    const shirtsRefund = await returned(m, o.orderId, o.shirtLine, 300);
    expect(shirtsRefund).toBe(goodsPaid - dressRefund + freight - 300);
    const goodsRefunded = goodsPaid - 300;
    expect({ spentBack: await pointsMoved(m.userId, o.orderId, 'order.points.refund'), earnedBack: -(await pointsMoved(m.userId, o.orderId, 'order.points.reverse')) }).toEqual({
      spentBack: Math.floor((POINTS * goodsRefunded) / goodsPaid),
      earnedBack: Math.floor((earned * goodsRefunded) / goodsPaid),
    });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('no freight: the shares are of the whole total, as before', async () => {
    await freightOf(0);
    const m = await kit.shopper();
    const before = await balanceOf(t.db, m.userId, 'points', 'XXX');
    const o = await probeOrder(m);
    const total = Number(o.row.total_minor);
    expect({ freight: Number(o.row.freight_minor), total }).toEqual({ freight: 0, total: 32_797 });
    const earned = Number(o.row.points_earned);
    const dressRefund = await returned(m, o.orderId, o.dressLine);
    expect(dressRefund).toBe(dressShareOf(total, Number(o.dressLine.line_total_minor), Number(o.shirtLine.line_total_minor)));
    expect(await pointsMoved(m.userId, o.orderId, 'order.points.refund')).toBe(Math.floor((POINTS * dressRefund) / total));
    expect(-(await pointsMoved(m.userId, o.orderId, 'order.points.reverse'))).toBe(Math.floor((earned * dressRefund) / total));
    expect(await returned(m, o.orderId, o.shirtLine)).toBe(total - dressRefund);
    expect(await pointsMoved(m.userId, o.orderId, 'order.points.refund')).toBe(POINTS);
    expect(-(await pointsMoved(m.userId, o.orderId, 'order.points.reverse'))).toBe(earned);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(before + POINTS);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
