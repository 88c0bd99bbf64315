import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { jobActor } from '../../../lib/actor.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { newAddress, newOperatorSession } from './fixtures.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';

// An order a coupon or checkout points paid in full is paid at once with no payment: cancelled, it has
// nothing for the payments area to refund, so it ends refunded at once with its coupon use and points
// given back once, never waiting in "refunding" for a refund that cannot come.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body, lang: 'en-us' });
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers, lang: 'en-us' });
const pointsOf = (userId: number) => balanceOf(t.db, userId, 'points', 'XXX');

async function freeCoupon(code: string) {
  const r = await post('/admin/api/orders/coupons', { code, kind: 'percent', percent_bp: 10_000, currency: 'USD', min_spend: 0, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 86_400_000).toISOString(), reason: 'all on us' }, owner.headers);
  expect((await post('/admin/api/approvals/decide', { id: r.body.data.request.id, decision: 'approve' }, approver.headers)).body.code).toBe(200);
}
async function shopper() {
  // With a pay password: spending points at checkout asks it.
  const m = await walletMember(t);
  return { ...m, addressId: await newAddress(t.db, m.userId) };
}
/** Everything the payments job does, twice: nothing more may happen to these orders. */
async function reconcileTwice() {
  for (let i = 0; i < 2; i++) await reconcilePayments({ ...t.deps }, jobActor('reconcile_payments', 1), { olderThanSeconds: 0 });
}

describe('a paid order nothing was paid for in money', () => {
  it('paid by a coupon: the member cancels it, it is refunded at once and the coupon can be used again', async () => {
    await freeCoupon('ALLFREE');
    const m = await shopper();
    const g = await newGoods(t.db, [{ price: 647, stock: 5 }]);
    const body = { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, coupon_code: 'ALLFREE' };
    const placed = await post('/shop/buy/createOrder', body, m.headers);
    expect(placed.body.data).toMatchObject({ status: 'paid', total: 0 });
    const id = placed.body.data.order_id as number;
    const cancelled = await post('/shop/order/cancelOrder', { id, reason: 'changed my mind' }, m.headers);
    expect(cancelled.body).toMatchObject({ code: 200, data: { status: 'refunded' } });
    expect((await get(`/shop/order/info?id=${id}`, m.headers)).body.data).toMatchObject({ status: 'refunded', payments: [] });
    await reconcileTwice();
    expect((await get(`/shop/order/info?id=${id}`, m.headers)).body.data.status).toBe('refunded');
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(5);
    // The coupon's use came back: the member may use it again.
    expect((await post('/shop/buy/createOrder', body, { ...m.headers, 'idempotency-key': randomUUID() })).body).toMatchObject({ code: 200, data: { status: 'paid' } });
    expect((await post('/shop/order/cancelOrder', { id, reason: 'again' }, m.headers)).body.code).toBe(ResponseCode.orderState);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('paid by checkout points: cancelled by an operator, refunded at once, the points back exactly once', async () => {
    const m = await shopper();
    await fund(t.db, m.userId, 1000, 'XXX', 'points');
    const g = await newGoods(t.db, [{ price: 647, stock: 5 }]);
    const placed = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, points: 647, pay_password: PAY_PASSWORD }, m.headers);
    expect(placed.body.data).toMatchObject({ status: 'paid', total: 0 });
    expect(await pointsOf(m.userId)).toBe(353);
    const id = placed.body.data.order_id as number;
    expect((await post('/admin/api/orders/cancel', { id, reason: 'out of stock' }, owner.headers)).body).toMatchObject({ code: 200, data: { status: 'refunded' } });
    expect((await get(`/shop/order/info?id=${id}`, m.headers)).body.data.status).toBe('refunded');
    expect(await pointsOf(m.userId)).toBe(1000);
    await reconcileTwice();
    expect(await pointsOf(m.userId)).toBe(1000);
    expect((await get(`/shop/order/info?id=${id}`, m.headers)).body.data.status).toBe('refunded');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('points and a member cancelling: the same, and its history reads refunding, then refunded', async () => {
    const m = await shopper();
    await fund(t.db, m.userId, 2000, 'XXX', 'points');
    const g = await newGoods(t.db, [{ price: 1250, stock: 5 }]);
    const placed = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: m.addressId, points: 2000, pay_password: PAY_PASSWORD }, m.headers);
    expect(placed.body.data).toMatchObject({ status: 'paid', total: 0 });
    const id = placed.body.data.order_id as number;
    expect((await post('/shop/order/cancelOrder', { id, reason: 'changed my mind' }, m.headers)).body.data.status).toBe('refunded');
    expect(await pointsOf(m.userId)).toBe(2000);
    const events = await t.db.selectFrom('order_events').select(['kind', 'to_status']).where('order_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => e.to_status).filter(Boolean).slice(-2)).toEqual(['refunding', 'refunded']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
