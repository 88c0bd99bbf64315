import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../jobs/worker.js';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import * as shopOrders from '../shop-orders.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A shop order the owner approved and then could not serve (banned) or did not
// serve (never shipped, never handed over) was stuck for good: the buyer saw "Approved", the console's
// audit decision answered 8103, the "owner cannot act" view did not list it and finance's refund
// answered 6211. An operator now refunds it (reason, recorded, once), the view lists it, and a
// fulfilment deadline refunds what nobody served.

let t: TestApp;
let k: ShopKit;
let stripe: FakeStripe;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
const job = systemActor('shop-test');
const SHOP_FULFIL_DAYS = shopOrders.SHOP_FULFIL_DAYS;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  stripe = useSandboxes(t).stripe as FakeStripe;
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Operator = Awaited<ReturnType<typeof newOperatorSession>>;
const op = (url: string, body?: unknown, who: Operator = operator) => call(t, body === undefined ? 'GET' : 'POST', url, { headers: { ...who.headers, 'idempotency-key': `unserved-${Date.now()}-${n++}` }, body, lang: 'en-us' });
const refund = (id: number, who: Operator = operator) => op('/admin/api/shops/orderAuth', { id, decision: 'refund', reason: 'owner never shipped' }, who);
const ownerAwayIds = async () => ((await op('/admin/api/shops/orders?status=owner_away&limit=50')).body.data.list as Array<{ id: number }>).map((r) => r.id);

describe('an approved shop order its owner does not serve', () => {
  it('paid by card, approved, the owner banned: listed as "owner cannot act", refunded by an operator in full with the surcharge, stock back, once', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1500, stock: 4 });
    const b = await k.buyer();
    const placed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 2, address_id: b.addressId });
    const id = placed.body.data.order_id as number;
    const started = await call(t, 'POST', '/attractive/buy/payOrder', { headers: b.keyed(), body: { order_id: id, pay_way: 'stripe_card' }, lang: 'en-us', ip: '10.77.0.1' });
    expect(started.body.code, started.body.msg).toBe(200);
    await stripe.decide(started.body.data.payment_no, 'pay');
    expect((await k.orderRow(id)).status).toBe('awaiting_audit');
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    expect((await op('/admin/api/members/ban', { id: o.userId, banned: true, reason: 'fraud' })).body.code).toBe(200);

    // The operators see it among the orders whose owner cannot act; the buyer's order offers nothing.
    expect(await ownerAwayIds()).toContain(id);
    // The owner's own operator account (linked) and the buyer's are refused; nothing moves.
    const linked = await newOperatorSession(t.db, 'owner');
    await t.db.updateTable('operators').set({ member_id: o.userId }).where('id', '=', linked.operatorId).execute();
    expect((await refund(id, linked)).body.code).toBe(ResponseCode.ownMemberAccount);
    expect((await op('/admin/api/shops/orderAuth', { id, decision: 'refund', reason: '' })).status).toBe(422);
    expect((await k.orderRow(id)).status).toBe('approved');

    const done = await refund(id);
    expect(done.body, done.body.msg).toMatchObject({ code: 200, data: { id, status: 'rejected' } });
    const row = await k.orderRow(id);
    expect(row).toMatchObject({ status: 'rejected', reject_reason: 'operator_refund' });
    expect(row.refunded_at).not.toBeNull();
    // The whole payment back, its card surcharge with it; the units back in the shop; no earnings.
    const payment = await t.db.selectFrom('payments').select(['payable_minor', 'fee_minor']).where('payable_type', '=', 'shop_order').where('payable_id', '=', id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
    expect(Number(payment.payable_minor)).toBe(3000);
    expect(Number(payment.fee_minor)).toBeGreaterThan(0);
    const refunds = await k.refundsOf(id);
    expect(refunds.reduce((s, r) => s + Number(r.amount_minor), 0)).toBe(3000 + Number(payment.fee_minor));
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(4);
    expect(row.earnings_minor).toBeNull();
    // Recorded with its reason; a second refund is refused (8103) and gives nothing more.
    const actions = await t.db.selectFrom('operator_actions').select(['action', 'reason']).where('target_type', '=', 'shop_order').where('target_id', '=', id).execute();
    expect(actions).toEqual([{ action: 'shop_order.refund', reason: 'owner never shipped' }]);
    expect((await refund(id)).body.code).toBe(ResponseCode.shopOrderState);
    expect(await k.refundsOf(id)).toHaveLength(refunds.length);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(4);
    // The buyer reads it refunded, with the reason's code (the app words it).
    const seen = (await k.get(b, `/attractive/order/info?id=${id}`)).body.data;
    expect(seen).toMatchObject({ status: 'rejected', reject_reason: 'operator_refund', refunded: true });
    expect(await ownerAwayIds()).not.toContain(id);
    await k.ledgerClean();
  }, 60_000);

  it('ready for pickup in a shop an operator closed: refunded by the closing with the order awaiting audit; an awaiting_audit order is not refunded as unserved', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 500, stock: 3 });
    const b = await k.buyer(5000);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const waiting = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    expect((await refund(waiting)).body.code).toBe(ResponseCode.shopOrderState);
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' })).body.data.status).toBe('ready_for_pickup');
    expect(await ownerAwayIds()).not.toContain(id);
    const closed = await op('/admin/api/shops/status', { id: o.shopId, status: 'closed', reason: 'complaints' });
    expect(closed.body.data).toMatchObject({ refunded_orders: 2 });
    expect(await k.orderRow(waiting)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
    // The order not yet handed over is refunded by the closing too: nothing is left for an operator to refund.
    expect(await k.orderRow(id)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
    expect(await ownerAwayIds()).not.toContain(id);
    expect((await refund(id)).body.code).toBe(ResponseCode.shopOrderState);
    expect(await k.refundsOf(id)).toHaveLength(1);
    expect(await k.usd(b.userId)).toBe(5000);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(3);
    await k.ledgerClean();
  }, 60_000);

  it('the owner shipping and an operator refunding at once: exactly one wins, every time', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 100, stock: 50 });
    const b = await k.buyer(100_000);
    let shipped = 0;
    for (let run = 0; run < 10; run++) {
      const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
      expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
      const [ship, back] = await Promise.all([k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` }), refund(id)]);
      expect([ship.body.code, back.body.code].filter((c) => c === 200)).toHaveLength(1);
      expect([ship.body.code, back.body.code]).toContain(ResponseCode.shopOrderState);
      const row = await k.orderRow(id);
      expect(row.status).toBe(ship.body.code === 200 ? 'shipped' : 'rejected');
      expect((await k.refundsOf(id)).length).toBe(row.status === 'rejected' ? 1 : 0);
      if (row.status === 'shipped') shipped++;
    }
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(50 - shipped);
    await k.ledgerClean();
  }, 120_000);
});

describe('the fulfilment deadline', () => {
  it('an approved order not shipped within its days, and one ready but not picked up, are refunded by their job', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 800, stock: 5 });
    const b = await k.buyer(5000);
    const ship = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    const pickup = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    for (const id of [ship, pickup]) expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id: pickup, to: 'ready_for_pickup' })).body.data.status).toBe('ready_for_pickup');
    // Not due yet: nothing moves.
    expect(await shopOrders.refundUnfulfilledShopOrder(t.deps, job, ship)).toBe(false);
    const jobs = await sql<{ key: string; run_at: Date }>`select key, run_at from graphile_worker._private_jobs where key in (${`shop-order-fulfil:${ship}`}, ${`shop-order-fulfil:${pickup}`})`.execute(t.db);
    expect(jobs.rows).toHaveLength(2);
    for (const j of jobs.rows) expect(new Date(j.run_at).getTime()).toBeGreaterThan(Date.now() + (SHOP_FULFIL_DAYS - 1) * 86_400_000);
    // The days pass.
    await t.db.updateTable('shop_orders').set({ decided_at: new Date(Date.now() - SHOP_FULFIL_DAYS * 86_400_000 - 1000) }).where('id', '=', ship).execute();
    await t.db.updateTable('shop_orders').set({ shipped_at: new Date(Date.now() - SHOP_FULFIL_DAYS * 86_400_000 - 1000) }).where('id', '=', pickup).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key in (${`shop-order-fulfil:${ship}`}, ${`shop-order-fulfil:${pickup}`})`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('refund_unfulfilled_shop_order');
    for (const id of [ship, pickup]) {
      const row = await k.orderRow(id);
      expect(row).toMatchObject({ status: 'rejected', reject_reason: 'fulfilment_overdue' });
      expect(row.refunded_at).not.toBeNull();
    }
    expect(await k.usd(b.userId)).toBe(5000);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(5);
    // A repeat does nothing.
    expect(await shopOrders.refundUnfulfilledShopOrder(t.deps, job, ship)).toBe(false);
    await k.ledgerClean();
  }, 60_000);
});
