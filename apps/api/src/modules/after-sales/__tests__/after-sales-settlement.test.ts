import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { stockOf } from '../../cart/__tests__/fixtures.js';
import { jobActor } from '../../../lib/actor.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { startFakeTrackingServer } from '../../../providers/tracking/fake-tracking-server.js';
import { finishPendingCaseRefunds } from '../after-sales.console.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

let t: TestApp;
let kit: AfterSalesKit;
let tracking: Awaited<ReturnType<typeof startFakeTrackingServer>>;
beforeAll(async () => {
  tracking = await startFakeTrackingServer({ kuaidi100: { customer: 'CUSTOMER-AS', key: 'kd100-as' }, track17: { token: 'unused' } });
  t = await buildTestApp({ KUAIDI100_CUSTOMER: 'CUSTOMER-AS', KUAIDI100_KEY: 'kd100-as', KUAIDI100_URL: tracking.url });
  kit = await afterSalesKit(t);
});
afterAll(async () => {
  await t.close();
  await tracking.close();
});

const orderRow = (id: number) => t.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The job of `key` is due now. */
const dueNow = (key: string) => sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${key}`.execute(t.db);
/** The member's after-sales messages, oldest first (the order's own messages aside). */
const messagesOf = async (memberId: number) => (await t.db.selectFrom('member_messages').select('kind').where('member_id', '=', memberId).where('kind', 'like', 'after_sale.%').orderBy('id').execute()).map((m) => m.kind);

describe('the settled moment', () => {
  it('waits for the return window (an operator setting) and for every open case: a case open at the window’s end holds the order until it ends', async () => {
    await t.db.updateTable('after_sale_settings').set({ return_days: 10 }).execute();
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const completed = new Date((await orderRow(o.orderId)).completed_at!).getTime();
    expect(new Date((await orderRow(o.orderId)).settles_at!).getTime()).toBe(completed + 10 * 86_400_000);
    await t.db.updateTable('after_sale_settings').set({ return_days: 7 }).execute();

    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id;
    // The window has passed; the case is open: the order waits.
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 8 * 86_400_000) }).where('id', '=', o.orderId).execute();
    await dueNow(`order-settle:${o.orderId}`);
    await runDueJobs(t.deps);
    expect(await orderRow(o.orderId)).toMatchObject({ settled_at: null, settles_at: null });

    // The case ends: the order is scheduled again and settles.
    expect((await kit.admin('/admin/api/after-sales/reject', { id, reason: 'Not in the original box' })).body.code).toBe(200);
    expect((await orderRow(o.orderId)).settles_at).not.toBeNull();
    await dueNow(`order-settle:${o.orderId}`);
    await runDueJobs(t.deps);
    expect((await orderRow(o.orderId)).settled_at).not.toBeNull();

    // Settled: its money is final, so no return; an exchange is still possible within its window.
    const apply = (await kit.post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data;
    expect(apply.kinds).toEqual(['exchange']);
    expect(apply.deadlines.return).toBeNull();
    expect((await kit.post(m, '/attractive/AfterSales/submit', { case_id: id })).body.code).toBe(ResponseCode.afterSaleNotAllowed);
  });
});

describe('jobs and the member’s receipt', () => {
  it('a case whose goods were not sent back in time closes by its job, its replacement stock returned and the member told', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const target = o.goods.skuIds[2]!;
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 1, exchange_sku_id: target }] })).body.data.case_id;
    const stock = await stockOf(t.db, target);
    await kit.admin('/admin/api/after-sales/approve', { id });
    expect(await stockOf(t.db, target)).toBe(stock - 1);
    // Not yet due: it stays.
    await dueNow(`after-sale-close:${id}`);
    await runDueJobs(t.deps);
    expect((await kit.caseRow(id)).status).toBe('awaiting_return');

    await t.db.updateTable('after_sales').set({ ship_back_by: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    await dueNow(`after-sale-close:${id}`);
    await runDueJobs(t.deps);
    expect((await kit.caseRow(id)).status).toBe('closed');
    expect(await stockOf(t.db, target)).toBe(stock);
    expect(await messagesOf(m.userId)).toEqual(['after_sale.approved', 'after_sale.expired']);
    expect(await kit.eventsOf(id)).toEqual(['submitted:under_review', 'approved:awaiting_return', 'closed:closed']);
    const read = await kit.get(m, '/user/message/list?kind=after_sale');
    expect(read.body.data.list[0].text).toBe(`Case ${(await kit.caseRow(id)).case_no} was closed because the goods were not sent back in time.`);
  });

  it('receipt completes an exchange whose replacement shipped (the buyer only); unconfirmed, its job completes it in time', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const open = async (line: number) => {
      const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: line, qty: 1 }] })).body.data.case_id;
      await kit.admin('/admin/api/after-sales/approve', { id });
      await kit.admin('/admin/api/after-sales/receive', { id });
      return id as number;
    };
    const id = await open(o.lines[0]!.id);
    expect((await kit.post(m, '/attractive/AfterSales/receipt', { case_id: id })).body.code).toBe(ResponseCode.afterSaleState);
    await kit.admin('/admin/api/after-sales/ship', { id, carrier: 'DHL', tracking_number: 'RP7777' });
    const other = await kit.shopper();
    expect((await kit.post(other, '/attractive/AfterSales/receipt', { case_id: id })).body.code).toBe(ResponseCode.afterSaleNotFound);
    expect((await kit.post(m, '/attractive/AfterSales/receipt', { case_id: id })).body.data).toEqual({ case_id: id, status: 'completed' });
    expect((await kit.post(m, '/attractive/AfterSales/receipt', { case_id: id })).body.code).toBe(ResponseCode.afterSaleState);
    // The member holds goods again: the unit may be asked about anew (a return here).
    expect((await kit.post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data.lines[0]).toMatchObject({ left: 2, in_cases: 0 });

    const late = await open(o.lines[1]!.id);
    await kit.admin('/admin/api/after-sales/ship', { id: late, carrier: 'DHL', tracking_number: 'RP8888' });
    await t.db.updateTable('after_sales').set({ replacement_shipped_at: new Date(Date.now() - 8 * 86_400_000) }).where('id', '=', late).execute();
    await dueNow(`after-sale-complete:${late}`);
    await runDueJobs(t.deps);
    expect((await kit.caseRow(late)).status).toBe('completed');
    expect(await kit.eventsOf(late)).toEqual(['submitted:under_review', 'approved:awaiting_return', 'received:received', 'replacement_shipped:replacement_shipped', 'completed:completed']);
    // No carrier reported it delivered: the case page does not say it was signed for, and the member is told.
    const shown = (await kit.get(m, `/attractive/AfterSales/info?id=${late}`)).body.data;
    expect(shown.replacement_shipment).toMatchObject({ tracking_number: 'RP8888', status: 'in_transit' });
    const told = (await kit.get(m, '/user/message/list?kind=after_sale')).body.data.list[0];
    expect(told.text).toBe(`Case ${(await kit.caseRow(late)).case_no} was completed, as the receipt of its replacement was not confirmed within 7 days. If it has not reached you, please contact customer service.`);
  });

  it('an unconfirmed replacement completes its days after its carrier delivered it, not after it shipped', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] })).body.data.case_id as number;
    await kit.admin('/admin/api/after-sales/approve', { id });
    await kit.admin('/admin/api/after-sales/receive', { id });
    await kit.admin('/admin/api/after-sales/ship', { id, carrier: 'yuantong', tracking_number: `YT${id}77` });
    // Shipped 8 days ago, delivered 2 days ago (the carrier's word): 5 days are left of the 7.
    const delivered = new Date(Math.floor((Date.now() - 2 * 86_400_000) / 1000) * 1000);
    tracking.scan('kuaidi100', 'yuantong', `YT${id}77`, { time: new Date(Date.now() - 8 * 86_400_000), place: 'Shenzhen', text: 'Picked up' });
    tracking.scan('kuaidi100', 'yuantong', `YT${id}77`, { time: delivered, place: 'Kuala Lumpur', text: 'Delivered, signed by the recipient', delivered: true });
    await t.db.updateTable('after_sales').set({ replacement_shipped_at: new Date(Date.now() - 8 * 86_400_000) }).where('id', '=', id).execute();
    await dueNow(`after-sale-complete:${id}`);
    await runDueJobs(t.deps);
    expect(await kit.caseRow(id)).toMatchObject({ status: 'replacement_shipped', replacement_signed_at: delivered });
    const next = await sql<{ run_at: Date }>`select run_at from graphile_worker._private_jobs where key = ${`after-sale-complete:${id}`}`.execute(t.db);
    expect(new Date(next.rows[0]!.run_at).getTime()).toBe(delivered.getTime() + 7 * 86_400_000);
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.replacement_shipment.status).toBe('signed');
    expect(await messagesOf(m.userId)).not.toContain('after_sale.completed');

    // Its days after delivery are up: completed, and the member told.
    await t.db.updateTable('after_sales').set({ replacement_signed_at: new Date(Date.now() - 8 * 86_400_000) }).where('id', '=', id).execute();
    await dueNow(`after-sale-complete:${id}`);
    await runDueJobs(t.deps);
    expect((await kit.caseRow(id)).status).toBe('completed');
    expect(await messagesOf(m.userId)).toContain('after_sale.completed');
  });
});

describe('the refund sweep', () => {
  it('a case left refunding (its refund cut short) is refunded by the sweep, once', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id;
    await kit.admin('/admin/api/after-sales/approve', { id });
    await kit.admin('/admin/api/after-sales/receive', { id });
    // The operator's refund moved it to refunding and stopped before the payments area was asked.
    await t.db.updateTable('after_sales').set({ status: 'refunding' }).where('id', '=', id).execute();
    const cash = await balanceOf(t.db, m.userId, 'cash', o.currency);
    const refund = Number((await kit.caseRow(id)).refund_minor);
    expect(await finishPendingCaseRefunds(t.deps, jobActor('finish_after_sale_refunds', 1))).toBeGreaterThanOrEqual(1);
    expect(await kit.caseRow(id)).toMatchObject({ status: 'refunded', refunded_minor: refund });
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + refund);
    await finishPendingCaseRefunds(t.deps, jobActor('finish_after_sale_refunds', 2));
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + refund);
  });
});

describe('points spent at checkout', () => {
  it('come back in the share of each partial return, and all of them once the whole order is returned', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m, { spendPoints: 500 });
    expect(Number((await orderRow(o.orderId)).points_used)).toBe(500);
    const points = () => balanceOf(t.db, m.userId, 'points', 'XXX');
    const before = await points();
    const returnOf = async (line: number, qty: number) => {
      const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line, qty }] })).body.data.case_id as number;
      expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
      expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
      expect((await kit.admin('/admin/api/after-sales/refund', { id, reason: 'returned' })).body.code).toBe(200);
      expect((await kit.caseRow(id)).status).toBe('refunded');
      return { id, refunded: Number((await kit.caseRow(id)).refunded_minor) };
    };
    // One of the two 7.00 units: the share of the money refunded, rounded down.
    const first = await returnOf(o.lines[0]!.id, 1);
    const firstBack = Math.floor((500 * first.refunded) / o.total);
    expect(firstBack).toBeGreaterThan(0);
    // Net of the earned points taken back in the same share.
    const earned = Number((await orderRow(o.orderId)).points_earned);
    const earnedBack = (refunded: number) => Math.floor((earned * refunded) / o.total);
    expect((await points()) - before).toBe(firstBack - earnedBack(first.refunded));
    expect(await kit.eventsOf(first.id)).toContain('points_returned:');
    // The member reads the event's figures in their words, never the ledger's note.
    const seen = (await kit.get(m, `/attractive/AfterSales/info?id=${first.id}`)).body.data.events.find((e: { kind: string }) => e.kind === 'points_returned');
    expect(seen).toMatchObject({ reason: `${firstBack} points and 0 shopping points returned` });
    // The rest of the order: every point spent is back, exactly.
    await returnOf(o.lines[0]!.id, 1);
    await returnOf(o.lines[1]!.id, 1);
    // Every point spent is back, and every point earned taken back.
    expect((await points()) - before).toBe(500 - earned);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
