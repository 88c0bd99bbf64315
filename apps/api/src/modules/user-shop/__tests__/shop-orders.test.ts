import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../jobs/worker.js';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { refundShopOrder, rejectOverdueAudit, settleShopOrder } from '../shop-orders.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

const job = systemActor('shop-test');

/** The settle moment has come for a completed order (the test clock moves its time, nobody waits). */
async function settleTimeCame(orderId: number) {
  await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', orderId).execute();
  await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-settle:${orderId}`}`.execute(t.db);
}

describe('the audit and fulfilment', () => {
  it('approve takes the stock; ship needs carrier and tracking; the buyer confirms; at the settled moment the owner earns 90 % once', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 2000, stock: 3 });
    const b = await k.buyer(10_000);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 2, { addressId: b.addressId });
    // Shipping before the audit: refused.
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: 'T1' })).body.code).toBe(ResponseCode.shopOrderState);
    const approved = await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve', status: 'completed' });
    expect(approved.body.data).toEqual({ id, status: 'approved' });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(1);
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'reject', reason: 'late' })).body.code).toBe(ResponseCode.shopOrderState);
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped' })).status).toBe(422);
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' })).body.code).toBe(ResponseCode.shopOrderState);
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: 'DHL123' })).body.data).toEqual({ id, status: 'shipped' });
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data).toMatchObject({ status: 'shipped', carrier: 'DHL', tracking_number: 'DHL123', actions: { complete: true } });
    expect((await k.post(b, '/attractive/order/confirm', { id })).body.data).toEqual({ id, status: 'completed' });
    expect((await k.post(b, '/attractive/order/confirm', { id })).body.code).toBe(ResponseCode.shopOrderState);
    // Too early: nothing is earned.
    await runDueJobs(t.deps);
    expect(await k.usd(o.userId, 'rewards')).toBe(0);
    await settleTimeCame(id);
    expect((await runDueJobs(t.deps)).succeeded).toContain('settle_shop_order');
    expect(await k.usd(o.userId, 'rewards')).toBe(3600);
    expect(await settleShopOrder(t.deps, job, id)).toBe(false);
    expect(await k.usd(o.userId, 'rewards')).toBe(3600);
    const detail = (await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.data;
    expect(detail).toMatchObject({ status: 'completed', earnings: 3600, settled_at: expect.any(String) });
    expect(detail.events.map((e: { to: string | null; kind: string }) => e.to ?? e.kind)).toEqual(['awaiting_payment', 'awaiting_audit', 'approved', 'shipped', 'completed', 'settled']);
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data.earnings).toBeNull();
    expect((await k.get(o, '/attractive/shop/shopTotal')).body.data.earnings).toEqual([{ currency: 'USD', amount: 3600 }]);
    await k.ledgerClean();
  });

  it('a pickup order goes ready for pickup, and the owner completes it on hand-over', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 500, stock: 2 });
    const b = await k.buyer(1000);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' });
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: 'X' })).body.code).toBe(ResponseCode.shopOrderState);
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'ready_for_pickup' })).body.data.status).toBe('ready_for_pickup');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'completed' })).body.data.status).toBe('completed');
    expect((await k.orderRow(id)).settles_at).not.toBeNull();
  });

  it('a rejection needs a reason, refunds in full once (repeats and the job add nothing), and the owner sees it rejected', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1500, stock: 3 });
    const b = await k.buyer(5000);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 2, { addressId: b.addressId });
    expect(await k.usd(b.userId)).toBe(2000);
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'reject' })).status).toBe(422);
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'reject', reason: 'We are closed this week' })).body.data).toEqual({ id, status: 'rejected' });
    expect(await k.usd(b.userId)).toBe(5000);
    await Promise.all([refundShopOrder(t.deps, job, id), refundShopOrder(t.deps, job, id), runDueJobs(t.deps)]);
    expect(await k.usd(b.userId)).toBe(5000);
    expect(await k.refundsOf(id)).toEqual([expect.objectContaining({ amount_minor: 3000, status: 'succeeded' })]);
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data).toMatchObject({ status: 'rejected', reject_reason: 'We are closed this week', refunded: true });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(3);
    await k.ledgerClean();
  });

  it('an audit not decided in time is rejected and refunded by its job; an unpaid order closes at its deadline', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 700, stock: 3 });
    const b = await k.buyer(700);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    expect(await rejectOverdueAudit(t.deps, job, id)).toBe(false);
    await t.db.updateTable('shop_orders').set({ audit_due_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-audit:${id}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('reject_overdue_shop_order');
    expect(await k.orderRow(id)).toMatchObject({ status: 'rejected', reject_reason: 'audit_overdue' });
    expect(await k.usd(b.userId)).toBe(700);
    const unpaid = (await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, pickup: true })).body.data.order_id;
    await t.db.updateTable('shop_orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', unpaid).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-expire:${unpaid}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_shop_order');
    expect((await k.orderRow(unpaid)).status).toBe('closed');
    expect((await k.post(b, '/attractive/buy/payOrder', { order_id: unpaid, pay_way: 'balance', pay_password: '246810' })).body.code).toBe(ResponseCode.payableNotPayable);
    await k.ledgerClean();
  });
});

describe('races', () => {
  it('stock 10, 200 one-unit orders approved at once: exactly 10 approved, the others refused as stock short and refunded', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 100, stock: 10 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => k.buyer(2000)));
    const ids: number[] = [];
    for (let i = 0; i < 200; i++) ids.push(await k.paidOrder(buyers[i % 10]!, o.shopId, g.skuId, 1, { pickup: true }));
    const answers = await Promise.all(ids.map((id) => k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.body.code === ResponseCode.shopStockShort)).toHaveLength(190);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(0);
    const rows = await t.db.selectFrom('shop_orders').select(['status', 'refunded_at']).where('shop_id', '=', o.shopId).execute();
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(10);
    expect(rows.filter((r) => r.status === 'rejected' && r.refunded_at)).toHaveLength(190);
    // Ten units paid for in all; every other payment came back whole.
    let left = 0;
    for (const b of buyers) left += await k.usd(b.userId);
    expect(left).toBe(10 * 2000 - 10 * 100);
    const taken = await t.db.selectFrom('shop_stock_adjustments').select(sql<string>`sum(delta)`.as('n')).where('shop_id', '=', o.shopId).where('cause', '=', 'order').executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(-10);
    await k.ledgerClean();
  }, 240_000);

  it('approve and reject of one order at once, and the overdue job against the approval: one outcome each time', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 100, stock: 100 });
    const b = await k.buyer(100_000);
    for (let run = 0; run < 10; run++) {
      const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
      const [approve, reject] = await Promise.all([k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' }), k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'reject', reason: 'no' })]);
      expect([approve.body.code, reject.body.code].filter((c) => c === 200)).toHaveLength(1);
      expect([approve.body.code, reject.body.code]).toContain(ResponseCode.shopOrderState);
      const row = await k.orderRow(id);
      const transitions = await t.db.selectFrom('shop_order_events').select('to_status').where('order_id', '=', id).where('to_status', 'in', ['approved', 'rejected']).execute();
      expect(transitions).toHaveLength(1);
      expect((await k.refundsOf(id)).length).toBe(row.status === 'rejected' ? 1 : 0);

      const id2 = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
      await t.db.updateTable('shop_orders').set({ audit_due_at: new Date(Date.now() - 1000) }).where('id', '=', id2).execute();
      const [owner, byJob] = await Promise.all([k.post(o, '/attractive/shop/shopOrderAuth', { id: id2, decision: 'approve' }), rejectOverdueAudit(t.deps, job, id2)]);
      const row2 = await k.orderRow(id2);
      expect(owner.body.code === 200).toBe(!byJob);
      expect(row2.status).toBe(byJob ? 'rejected' : 'approved');
      expect((await k.refundsOf(id2)).length).toBe(byJob ? 1 : 0);
    }
    const stockTaken = await t.db.selectFrom('shop_orders').select(sql<string>`count(*)`.as('n')).where('shop_id', '=', o.shopId).where('status', '=', 'approved').executeTakeFirstOrThrow();
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(100 - Number(stockTaken.n));
    await k.ledgerClean();
  }, 120_000);

  it('20 slips at once never take the stock below zero; a slip records the buyer and what was collected, and earns no PV', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 7, pv: 5 });
    const b = await k.buyer();
    // A member buyer is one the owner invited (or a past buyer of the shop).
    await t.db.updateTable('users').set({ referrer_id: o.userId } as never).where('id', '=', b.userId).execute();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: b.userId, lines: [{ sku_id: g.skuId, num: 1 }], paid: 1000, note: `slip ${i}` })));
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(7);
    expect(answers.filter((a) => a.body.code === ResponseCode.shopStockShort)).toHaveLength(13);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(0);
    const one = answers.find((a) => a.body.code === 200)!.body.data;
    expect(one).toMatchObject({ buyer_id: b.userId, goods_total: 1000, paid: 1000, currency: 'USD', pv: 0, lines: [expect.objectContaining({ sku_id: g.skuId, num: 1, price: 1000, pv: 0 })] });
    const list = (await k.get(o, '/attractive/shop/sellNoteList')).body.data;
    expect(list).toMatchObject({ total: 7, sum: [{ currency: 'USD', amount: 7000 }] });
    const walkIn = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_name: 'Walk-in', lines: [{ sku_id: g.skuId, num: 1 }], paid: 0 });
    expect(walkIn.body.code).toBe(ResponseCode.shopStockShort);
    expect((await k.post(o, '/attractive/shop/sellNoteCreate', { lines: [{ sku_id: g.skuId, num: 1 }], paid: 0 })).status).toBe(422);
    expect((await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_id: 2_000_000_000, lines: [{ sku_id: g.skuId, num: 1 }], paid: 0 })).body.code).toBe(ResponseCode.shopBuyerNotFound);
    const o2 = await k.owner();
    expect((await k.post(o2, '/attractive/shop/sellNoteCreate', { buyer_name: 'x', lines: [{ sku_id: g.skuId, num: 1 }], paid: 0 })).body.code).toBe(ResponseCode.shopGoodsNotOffered);
    expect((await k.get(o2, '/attractive/shop/sellNoteList')).body.data.total).toBe(0);
  }, 60_000);
});

describe('the recipient of a shipped order', () => {
  it('is named in the order the recipient’s own culture writes a name, whatever the reader’s language: a Malaysian address’s Latin name given name first', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1000, stock: 2 });
    const b = await k.buyer(5_000);
    // The buyer's address in Malaysia: given name "Mei", family name "Tan".
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`, 'hu')).body.data.address).toMatchObject({ name: 'Mei Tan', mobile: '+60 123456789' });
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`, 'en-us')).body.data.address).toMatchObject({ name: 'Mei Tan' });
    expect((await k.get(b, `/attractive/order/info?id=${id}`, 'jp')).body.data.address).toMatchObject({ name: 'Mei Tan' });
    expect((await k.get(b, `/attractive/order/info?id=${id}`, 'km')).body.data.address).toMatchObject({ name: 'Mei Tan' });
  });
});
