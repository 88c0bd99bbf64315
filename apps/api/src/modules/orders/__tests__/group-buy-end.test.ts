import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { jobActor } from '../../../lib/actor.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { opsAuthenticators, opsOperators } from '../../../ops/__tests__/ops-operators.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';

// An operator ending a group buy early: its open groups can get no one new, so they are decided at
// once as at their deadline — failed and refunded (or filled virtually, as the activity allows) —
// not left "waiting for more people" for up to a day with the members' money held.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
/** `--code` and the current code of the operator's authenticator (ending a group buy refunds: it needs one). */
let code: (name: string) => Promise<string[]>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  await opsOperators(t.db, { olivia: 'owner' });
  code = await opsAuthenticators(t.db, ['olivia']);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers, lang: 'en-us' });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body, lang: 'en-us' });
const endCall = (id: number) => post('/admin/api/orders/group-buys/end', { id, reason: 'Supplier cannot deliver' }, owner.headers);

async function activity(opts: { size?: number; virtual?: number; quantity?: number } = {}) {
  const g = await newGoods(t.db, [{ price: 2000, stock: 30 }]);
  const r = await post(
    '/admin/api/orders/group-buys',
    { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: opts.size ?? 3, fill_hours: 24, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), price: 1500, per_order_limit: 2, per_member_limit: 2, quantity: opts.quantity ?? 6, virtual_fill_percent: opts.virtual ?? 0 },
    owner.headers,
  );
  expect(r.body.code).toBe(200);
  return { id: r.body.data.id as number, skuId: g.skuIds[0]! };
}

/** A member with a wallet and an address who orders in a group (a new one without `groupId`), paying from the wallet when asked. */
async function shopper(activityId: number, groupId?: number, opts: { pay?: boolean } = { pay: true }) {
  const m = await walletMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const placed = await post('/shop/pintuan/buy', { activity_id: activityId, group_id: groupId, num: 1, address_id: addressId }, m.keyed());
  expect(placed.body.code).toBe(200);
  const order = placed.body.data as { order_id: number; group_id: number; total: number; currency: string };
  await fund(t.db, m.userId, order.total, order.currency);
  if (opts.pay) expect((await post('/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD }, m.keyed())).body.data.state).toBe('success');
  return { ...m, order };
}

const groupOf = (id: number) => t.db.selectFrom('group_buy_groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundsOf = (orderId: number) =>
  t.db.selectFrom('payment_refunds as r').innerJoin('payments as p', 'p.id', 'r.payment_id').select(['r.amount_minor', 'r.status']).where('p.payable_type', '=', 'order').where('p.payable_id', '=', orderId).execute();
const refundRequests = async (orderId: number) => (await t.db.selectFrom('order_events').select('id').where('order_id', '=', orderId).where('kind', '=', 'refund_requested').execute()).length;
/** Makes the group's own deadline job due now (its time passed). */
const deadlinePassed = async (groupId: number) => {
  await t.db.updateTable('group_buy_groups').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', groupId).execute();
  await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`group-decide:${groupId}`}`.execute(t.db);
};

describe('ending a group buy early', () => {
  it('fails its open group at once: the paid member is refunded in full exactly once, the unpaid order cancelled, the group no longer offered', async () => {
    const a = await activity({ size: 3 });
    const leader = await shopper(a.id);
    const unpaid = await shopper(a.id, leader.order.group_id, { pay: false });
    const offered = await get(`/shop/pintuan/goodsTuanList?activity_id=${a.id}`, leader.headers);
    expect(offered.body.data.list).toMatchObject([{ id: leader.order.group_id, needed: 2 }]);
    expect(await balanceOf(t.db, leader.userId, 'cash', 'USD')).toBe(0);

    const ended = await endCall(a.id);
    expect(ended.body).toMatchObject({ code: 200, data: { id: a.id, returned: 6, failed_groups: 1, filled_groups: 0, refunded_orders: 1, cancelled_orders: 1 } });

    // What the members see at once: the group failed, not "waiting for more people"; nothing is offered.
    // Their order says the group buy ended before the group's time ran out (not that it ran out).
    expect(await groupOf(leader.order.group_id)).toMatchObject({ status: 'failed' });
    expect((await get(`/shop/pintuan/goodsTuanList?activity_id=${a.id}`, leader.headers)).body.data.list).toEqual([]);
    expect((await get(`/shop/order/info?id=${leader.order.order_id}`, leader.headers)).body.data).toMatchObject({ status: 'refunding', group_buy: { status: 'ended' } });
    expect((await orderRow(t.db, unpaid.order.order_id)).status).toBe('cancelled');
    // Every unit is back in the SKU: the 4 the pool held and the 2 of the two orders.
    expect(await stockOf(t.db, a.skuId)).toBe(30);

    await reconcilePayments(t.deps, jobActor('reconcile_payments', 1));
    expect((await orderRow(t.db, leader.order.order_id)).status).toBe('refunded');
    expect(await balanceOf(t.db, leader.userId, 'cash', 'USD')).toBe(1500);
    // The group's own deadline job, later runs of the refunds and a second end give nothing more.
    await deadlinePassed(leader.order.group_id);
    await runDueJobs(t.deps);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 2));
    expect((await post('/admin/api/orders/group-buys/end', { id: a.id, reason: 'Ended twice' }, owner.headers)).body.code).toBe(ResponseCode.groupBuyNotActive);
    expect(await balanceOf(t.db, leader.userId, 'cash', 'USD')).toBe(1500);
    expect(await refundsOf(leader.order.order_id)).toEqual([{ amount_minor: 1500, status: 'succeeded' }]);
    expect(await refundRequests(leader.order.order_id)).toBe(1);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('ended with two paid orders in an unfilled group: the SKU gets every unit back exactly once, and the operator is told how many', async () => {
    const a = await activity({ size: 3, quantity: 10 });
    expect(await stockOf(t.db, a.skuId)).toBe(20);
    const leader = await shopper(a.id);
    const second = await shopper(a.id, leader.order.group_id);
    const before = await stockOf(t.db, a.skuId);
    const said = await runOpsCommand(t.db, ['order', 'group-buy', 'end', String(a.id), '--reason', 'Supplier cannot deliver', ...(await code('olivia'))], 'olivia');
    const back = Number(/: (\d+) unit\(s\) back in the SKU's stock;/.exec(said)?.[1]);
    // What the operator reads is what came back: the pool's 8 and the 2 units of the two paid orders.
    expect(back).toBe(10);
    expect((await stockOf(t.db, a.skuId)) - before).toBe(back);
    expect(said).toMatch(/; 1 open group\(s\) failed: 2 paid order\(s\) refunded in full, 0 unpaid order\(s\) cancelled;/);
    const recorded = await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'group_buy').where('target_id', '=', a.id).where('action', 'like', 'group_buy.end%').executeTakeFirstOrThrow();
    expect(recorded.action).toBe('group_buy.end returned=10 failed=1 filled=0 refunded=2 cancelled=0');

    // The payments job refunds both orders; the group's own deadline and later runs change nothing more.
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 30));
    for (const m of [leader, second]) expect((await orderRow(t.db, m.order.order_id)).status).toBe('refunded');
    await deadlinePassed(leader.order.group_id);
    await runDueJobs(t.deps);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 31));
    expect(await stockOf(t.db, a.skuId)).toBe(30);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('fills a group virtually at the end when enough of it paid, as the activity allows: its orders stay paid', async () => {
    const a = await activity({ size: 3, virtual: 60 });
    const leader = await shopper(a.id);
    await shopper(a.id, leader.order.group_id);
    const ended = await endCall(a.id);
    expect(ended.body.data).toMatchObject({ failed_groups: 0, filled_groups: 1, refunded_orders: 0 });
    expect(await groupOf(leader.order.group_id)).toMatchObject({ status: 'succeeded', virtual: true, member_count: 2 });
    expect((await orderRow(t.db, leader.order.order_id)).status).toBe('paid');
  });

  it('the command says what happened to the open groups', async () => {
    const a = await activity({ size: 3 });
    const leader = await shopper(a.id);
    const said = await runOpsCommand(t.db, ['order', 'group-buy', 'end', String(a.id), '--reason', 'Supplier cannot deliver', ...(await code('olivia'))], 'olivia');
    expect(said).toMatch(new RegExp(`^group buy #${a.id} ended at .*: 6 unit\\(s\\) back in the SKU's stock; 1 open group\\(s\\) failed: 1 paid order\\(s\\) refunded in full, 0 unpaid order\\(s\\) cancelled; 0 group\\(s\\) filled virtually$`));
    expect(await groupOf(leader.order.group_id)).toMatchObject({ status: 'failed' });
    expect((await orderRow(t.db, leader.order.order_id)).status).toBe('refunding');
  });

  it('at its end date an activity decides its open groups too: nobody can join them any more', async () => {
    const a = await activity({ size: 3 });
    const leader = await shopper(a.id);
    await t.db.updateTable('group_buy_activities').set({ ends_at: new Date(Date.now() - 1000) }).where('id', '=', a.id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`group-buy-close:${a.id}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('close_group_buy');
    expect(await groupOf(leader.order.group_id)).toMatchObject({ status: 'failed' });
    expect((await orderRow(t.db, leader.order.order_id)).status).toBe('refunding');
    expect(await stockOf(t.db, a.skuId)).toBe(30);
  });

  it('racing the group’s own deadline job, the group is decided once and its member refunded once (8 runs)', async () => {
    for (let run = 0; run < 8; run++) {
      const a = await activity({ size: 3 });
      const leader = await shopper(a.id);
      await deadlinePassed(leader.order.group_id);
      const [ended] = await Promise.all([endCall(a.id), runDueJobs(t.deps)]);
      expect(ended.body.code).toBe(200);
      // Whichever of the two came first decided it (the end says so only when it did).
      expect([0, 1]).toContain(ended.body.data.failed_groups);
      expect(ended.body.data.failed_groups).toBe(ended.body.data.refunded_orders);
      expect(await groupOf(leader.order.group_id)).toMatchObject({ status: 'failed' });
      await reconcilePayments(t.deps, jobActor('reconcile_payments', 10 + run));
      await runDueJobs(t.deps);
      expect((await orderRow(t.db, leader.order.order_id)).status).toBe('refunded');
      expect(await refundRequests(leader.order.order_id)).toBe(1);
      expect(await refundsOf(leader.order.order_id)).toEqual([{ amount_minor: 1500, status: 'succeeded' }]);
      expect(await balanceOf(t.db, leader.userId, 'cash', 'USD')).toBe(1500);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);
});
