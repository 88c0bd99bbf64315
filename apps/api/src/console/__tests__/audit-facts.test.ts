import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, newMember } from '../../modules/catalogue/__tests__/helpers.js';
import { newGoods } from '../../modules/cart/__tests__/fixtures.js';
import { markOrderPaid } from '../../modules/orders/orders.service.js';
import { newAddress, newOperatorSession } from '../../modules/orders/__tests__/fixtures.js';

// The audit log recorded its details as English sentences ("… package #1 DHL JD…", "2 × 1500.00 USD
// gift cards"), shown verbatim in every language. It records them as facts the console words.

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const auditOf = async (targetType: string, targetId: number) =>
  (await call(t, 'GET', '/admin/api/audit?limit=100', { headers: owner.headers })).body.data.list.filter((e: { target_type: string; target_id: number }) => e.target_type === targetType && e.target_id === targetId);

describe('the audit log’s details', () => {
  it('a shipment and a package’s event are recorded as facts, the event’s text as typed', async () => {
    const m = await newMember(t);
    const addressId = await newAddress(t.db, m.userId);
    const g = await newGoods(t.db, [{ price: 700, stock: 9 }]);
    const placed = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId }, m.headers)).body.data;
    await withTransaction(t.db, (tx) => markOrderPaid(tx, { kind: 'provider', name: 'test', ip: '', lang: 'en-us', requestId: 'pay' }, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }));
    const shipped = await post('/admin/api/orders/ship', { order_id: placed.order_id, carrier: 'DHL', tracking_number: 'JD0012345678', tracking_provider: 'manual' }, owner.headers);
    expect(shipped.body.code, shipped.body.msg).toBe(200);
    const packageId = shipped.body.data.package_id as number;
    expect((await post('/admin/api/orders/tracking-event', { package_id: packageId, text: '已签收', delivered: true }, owner.headers)).body.code).toBe(200);

    const entries = await auditOf('order', placed.order_id);
    expect(entries.map((e: { action: string; facts: unknown }) => ({ action: e.action, facts: e.facts }))).toEqual([
      { action: 'order.tracking_event', facts: { key: 'tracking_event', package_id: packageId, delivered: true, text: '已签收' } },
      { action: 'order.ship', facts: { key: 'shipment', order_no: placed.order_no, package_id: packageId, carrier: 'DHL', tracking_number: 'JD0012345678' } },
    ]);
  });

  it('a gift-card request is recorded with what it asks as facts, its reason as typed', async () => {
    const m = await newMember(t);
    const asked = await post('/admin/api/wallet/gift-cards/issue', { user_id: m.userId, currency: 'USD', value: 150_000, count: 2, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(), reason: '生日礼物' }, owner.headers);
    expect(asked.body.code, asked.body.msg).toBe(200);
    const id = asked.body.data.request.id as number;
    const [entry] = await auditOf('approval', id);
    expect(entry).toMatchObject({ action: `gift_cards.issue.request #${id}`, reason: '生日礼物', facts: { key: 'request', what: { key: 'gift_cards', count: 2, value: 150_000, currency: 'USD' } } });
    expect(JSON.stringify(entry)).not.toContain('gift cards');
  });

  it('an operator created or given a role is recorded with the role as a fact, not `role=…` in the action', async () => {
    // The log read "已创建操作员 role=finance approval=#1 asked_by=alice#1" in every language.
    const created = await post('/admin/api/operators/create', { user_name: `facts${Date.now().toString(36)}`, role: 'reviewer', reason: 'new hire' }, { ...owner.headers, 'idempotency-key': `facts-create-${Date.now()}` });
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as number;
    const moved = await post('/admin/api/operators/role', { id, role: 'support', reason: 'moved team' }, { ...owner.headers, 'idempotency-key': `facts-role-${Date.now()}` });
    expect(moved.body.code, moved.body.msg).toBe(200);
    const entries = await auditOf('operator', id);
    expect(entries.map((e: { action: string; reason: string; facts: unknown }) => ({ action: e.action, reason: e.reason, facts: e.facts }))).toEqual([
      { action: 'operator.role', reason: 'moved team', facts: { key: 'operator_role', role: 'support', request_id: null, asked_by: null } },
      { action: 'operator.create', reason: 'new hire', facts: { key: 'operator_role', role: 'reviewer', request_id: null, asked_by: null } },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/role=|approval=|asked_by=/);
  });
});
