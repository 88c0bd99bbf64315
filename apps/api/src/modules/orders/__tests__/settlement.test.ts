import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { settleDueOrders, settleOrder, settlementHooks } from '../order-settlement.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOperatorSession(t.db, 'support');
});
afterAll(() => t.close());

const post = (url: string, body: unknown, headers?: Record<string, string>) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };
const job = systemActor('settle-test');

/** A member's order, paid, shipped and confirmed received. */
async function completedOrder() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 900, stock: 9 }]);
  const placed = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId, remarks: '' }, m.headers)).body.data;
  await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }));
  const shipped = await post('/admin/api/orders/ship', { order_id: placed.order_id, carrier: 'DHL', tracking_number: `ST0000${placed.order_id}` }, operator.headers);
  expect(shipped.body).toMatchObject({ code: 200 });
  expect((await post('/shop/order/confirmReceipt', { id: placed.order_id }, m.headers)).body.code).toBe(200);
  return { member: m, orderId: placed.order_id as number };
}

/** The days pass: the order was completed `days` ago, and its settlement job is due. */
async function completedDaysAgo(orderId: number, days: number) {
  await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - days * 86_400_000), settles_at: new Date(Date.now() - 1000) }).where('id', '=', orderId).execute();
  await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`order-settle:${orderId}`}`.execute(t.db);
}

describe('the settled moment', () => {
  it('a completed order settles once its window has passed (7 days by default): once, with its event, the areas earning on it once', async () => {
    const earned: number[] = [];
    const earn = async (_tx: unknown, _actor: unknown, order: { id: number }) => void earned.push(order.id);
    settlementHooks.onSettled.push(earn);
    try {
      const { member, orderId } = await completedOrder();
      const row = await orderRow(t.db, orderId);
      expect(row.settled_at).toBeNull();
      expect(new Date(row.settles_at!).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
      // Too early: the job waits for the order's time.
      await runDueJobs(t.deps);
      expect(await settleOrder(t.deps, job, orderId)).toBe(false);
      expect((await orderRow(t.db, orderId)).settled_at).toBeNull();

      await completedDaysAgo(orderId, 8);
      expect((await runDueJobs(t.deps)).succeeded).toContain('settle_order');
      expect((await orderRow(t.db, orderId)).settled_at).not.toBeNull();
      // Again, by the job or the sweep: nothing more.
      expect(await settleOrder(t.deps, job, orderId)).toBe(false);
      expect(await settleDueOrders(t.deps, job)).toBe(0);
      expect(earned.filter((id) => id === orderId)).toEqual([orderId]);
      const events = await t.db.selectFrom('order_events').select('kind').where('order_id', '=', orderId).where('kind', '=', 'settled').execute();
      expect(events).toHaveLength(1);
      const info = await call(t, 'GET', `/shop/order/info?id=${orderId}`, { headers: member.headers });
      expect(info.body.data.settled_at).toEqual(expect.any(String));
    } finally {
      settlementHooks.onSettled.splice(settlementHooks.onSettled.indexOf(earn), 1);
    }
  });

  it('an order held by an area (an open after-sales case) waits; once released and scheduled again it settles', async () => {
    const { orderId } = await completedOrder();
    let holding = true;
    const hold = async (_db: unknown, id: number) => holding && id === orderId;
    settlementHooks.holds.push(hold);
    try {
      await completedDaysAgo(orderId, 30);
      await runDueJobs(t.deps);
      const held = await orderRow(t.db, orderId);
      expect(held.settled_at).toBeNull();
      // Held orders are left out of the hourly sweep until their area schedules them again.
      expect(held.settles_at).toBeNull();
      holding = false;
      expect(await settleOrder(t.deps, job, orderId)).toBe(true);
    } finally {
      settlementHooks.holds.splice(settlementHooks.holds.indexOf(hold), 1);
    }
  });

  it('an order that never completed (cancelled, refunded) never settles; 20 concurrent settlements of one order settle it once', async () => {
    const { orderId } = await completedOrder();
    await completedDaysAgo(orderId, 9);
    await t.db.updateTable('orders').set({ status: 'refunded' }).where('id', '=', orderId).execute();
    expect(await settleOrder(t.deps, job, orderId)).toBe(false);

    const other = await completedOrder();
    await completedDaysAgo(other.orderId, 9);
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => settleOrder(t.deps, job, other.orderId)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const events = await t.db.selectFrom('order_events').select('kind').where('order_id', '=', other.orderId).where('kind', '=', 'settled').execute();
    expect(events).toHaveLength(1);
  });

  it('the days before an order settles are an owner’s setting: orders completed after a change settle by it, never before their after-sales window closes', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    // Saved as the settings page does: naming the version of the order times it read.
    const loaded = async () => (await t.db.selectFrom('order_settings').select('updated_at').executeTakeFirstOrThrow()).updated_at.toISOString();
    const setDays = async (days: number) => post('/admin/api/settings/orders', { expiry_minutes: 30, auto_confirm_days: 7, settle_after_days: days, base_updated_at: await loaded(), reason: 'settlement test' }, owner.headers);
    const settlesInDays = async (orderId: number) => (new Date((await orderRow(t.db, orderId)).settles_at!).getTime() - Date.now()) / 86_400_000;
    const before = await completedOrder();
    try {
      // Out of range: refused, with nothing changed.
      for (const days of [-1, 366, 2.5]) expect((await setDays(days)).body.code).toBe(ResponseCode.validation);
      expect((await t.db.selectFrom('order_settings').select('settle_after_days').executeTakeFirstOrThrow()).settle_after_days).toBe(7);

      const longer = await setDays(40);
      expect(longer.body.data.orders).toMatchObject({ settle_after_days: 40 });
      const later = await completedOrder();
      expect(await settlesInDays(later.orderId)).toBeGreaterThan(39.9);
      // An order completed before the change keeps its time.
      expect(await settlesInDays(before.orderId)).toBeLessThan(30);

      // No days at all: the order still waits for its return window to close (7 days by default), when no refund can come any more.
      await setDays(0);
      const soon = await completedOrder();
      const days = await settlesInDays(soon.orderId);
      expect(days).toBeGreaterThan(6.9);
      expect(days).toBeLessThan(7.1);
    } finally {
      await t.db.updateTable('order_settings').set({ settle_after_days: 7 }).execute();
    }
  });
});
