import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import type { AppDeps } from '../../../app.js';
import { connectionOf, createDatabase, type Database } from '../../../db/database.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { balanceOf, ledgerCheck, post } from '../../ledger/ledger.service.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { runOrderCommand } from '../../../ops/orders.js';
import { setPointsSettings } from '../points.service.js';
import { setGoodsPoints } from '../../promotions/goods-points.service.js';
import { decideApproval } from '../../approvals/approvals.service.js';
import { setOperatorRate } from '../../rates/rates.service.js';
import { autoCompleteOrder, markOrderPaid, placeOrder } from '../orders.service.js';
import { memberActor } from './actors.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { hashPassword } from '../../members/identity.js';
import { newAddress, newOperatorSession, orderRow } from './fixtures.js';

// Points and shopping points at checkout: offered by cartGoods, held by createOrder in the order's
// transaction, spent when it is paid, given back when it ends unpaid or is refunded; points earned
// are credited once when the order completes.

let t: TestApp;
let wide: Database;
let deps: AppDeps;
let operator: { headers: { authorization: string } };
beforeAll(async () => {
  t = await buildTestApp();
  wide = createDatabase(connectionOf(t.db).url, 20);
  deps = { ...t.deps, db: wide };
  operator = await newOperatorSession(t.db, 'owner');
});
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers });
const send = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };
const POINTS = 'XXX';

/** Gives a member points or shopping points from the shop's promotions. */
async function grant(userId: number, kind: 'points' | 'shopping_points', amount: number) {
  await withTransaction(t.db, (tx) =>
    post(tx, {
      kind: 'points.grant',
      reference: { type: 'member', id: userId },
      idempotencyKey: `test-grant:${userId}:${kind}:${Math.random()}`,
      actor: provider,
      postings: [
        { account: { system: 'promotions', asset: kind, currency: POINTS }, amount: -amount },
        { account: { member: userId, asset: kind, currency: POINTS }, amount },
      ],
    }),
  );
}

const pointsOf = (userId: number, kind: 'points' | 'shopping_points' = 'points') => balanceOf(t.db, userId, kind, POINTS);

let payHash: string | undefined;
/** A member with an address, some points and shopping points, and a pay password (spending points at checkout asks it). */
async function shopper(points = 1000, shopping = 500) {
  const m = await newMember(t);
  payHash ??= await hashPassword(PAY_PASSWORD);
  await t.db.updateTable('users').set({ pay_password_hash: payHash }).where('id', '=', m.userId).execute();
  const addressId = await newAddress(t.db, m.userId);
  if (points) await grant(m.userId, 'points', points);
  if (shopping) await grant(m.userId, 'shopping_points', shopping);
  return { ...m, addressId };
}

const pay = (order: { order_id: number; total: number; currency: string }) =>
  withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: order.order_id, amountMinor: order.total, currency: order.currency }));

const cli = operatorCliActor('fiona', 1);
/** Points settings as a test needs them: what makes points worth more is approved by a second operator. */
const settings = async (change: Parameters<typeof setPointsSettings>[2]) => {
  const s = await setPointsSettings(t.db, cli, change, 'test settings');
  if (s.request) await decideApproval(t.db, operatorCliActor('gina', 2), 'owner', { id: s.request.id, decision: 'approve' });
};

describe('points at checkout', () => {
  it('cartGoods offers the balances and what the order can take, and prices what the member chose', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1999, stock: 5 }]);
    const base = `/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1`;
    const plain = await get(base, m.headers);
    expect(plain.body.data).toMatchObject({
      subtotal: 1999,
      total: 1999,
      points_used: 0,
      points_offer: { points: { balance: 1000, per_unit: 100, max: 1000 }, shopping_points: { balance: 500, per_unit: 100, max: 500 } },
    });
    // 300 points pay 3.00; more shopping points than the member has are refused, as placing the order would be.
    expect((await get(`${base}&points=300&shopping_points=2000`, m.headers)).body).toMatchObject({ code: ResponseCode.insufficientShoppingPoints, msg: 'Insufficient Shopping Points balance' });
    const chosen = await get(`${base}&points=300&shopping_points=500`, m.headers);
    expect(chosen.body.data).toMatchObject({ points_used: 300, points_value: 300, shopping_points_used: 500, shopping_points_value: 500, total: 1199 });
    // 1 % of the 11.99 paid in money, at 100 points a dollar: 11 points (rounded down).
    expect(chosen.body.data.points_earned).toBe(11);
    // Points never pay more than the goods: 1999 of 5000 wanted.
    const rich = await shopper(5000, 0);
    const capped = await get(`${base}&points=5000`, rich.headers);
    expect(capped.body.data).toMatchObject({ points_used: 1999, points_value: 1999, total: 0, points_offer: { points: { max: 1999 } } });
  });

  it('createOrder holds the points at once, the body cannot price them, and cancelling gives them back', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1999, stock: 5 }]);
    const placed = await send(
      '/shop/buy/createOrder',
      { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, points: 300, shopping_points: 100, pay_password: PAY_PASSWORD, points_value: 1999, total: 1, user_id: 1, status: 'paid' },
      m.headers,
    );
    expect(placed.body).toMatchObject({ code: 200, data: { status: 'awaiting_payment', total: 1599 } });
    const orderId = placed.body.data.order_id as number;
    expect(await pointsOf(m.userId)).toBe(700);
    expect(await pointsOf(m.userId, 'shopping_points')).toBe(400);
    const info = await get(`/shop/order/info?id=${orderId}`, m.headers);
    expect(info.body.data).toMatchObject({ points_used: 300, points_value: 300, shopping_points_used: 100, shopping_points_value: 100, total: 1599, points_earned: 15, points_earned_posted: false });
    const log = await get('/user/wallet/pointsLog?kind=points', m.headers);
    expect(log.body.data.list[0]).toMatchObject({ amount: -300, balance_after: 700, reason_text: 'Spent at checkout' });

    expect((await send('/shop/order/cancelOrder', { id: orderId, reason: 'changed my mind' }, m.headers)).body.data.status).toBe('cancelled');
    expect(await pointsOf(m.userId)).toBe(1000);
    expect((await get('/user/wallet/pointsLog?kind=points', m.headers)).body.data.list[0]).toMatchObject({ amount: 300, balance_after: 1000, reason_text: 'Returned from an order' });
    expect(await pointsOf(m.userId, 'shopping_points')).toBe(500);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('more points than the member has: "Insufficient points", nothing reserved', async () => {
    const m = await shopper(100, 0);
    const g = await newGoods(t.db, [{ price: 1999, stock: 5 }]);
    const refused = await send('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, points: 101, pay_password: PAY_PASSWORD }, m.headers);
    expect(refused.body.code).toBe(ResponseCode.insufficientPoints);
    expect(refused.body.msg).toBe('Insufficient points');
    const noShopping = await send('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, shopping_points: 1, pay_password: PAY_PASSWORD }, m.headers);
    expect(noShopping.body.msg).toBe('Insufficient Shopping Points balance');
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(5);
    expect(await pointsOf(m.userId)).toBe(100);
  });

  it('the preview and the order agree on points beyond the balance: both refuse them; what the balance allows is placed at the total shown', async () => {
    const m = await shopper(3311, 0);
    const g = await newGoods(t.db, [{ price: 2000, stock: 5 }]);
    const query = `goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=3&address_id=${m.addressId}`;
    const body = { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3, address_id: m.addressId, pay_password: PAY_PASSWORD };
    // 5,000 points fit in the goods (60.00) but the member holds 3,311: the preview says so, as the order does.
    const asked = await get(`/shop/buy/cartGoods?${query}&points=5000`, m.headers);
    expect(asked.body).toMatchObject({ code: ResponseCode.insufficientPoints, msg: 'Insufficient points' });
    const placedAsked = await send('/shop/buy/createOrder', { ...body, points: 5000 }, m.headers);
    expect(placedAsked.body).toMatchObject({ code: ResponseCode.insufficientPoints, msg: 'Insufficient points' });
    expect(await pointsOf(m.userId)).toBe(3311);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(5);
    // The whole balance: the preview's total is the order's, and the expected total holds.
    const all = await get(`/shop/buy/cartGoods?${query}&points=3311`, m.headers);
    expect(all.body.data).toMatchObject({ points_used: 3311, points_value: 3311, points_offer: { points: { balance: 3311, max: 3311 } } });
    const placed = await send('/shop/buy/createOrder', { ...body, points: all.body.data.points_used, expected_total: all.body.data.total }, m.headers);
    expect(placed.body).toMatchObject({ code: 200, data: { total: all.body.data.total } });
    expect(await pointsOf(m.userId)).toBe(0);
  });

  it('an unpaid order that expires through its job gives the points back once', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1000, stock: 5 }]);
    const placed = await placeOrder(t.deps, memberActor(m.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, remarks: '', points: 400, pay_password: PAY_PASSWORD });
    expect(await pointsOf(m.userId)).toBe(600);
    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', placed.order_id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`order-expiry:${placed.order_id}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_order');
    expect((await orderRow(t.db, placed.order_id)).status).toBe('closed');
    expect(await pointsOf(m.userId)).toBe(1000);
    // A payment arriving after expiry does not spend them.
    expect((await pay(placed)).outcome).toBe('not_payable');
    expect(await pointsOf(m.userId)).toBe(1000);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('paid: the held points are spent; cancelling the paid order refunds them once', async () => {
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 1000, stock: 5 }]);
    const placed = await placeOrder(t.deps, memberActor(m.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, remarks: '', points: 250, shopping_points: 50, pay_password: PAY_PASSWORD });
    expect((await pay(placed)).outcome).toBe('paid');
    const holds = await t.db.selectFrom('holds').select('status').where('reference_type', '=', 'order').where('reference_id', '=', String(placed.order_id)).execute();
    expect(holds.map((h) => h.status)).toEqual(['posted', 'posted']);
    expect(await pointsOf(m.userId)).toBe(750);
    const cancelled = await send('/shop/order/cancelOrder', { id: placed.order_id, reason: '' }, m.headers);
    expect(cancelled.body.data.status).toBe('refunding');
    expect(await pointsOf(m.userId)).toBe(1000);
    expect(await pointsOf(m.userId, 'shopping_points')).toBe(500);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('points that pay the whole order leave nothing to pay: the order is paid at once', async () => {
    const m = await shopper(2000, 0);
    const g = await newGoods(t.db, [{ price: 1500, stock: 5 }]);
    const placed = await send('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, points: 2000, pay_password: PAY_PASSWORD }, m.headers);
    expect(placed.body.data).toMatchObject({ status: 'paid', total: 0 });
    expect(await pointsOf(m.userId)).toBe(500);
    expect((await orderRow(t.db, placed.body.data.order_id)).points_earned).toBe(0);
  });

  it('the operator caps the share points may pay and sets their value', async () => {
    const set = await send('/admin/api/orders/points-settings', { points_max_share_bp: 5000, points_per_unit: 50 }, operator.headers);
    // A smaller share is in force at once; points worth twice as much wait for a second operator.
    expect(set.body).toMatchObject({ code: 200, data: { points_max_share_bp: 5000, points_per_unit: 100, shopping_points_per_unit: 100, earn_rate_bp: 100, request: { kind: 'points.settings', status: 'pending', changes: [{ field: 'points_per_unit', from: 100, to: 50 }] } } });
    expect((await send('/admin/api/orders/points-settings', {}, operator.headers)).body.code).toBe(ResponseCode.validation);
    const approver = await newOperatorSession(t.db, 'finance');
    expect((await send('/admin/api/approvals/decide', { id: set.body.data.request.id, decision: 'approve' }, operator.headers)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await send('/admin/api/approvals/decide', { id: set.body.data.request.id, decision: 'approve' }, approver.headers)).body.data).toMatchObject({ status: 'approved' });
    try {
      const m = await shopper(5000, 0);
      const g = await newGoods(t.db, [{ price: 2000, stock: 5 }]);
      const res = await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1&points=5000`, m.headers);
      // Half of 20.00 is 10.00, at 50 points a dollar: 500 points.
      expect(res.body.data).toMatchObject({ points_used: 500, points_value: 1000, total: 1000, points_offer: { points: { per_unit: 50, max: 500 } } });
    } finally {
      await settings({ points_max_share_bp: 10000, points_per_unit: 100 });
    }
  });
});

describe('points earned', () => {
  async function shippedOrder(m: Awaited<ReturnType<typeof shopper>>, goods: { goodsId: number; skuIds: number[] }, num = 1, points = 0) {
    const placed = await placeOrder(t.deps, memberActor(m.userId), { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num, address_id: m.addressId, remarks: '', points, pay_password: PAY_PASSWORD });
    await pay(placed);
    const shipped = await send('/admin/api/orders/ship', { order_id: placed.order_id, carrier: 'DHL', tracking_number: `PT0000${placed.order_id}` }, operator.headers);
    expect(shipped.body).toMatchObject({ code: 200, data: { order_status: 'shipped' } });
    return placed.order_id;
  }

  it('confirming receipt credits the percentage once; the order says so', async () => {
    const m = await shopper(0, 0);
    const g = await newGoods(t.db, [{ price: 5000, stock: 5 }]);
    const orderId = await shippedOrder(m, g, 2);
    expect(await pointsOf(m.userId)).toBe(0);
    expect((await send('/shop/order/confirmReceipt', { id: orderId }, m.headers)).body.data.status).toBe('completed');
    // 1 % of 100.00 at 100 points a dollar.
    expect(await pointsOf(m.userId)).toBe(100);
    expect((await send('/shop/order/confirmReceipt', { id: orderId }, m.headers)).body.code).toBe(ResponseCode.orderState);
    expect(await autoCompleteOrder(t.deps, provider, orderId)).toBe(false);
    expect(await pointsOf(m.userId)).toBe(100);
    expect((await get(`/shop/order/info?id=${orderId}`, m.headers)).body.data).toMatchObject({ points_earned: 100, points_earned_posted: true });
    const log = await get('/user/wallet/pointsLog?kind=points', m.headers);
    expect(log.body.data.list[0]).toMatchObject({ amount: 100, balance_after: 100, reason_text: 'Earned on an order' });
  });

  it('goods with their own rule earn it per unit; points spent are not earned on; auto-completion credits too', async () => {
    const m = await shopper(1000, 0);
    const ruled = await newGoods(t.db, [{ price: 5000, stock: 5 }]);
    // Through the operator call the console uses; members and operators without settings.write are refused.
    const body = { goods_id: ruled.goodsId, points_per_unit: 30 };
    expect((await send('/admin/api/orders/goods-points', body, m.headers)).body.code).toBe(ResponseCode.tokenInvalid);
    expect((await send('/admin/api/orders/goods-points', body, (await newOperatorSession(t.db, 'catalogue')).headers)).status).toBe(403);
    // A raise waits for a second operator (docs/decisions/2026-11-29-goods-points-four-eyes.md).
    const asked = await send('/admin/api/orders/goods-points', { ...body, reason: 'launch' }, operator.headers);
    expect(asked.body).toMatchObject({ code: 200, data: { ok: true, points_per_unit: null, request: { kind: 'goods.points', status: 'pending' } } });
    expect((await send('/admin/api/approvals/decide', { id: asked.body.data.request.id, decision: 'approve' }, (await newOperatorSession(t.db, 'owner')).headers)).body.code).toBe(200);
    // The checkout's preview already says what the rule will earn.
    expect((await get(`/shop/buy/cartGoods?goods_id=${ruled.goodsId}&sku_id=${ruled.skuIds[0]}&num=3&points=1000`, m.headers)).body.data.points_earned).toBe(90);
    const orderId = await shippedOrder(m, ruled, 3, 1000);
    expect((await orderRow(t.db, orderId)).points_earned).toBe(90);
    await t.db.updateTable('order_packages').set({ shipped_at: new Date(Date.now() - 30 * 86_400_000) }).where('order_id', '=', orderId).execute();
    expect(await autoCompleteOrder(t.deps, provider, orderId)).toBe(true);
    expect(await pointsOf(m.userId)).toBe(90);

    // Without a rule: 1 % of what was paid in money (40.00 of 50.00 after 1000 points) = 40 points.
    const plain = await newGoods(t.db, [{ price: 5000, stock: 5 }]);
    await grant(m.userId, 'points', 1000);
    const second = await shippedOrder(m, plain, 1, 1000);
    expect((await orderRow(t.db, second)).points_earned).toBe(40);
    await expect(setGoodsPoints(t.db, cli, { goods_id: 999_999_999, points_per_unit: 1 })).rejects.toMatchObject({ code: ResponseCode.goodsNotFound });
    await expect(setPointsSettings(t.db, cli, { points_per_unit: 0 })).rejects.toMatchObject({ code: ResponseCode.settingInvalid, params: { allowed: 'points_per_unit: a whole number from 1 to 1000000' } });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('operator commands', () => {
  it('npm run ops -- order points / goods-points change what checkout and completion use, recorded', async () => {
    // Points worth less (200 to a dollar) at once; orders earning more (3 %) wait for a second operator.
    const out = await runOrderCommand(t.db, cli, ['order', 'points', '200', '100', '10000', '300', '--reason', 'spring']);
    expect(out).toContain('waits for a second operator');
    expect(out).toContain('now: 200 points');
    await decideApproval(t.db, operatorCliActor('gina', 2), 'owner', { id: Number(/request #(\d+)/.exec(out)![1]), decision: 'approve' });
    const g = await newGoods(t.db, [{ price: 1000, stock: 5 }]);
    const waits = await runOrderCommand(t.db, cli, ['order', 'goods-points', String(g.goodsId), '7', '--reason', 'launch']);
    expect(waits).toContain('waits for a second operator');
    await decideApproval(t.db, operatorCliActor('gina', 2), 'owner', { id: Number(/request #(\d+)/.exec(waits)![1]), decision: 'approve' });
    try {
      const m = await shopper(1000, 0);
      const preview = await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=2&points=200`, m.headers);
      expect(preview.body.data).toMatchObject({ points_value: 100, points_earned: 14, points_offer: { points: { per_unit: 200 } } });
      expect(await runOrderCommand(t.db, cli, ['order', 'goods-points', String(g.goodsId), 'none'])).toContain('percentage');
      // 3 % of 19.00 paid in money at 200 points a dollar: 114 points.
      expect((await get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=2&points=200`, m.headers)).body.data.points_earned).toBe(114);
      // The rule from and to as facts (null: the percentage), with the request the raise was approved in.
      const recorded = await t.db.selectFrom('operator_actions').select(['action', 'operator', 'facts']).where('action', '=', 'goods.points').where('target_id', '=', g.goodsId).orderBy('id').execute();
      expect(recorded).toEqual([
        { action: 'goods.points', operator: expect.stringContaining('gina'), facts: { key: 'goods_points', goods_id: g.goodsId, name: expect.any(Object), from: null, to: 7, request_id: Number(/request #(\d+)/.exec(waits)![1]) } },
        { action: 'goods.points', operator: expect.stringContaining('fiona'), facts: { key: 'goods_points', goods_id: g.goodsId, name: expect.any(Object), from: 7, to: null, request_id: null } },
      ]);
    } finally {
      await settings({ points_per_unit: 100, shopping_points_per_unit: 100, earn_rate_bp: 100 });
    }
  });
});

describe('points made worth more, asked at once', () => {
  it('eight identical raises at once are one request, nothing changes before its approval, and it is carried out once; 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      const asked = await Promise.all(Array.from({ length: 8 }, () => setPointsSettings(t.db, cli, { earn_rate_bp: 200 + round }, 'race')));
      const ids = new Set(asked.map((a) => a.request?.id));
      expect(ids.size).toBe(1);
      expect(asked.every((a) => a.earn_rate_bp === 100 && a.request?.status === 'pending')).toBe(true);
      const id = [...ids][0]!;
      const decided = await Promise.allSettled(Array.from({ length: 4 }, () => decideApproval(t.db, operatorCliActor('gina', 2), 'owner', { id, decision: 'approve' })));
      expect(decided.filter((d) => d.status === 'fulfilled')).not.toHaveLength(0);
      const row = await t.db.selectFrom('order_settings').select('earn_rate_bp').executeTakeFirstOrThrow();
      expect(row.earn_rate_bp).toBe(200 + round);
      const applied = await t.db.selectFrom('operator_actions').select('id').where('action', '=', 'order.points').where('reason', '=', 'race').where('operator', 'like', '%gina%').execute();
      expect(applied).toHaveLength(round + 1);
      await t.db.updateTable('order_settings').set({ earn_rate_bp: 100 }).execute();
    }
  });
});

describe('a race for the same points', () => {
  it('concurrent checkouts spending more points than the member has together: exactly one succeeds, 10 runs', async () => {
    for (let run = 0; run < 10; run++) {
      const m = await shopper(1000, 0);
      const g = await newGoods(t.db, [{ price: 2000, stock: 50 }]);
      const results = await Promise.allSettled(
        Array.from({ length: 8 }, () => placeOrder(deps, memberActor(m.userId), { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, remarks: '', points: 800, pay_password: PAY_PASSWORD })),
      );
      const placed = results.filter((r) => r.status === 'fulfilled');
      const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as { code?: number }).code);
      expect(placed).toHaveLength(1);
      expect(new Set(refusals)).toEqual(new Set([ResponseCode.insufficientPoints]));
      expect(await pointsOf(m.userId)).toBe(200);
      // Refused checkouts reserved nothing.
      expect(await stockOf(t.db, g.skuIds[0]!)).toBe(49);
    }
    // Two checkouts through the API at once (two taps, two keys), each for 600 of 1000 points.
    const m = await shopper(1000, 0);
    const g = await newGoods(t.db, [{ price: 2000, stock: 5 }]);
    const answers = await Promise.all(
      ['a', 'b'].map((tap) =>
        send('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, points: 600, pay_password: PAY_PASSWORD }, { ...m.headers, 'idempotency-key': `points-race-${m.userId}-${tap}` }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([200, ResponseCode.insufficientPoints].sort());
    expect(await pointsOf(m.userId)).toBe(400);
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);
});

describe('one value for a point in every currency', () => {
  // The shop's own rate for yen, as the ¥3,800 order had it: ¥1 = $0.00638.
  const today = () => new Date().toISOString().slice(0, 10);
  const setRate = (rate: string) => setOperatorRate(t.db, operatorCliActor('rates-desk', 1), { base: 'JPY', quote: 'USD', rate, date: today(), reason: 'test rate' });
  beforeAll(async () => {
    await setRate('0.00638');
  });

  const checkoutOf = (g: { goodsId: number; skuIds: number[] }, m: { headers: Headers; addressId: number }, extra = '') =>
    get(`/shop/buy/cartGoods?goods_id=${g.goodsId}&sku_id=${g.skuIds[0]}&num=1&address_id=${m.addressId}${extra}`, m.headers);

  async function receive(m: Awaited<ReturnType<typeof shopper>>, orderId: number) {
    const order = await orderRow(t.db, orderId);
    if (order.status === 'awaiting_payment') expect((await pay({ order_id: orderId, total: Number(order.total_minor), currency: order.currency })).outcome).toBe('paid');
    expect((await send('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `FX0000${orderId}` }, operator.headers)).body.code).toBe(200);
    expect((await send('/shop/order/confirmReceipt', { id: orderId }, m.headers)).body.data.status).toBe('completed');
  }

  it('a yen order earns points worth what was paid in dollars, as the checkout said, at the rate it recorded', async () => {
    const m = await shopper(0, 0);
    const yen = await newGoods(t.db, [{ price: 3800, stock: 5 }], { currency: 'JPY' });
    // ¥3,800 is $24.244 at 0.00638: 1 % of it at 100 points a dollar is 24 points (not 3,800).
    const preview = await checkoutOf(yen, m);
    expect(preview.body.data).toMatchObject({ currency: 'JPY', subtotal: 3800, points_earned: 24 });
    const placed = await send('/shop/buy/createOrder', { goods_id: yen.goodsId, sku_id: yen.skuIds[0], num: 1, address_id: m.addressId }, m.headers);
    const orderId = placed.body.data.order_id as number;
    expect(await orderRow(t.db, orderId)).toMatchObject({ points_earned: 24, points_rate: expect.stringMatching(/^0\.00638/), points_rate_source: 'operator' });
    // A later change of the rate does not change what the order was placed to earn.
    await setRate('0.0125');
    try {
      await receive(m, orderId);
    } finally {
      await setRate('0.00638');
    }
    expect(await pointsOf(m.userId)).toBe(24);
    expect((await get(`/shop/order/info?id=${orderId}`, m.headers)).body.data).toMatchObject({ points_earned: 24, points_earned_posted: true });

    // In dollars nothing changed: $36.99 earns 36 points.
    const dollars = await newGoods(t.db, [{ price: 3699, stock: 5 }]);
    expect((await checkoutOf(dollars, m)).body.data.points_earned).toBe(36);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('points spent on a yen order take off their dollar value in yen, rounded down; the preview equals the order', async () => {
    const m = await shopper(500, 0);
    const yen = await newGoods(t.db, [{ price: 3800, stock: 5 }], { currency: 'JPY' });
    // 500 points are $5.00, which is ¥783.69 at 0.00638: ¥783 off (not ¥5), for all 500 points.
    const preview = (await checkoutOf(yen, m, '&points=500')).body.data;
    expect(preview).toMatchObject({ points_used: 500, points_value: 783, points_offer: { points: { balance: 500, max: 500 } } });
    expect(preview.total).toBe(3800 - 783 + preview.operating_fee + preview.freight);
    // On the rest, ¥3,017 ($19.24846), it earns 19 points.
    expect(preview.points_earned).toBe(19);
    // A member asking for ¥1 of points gives 1 point for ¥1 (a point is worth ¥1.567).
    expect((await checkoutOf(yen, m, '&points=1')).body.data).toMatchObject({ points_used: 1, points_value: 1 });

    const placed = await send('/shop/buy/createOrder', { goods_id: yen.goodsId, sku_id: yen.skuIds[0], num: 1, address_id: m.addressId, points: 500, pay_password: PAY_PASSWORD }, m.headers);
    expect(placed.body.code).toBe(200);
    const info = (await get(`/shop/order/info?id=${placed.body.data.order_id}`, m.headers)).body.data;
    for (const key of ['subtotal', 'points_used', 'points_value', 'operating_fee', 'freight', 'total', 'points_earned'] as const) expect(info[key], key).toBe(preview[key]);
    expect(placed.body.data.total).toBe(preview.total);
    expect(await pointsOf(m.userId)).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('earned on yen and spent on dollars, points never give back more than was paid', async () => {
    const m = await shopper(0, 0);
    await settings({ earn_rate_bp: 10000 });
    try {
      // At 100 % earning, the most a member could get back is what they paid.
      const yen = await newGoods(t.db, [{ price: 3800, stock: 5 }], { currency: 'JPY' });
      const placed = await placeOrder(t.deps, memberActor(m.userId), { goods_id: yen.goodsId, sku_id: yen.skuIds[0], num: 1, address_id: m.addressId, remarks: '' });
      await receive(m, placed.order_id);
      const earned = await pointsOf(m.userId);
      // ¥3,800 paid is $24.244: 2,424 points, $24.24.
      expect(earned).toBe(2424);
      const dollars = await newGoods(t.db, [{ price: 10000, stock: 5 }]);
      const spent = (await checkoutOf(dollars, m, `&points=${earned}`)).body.data;
      expect(spent.points_value).toBe(2424);
      expect(spent.points_value).toBeLessThanOrEqual(Math.floor(3800 * 0.638));
      // And back on yen: 2,424 points take ¥3,799 off, never more than the ¥3,800 they came from.
      const back = (await checkoutOf(yen, m, `&points=${earned}`)).body.data;
      expect(back).toMatchObject({ points_used: 2424, points_value: 3799 });
    } finally {
      await settings({ earn_rate_bp: 100 });
    }
  });
});
