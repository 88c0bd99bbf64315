import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };

async function order(paid: boolean) {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 700, stock: 5 }]);
  await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
  const placed = await post('/shop/buy/createOrder', { address_id: addressId, remarks: '' }, m.headers);
  expect(placed.body.code).toBe(200);
  const o = placed.body.data as { order_id: number; total: number; currency: string };
  if (paid) await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }));
  return { member: m, orderId: o.order_id, skuId: g.skuIds[0]! };
}

const stockOf = async (skuId: number) => Number((await t.db.selectFrom('goods_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock);

describe('an operator cancels an order', () => {
  it('refuses members, operators without orders.fulfil and ended sessions; needs a reason', async () => {
    const { member, orderId } = await order(false);
    expect((await post('/admin/api/orders/cancel', { id: orderId, reason: 'x' }, member.headers)).body.code).toBe(ResponseCode.tokenInvalid);
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    const refused = await post('/admin/api/orders/cancel', { id: orderId, reason: 'x' }, catalogue.headers);
    expect(refused.status).toBe(403);
    const ended = await newOperatorSession(t.db, 'support');
    await t.db.updateTable('operator_sessions').set({ last_seen_at: new Date(Date.now() - 31 * 60_000) }).where('operator_id', '=', ended.operatorId).execute();
    expect((await post('/admin/api/orders/cancel', { id: orderId, reason: 'x' }, ended.headers)).body.code).toBe(ResponseCode.tokenInvalid);
    const support = await newOperatorSession(t.db, 'support');
    expect((await post('/admin/api/orders/cancel', { id: orderId, reason: ' ' }, support.headers)).body.code).toBe(ResponseCode.validation);
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('awaiting_payment');
  });

  it('unpaid: cancelled, goods back on sale, recorded with who and why; a paid one goes to refunding; a shipped one is refused', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const unpaid = await order(false);
    const before = await stockOf(unpaid.skuId);
    const res = await call(t, 'POST', '/admin/api/orders/cancel', { headers: { ...support.headers, 'idempotency-key': `cancel-${unpaid.orderId}-a` }, body: { id: unpaid.orderId, reason: 'address unreachable' } });
    expect(res.body).toMatchObject({ code: 200, data: { id: unpaid.orderId, status: 'cancelled', request: null } });
    expect(await stockOf(unpaid.skuId)).toBe(before + 2);
    // The same decision again (a double-click) is the first answer, not a second cancellation.
    const again = await call(t, 'POST', '/admin/api/orders/cancel', { headers: { ...support.headers, 'idempotency-key': `cancel-${unpaid.orderId}-a` }, body: { id: unpaid.orderId, reason: 'address unreachable' } });
    expect(again.body).toMatchObject({ code: 200, data: { status: 'cancelled' } });
    const actions = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'order').where('target_id', '=', unpaid.orderId).execute();
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ action: 'order.cancel.cancelled', reason: 'address unreachable' });
    expect(await stockOf(unpaid.skuId)).toBe(before + 2);

    // A paid order's cancellation refunds it in full: support decides no refunds, so theirs is a request and nothing changes yet (paid-cancel-request.test.ts); an owner's goes to refunding.
    const paid = await order(true);
    const asked = await post('/admin/api/orders/cancel', { id: paid.orderId, reason: 'out of stock at the warehouse' }, support.headers);
    expect(asked.body.data).toMatchObject({ id: paid.orderId, status: 'paid', request: { kind: 'order.refund', status: 'pending' } });
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', paid.orderId).executeTakeFirstOrThrow()).status).toBe('paid');
    const owner = await newOperatorSession(t.db, 'owner');
    expect((await post('/admin/api/orders/cancel', { id: paid.orderId, reason: 'out of stock at the warehouse' }, owner.headers)).body.data).toEqual({ id: paid.orderId, status: 'refunding', request: null });
    const info = await get(`/admin/api/orders/info?id=${paid.orderId}`, support.headers);
    expect(info.body.data).toMatchObject({ status: 'refunding', packages: [] });
    expect(info.body.data.events.at(-1)).toMatchObject({ kind: 'refund_requested', reason: 'out of stock at the warehouse' });

    const shipped = await order(true);
    const ship = await post('/admin/api/orders/ship', { order_id: shipped.orderId, carrier: 'DHL', tracking_number: `DHL${shipped.orderId}` }, support.headers);
    expect(ship.body.code).toBe(200);
    const withPackage = await get(`/admin/api/orders/info?id=${shipped.orderId}`, support.headers);
    expect(withPackage.body.data.packages).toMatchObject([{ id: ship.body.data.package_id, carrier: 'DHL', tracking_number: `DHL${shipped.orderId}` }]);
    expect((await post('/admin/api/orders/cancel', { id: shipped.orderId, reason: 'late' }, support.headers)).body.code).toBe(ResponseCode.orderState);
  });
});
