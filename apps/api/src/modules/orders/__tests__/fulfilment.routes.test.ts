import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { withTransaction } from '../../../lib/transaction.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { runOpsCommand } from '../../../ops/commands.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';

let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  // The console operators the commands run as (`--by`, else the default name).
  await opsOperators(t.db, { olivia: 'owner' });
  operator = await newOperatorSession(t.db, 'support');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };

/** A member with a paid order of two SKUs (2 and 1 units). */
async function paidOrder() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 700, stock: 9 }, { price: 300, stock: 9 }]);
  await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
  await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[1], num: 1 }, m.headers);
  const placed = await post('/shop/buy/createOrder', { address_id: addressId, remarks: '' }, m.headers);
  expect(placed.body.code).toBe(200);
  const order = placed.body.data;
  const paid = await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: order.order_id, amountMinor: order.total, currency: order.currency }));
  expect(paid.outcome).toBe('paid');
  const lines = await t.db.selectFrom('order_lines').select(['id', 'quantity']).where('order_id', '=', order.order_id).orderBy('id').execute();
  return { member: m, orderId: order.order_id as number, lines };
}

describe('shipping, packages and tracking', () => {
  it('operators ship a paid order in two packages; it is shipped once every unit is, and the member sees the packages and their events newest first', async () => {
    const { member, orderId, lines } = await paidOrder();
    // Shipping is an operator's call: a member's token is not an operator's.
    expect((await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: 'JD0001' }, member.headers)).body.code).toBe(ResponseCode.tokenInvalid);

    const first = await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `JD${orderId}A`, lines: [{ order_line_id: lines[0]!.id, num: 2 }] }, operator.headers);
    expect(first.body).toMatchObject({ code: 200, data: { order_id: orderId, order_status: 'paid' } });
    expect((await get(`/shop/order/info?id=${orderId}`, member.headers)).body.data).toMatchObject({ status: 'paid', package_count: 1, actions: { can_cancel: false, can_remind: true } });
    // More than is left to ship is refused.
    const over = await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `JD${orderId}X`, lines: [{ order_line_id: lines[0]!.id, num: 1 }] }, operator.headers);
    expect(over.body.code).toBe(ResponseCode.packageLinesInvalid);
    const second = await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'SF Express', tracking_number: `SF${orderId}B` }, operator.headers);
    expect(second.body.data.order_status).toBe('shipped');

    const pkgId = first.body.data.package_id;
    await post('/admin/api/orders/tracking-event', { package_id: pkgId, time: '2026-11-20T08:00:00Z', place: 'Shenzhen', text: 'Picked up' }, operator.headers);
    await post('/admin/api/orders/tracking-event', { package_id: pkgId, time: '2026-11-21T09:30:00Z', place: 'Kuala Lumpur', text: 'Arrived at the local depot' }, operator.headers);
    const list = await get(`/shop/order/packageList?order_id=${orderId}`, member.headers);
    expect(list.body.data.list).toHaveLength(2);
    expect(list.body.data.list[0]).toMatchObject({ carrier: 'DHL', status: 'in_transit', lines: [{ num: 2 }], latest: { text: 'Arrived at the local depot' } });
    const info = await get(`/shop/order/packageInfo?id=${pkgId}`, member.headers);
    expect(info.body.data.events.map((e: { text: string }) => e.text)).toEqual(['Arrived at the local depot', 'Picked up']);
    const log = await get(`/shop/order/trackingLog?order_id=${orderId}`, member.headers);
    expect(log.body.data.list.map((p: { events: unknown[] }) => p.events.length)).toEqual([2, 0]);

    const done = await post('/shop/order/confirmReceipt', { id: orderId }, member.headers);
    expect(done.body.data).toEqual({ id: orderId, status: 'completed' });
    expect((await post('/shop/order/confirmReceipt', { id: orderId }, member.headers)).body.code).toBe(ResponseCode.orderState);
  });

  it('refuses a package with nothing in it, saying so, and ships nothing (an absent `lines` alone means the rest)', async () => {
    const { orderId, lines } = await paidOrder();
    const shippedUnits = async () => (await t.db.selectFrom('order_lines').select('shipped_quantity').where('order_id', '=', orderId).execute()).reduce((s, l) => s + Number(l.shipped_quantity), 0);
    for (const [body, lang] of [
      [{ order_id: orderId, carrier: 'DHL', tracking_number: `JD${orderId}E`, lines: [] }, 'en-us'],
      [{ order_id: orderId, carrier: 'DHL', tracking_number: `JD${orderId}Z`, lines: [{ order_line_id: lines[0]!.id, num: 0 }] }, 'en-us'],
      [{ order_id: orderId, carrier: 'DHL', tracking_number: `JD${orderId}Z`, lines: [{ order_line_id: lines[0]!.id, num: 0 }, { order_line_id: lines[1]!.id, num: 0 }] }, 'zh-cn'],
    ] as const) {
      const refused = await call(t, 'POST', '/admin/api/orders/ship', { headers: operator.headers, body, lang });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe(ResponseCode.validation);
      expect(refused.body.msg).toBe(lang === 'en-us' ? 'The package holds nothing: give at least one of its lines a quantity of 1 or more' : '包裹里没有商品：请至少为一行填写 1 件或以上的数量');
    }
    expect(await shippedUnits()).toBe(0);
    expect((await get(`/admin/api/orders/info?id=${orderId}`, operator.headers)).body.data).toMatchObject({ status: 'paid', packages: [] });
  });

  it('completes a shipped order by itself days after its last package was delivered', async () => {
    const { orderId } = await paidOrder();
    const shipped = await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `AUTO${orderId}` }, operator.headers);
    await post('/admin/api/orders/tracking-event', { package_id: shipped.body.data.package_id, text: 'Delivered', delivered: true }, operator.headers);
    const job = (await sql<{ run_at: Date }>`select run_at from graphile_worker.jobs where key = ${`order-auto-complete:${orderId}`}`.execute(t.db)).rows[0]!;
    // 10 days after the delivery, by default.
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now() + 9.9 * 86_400_000);
    await runDueJobs(t.deps);
    expect((await orderRow(t.db, orderId)).status).toBe('shipped');
    // The days pass.
    await t.db.updateTable('order_packages').set({ delivered_at: new Date(Date.now() - 11 * 86_400_000) }).where('order_id', '=', orderId).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`order-auto-complete:${orderId}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('auto_complete_order');
    expect((await orderRow(t.db, orderId)).status).toBe('completed');
  });

  it('records a shipping reminder once per order per 24 hours and shows it to operators', async () => {
    const { member, orderId } = await paidOrder();
    const first = await post('/shop/order/remindSend', { id: orderId }, member.headers);
    expect(first.body.code).toBe(200);
    expect((await post('/shop/order/remindSend', { id: orderId }, member.headers)).body.code).toBe(ResponseCode.remindTooSoon);
    const seen = await get('/admin/api/orders/reminders', operator.headers);
    expect(seen.body.data.list.some((r: { order_id: number }) => r.order_id === orderId)).toBe(true);
    await t.db.updateTable('orders').set({ last_reminded_at: new Date(Date.now() - 25 * 3_600_000) }).where('id', '=', orderId).execute();
    expect((await post('/shop/order/remindSend', { id: orderId }, member.headers)).body.code).toBe(200);
  });

  it('cancelling a paid, unshipped order moves it to refunding and puts its goods back', async () => {
    const { member, orderId } = await paidOrder();
    const before = await t.db.selectFrom('order_lines as l').innerJoin('goods_skus as s', 's.id', 'l.sku_id').select(['s.id', 's.stock']).where('l.order_id', '=', orderId).orderBy('s.id').execute();
    const r = await post('/shop/order/cancelOrder', { id: orderId, reason: 'ordered twice' }, member.headers);
    expect(r.body.data).toEqual({ id: orderId, status: 'refunding' });
    const after = await t.db.selectFrom('goods_skus').select(['id', 'stock']).where('id', 'in', before.map((b) => b.id)).orderBy('id').execute();
    expect(after.map((a) => a.stock)).toEqual([before[0]!.stock + 2, before[1]!.stock + 1]);
    expect((await get('/shop/order/list?view=after_sales', member.headers)).body.data.list.map((o: { id: number }) => o.id)).toEqual([orderId]);
  });

  it("answers 'not found' for another member's order or package on every call, and changes nothing", async () => {
    const { orderId } = await paidOrder();
    const shipped = await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `IDOR${orderId}` }, operator.headers);
    const stranger = await newMember(t);
    const h = stranger.headers;
    for (const [method, url, body] of [
      ['GET', `/shop/order/info?id=${orderId}`],
      ['GET', `/shop/order/packageList?order_id=${orderId}`],
      ['GET', `/shop/order/trackingLog?order_id=${orderId}`],
      ['POST', '/shop/order/cancelOrder', { id: orderId }],
      ['POST', '/shop/order/confirmReceipt', { id: orderId }],
      ['POST', '/shop/order/remindSend', { id: orderId }],
    ] as const) {
      const r = method === 'GET' ? await get(url, h) : await post(url, body, h);
      expect(r.body.code, url).toBe(ResponseCode.orderNotFound);
    }
    expect((await get(`/shop/order/packageInfo?id=${shipped.body.data.package_id}`, h)).body.code).toBe(ResponseCode.packageNotFound);
    expect((await get(`/shop/order/trackingLog?package_id=${shipped.body.data.package_id}`, h)).body.code).toBe(ResponseCode.packageNotFound);
    expect((await orderRow(t.db, orderId)).status).toBe('shipped');
  });

  it('keeps the account open while an order is under way, with the spec\'s message', async () => {
    const { member, orderId } = await paidOrder();
    const blocked = await call(t, 'POST', '/user/cancel_account/apply', { headers: member.headers, body: { agree: true }, lang: 'en-us' });
    expect(blocked.body).toMatchObject({ code: ResponseCode.ordersNotConfirmed, msg: 'Your account still has open orders: pay or cancel the unpaid ones and confirm receipt of the others' });
    await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `CLOSE${orderId}` }, operator.headers);
    await post('/shop/order/confirmReceipt', { id: orderId }, member.headers);
    const open = await call(t, 'POST', '/user/cancel_account/apply', { headers: member.headers, body: { agree: true } });
    expect(open.body.code).not.toBe(ResponseCode.ordersNotConfirmed);
  });

  it('operators ship and track from the command line with the same rules', async () => {
    const { member, orderId } = await paidOrder();
    expect(await runOpsCommand(t.db, ['orders', 'paid'], 'olivia')).toContain(`#${orderId} `);
    const shipped = await runOpsCommand(t.db, ['order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `CLI${orderId}`], 'olivia');
    expect(shipped).toMatch(/package \d+ shipped; the order is shipped/);
    const packageId = Number(/package (\d+)/.exec(shipped)![1]);
    expect(await runOpsCommand(t.db, ['order', 'track', String(packageId), '--text', 'Out for delivery', '--place', 'Ipoh'], 'olivia')).toBe(`package ${packageId}: event added`);
    expect((await get(`/shop/order/trackingLog?order_id=${orderId}`, member.headers)).body.data.list[0].events[0]).toMatchObject({ text: 'Out for delivery', place: 'Ipoh' });
    await expect(runOpsCommand(t.db, ['order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `CLI${orderId}B`], 'olivia')).rejects.toMatchObject({ code: ResponseCode.orderState });
    expect(await runOpsCommand(t.db, ['order', 'show', String(orderId)], 'olivia')).toContain('package_shipped');
  });

  it('lists each view of the member', async () => {
    const m = await newMember(t);
    const addressId = await newAddress(t.db, m.userId);
    const g = await newGoods(t.db, [{ price: 100, stock: 50 }]);
    const buy = async (key: string) => (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId }, { ...m.headers, 'idempotency-key': key })).body.data;
    const unpaid = await buy('view-unpaid-1');
    const toShip = await buy('view-to-ship-1');
    const toReceive = await buy('view-to-receive-1');
    for (const o of [toShip, toReceive]) await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }));
    await post('/admin/api/orders/ship', { order_id: toReceive.order_id, carrier: 'DHL', tracking_number: `VIEW${toReceive.order_id}` }, operator.headers);
    const ids = async (view: string) => (await get(`/shop/order/list?view=${view}`, m.headers)).body.data.list.map((o: { id: number }) => o.id);
    expect(await ids('all')).toEqual([toReceive.order_id, toShip.order_id, unpaid.order_id]);
    expect(await ids('unpaid')).toEqual([unpaid.order_id]);
    expect(await ids('to_ship')).toEqual([toShip.order_id]);
    expect(await ids('to_receive')).toEqual([toReceive.order_id]);
    expect(await ids('after_sales')).toEqual([]);
    expect((await get('/shop/order/list', m.headers)).body.data.counts).toEqual({ unpaid: 1, to_ship: 1, to_receive: 1, after_sales: 0 });
  });

  it('operators set the order expiry, the operating fee and freight; a role without the permission is refused', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    expect((await post('/admin/api/orders/settings', { expiry_minutes: 45 }, catalogue.headers)).body.code).toBe(ResponseCode.forbidden);
    const set = await post('/admin/api/orders/settings', { expiry_minutes: 45 }, owner.headers);
    expect(set.body.data).toMatchObject({ expiry_minutes: 45, auto_confirm_days: 10 });
    expect((await post('/admin/api/orders/operating-fee', { country_code: 'TH', rate_bp: 300 }, owner.headers)).body.code).toBe(200);
    expect((await post('/admin/api/orders/shipping-fee', { country_code: 'TH', currency: 'USD', fee: 800 }, owner.headers)).body.code).toBe(200);
    const m = await newMember(t);
    const addressId = await newAddress(t.db, m.userId, { countryCode: 'TH' });
    const g = await newGoods(t.db, [{ price: 2000, stock: 5 }]);
    const placed = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId }, m.headers);
    expect(placed.body.data.total).toBe(2000 + 60 + 800);
    const minutes = (new Date(placed.body.data.expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(44);
    expect(minutes).toBeLessThanOrEqual(45);
    // Operators know the buyer by user name, in the order and in the list.
    const { user_name: userName } = await t.db.selectFrom('users').select('user_name').where('id', '=', m.userId).executeTakeFirstOrThrow();
    const seen = await get(`/admin/api/orders/info?id=${placed.body.data.order_id}`, operator.headers);
    expect(seen.body.data).toMatchObject({ user_id: m.userId, user_name: userName, operating_fee: 60, freight: 800, events: [{ kind: 'created', to_status: 'awaiting_payment' }] });
    const listed = await get(`/admin/api/orders/list?q=${placed.body.data.order_no}`, operator.headers);
    expect(listed.body.data.list).toEqual([expect.objectContaining({ id: placed.body.data.order_id, user_id: m.userId, user_name: userName })]);
  });
});
