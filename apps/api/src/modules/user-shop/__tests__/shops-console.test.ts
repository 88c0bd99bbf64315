import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

let t: TestApp;
let k: ShopKit;
let asker: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
let keyN = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  asker = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());

const op = (who: { headers: Record<string, string> }, url: string, body?: unknown) =>
  call(t, body === undefined ? 'GET' : 'POST', url, { headers: { ...who.headers, 'idempotency-key': `shop-op-${Date.now()}-${keyN++}` }, body, lang: 'en-us' });
/** The shop settings saved as the console's form saves them: from the settings it read, naming their version. */
const saveSettings = async (who: { headers: Record<string, string> }, body: Record<string, unknown>) =>
  op(who, '/admin/api/shops/settings', { ...body, base_updated_at: (await op(who, '/admin/api/shops/settings')).body.data.updated_at });

describe('member shops in the console', () => {
  it('an addition of stock waits for a second operator; a removal is made at once and never below zero; each is recorded', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { stock: 2 });
    const asked = await op(asker, '/admin/api/shops/stock', { shop_id: o.shopId, sku_id: g.skuId, delta: 5, reason: 'delivered by the warehouse' });
    expect(asked.body.data).toEqual({ stock: null, approval_id: expect.any(Number) });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    expect((await op(asker, '/admin/api/approvals/decide', { id: asked.body.data.approval_id, decision: 'approve', reason: 'ok' })).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect((await op(approver, '/admin/api/approvals/decide', { id: asked.body.data.approval_id, decision: 'approve', reason: 'checked the delivery note' })).body.code).toBe(200);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(7);
    const removed = await op(asker, '/admin/api/shops/stock', { shop_id: o.shopId, sku_id: g.skuId, delta: -3, reason: 'damaged units' });
    expect(removed.body.data).toEqual({ stock: 4, approval_id: null });
    expect((await op(asker, '/admin/api/shops/stock', { shop_id: o.shopId, sku_id: g.skuId, delta: -5, reason: 'too many' })).body.code).toBe(ResponseCode.shopStockShort);
    expect((await op(asker, '/admin/api/shops/stock', { shop_id: o.shopId, sku_id: g.skuId, delta: -1, reason: ' ' })).status).toBe(422);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(4);
    const detail = (await op(asker, `/admin/api/shops/info?id=${o.shopId}`)).body.data;
    expect(detail.stock).toEqual([expect.objectContaining({ sku_id: g.skuId, stock: 4 })]);
    const changes = (await op(asker, `/admin/api/shops/stockChanges?shop_id=${o.shopId}`)).body.data.list;
    expect(changes.map((a: { delta: number; cause: string }) => `${a.cause}:${a.delta}`)).toEqual(['operator:-3', 'operator:5', 'operator:2']);
    const actions = await t.db.selectFrom('operator_actions').select(['action', 'reason']).where('target_type', '=', 'shop').where('target_id', '=', o.shopId).execute();
    expect(actions).toEqual([{ action: 'shop.stock', reason: 'damaged units' }]);
  });

  it('closing a shop hides it, refunds its paid orders not handed over (awaiting audit, approved) once and closes its unpaid ones; an operator decides an audit the owner left', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 800, stock: 9 });
    const b = await k.buyer(5000);
    const paid = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const other = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const unpaid = (await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, pickup: true })).body.data.order_id;
    expect(await k.usd(b.userId)).toBe(3400);
    // The operator decides one audit the owner left.
    expect((await op(asker, '/admin/api/shops/orderAuth', { id: other, decision: 'approve', reason: 'owner away' })).body.data).toEqual({ id: other, status: 'approved' });
    const closed = await op(asker, '/admin/api/shops/status', { id: o.shopId, status: 'closed', reason: 'left the programme' });
    expect(closed.body.data).toEqual({ id: o.shopId, status: 'closed', refunded_orders: 2, closed_orders: 1 });
    expect(await k.orderRow(paid)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
    // The order the operator approved was not handed over: refunded too, its unit back in the shop.
    expect(await k.orderRow(other)).toMatchObject({ status: 'rejected', reject_reason: 'shop_closed' });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(9);
    expect((await k.orderRow(unpaid)).status).toBe('closed');
    expect(await k.usd(b.userId)).toBe(5000);
    expect((await k.get(b, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.code).toBe(ResponseCode.shopNotFound);
    // The owner cannot reopen it, nor change what buyers' past orders show of it.
    expect((await k.post(o, '/attractive/shop/editShop', { name: 'Again', paused: false })).body.code).toBe(ResponseCode.shopOrderState);
    expect((await t.db.selectFrom('member_shops').select(['status', 'name']).where('id', '=', o.shopId).executeTakeFirstOrThrow()).status).toBe('closed');
    expect((await op(asker, '/admin/api/shops/status', { id: o.shopId, status: 'closed', reason: 'again' })).body.code).toBe(ResponseCode.shopOrderState);
    expect(await t.db.selectFrom('operator_actions').select(['action', 'reason']).where('target_type', '=', 'shop').where('target_id', '=', o.shopId).execute()).toEqual([{ action: 'shop.closed', reason: 'left the programme' }]);
    const list = (await op(asker, '/admin/api/shops/list?status=closed')).body.data.list;
    expect(list.map((s: { id: number }) => s.id)).toContain(o.shopId);
    await k.ledgerClean();
  });

  it('a banned owner’s shop is hidden and takes no orders; its open audits go to the operators, who decide them', async () => {
    const o = await k.owner('Banned Owner Shop');
    const g = await k.offered(o, { price: 700, stock: 4 });
    const b = await k.buyer(5000);
    const waiting = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const second = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    // Before the ban, the owner's audit is the owner's: not in the operators' "owner away" view.
    const away = async () => (await op(asker, '/admin/api/shops/orders?status=owner_away')).body.data.list.map((r: { id: number }) => r.id);
    expect(await away()).not.toContain(waiting);
    expect((await op(asker, '/admin/api/members/ban', { id: o.userId, banned: true, reason: 'fraud' })).body.code).toBe(200);

    expect((await k.get(b, `/attractive/shop/shopInfo?shop_id=${o.shopId}`)).body.code).toBe(ResponseCode.shopNotFound);
    expect((await k.get(b, `/attractive/shop/shopGoods?shop_id=${o.shopId}`)).body.code).toBe(ResponseCode.shopNotFound);
    expect((await k.post(b, '/attractive/cart/add', { shop_id: o.shopId, sku_id: g.skuId, num: 1 })).body.code).toBe(ResponseCode.shopNotFound);
    const before = await t.db.selectFrom('shop_orders').select(sql<string>`count(*)`.as('n')).where('shop_id', '=', o.shopId).executeTakeFirstOrThrow();
    expect((await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 1, pickup: true })).body.code).toBe(ResponseCode.shopNotFound);
    expect(await t.db.selectFrom('shop_orders').select(sql<string>`count(*)`.as('n')).where('shop_id', '=', o.shopId).executeTakeFirstOrThrow()).toEqual(before);

    const list = (await op(asker, '/admin/api/shops/orders?status=owner_away')).body.data.list;
    expect(list.filter((r: { shop: { id: number } }) => r.shop.id === o.shopId).map((r: { id: number; owner_away: boolean; owner_status: string }) => [r.id, r.owner_away, r.owner_status])).toEqual([
      [second, true, 'banned'],
      [waiting, true, 'banned'],
    ]);
    expect((await op(asker, '/admin/api/shops/orderAuth', { id: waiting, decision: 'approve', reason: 'owner banned; buyer still served' })).body.data).toEqual({ id: waiting, status: 'approved' });
    expect((await op(asker, '/admin/api/shops/orderAuth', { id: second, decision: 'reject', reason: 'owner banned' })).body.data).toEqual({ id: second, status: 'rejected' });
    // Approved, it still waits on an owner who cannot ship it: it stays in view, to be refunded if no one serves it.
    expect(await away()).toContain(waiting);
    expect(await away()).not.toContain(second);
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(3);
    expect(await k.usd(b.userId)).toBe(5000 - 700);
    const actions = await t.db.selectFrom('operator_actions').select(['action', 'target_id']).where('target_type', '=', 'shop_order').where('target_id', 'in', [waiting, second]).orderBy('id').execute();
    expect(actions).toEqual([{ action: 'shop_order.approve', target_id: waiting }, { action: 'shop_order.reject', target_id: second }]);
    // Each decision and the record of who made it and why are one transaction: never one without the other.
    const sameTransaction = async (orderId: number, to: string) =>
      (
        await sql<{ same: boolean }>`select (select xmin::text from operator_actions where target_type = 'shop_order' and target_id = ${orderId}) =
          (select xmin::text from shop_order_events where order_id = ${orderId} and to_status = ${to}) as same`.execute(t.db)
      ).rows[0]!.same;
    expect(await sameTransaction(waiting, 'approved')).toBe(true);
    expect(await sameTransaction(second, 'rejected')).toBe(true);
    await k.ledgerClean();
  });

  it('the settings are saved with a reason (the fee once a second operator approves); a member session cannot call the console', async () => {
    const saved = await saveSettings(asker, { fee_bp: 1500, audit_hours: 24, payment_minutes: 20, reason: 'new terms' });
    expect(saved.body.data).toMatchObject({ fee_bp: 1000, audit_hours: 24, payment_minutes: 20, request: { kind: 'shop.settings', status: 'pending' } });
    expect((await op(approver, '/admin/api/approvals/decide', { id: saved.body.data.request.id, decision: 'approve', reason: 'agreed' })).body.code).toBe(200);
    expect((await op(asker, '/admin/api/shops/settings')).body.data.fee_bp).toBe(1500);
    const m = await k.buyer();
    const refused = await call(t, 'GET', '/admin/api/shops/list', { headers: m.headers });
    expect(refused.body.code).not.toBe(200);
    expect(refused.body.data).toBeNull();
    expect(await t.db.selectFrom('operator_actions').select('reason').where('action', '=', 'shop.settings').execute()).toEqual([{ reason: 'new terms' }]);
    const back = await saveSettings(asker, { fee_bp: 1000, audit_hours: 48, payment_minutes: 30, reason: 'back' });
    await op(approver, '/admin/api/approvals/decide', { id: back.body.data.request.id, decision: 'approve', reason: 'back' });
  });
});
