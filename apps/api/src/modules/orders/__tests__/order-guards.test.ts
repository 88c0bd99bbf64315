import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { runDueJobs } from '../../../jobs/worker.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { setOperatorRate } from '../../rates/rates.service.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';

// What a member's request may not do: set prices, totals, owners or states through the body; act
// without logging in; move an order to a state its current one does not lead to. And what happens
// to a shipped order nobody confirms.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let causeId: number;
let activityGoods: Awaited<ReturnType<typeof newGoods>>;
let activityId: number;
let abroad: Awaited<ReturnType<typeof newGoods>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  const cause = await call(t, 'POST', '/admin/api/charity/causes', { headers: owner.headers, body: { title: { 'en-us': 'School meals' }, currency: 'USD', min_amount: 500 } });
  causeId = cause.body.data.id;
  activityGoods = await newGoods(t.db, [{ price: 3000, stock: 40 }]);
  const activity = await call(t, 'POST', '/admin/api/orders/group-buys', {
    headers: owner.headers,
    body: { goods_id: activityGoods.goodsId, sku_id: activityGoods.skuIds[0], group_size: 2, fill_hours: 24, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), price: 1990, quantity: 20, per_order_limit: 2, per_member_limit: 2 },
  });
  activityId = activity.body.data.id;
  await call(t, 'POST', '/admin/api/orders/international-freight', { headers: owner.headers, body: { country_code: 'MY', method: 'standard', weight_from_g: 0, weight_to_g: 5000, currency: 'USD', fee: 1500 } });
  await setOperatorRate(t.db, { kind: 'operator', operatorId: 1, name: 'rates-desk', ip: '', lang: 'en-us', requestId: 'test-rate' }, { base: 'USD', quote: 'MYR', rate: '4.5', date: new Date().toISOString().slice(0, 10), reason: 'test rate' });
  abroad = await newGoods(t.db, [{ price: 2000, stock: 20 }]);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers, lang: 'en-us' });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body, lang: 'en-us' });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };
let keys = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `guards-${keys++}-${Math.random().toString(36).slice(2)}` });

async function shopper(opts: { realName?: boolean } = {}) {
  const m = await newMember(t);
  if (opts.realName) {
    await t.db
      .insertInto('certifications')
      .values({ user_id: m.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `G${m.userId}0001`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'test', reviewed_at: new Date() })
      .execute();
  }
  return { ...m, addressId: await newAddress(t.db, m.userId) };
}
type Shopper = Awaited<ReturnType<typeof shopper>>;

/** An order of 2 units of an SKU, unpaid. */
async function unpaidOrder(m: Shopper) {
  const g = await newGoods(t.db, [{ price: 1500, stock: 10 }, { price: 500, stock: 10 }]);
  const placed = await post('/shop/buy/createOrder', { address_id: m.addressId, goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, keyed(m.headers));
  expect(placed.body.code).toBe(200);
  return { ...placed.body.data, goods: g } as { order_id: number; total: number; currency: string; goods: typeof g };
}
async function paidOrder(m: Shopper) {
  const o = await unpaidOrder(m);
  expect((await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }))).outcome).toBe('paid');
  return o;
}
const ship = (orderId: number, number: string, lines?: Array<{ order_line_id: number; num: number }>) => post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: number, lines }, owner.headers);
const eventsOf = async (orderId: number) => (await t.db.selectFrom('order_events').select('kind').where('order_id', '=', orderId).orderBy('id').execute()).map((e) => e.kind);

describe('prices, totals, owners and states in the body change nothing', () => {
  const forged = (other: number) => ({ price: 1, total: 1, user_id: other, status: 'paid' });

  it('cart add and update: the line is the caller\'s, priced from the SKU', async () => {
    const [m, other] = [await shopper(), await shopper()];
    const g = await newGoods(t.db, [{ price: 1250, stock: 20 }]);
    const added = await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2, ...forged(other.userId) }, m.headers);
    expect(added.body).toMatchObject({ code: 200, data: { num: 2, total_count: 2 } });
    const updated = await post('/shop/cart/update', { id: added.body.data.id, num: 3, ...forged(other.userId) }, m.headers);
    expect(updated.body.code).toBe(200);
    const mine = (await get('/shop/cart/list', m.headers)).body.data;
    expect(mine.list).toMatchObject([{ id: added.body.data.id, num: 3, price: 1250 }]);
    expect(mine.selected_total).toBe(3750);
    expect((await get('/shop/cart/list', other.headers)).body.data.list).toEqual([]);
    const row = await t.db.selectFrom('cart_items').selectAll().where('id', '=', added.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: m.userId, quantity: 3 });
  });

  it('cancelOrder: cancelled (not paid), its total and owner kept', async () => {
    const [m, other] = [await shopper(), await shopper()];
    const o = await unpaidOrder(m);
    const r = await post('/shop/order/cancelOrder', { id: o.order_id, reason: 'changed my mind', ...forged(other.userId) }, m.headers);
    expect(r.body.data).toEqual({ id: o.order_id, status: 'cancelled' });
    expect(await orderRow(t.db, o.order_id)).toMatchObject({ status: 'cancelled', user_id: m.userId, total_minor: o.total });
  });

  it('confirmReceipt: completed (not what the body says), its total and owner kept', async () => {
    const [m, other] = [await shopper(), await shopper()];
    const o = await paidOrder(m);
    expect((await ship(o.order_id, `FORGE${o.order_id}`)).body.code).toBe(200);
    const r = await post('/shop/order/confirmReceipt', { id: o.order_id, ...forged(other.userId), status: 'refunded' }, m.headers);
    expect(r.body.data).toEqual({ id: o.order_id, status: 'completed' });
    expect(await orderRow(t.db, o.order_id)).toMatchObject({ status: 'completed', user_id: m.userId, total_minor: o.total });
  });

  it('pintuan/buy: the group price from the activity, awaiting payment, the caller\'s order', async () => {
    const [m, other] = [await shopper(), await shopper()];
    const r = await post('/shop/pintuan/buy', { activity_id: activityId, num: 2, address_id: m.addressId, ...forged(other.userId) }, keyed(m.headers));
    expect(r.body.data).toMatchObject({ status: 'awaiting_payment', total: 2 * 1990, currency: 'USD' });
    expect(await orderRow(t.db, r.body.data.order_id)).toMatchObject({ user_id: m.userId, status: 'awaiting_payment', total_minor: 3980, kind: 'group_buy' });
    const line = await t.db.selectFrom('order_lines').selectAll().where('order_id', '=', r.body.data.order_id).executeTakeFirstOrThrow();
    expect(line).toMatchObject({ unit_price_minor: 1990, quantity: 2 });
  });

  it('buyGuoji/createOrder: goods and freight from the shop\'s tables, awaiting payment, the caller\'s order', async () => {
    const [m, other] = [await shopper({ realName: true }), await shopper()];
    const r = await post('/shop/buyGuoji/createOrder', { goods_id: abroad.goodsId, sku_id: abroad.skuIds[0], num: 1, address_id: m.addressId, freight: 0, local_total: 1, ...forged(other.userId) }, keyed(m.headers));
    expect(r.body.data).toMatchObject({ status: 'awaiting_payment', freight: 1500, total: 3500, rate: '4.5' });
    expect(await orderRow(t.db, r.body.data.order_id)).toMatchObject({ user_id: m.userId, status: 'awaiting_payment', total_minor: 3500, kind: 'international' });
  });

  it('lovers/submitPay: the amount pledged, awaiting payment, the caller\'s pledge', async () => {
    const [m, other] = [await shopper(), await shopper()];
    const r = await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 800, ...forged(other.userId) }, keyed(m.headers));
    expect(r.body.data).toMatchObject({ amount: 800, currency: 'USD', status: 'awaiting_payment' });
    const row = await t.db.selectFrom('charity_orders').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: m.userId, status: 'awaiting_payment', amount_minor: 800 });
    expect((await get('/attractive/lovers/orderList', other.headers)).body.data.list).toEqual([]);
  });
});

describe('a visitor', () => {
  it('is asked to log in (2002) on every member call of orders, group buys, international orders and charity, and nothing changes', async () => {
    const m = await shopper();
    const o = await paidOrder(m);
    const pkg = (await ship(o.order_id, `VISIT${o.order_id}`)).body.data.package_id as number;
    const pledge = (await post('/attractive/lovers/submitPay', { cause_id: causeId, amount: 600 }, keyed(m.headers))).body.data.id as number;
    const snapshot = async () => ({
      orders: await t.db.selectFrom('orders').select(['id', 'status', 'updated_at', 'last_reminded_at']).orderBy('id').execute(),
      lines: await t.db.selectFrom('order_lines').select(['id', 'shipped_quantity']).orderBy('id').execute(),
      events: Number((await t.db.selectFrom('order_events').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
      pledges: await t.db.selectFrom('charity_orders').select(['id', 'status']).orderBy('id').execute(),
      entries: Number((await t.db.selectFrom('group_buy_entries').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
      stock: await t.db.selectFrom('goods_skus').select(['id', 'stock']).orderBy('id').execute(),
      remaining: await t.db.selectFrom('group_buy_activities').select(['id', 'remaining']).orderBy('id').execute(),
    });
    const before = await snapshot();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/shop/order/list'],
      ['GET', `/shop/order/info?id=${o.order_id}`],
      ['POST', '/shop/order/cancelOrder', { id: o.order_id, reason: 'x' }],
      ['POST', '/shop/order/confirmReceipt', { id: o.order_id }],
      ['POST', '/shop/order/remindSend', { id: o.order_id }],
      ['GET', `/shop/order/packageList?order_id=${o.order_id}`],
      ['GET', `/shop/order/packageInfo?id=${pkg}`],
      ['GET', `/shop/order/trackingLog?order_id=${o.order_id}`],
      ['POST', '/shop/pintuan/buy', { activity_id: activityId, num: 1, address_id: m.addressId }],
      ['POST', '/shop/buyGuoji/createOrder', { goods_id: abroad.goodsId, sku_id: abroad.skuIds[0], num: 1, address_id: m.addressId }],
      ['GET', `/shop/buyGuoji/orderFreightFee?goods_id=${abroad.goodsId}&sku_id=${abroad.skuIds[0]}&num=1&address_id=${m.addressId}`],
      ['POST', '/attractive/lovers/submitPay', { cause_id: causeId, amount: 800 }],
      ['POST', '/attractive/lovers/cancelOrder', { id: pledge }],
      ['GET', '/attractive/lovers/userCenter'],
      ['GET', '/attractive/lovers/orderList'],
    ];
    for (const [method, url, body] of calls) {
      const r = method === 'GET' ? await get(url) : await post(url, body, { 'idempotency-key': `visitor-${keys++}` });
      expect({ url, code: r.body.code, msg: r.body.msg, data: r.body.data ?? null }).toEqual({ url, code: ResponseCode.loginRequired, msg: 'Please log in first', data: null });
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('transitions an order is not in the state for', () => {
  it('a member cannot cancel a shipped order, nor one partly shipped: refused, nothing changes', async () => {
    const m = await shopper();
    const shipped = await paidOrder(m);
    await ship(shipped.order_id, `WHOLE${shipped.order_id}`);
    const partly = await paidOrder(m);
    const [line] = await t.db.selectFrom('order_lines').select(['id']).where('order_id', '=', partly.order_id).execute();
    expect((await ship(partly.order_id, `HALF${partly.order_id}`, [{ order_line_id: line!.id, num: 1 }])).body.data.order_status).toBe('paid');

    for (const [o, status] of [
      [shipped, 'shipped'],
      [partly, 'paid'],
    ] as const) {
      const before = { row: await orderRow(t.db, o.order_id), events: await eventsOf(o.order_id), stock: await stockOf(t.db, o.goods.skuIds[0]!) };
      expect((await get(`/shop/order/info?id=${o.order_id}`, m.headers)).body.data.actions.can_cancel).toBe(false);
      const r = await post('/shop/order/cancelOrder', { id: o.order_id, reason: 'too late' }, keyed(m.headers));
      expect(r.body).toMatchObject({ code: ResponseCode.orderState, msg: 'This order can no longer be changed this way' });
      const after = await orderRow(t.db, o.order_id);
      expect(after.status).toBe(status);
      expect(after.updated_at).toEqual(before.row.updated_at);
      expect(after.cancel_reason).toBe('');
      expect(await eventsOf(o.order_id)).toEqual(before.events);
      expect(await stockOf(t.db, o.goods.skuIds[0]!)).toBe(before.stock);
    }
  });

  it('a member cannot confirm receipt of an unpaid order, nor of a paid one not shipped: refused, nothing changes', async () => {
    const m = await shopper();
    const unpaid = await unpaidOrder(m);
    const paid = await paidOrder(m);
    for (const [o, status] of [
      [unpaid, 'awaiting_payment'],
      [paid, 'paid'],
    ] as const) {
      const before = { row: await orderRow(t.db, o.order_id), events: await eventsOf(o.order_id) };
      expect((await get(`/shop/order/info?id=${o.order_id}`, m.headers)).body.data.actions.can_confirm).toBe(false);
      const r = await post('/shop/order/confirmReceipt', { id: o.order_id }, keyed(m.headers));
      expect(r.body.code).toBe(ResponseCode.orderState);
      const after = await orderRow(t.db, o.order_id);
      expect(after).toMatchObject({ status, completed_at: null });
      expect(after.updated_at).toEqual(before.row.updated_at);
      expect(await eventsOf(o.order_id)).toEqual(before.events);
    }
  });
});

describe('automatic completion', () => {
  it('completes an order whose package was shipped but never reported delivered, the set days after shipping', async () => {
    const set = await post('/admin/api/orders/settings', { auto_confirm_days: 7 }, owner.headers);
    expect(set.body.data.auto_confirm_days).toBe(7);
    const m = await shopper();
    const o = await paidOrder(m);
    const shipped = await ship(o.order_id, `NEVER${o.order_id}`);
    expect(shipped.body.data.order_status).toBe('shipped');
    const key = `order-auto-complete:${o.order_id}`;
    const job = (await sql<{ run_at: Date }>`select run_at from graphile_worker.jobs where key = ${key}`.execute(t.db)).rows[0]!;
    const shippedAt = (await t.db.selectFrom('order_packages').select('shipped_at').where('order_id', '=', o.order_id).executeTakeFirstOrThrow()).shipped_at;
    expect(job.run_at.getTime()).toBe(new Date(shippedAt).getTime() + 7 * 86_400_000);

    // The job runs early (a clock, a retry): the order waits for its own time.
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${key}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('auto_complete_order');
    expect((await orderRow(t.db, o.order_id)).status).toBe('shipped');
    expect((await sql<{ run_at: Date }>`select run_at from graphile_worker.jobs where key = ${key}`.execute(t.db)).rows[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    // Seven days pass with no news of the parcel.
    await t.db.updateTable('order_packages').set({ shipped_at: new Date(Date.now() - 7 * 86_400_000 - 60_000) }).where('order_id', '=', o.order_id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${key}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('auto_complete_order');
    const done = await orderRow(t.db, o.order_id);
    expect(done.status).toBe('completed');
    expect(done.completed_at).not.toBeNull();
    const pkg = await t.db.selectFrom('order_packages').select(['status', 'delivered_at']).where('order_id', '=', o.order_id).executeTakeFirstOrThrow();
    expect(pkg).toEqual({ status: 'in_transit', delivered_at: null });
    const last = await t.db.selectFrom('order_events').selectAll().where('order_id', '=', o.order_id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(last).toMatchObject({ kind: 'completed', from_status: 'shipped', to_status: 'completed', actor_kind: 'job', reason: 'not confirmed in time' });
    expect((await get(`/shop/order/info?id=${o.order_id}`, m.headers)).body.data).toMatchObject({ status: 'completed', actions: { can_confirm: false } });
    await post('/admin/api/orders/settings', { auto_confirm_days: 10 }, owner.headers);
  });
});
