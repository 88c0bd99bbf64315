import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../../jobs/worker.js';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { rejectOverdueAudit, settleShopOrder } from '../shop-orders.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// Member shops told nobody anything: an owner learnt of a paid order waiting for the audit (and its
// time limit) only by opening the shop, a buyer of an approval, a shipment or a refusal only by
// opening the order. Each fact now writes one message, in the member's language, linked to the page.

let t: TestApp;
let k: ShopKit;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
const job = systemActor('shop-message-test');
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Shown = { kind: string; title: string; text: string; link: string };
const messagesOf = async (m: { headers: Record<string, string> }, lang = 'en-us'): Promise<Shown[]> => (await k.get(m, '/user/message/list?kind=shop&limit=50', lang)).body.data.list;
const kindsOf = async (memberId: number) => (await t.db.selectFrom('member_messages').select('kind').where('member_id', '=', memberId).where('kind', 'like', 'shop.%').orderBy('id').execute()).map((r) => r.kind);
const admin = (url: string, body: unknown) => call(t, 'POST', url, { headers: { ...operator.headers, 'idempotency-key': `shop-msg-${Date.now()}-${n++}` }, body, lang: 'en-us' });

describe('messages of member shops', () => {
  it('the owner is told of a paid order to audit (with the hours) and of earnings settled; the buyer of approval, shipping, pickup, refusal and closing, once each', async () => {
    const o = await k.owner('Told Shop');
    const g = await k.offered(o, { price: 2000, stock: 9 });
    const b = await k.buyer(20_000);

    // Paid: the owner is told to audit it within the settings' hours.
    const shipped = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    const shippedNo = (await k.orderRow(shipped)).order_no;
    const toAudit = (await messagesOf(o)).find((m) => m.kind === 'shop.order_to_audit');
    expect(toAudit).toMatchObject({ title: 'Order to review', link: '/pages/shop/orders?view=awaiting_audit' });
    expect(toAudit!.text).toContain(shippedNo);
    expect(toAudit!.text).toContain('48 hours');

    // Approved, then shipped with its carrier and tracking number.
    await k.post(o, '/attractive/shop/shopOrderAuth', { id: shipped, decision: 'approve' });
    await k.post(o, '/attractive/shop/changeOrderState', { id: shipped, to: 'shipped', carrier: 'DHL', tracking_number: 'DHL-77' });
    const buyerSees = await messagesOf(b);
    expect(buyerSees.find((m) => m.kind === 'shop.order_approved')).toMatchObject({ link: '/pages/shop/buyerOrders', text: expect.stringContaining(shippedNo) });
    expect(buyerSees.find((m) => m.kind === 'shop.order_shipped')!.text).toEqual(expect.stringMatching(/DHL.*DHL-77/));

    // A pickup order made ready, one rejected with the owner's reason, one left until the audit time passed.
    const pickup = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    await k.post(o, '/attractive/shop/shopOrderAuth', { id: pickup, decision: 'approve' });
    await k.post(o, '/attractive/shop/changeOrderState', { id: pickup, to: 'ready_for_pickup' });
    const refused = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    await k.post(o, '/attractive/shop/shopOrderAuth', { id: refused, decision: 'reject', reason: 'Sold out at the counter' });
    const late = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    await t.db.updateTable('shop_orders').set({ audit_due_at: new Date(Date.now() - 1000) }).where('id', '=', late).execute();
    expect(await rejectOverdueAudit(t.deps, job, late)).toBe(true);
    expect(await rejectOverdueAudit(t.deps, job, late)).toBe(false);
    // An unpaid one closed at its deadline.
    const unpaid = (await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, pickup: true })).body.data.order_id as number;
    await t.db.updateTable('shop_orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', unpaid).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-expire:${unpaid}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_shop_order');

    const all = await messagesOf(b);
    expect(all.find((m) => m.kind === 'shop.order_ready_for_pickup')!.text).toContain('Told Shop');
    expect(all.find((m) => m.kind === 'shop.order_rejected')!.text).toContain('Sold out at the counter');
    expect(all.find((m) => m.kind === 'shop.order_rejected_audit_overdue')!.text).toContain((await k.orderRow(late)).order_no);
    expect(all.find((m) => m.kind === 'shop.order_closed')!.text).toContain((await k.orderRow(unpaid)).order_no);
    // Read in Chinese: the same messages in the member's language.
    expect((await messagesOf(b, 'zh-cn')).find((m) => m.kind === 'shop.order_shipped')!.title).toBe('店铺订单已发货');

    // The buyer confirms; at the settled moment the owner is told the amount earned, once.
    await k.post(b, '/attractive/order/confirm', { id: shipped });
    await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', shipped).execute();
    expect(await settleShopOrder(t.deps, job, shipped)).toBe(true);
    expect(await settleShopOrder(t.deps, job, shipped)).toBe(false);
    const earned = (await messagesOf(o)).filter((m) => m.kind === 'shop.earnings_settled');
    expect(earned).toHaveLength(1);
    expect(earned[0]).toMatchObject({ link: '/pages/my/rewards', text: expect.stringContaining('18.00 USD') });

    expect(await kindsOf(b.userId)).toEqual(['shop.order_approved', 'shop.order_shipped', 'shop.order_approved', 'shop.order_ready_for_pickup', 'shop.order_rejected', 'shop.order_rejected_audit_overdue', 'shop.order_closed']);
    expect((await kindsOf(o.userId)).filter((kind) => kind === 'shop.order_to_audit')).toHaveLength(4);
  }, 60_000);

  it('the owner is told when an operator pauses the shop, with the reason; the buyer of an order refunded as the shop closed', async () => {
    const o = await k.owner('Paused Shop');
    const g = await k.offered(o, { price: 500, stock: 3 });
    const b = await k.buyer(5_000);
    const waiting = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const unpaid = (await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, pickup: true })).body.data.order_id as number;
    expect((await admin('/admin/api/shops/status', { id: o.shopId, status: 'paused', reason: 'Complaints under review' })).body.code).toBe(200);
    const paused = (await messagesOf(o)).find((m) => m.kind === 'shop.paused');
    expect(paused).toMatchObject({ link: '/pages/shop/my', text: expect.stringContaining('Complaints under review') });
    expect((await messagesOf(o, 'jp')).find((m) => m.kind === 'shop.paused')!.title).toBe('ショップが一時停止されました');
    expect((await admin('/admin/api/shops/status', { id: o.shopId, status: 'closed', reason: 'Complaints upheld' })).body.code).toBe(200);
    const told = await messagesOf(b);
    expect(told.find((m) => m.kind === 'shop.order_refunded_shop_closed')!.text).toContain((await k.orderRow(waiting)).order_no);
    expect(told.find((m) => m.kind === 'shop.order_closed_shop_closed')!.text).toContain((await k.orderRow(unpaid)).order_no);
    expect((await kindsOf(o.userId)).filter((kind) => kind === 'shop.paused' || kind === 'shop.closed')).toEqual(['shop.paused', 'shop.closed']);
    await k.ledgerClean();
  }, 60_000);
});
