import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCliActor, systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { consoleShopDetail, consoleShopOrders } from '../shop-orders.console.js';
import { settleShopOrder } from '../shop-orders.service.js';
import { shopKit, type ShopKit } from './fixtures.js';

// In the console's shop-order oversight, the drawer showed a fixed
// "awaiting payment, paid" timeline, no fee, no earnings, no settlement and no refund; the stock
// changes named nobody but `member:1`; the buyer was masked even to an operator who reads members.

let t: TestApp;
let k: ShopKit;
let a: AfterSalesKit;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let operatorName: string;
let keyN = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  a = await afterSalesKit(t);
  operator = await newOperatorSession(t.db, 'owner');
  operatorName = (await t.db.selectFrom('operators').select('user_name').where('id', '=', operator.operatorId).executeTakeFirstOrThrow()).user_name;
});
afterAll(() => t.close());

const op = (url: string, body?: unknown) => call(t, body === undefined ? 'GET' : 'POST', url, { headers: { ...operator.headers, 'idempotency-key': `shop-console-${Date.now()}-${keyN++}` }, body, lang: 'en-us' });

/** A shop order of 2 units at 20.00, paid, approved by an operator for the owner, shipped and confirmed by the buyer. */
async function completedOrder() {
  const o = await k.owner();
  const g = await k.offered(o, { price: 2000, stock: 5 });
  const b = await k.buyer(4000);
  const id = await k.paidOrder(b, o.shopId, g.skuId, 2, { addressId: b.addressId });
  expect((await op('/admin/api/shops/orderAuth', { id, decision: 'approve', reason: 'owner travelling' })).body.data.status).toBe('approved');
  expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
  expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
  const line = await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
  return { o, b, g, id, lineId: Number(line.id) };
}

describe('a shop order’s drawer in the oversight', () => {
  it('shows its real history, the settlement it waits for, then the fee and earnings as settled, and the refund of its after-sales case', async () => {
    const { o, b, id, lineId } = await completedOrder();
    const detail = async () => {
      const res = await op(`/admin/api/shops/orderInfo?id=${id}`);
      expect(res.body.code, res.body.msg).toBe(200);
      return res.body.data;
    };
    const pending = await detail();
    expect(pending.events.map((e: { to: string | null; by: string }) => `${e.to}:${e.by}`)).toEqual(['awaiting_payment:buyer', 'awaiting_audit:buyer', 'approved:operator', 'shipped:owner', 'completed:buyer']);
    expect(pending.events[2]).toMatchObject({ operator: `${operatorName}#${operator.operatorId}`, reason: '' });
    expect(pending).toMatchObject({ fee: null, earnings: null, settled_at: null, refunded_at: null, refunds: [] });
    expect(pending.settles_at).toBe((await k.orderRow(id)).settles_at!.toISOString());

    // One of the two units is returned and refunded; then the order settles on the unit kept.
    const opened = await k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const caseId = opened.body.data.case_id as number;
    expect((await a.admin('/admin/api/after-sales/approve', { id: caseId })).body.code).toBe(200);
    expect((await a.admin('/admin/api/after-sales/receive', { id: caseId })).body.code).toBe(200);
    expect((await a.admin('/admin/api/after-sales/refund', { id: caseId })).body.data).toMatchObject({ status: 'refunded' });
    await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await settleShopOrder(t.deps, systemActor('test'), id)).toBe(true);

    const settled = await detail();
    const row = await k.orderRow(id);
    const caseRow = await t.db.selectFrom('after_sales').select(['case_no', 'refunded_at']).where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ fee_bp: 1000, fee: 200, earnings: 1800, settled_at: row.settled_at!.toISOString() });
    expect(settled.refunds).toEqual([{ id: caseId, case_no: caseRow.case_no, kind: 'return', status: 'refunded', refund: 2000, refunded: 2000, refunded_at: caseRow.refunded_at!.toISOString() }]);
    expect(settled.events.at(-1)).toMatchObject({ kind: 'settled', by: 'system', operator: null });
    // The ledger's `shop.earnings` entry credited the owner the same.
    expect(await k.usd(o.userId, 'rewards')).toBe(1800);
    await k.ledgerClean();
  });

  it('a rejected order says when its full refund came back; an unknown order is not found', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 900, stock: 2 });
    const b = await k.buyer(900);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    expect((await op('/admin/api/shops/orderAuth', { id, decision: 'reject', reason: 'no longer sold' })).body.data.status).toBe('rejected');
    const d = (await op(`/admin/api/shops/orderInfo?id=${id}`)).body.data;
    expect(d.refunded_at).toBe((await k.orderRow(id)).refunded_at!.toISOString());
    expect(d.events.at(-1)).toMatchObject({ to: 'rejected', by: 'operator', reason: 'no longer sold' });
    expect((await op('/admin/api/shops/orderInfo?id=2147483000')).body.data).toBeNull();
  });
});

describe('the buyer in the console’s shop-order lists', () => {
  it('is named whole to an operator who may read members, and stays masked to one who may not', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 500, stock: 3 });
    const b = await k.buyer(500);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });

    const listed = (await op(`/admin/api/shops/orders?status=all&shop_id=${o.shopId}`)).body.data.list;
    expect(listed.map((r: { id: number; buyer_name: string }) => [r.id, r.buyer_name])).toEqual([[id, b.userName]]);
    const shop = (await op(`/admin/api/shops/info?id=${o.shopId}`)).body.data;
    expect(shop.orders.map((r: { buyer_name: string }) => r.buyer_name)).toEqual([b.userName]);

    // A role without `members.read` (none holds `shops.manage` today; the rule does not depend on that).
    const catalogue = operatorCliActor('cataloguer', 999);
    const list = await consoleShopOrders(t.db, catalogue, 'catalogue', { status: 'all', shop_id: o.shopId, page: 1, limit: 20 });
    expect(list.list[0]!.buyer_name).not.toBe(b.userName);
    expect(list.list[0]!.buyer_name).toContain('*');
    expect((await consoleShopDetail(t.db, catalogue, 'catalogue', { id: o.shopId })).orders[0]!.buyer_name).toBe(list.list[0]!.buyer_name);
  });
});

describe('a member’s shop orders in the console', () => {
  it('lists every order the member bought from any shop, newest first, and no one else’s', async () => {
    const first = await k.owner();
    const second = await k.owner();
    const g1 = await k.offered(first, { price: 500, stock: 3 });
    const g2 = await k.offered(second, { price: 700, stock: 3 });
    const b = await k.buyer(2000);
    const other = await k.buyer(2000);
    const one = await k.paidOrder(b, first.shopId, g1.skuId, 1, { pickup: true });
    const two = await k.paidOrder(b, second.shopId, g2.skuId, 1, { pickup: true });
    await k.paidOrder(other, first.shopId, g1.skuId, 1, { pickup: true });

    const res = await op(`/admin/api/shops/orders?status=all&buyer_id=${b.userId}`);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((r: { id: number; shop: { id: number }; total: number }) => [r.id, r.shop.id, r.total])).toEqual([
      [two, second.shopId, 700],
      [one, first.shopId, 500],
    ]);
    expect((await op(`/admin/api/shops/orders?status=all&buyer_id=2147483000`)).body.data).toMatchObject({ list: [], total: 0 });
  });
});

describe('a shop’s stock changes in the console', () => {
  it('say who made each: the owner by name, an operator as recorded, the system as such', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 700, stock: 4 });
    const b = await k.buyer(700);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await op('/admin/api/shops/stock', { shop_id: o.shopId, sku_id: g.skuId, delta: -1, reason: 'damaged' })).body.data.stock).toBe(2);

    const res = await op(`/admin/api/shops/stockChanges?shop_id=${o.shopId}`);
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.list.map((c: { cause: string; delta: number; made_by: unknown }) => [c.cause, c.delta, c.made_by])).toEqual([
      ['operator', -1, { kind: 'operator', name: `${operatorName}#${operator.operatorId}` }],
      ['order', -1, { kind: 'owner', name: o.userName }],
      ['operator', 4, { kind: 'system', name: 'test' }],
    ]);
    // The operator's own change refers to nothing beyond itself: who made it is "made by", never repeated as an `operator:` stamp.
    expect(res.body.data.list[0].reference).toBe('');
    expect(res.body.data.list[1].reference).toMatch(/^order:/);
    expect((await op(`/admin/api/shops/stockChanges?shop_id=${o.shopId}&page=2&limit=2`)).body.data.list).toHaveLength(1);
  });
});
