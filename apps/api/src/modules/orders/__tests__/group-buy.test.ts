import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { withTransaction } from '../../../lib/transaction.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { jobActor } from '../../../lib/actor.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };

async function activity(opts: { size?: number; virtual?: number; quantity?: number } = {}) {
  const g = await newGoods(t.db, [{ price: 2000, stock: 30 }]);
  const r = await post(
    '/admin/api/orders/group-buys',
    {
      goods_id: g.goodsId,
      sku_id: g.skuIds[0],
      group_size: opts.size ?? 3,
      fill_hours: 24,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      price: 1500,
      per_order_limit: 2,
      per_member_limit: 2,
      quantity: opts.quantity ?? 10,
      virtual_fill_percent: opts.virtual ?? 0,
    },
    owner.headers,
  );
  expect(r.body.code).toBe(200);
  return { id: r.body.data.id as number, skuId: g.skuIds[0]! };
}

async function member() {
  const m = await newMember(t, `Shopper${Math.random().toString(36).slice(2, 6)}`);
  return { ...m, addressId: await newAddress(t.db, m.userId) };
}

const buy = async (m: Awaited<ReturnType<typeof member>>, activityId: number, groupId?: number, num = 1) =>
  post('/shop/pintuan/buy', { activity_id: activityId, group_id: groupId, num, address_id: m.addressId }, { ...m.headers, 'idempotency-key': `gb-${m.userId}-${activityId}-${groupId ?? 'new'}-${num}` });
const pay = (order: { order_id: number; total: number; currency: string }) => withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: order.order_id, amountMinor: order.total, currency: order.currency }));
const groupOf = (id: number) => t.db.selectFrom('group_buy_groups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const expire = async (groupId: number) => {
  await t.db.updateTable('group_buy_groups').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', groupId).execute();
  await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`group-decide:${groupId}`}`.execute(t.db);
  return runDueJobs(t.deps);
};

describe('group buys', () => {
  it('sets units aside, shows the activity and its open groups, and a full group succeeds once every member paid', async () => {
    const a = await activity();
    expect(await stockOf(t.db, a.skuId)).toBe(20);
    const [leader, second, third] = [await member(), await member(), await member()];
    const opened = await buy(leader, a.id);
    expect(opened.body.data).toMatchObject({ status: 'awaiting_payment', total: 1500 });
    const groupId = opened.body.data.group_id;
    await pay(opened.body.data);
    const list = await get(`/shop/pintuan/goodsTuanList?activity_id=${a.id}`, leader.headers);
    expect(list.body.data.list[0]).toMatchObject({ id: groupId, member_count: 1, size: 3, needed: 2 });
    expect(list.body.data.list[0].leader).toMatch(/^S\*\*\*.$/);
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, leader.headers)).body.data).toMatchObject({ price: 1500, original_price: 2000, remaining: 9, open_groups: 1 });
    expect((await get('/shop/pintuan/goodsList', leader.headers)).body.data.list.some((x: { id: number }) => x.id === a.id)).toBe(true);

    // Nothing ships before the group succeeds.
    const early = await post('/admin/api/orders/ship', { order_id: opened.body.data.order_id, carrier: 'DHL', tracking_number: `GB${groupId}A` }, owner.headers);
    expect(early.body).toMatchObject({ code: ResponseCode.groupNotFilled, msg: 'This order is waiting for its group to fill: it ships once the group is complete' });
    const earlyTh = await post('/admin/api/orders/ship', { order_id: opened.body.data.order_id, carrier: 'DHL', tracking_number: `GB${groupId}T` }, { ...owner.headers, 'think-lang': 'th' });
    expect(earlyTh.body).toMatchObject({ code: ResponseCode.groupNotFilled, msg: 'คำสั่งซื้อนี้กำลังรอให้กลุ่มครบ จะจัดส่งได้เมื่อกลุ่มครบแล้ว' });

    expect((await buy(leader, a.id, groupId)).body.code).toBe(ResponseCode.groupAlreadyJoined);
    const b = await buy(second, a.id, groupId);
    const c = await buy(third, a.id, groupId);
    await pay(b.body.data);
    expect((await groupOf(groupId)).status).toBe('open');
    await pay(c.body.data);
    expect(await groupOf(groupId)).toMatchObject({ status: 'succeeded', member_count: 3, virtual: false });
    const shipped = await post('/admin/api/orders/ship', { order_id: opened.body.data.order_id, carrier: 'DHL', tracking_number: `GB${groupId}B` }, owner.headers);
    expect(shipped.body.code).toBe(200);
  });

  it('a paid order whose chosen group filled meanwhile joins another open group or opens a new one', async () => {
    const a = await activity({ size: 2 });
    const [leader, x, y] = [await member(), await member(), await member()];
    const opened = (await buy(leader, a.id)).body.data;
    await pay(opened);
    const first = (await buy(x, a.id, opened.group_id)).body.data;
    const second = (await buy(y, a.id, opened.group_id)).body.data;
    await pay(first);
    expect((await groupOf(opened.group_id)).status).toBe('succeeded');
    await pay(second);
    const entry = await t.db.selectFrom('group_buy_entries').selectAll().where('order_id', '=', second.order_id).executeTakeFirstOrThrow();
    expect(entry.status).toBe('joined');
    expect(entry.group_id).not.toBe(opened.group_id);
    expect(await groupOf(entry.group_id)).toMatchObject({ status: 'open', member_count: 1, leader_user_id: y.userId });
  });

  it('at its deadline a group that did not fill fails once: paid orders go to refunding, unpaid ones are cancelled, units go back', async () => {
    const a = await activity({ size: 3 });
    const [leader, other] = [await member(), await member()];
    const opened = (await buy(leader, a.id, undefined, 2)).body.data;
    await pay(opened);
    const unpaid = (await buy(other, a.id, opened.group_id)).body.data;
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, leader.headers)).body.data.remaining).toBe(7);
    expect((await expire(opened.group_id)).succeeded).toContain('decide_group');
    expect((await groupOf(opened.group_id)).status).toBe('failed');
    expect((await orderRow(t.db, opened.order_id)).status).toBe('refunding');
    expect((await orderRow(t.db, unpaid.order_id)).status).toBe('cancelled');
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, leader.headers)).body.data.remaining).toBe(10);
    await runDueJobs(t.deps);
    expect((await orderRow(t.db, opened.order_id)).status).toBe('refunding');
  });

  it('a group paid from the wallet that times out: the order ends refunded and the money is back in the wallet once; the ledger holds', async () => {
    const a = await activity({ size: 3 });
    const m = await walletMember(t);
    const addressId = await newAddress(t.db, m.userId);
    const opened = await post('/shop/pintuan/buy', { activity_id: a.id, num: 2, address_id: addressId }, m.keyed());
    expect(opened.body.data).toMatchObject({ status: 'awaiting_payment', total: 3000, currency: 'USD' });
    const { order_id: orderId, group_id: groupId } = opened.body.data;
    await fund(t.db, m.userId, 3000, 'USD');
    const paid = await post('/shop/buy/payOrder', { order_id: orderId, pay_way: 'balance', pay_password: PAY_PASSWORD }, m.keyed());
    expect(paid.body.data).toMatchObject({ state: 'success', balance_part: 3000 });
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    expect(await groupOf(groupId)).toMatchObject({ status: 'open', member_count: 1 });

    expect((await expire(groupId)).succeeded).toContain('decide_group');
    expect((await groupOf(groupId)).status).toBe('failed');
    expect((await orderRow(t.db, orderId)).status).toBe('refunding');
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 1));
    expect((await orderRow(t.db, orderId)).status).toBe('refunded');
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(3000);
    // Later runs of the job and of the group's decision give nothing more.
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 2));
    await runDueJobs(t.deps);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(3000);
    const refunds = await t.db.selectFrom('payment_refunds as r').innerJoin('payments as p', 'p.id', 'r.payment_id').select(['r.amount_minor', 'r.via', 'r.status']).where('p.payable_type', '=', 'order').where('p.payable_id', '=', orderId).execute();
    expect(refunds).toEqual([{ amount_minor: 3000, via: 'ledger', status: 'succeeded' }]);
    expect((await get(`/shop/order/info?id=${orderId}`, m.headers)).body.data).toMatchObject({ status: 'refunded', group_buy: { status: 'failed' } });
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, m.headers)).body.data.remaining).toBe(10);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('fills a group virtually when enough of it paid, as the activity allows', async () => {
    const a = await activity({ size: 3, virtual: 60 });
    const [leader, other] = [await member(), await member()];
    const opened = (await buy(leader, a.id)).body.data;
    await pay(opened);
    await pay((await buy(other, a.id, opened.group_id)).body.data);
    await expire(opened.group_id);
    expect(await groupOf(opened.group_id)).toMatchObject({ status: 'succeeded', virtual: true, member_count: 2 });
    expect((await orderRow(t.db, opened.order_id)).status).toBe('paid');
  });

  it('an operator ends a group buy through the console call: it leaves the list, its units go back to the SKU; a member cannot', async () => {
    const a = await activity({ quantity: 6 });
    const m = await member();
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, m.headers)).body.data.state).toBe('running');
    expect((await post('/admin/api/orders/group-buys/end', { id: a.id, reason: 'x' }, m.headers)).body.code).toBe(ResponseCode.tokenInvalid);
    const ended = await post('/admin/api/orders/group-buys/end', { id: a.id, reason: 'Price error' }, owner.headers);
    expect(ended.body).toMatchObject({ code: 200, data: { id: a.id, returned: 6 } });
    // Its page says it ended (by the server's clock, not the phone's).
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, m.headers)).body.data).toMatchObject({ state: 'ended', remaining: 0 });
    expect(await stockOf(t.db, a.skuId)).toBe(30);
    expect((await get('/shop/pintuan/goodsList', m.headers)).body.data.list.some((x: { id: number }) => x.id === a.id)).toBe(false);
    expect((await buy(m, a.id)).body.code).toBe(ResponseCode.groupBuyNotActive);
  });

  it("the goods' page offers the running group buy (visitors too): group price, size and units left, kept up to date, gone once it ends", async () => {
    const g = await newGoods(t.db, [{ price: 2000, stock: 30 }]);
    const goodsInfo = async () => (await get(`/shop/goods/info?id=${g.goodsId}`)).body.data;
    expect((await goodsInfo()).group_buy).toBeNull();
    const created = await post(
      '/admin/api/orders/group-buys',
      { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 3, fill_hours: 24, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString(), price: 1500, quantity: 10, per_order_limit: 2, per_member_limit: 2 },
      owner.headers,
    );
    const id = created.body.data.id;
    expect((await goodsInfo()).group_buy).toMatchObject({ id, sku_id: g.skuIds[0], price: 1500, group_size: 3, remaining: 10 });
    const m = await member();
    expect((await buy(m, id, undefined, 2)).body.code).toBe(200);
    expect((await goodsInfo()).group_buy).toMatchObject({ id, remaining: 8 });
    // One that has not started yet is not offered; the answer changes by itself when it starts.
    const later = await newGoods(t.db, [{ price: 2000, stock: 30 }]);
    await post('/admin/api/orders/group-buys', { goods_id: later.goodsId, sku_id: later.skuIds[0], group_size: 2, fill_hours: 24, starts_at: new Date(Date.now() + 1500).toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString(), price: 1000, quantity: 5 }, owner.headers);
    expect((await get(`/shop/goods/info?id=${later.goodsId}`)).body.data.group_buy).toBeNull();
    await new Promise((r) => setTimeout(r, 1600));
    expect((await get(`/shop/goods/info?id=${later.goodsId}`)).body.data.group_buy).toMatchObject({ price: 1000, remaining: 5 });

    await post('/admin/api/orders/group-buys/end', { id, reason: 'Sold elsewhere' }, owner.headers);
    expect((await goodsInfo()).group_buy).toBeNull();
  });

  it('a member leaving a group that succeeded reopens it: the count and the page tell the truth, nothing ships until it is full again', async () => {
    const a = await activity({ size: 2 });
    const [leader, second, third] = [await member(), await member(), await member()];
    const opened = (await buy(leader, a.id)).body.data;
    await pay(opened);
    const joined = (await buy(second, a.id, opened.group_id)).body.data;
    await pay(joined);
    expect(await groupOf(opened.group_id)).toMatchObject({ status: 'succeeded', member_count: 2 });

    const cancelled = await post('/shop/order/cancelOrder', { id: joined.order_id, reason: 'changed my mind' }, { ...second.headers, 'idempotency-key': `gb-leave-${second.userId}` });
    expect(cancelled.body).toMatchObject({ code: 200, data: { status: 'refunding' } });
    expect(await groupOf(opened.group_id)).toMatchObject({ status: 'open', member_count: 1, decided_at: null });
    // The leader's page says the group is forming again, one short; the leader's order does not ship at the group price alone.
    expect((await get(`/shop/order/info?id=${opened.order_id}`, leader.headers)).body.data.group_buy).toMatchObject({ status: 'open', member_count: 1, size: 2 });
    expect((await post('/admin/api/orders/ship', { order_id: opened.order_id, carrier: 'DHL', tracking_number: `GBL${opened.group_id}A` }, owner.headers)).body.code).toBe(ResponseCode.groupNotFilled);
    expect((await get(`/shop/pintuan/goodsTuanList?activity_id=${a.id}`, third.headers)).body.data.list).toEqual([expect.objectContaining({ id: opened.group_id, member_count: 1, needed: 1 })]);

    // Someone else fills it again: it succeeds and ships.
    await pay((await buy(third, a.id, opened.group_id)).body.data);
    expect(await groupOf(opened.group_id)).toMatchObject({ status: 'succeeded', member_count: 2 });
    expect((await post('/admin/api/orders/ship', { order_id: opened.order_id, carrier: 'DHL', tracking_number: `GBL${opened.group_id}B` }, owner.headers)).body.code).toBe(200);
  });

  it("a member who left a group is told so, not the group's live state nor its later fate; a group ended early says the group buy ended, one out of time says so", async () => {
    const a = await activity({ size: 3 });
    const [leader, leaver, unpaid] = [await member(), await member(), await member()];
    const opened = (await buy(leader, a.id)).body.data;
    await pay(opened);
    const joined = (await buy(leaver, a.id, opened.group_id)).body.data;
    await pay(joined);
    const notPaid = (await buy(unpaid, a.id, opened.group_id)).body.data;
    const groupOfOrder = async (m: { headers: Headers }, orderId: number) => (await get(`/shop/order/info?id=${orderId}`, m.headers)).body.data.group_buy;
    expect(await groupOfOrder(leaver, joined.order_id)).toMatchObject({ group_id: opened.group_id, status: 'open', member_count: 2, size: 3 });
    expect(await groupOfOrder(unpaid, notPaid.order_id)).toMatchObject({ status: 'pending' });

    // The paid member cancels: refunded, out of the group. The unpaid one cancels too.
    expect((await post('/shop/order/cancelOrder', { id: joined.order_id, reason: 'changed my mind' }, { ...leaver.headers, 'idempotency-key': `gb-left-${leaver.userId}` })).body.data.status).toBe('refunding');
    expect((await post('/shop/order/cancelOrder', { id: notPaid.order_id, reason: '' }, { ...unpaid.headers, 'idempotency-key': `gb-left-${unpaid.userId}` })).body.data.status).toBe('cancelled');
    expect(await groupOfOrder(leaver, joined.order_id)).toMatchObject({ status: 'left' });
    expect(await groupOfOrder(unpaid, notPaid.order_id)).toMatchObject({ status: 'left' });
    expect(await groupOfOrder(leader, opened.order_id)).toMatchObject({ status: 'open', member_count: 1 });

    // An operator ends the group buy: the leader's group failed because it ended, and the members who left still left.
    expect((await post('/admin/api/orders/group-buys/end', { id: a.id, reason: 'Price error' }, owner.headers)).body.code).toBe(200);
    expect((await groupOf(opened.group_id)).status).toBe('failed');
    expect(await groupOfOrder(leader, opened.order_id)).toMatchObject({ status: 'ended' });
    expect(await groupOfOrder(leaver, joined.order_id)).toMatchObject({ status: 'left' });
    expect(await groupOfOrder(unpaid, notPaid.order_id)).toMatchObject({ status: 'left' });

    // A group whose own time ran out says so.
    const b = await activity({ size: 3 });
    const alone = await member();
    const lonely = (await buy(alone, b.id)).body.data;
    await pay(lonely);
    await expire(lonely.group_id);
    expect(await groupOfOrder(alone, lonely.order_id)).toMatchObject({ status: 'failed' });
  });

  it('a member leaving a succeeded group after the activity ended: the group cannot fill again, so it fails at once and the rest is refunded', async () => {
    const a = await activity({ size: 2 });
    const [leader, second] = [await member(), await member()];
    const opened = (await buy(leader, a.id)).body.data;
    await pay(opened);
    const joined = (await buy(second, a.id, opened.group_id)).body.data;
    await pay(joined);
    expect((await post('/admin/api/orders/group-buys/end', { id: a.id, reason: 'Price error' }, owner.headers)).body.code).toBe(200);
    const cancelled = await post('/shop/order/cancelOrder', { id: joined.order_id, reason: 'changed my mind' }, { ...second.headers, 'idempotency-key': `gb-leave-${second.userId}` });
    expect(cancelled.body.data.status).toBe('refunding');
    expect(await groupOf(opened.group_id)).toMatchObject({ member_count: 1 });
    await runDueJobs(t.deps);
    expect((await groupOf(opened.group_id)).status).toBe('failed');
    expect((await orderRow(t.db, opened.order_id)).status).toBe('refunding');
  });

  it('an order being paid as its group buy ends joins no group: the end leaves it to its payment, which refunds it at once; no group succeeds after the end', async () => {
    const a = await activity({ size: 2, quantity: 6 });
    const [leader, late] = [await member(), await member()];
    const opened = (await buy(leader, a.id)).body.data;
    await pay(opened);
    const unpaid = (await buy(late, a.id, opened.group_id)).body.data;
    // Its payment is under way (it holds the order) while the operator ends the group buy.
    let release!: () => void;
    let holding!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Promise<void>((resolve) => (holding = resolve));
    const payment = t.db.transaction().execute(async (tx) => {
      await sql`select id from orders where id = ${unpaid.order_id} for update`.execute(tx);
      holding();
      await released;
    });
    await held;
    const ended = await post('/admin/api/orders/group-buys/end', { id: a.id, reason: 'Price error' }, owner.headers);
    // Back in the SKU now: the pool's 4 and the refunded leader's unit; the order being paid gives its own back when its payment settles it.
    expect(ended.body).toMatchObject({ code: 200, data: { returned: 5, failed_groups: 1, refunded_orders: 1, cancelled_orders: 0 } });
    release();
    await payment;
    // The pool's 4 and the leader's refunded unit are back in the SKU.
    expect(await stockOf(t.db, a.skuId)).toBe(29);

    expect((await pay(unpaid)).outcome).toBe('paid');
    expect((await orderRow(t.db, unpaid.order_id)).status).toBe('refunding');
    expect(await groupOf(opened.group_id)).toMatchObject({ status: 'failed' });
    const entry = await t.db.selectFrom('group_buy_entries').selectAll().where('order_id', '=', unpaid.order_id).executeTakeFirstOrThrow();
    expect(entry.status).toBe('dropped');
    // Its unit goes back to the SKU (the activity is over), and the order cannot ship.
    expect(await stockOf(t.db, a.skuId)).toBe(30);
    expect((await post('/admin/api/orders/ship', { order_id: unpaid.order_id, carrier: 'DHL', tracking_number: `GBE${unpaid.order_id}` }, owner.headers)).body.code).toBe(ResponseCode.orderState);
  });

  it('an operator ending a group buy while a payment of it is in flight: the payment joins before the end, or is refunded or refused, never joins after it (race, 8 runs)', async () => {
    /** A row locked by another transaction until `release` (a payment reaching it waits there). */
    const holdRow = (lock: ReturnType<typeof sql>) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = t.db.transaction().execute(async (tx) => {
        await lock.execute(tx);
        await released;
      });
      return { release, held };
    };
    /** Until `n` statements of this database wait for a lock, or `done()` says what was awaited finished. */
    const waitingOnLocks = async (n: number, done = () => false) => {
      for (let i = 0; i < 400 && !done(); i++) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`.execute(t.db);
        if (rows[0]!.n >= n) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      if (!done()) throw new Error('nothing waited');
    };
    const endCall = (activityId: number) => post('/admin/api/orders/group-buys/end', { id: activityId, reason: 'Price error' }, owner.headers);
    const setUp = async (quantity = 6) => {
      const a = await activity({ size: 2, quantity });
      const leader = await member();
      const opened = (await buy(leader, a.id)).body.data;
      await pay(opened);
      const late = await walletMember(t);
      const lateBuyer = { ...late, addressId: await newAddress(t.db, late.userId) };
      const unpaid = (await buy(lateBuyer, a.id, opened.group_id)).body.data;
      await fund(t.db, late.userId, unpaid.total, unpaid.currency);
      const payLate = () => post('/shop/buy/payOrder', { order_id: unpaid.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD }, late.keyed());
      return { a, opened, unpaid, late, payLate };
    };
    const outcome = async (r: Awaited<ReturnType<typeof setUp>>) => {
      const entry = await t.db.selectFrom('group_buy_entries').select('status').where('order_id', '=', r.unpaid.order_id).executeTakeFirstOrThrow();
      return { order: (await orderRow(t.db, r.unpaid.order_id)).status, entry: entry.status, group: (await groupOf(r.opened.group_id)).status, stock: await stockOf(t.db, r.a.skuId) };
    };
    const JOINED_BEFORE_THE_END = { order: 'paid', entry: 'joined', group: 'succeeded', stock: 28 };
    // The end fails the group (its leader refunded): an order it finds unpaid is cancelled, one whose payment holds it is refunded once paid.
    const CANCELLED_AT_THE_END = { order: 'cancelled', entry: 'dropped', group: 'failed', stock: 30 };
    const REFUNDED_AFTER_THE_END = { order: 'refunding', entry: 'dropped', group: 'failed', stock: 30 };

    for (let run = 0; run < 8; run++) {
      // The payment began before the operator's end (waiting for the wallet, the order not yet taken):
      // the end cancels the order, so the payment is refused and the wallet keeps its money.
      const r = await setUp();
      const account = holdRow(sql`select id from ledger_accounts where owner_kind = 'member' and member_id = ${r.late.userId} and asset = 'cash' and currency = ${r.unpaid.currency} for update`);
      const paying = r.payLate();
      await waitingOnLocks(1);
      const ended = await endCall(r.a.id);
      // The pool's 4, the refunded leader's unit and the cancelled order's.
      expect(ended.body).toMatchObject({ code: 200, data: { returned: 6, failed_groups: 1, refunded_orders: 1, cancelled_orders: 1 } });
      account.release();
      await account.held;
      expect((await paying).body.code).not.toBe(200);
      expect(await outcome(r)).toEqual(CANCELLED_AT_THE_END);
      expect(await balanceOf(t.db, r.late.userId, 'cash', r.unpaid.currency)).toBe(r.unpaid.total);

      // The payment saw the activity running and is joining its group when the operator ends it (its
      // last units taken, so the end gives none back): the end waits for the payment, so it answers
      // only after the member joined.
      const j = await setUp(2);
      const group = holdRow(sql`select id from group_buy_groups where id = ${j.opened.group_id} for update`);
      const joining = j.payLate();
      await waitingOnLocks(1);
      let endAnswered = false;
      const ending = endCall(j.a.id).then((res) => ((endAnswered = true), res));
      await waitingOnLocks(2, () => endAnswered);
      expect(endAnswered).toBe(false);
      group.release();
      await group.held;
      expect((await joining).body.data.state).toBe('success');
      expect((await ending).body).toMatchObject({ code: 200, data: { returned: 0 } });
      expect(await outcome(j)).toEqual(JOINED_BEFORE_THE_END);

      // Both at once: any order of the two is fine, never a mix of them; the payment goes through unless the end cancelled the order first.
      const s = await setUp();
      const [paid, end] = await Promise.all([s.payLate(), endCall(s.a.id)]);
      expect(end.body.code).toBe(200);
      const after = await outcome(s);
      expect([JOINED_BEFORE_THE_END, CANCELLED_AT_THE_END, REFUNDED_AFTER_THE_END]).toContainEqual(after);
      // The end counts what it put back in the SKU: the pool's 4, with the failed group's leader (and the order it cancelled); a payment it left gives its unit back itself.
      expect(end.body.data.returned).toBe(after.order === 'cancelled' ? 6 : after.order === 'refunding' ? 5 : 4);
      expect(paid.body.code === 200 && paid.body.data.state === 'success').toBe(after.order !== 'cancelled');
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);

  it('keeps the limits per order and per member', async () => {
    const a = await activity();
    const m = await member();
    expect((await buy(m, a.id, undefined, 3)).body.code).toBe(ResponseCode.groupBuyLimit);
    expect((await buy(m, a.id, undefined, 2)).body.code).toBe(200);
    const more = await post('/shop/pintuan/buy', { activity_id: a.id, num: 1, address_id: m.addressId }, { ...m.headers, 'idempotency-key': `gb-more-${m.userId}` });
    expect(more.body.code).toBe(ResponseCode.groupBuyLimit);
  });
});

describe('a group-buy order before it is placed', () => {
  it('previews goods, freight, the operating fee and the total, and the order placed after it charges exactly that total', async () => {
    await t.db.insertInto('operating_fees').values({ country_code: 'TH', rate_bp: 333, updated_by: 'test' }).execute();
    await t.db.insertInto('shipping_fees').values({ country_code: 'TH', currency: 'USD', fee_minor: 500, free_over_minor: 10_000, updated_by: 'test' }).execute();
    const a = await activity();
    const m = await newMember(t, `Shopper${Math.random().toString(36).slice(2, 6)}`);
    const addressId = await newAddress(t.db, m.userId, { countryCode: 'TH' });
    const preview = await get(`/shop/pintuan/buyPreview?activity_id=${a.id}&num=2`, m.headers);
    expect(preview.body.code).toBe(200);
    // 2 × 15.00 at the group price, 3.33 % of it, and freight under the free-shipping threshold.
    expect(preview.body.data).toMatchObject({ currency: 'USD', subtotal: 3000, operating_fee_rate: 333, operating_fee: 100, freight: 500, coupon_discount: 0, total: 3600, can_submit: true });
    expect(preview.body.data.lines).toMatchObject([{ price: 1500, num: 2, line_total: 3000, available: true }]);
    expect(preview.body.data.address.id).toBe(addressId);
    // Nothing was ordered or set aside by looking.
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, m.headers)).body.data.remaining).toBe(10);

    const placed = await post('/shop/pintuan/buy', { activity_id: a.id, num: 2, address_id: addressId }, { ...m.headers, 'idempotency-key': `gb-preview-${m.userId}` });
    expect(placed.body.data.total).toBe(preview.body.data.total);
    const info = await get(`/shop/order/info?id=${placed.body.data.order_id}`, m.headers);
    expect(info.body.data).toMatchObject({ subtotal: 3000, operating_fee: 100, freight: 500, total: 3600 });

    // A closed group or a quantity over the activity's limit is refused before anything is shown.
    expect((await get(`/shop/pintuan/buyPreview?activity_id=${a.id}&num=3`, m.headers)).body.code).toBe(ResponseCode.groupBuyLimit);
    expect((await get(`/shop/pintuan/buyPreview?activity_id=${a.id}&group_id=999999`, m.headers)).body.code).toBe(ResponseCode.groupClosed);
  });
});

describe('open groups offered to members', () => {
  it('offers only groups with at least one paid member: a group whose only order is unpaid is not listed nor counted', async () => {
    const a = await activity();
    const [unpaidLeader, paidLeader, visitor] = [await member(), await member(), await member()];
    const unpaid = (await buy(unpaidLeader, a.id)).body.data;
    const paid = (await buy(paidLeader, a.id)).body.data;
    await pay(paid);
    const list = (await get(`/shop/pintuan/goodsTuanList?activity_id=${a.id}`, visitor.headers)).body.data.list;
    expect(list.map((g: { id: number }) => g.id)).toEqual([paid.group_id]);
    expect(list.map((g: { id: number }) => g.id)).not.toContain(unpaid.group_id);
    expect((await get(`/shop/pintuan/goodsInfo?id=${a.id}`, visitor.headers)).body.data.open_groups).toBe(1);
    // Once its order is paid, that group is offered too.
    await pay(unpaid);
    expect((await get(`/shop/pintuan/goodsTuanList?activity_id=${a.id}`, visitor.headers)).body.data.list).toHaveLength(2);
  });
});
