import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { autoCompleteOrder } from '../../orders/orders.service.js';
import { referralKit } from '../../referral/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// An order returned while still on its way (shipped, not yet received): when all of it was
// returned and refunded, its receipt could still be confirmed, which completed it. Returned and
// refunded whole, the order is refunded: nothing to receive, nothing to ask, nothing earned. Partly
// returned, it goes on to completion and settles on what was kept.

let t: TestApp;
let sales: AfterSalesKit;
let team: ReturnType<typeof referralKit>;
beforeAll(async () => {
  t = await buildTestApp();
  sales = await afterSalesKit(t);
  team = referralKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const orderRow = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const commissionsOf = (orderId: number) => t.db.selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('level').execute();
const pvOf = (orderId: number) => t.db.selectFrom('pv_entries').select('pv').where('order_id', '=', orderId).execute();
const points = (m: Member) => balanceOf(t.db, m.userId, 'points', 'XXX');

/** A return of these units through a whole case (submitted, approved, goods received, refunded): answers what it refunded. */
async function refundedReturn(m: Member, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) {
  const id = (await sales.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines })).body.data.case_id as number;
  expect((await sales.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await sales.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  const refunded = await sales.admin('/admin/api/after-sales/refund', { id, reason: 'returned' });
  expect(refunded.body.data.status).toBe('refunded');
  return Number((await sales.caseRow(id)).refunded_minor);
}

/** A buyer invited by a placed sponsor, and a shipped order of theirs (2 × 7.00 at 50 PV, 1 × 3.00 at 30 PV) not yet received. */
async function shippedOrderOfInvitee() {
  const sponsor = await team.placedSponsor('sponsor');
  const buyer = await sales.shopper();
  await t.db.updateTable('users').set({ referrer_id: sponsor.userId } as never).where('id', '=', buyer.userId).execute();
  const o = await sales.boughtOrder(buyer, { receive: false });
  await t.db.updateTable('order_lines').set({ pv: 50 } as never).where('id', '=', o.lines[0]!.id).execute();
  await t.db.updateTable('order_lines').set({ pv: 30 } as never).where('id', '=', o.lines[1]!.id).execute();
  expect((await orderRow(o.orderId)).status).toBe('shipped');
  // 5 % of the 17.00 of goods pending for the sponsor (and the plan's level 2 for theirs).
  expect((await commissionsOf(o.orderId)).map((c) => [c.beneficiary_id, c.status, Number(c.amount_minor)])).toContainEqual([sponsor.userId, 'pending', 85]);
  return { sponsor, buyer, o };
}

describe('an order returned before it was received', () => {
  it('returned and refunded whole: the order is refunded, its receipt cannot be confirmed nor come by itself, nothing more is offered, nothing is earned', async () => {
    const { sponsor, buyer, o } = await shippedOrderOfInvitee();
    const earned = Number((await orderRow(o.orderId)).points_earned);
    expect(earned).toBeGreaterThan(0);
    const pointsBefore = await points(buyer);
    const rewards = await balanceOf(t.db, sponsor.userId, 'rewards', 'USD');

    expect(await refundedReturn(buyer, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 2 }, { order_line_id: o.lines[1]!.id, qty: 1 }])).toBe(o.total);

    // The order is over: refunded, as the member reads it, and nothing left to do with it.
    const info = (await sales.get(buyer, `/shop/order/info?id=${o.orderId}`)).body.data;
    expect(info).toMatchObject({ status: 'refunded', returned: { all: true }, actions: { can_after_sale: false, can_review: false } });
    const confirm = await sales.post(buyer, '/shop/order/confirmReceipt', { id: o.orderId });
    expect(confirm.body.code).toBe(ResponseCode.orderState);
    expect((await sales.post(buyer, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data.kinds).toEqual([]);
    const exchange = await sales.post(buyer, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(exchange.body.code).toBe(ResponseCode.afterSaleNotAllowed);
    // Operators read in its history that it was returned and refunded (the move, in the same transaction as the last refund).
    const history = (await sales.adminGet(`/admin/api/orders/info?id=${o.orderId}`)).body.data.events as Array<{ kind: string; from_status: string | null; to_status: string | null }>;
    expect(history.at(-1)).toMatchObject({ kind: 'returned', from_status: 'shipped', to_status: 'refunded' });
    // Its automatic completion, when its days are up, leaves it as it is.
    await t.db.updateTable('order_packages').set({ shipped_at: new Date(Date.now() - 400 * 86_400_000) }).where('order_id', '=', o.orderId).execute();
    expect(await autoCompleteOrder(t.deps, jobActor('auto_complete_order', o.orderId), o.orderId)).toBe(false);
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'refunded', completed_at: null, settled_at: null });
    expect(await settleOrder(t.deps, jobActor('settle_order', o.orderId), o.orderId)).toBe(false);

    // Nothing is earned on it: the commission void, no PV, the sponsor's rewards unchanged, no points for the buyer.
    const voided = await commissionsOf(o.orderId);
    expect(voided.length).toBeGreaterThan(0);
    expect(voided.map((c) => [c.status, Number(c.posted_minor ?? 0)])).toEqual(voided.map(() => ['void', 0]));
    expect(await pvOf(o.orderId)).toEqual([]);
    expect(await balanceOf(t.db, sponsor.userId, 'rewards', 'USD')).toBe(rewards);
    expect((await team.get(sponsor, '/user/spread/total')).body.data.commission_pending).toEqual([]);
    expect(await points(buyer)).toBe(pointsBefore);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('partly returned and refunded: it stays on its way, its receipt completes it with the points of what was kept, and it settles on what was kept', async () => {
    const { sponsor, buyer, o } = await shippedOrderOfInvitee();
    const earned = Number((await orderRow(o.orderId)).points_earned);
    const pointsBefore = await points(buyer);
    const rewards = await balanceOf(t.db, sponsor.userId, 'rewards', 'USD');

    const back = await refundedReturn(buyer, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 1 }]);
    expect(back).toBe(700);
    expect((await orderRow(o.orderId)).status).toBe('shipped');
    expect((await sales.post(buyer, '/shop/order/confirmReceipt', { id: o.orderId })).body.data).toEqual({ id: o.orderId, status: 'completed' });
    // The points of what was kept: the refunded share withheld before crediting.
    const kept = (n: number) => Math.floor((n * (o.total - back)) / o.total);
    expect((await points(buyer)) - pointsBefore).toBe(earned - (Math.floor((earned * back) / o.total)));

    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', o.orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', o.orderId), o.orderId)).toBe(true);
    expect(o.freight).toBe(0);
    const settled = await commissionsOf(o.orderId);
    expect(settled.map((c) => [c.status, Number(c.posted_minor)])).toEqual(settled.map((c) => ['settled', kept(Number(c.amount_minor))]));
    expect(settled.find((c) => c.beneficiary_id === sponsor.userId)).toMatchObject({ amount_minor: 85 });
    // The PV of the units kept: one of the two 50 PV units came back.
    expect(await pvOf(o.orderId)).toEqual([{ pv: 80 }]);
    expect(await balanceOf(t.db, sponsor.userId, 'rewards', 'USD')).toBe(rewards + kept(85));
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
