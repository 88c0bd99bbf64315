import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';

// A support operator fulfils orders but decides no refunds: cancelling a paid order (a full refund) is
// a request an operator who decides refunds approves, and the order stays paid until then.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers) => call(t, 'GET', url, { headers });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };

async function paidOrder() {
  const m = await newMember(t);
  const addressId = await newAddress(t.db, m.userId);
  const g = await newGoods(t.db, [{ price: 700, stock: 5 }]);
  await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2 }, m.headers);
  const placed = await post('/shop/buy/createOrder', { address_id: addressId, remarks: '' }, m.headers);
  expect(placed.body.code).toBe(200);
  const o = placed.body.data as { order_id: number; order_no: string; total: number; currency: string };
  await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }));
  return { member: m, orderId: o.order_id, orderNo: o.order_no, total: o.total, currency: o.currency, skuId: g.skuIds[0]! };
}

const statusOf = async (orderId: number) => (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const stockOf = async (skuId: number) => Number((await t.db.selectFrom('goods_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock);
const requestOf = async (id: number) => t.db.selectFrom('approval_requests').select(['status', 'decided_by', 'decision_reason']).where('id', '=', id).executeTakeFirstOrThrow();

describe('support asks for a paid order to be cancelled', () => {
  it('the order stays paid until finance approves; then it is refunding, its goods back on sale, recorded as approved', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const finance = await newOperatorSession(t.db, 'finance');
    const o = await paidOrder();
    const stock = await stockOf(o.skuId);

    const asked = await post('/admin/api/orders/cancel', { id: o.orderId, reason: 'the member asked by chat' }, support.headers);
    expect(asked.body).toMatchObject({ code: 200, data: { id: o.orderId, status: 'paid', request: { kind: 'order.refund', status: 'pending', amount: o.total, currency: o.currency, reason: 'the member asked by chat' } } });
    const request = asked.body.data.request as { id: number; what: unknown };
    expect(request.what).toEqual({ key: 'order_refund', order_no: o.orderNo, amount: o.total, currency: o.currency });
    expect([await statusOf(o.orderId), await stockOf(o.skuId)]).toEqual(['paid', stock]);
    // The order's page shows the request waiting.
    expect((await get(`/admin/api/orders/info?id=${o.orderId}`, support.headers)).body.data.cancel_request).toMatchObject({ id: request.id, status: 'pending' });

    // Asked again the same way (a double tap): the same request. Asked differently: refused, naming the one waiting.
    expect((await post('/admin/api/orders/cancel', { id: o.orderId, reason: 'the member asked by chat' }, support.headers)).body.data.request.id).toBe(request.id);
    const other = await post('/admin/api/orders/cancel', { id: o.orderId, reason: 'another reason' }, support.headers);
    expect(other.body.code).toBe(ResponseCode.approvalAlreadyWaiting);

    // Support cannot approve it (the kind is decided with refunds.decide), nor can the one who asked.
    expect((await post('/admin/api/approvals/decide', { id: request.id, decision: 'approve' }, support.headers)).body.code).not.toBe(200);
    expect(await statusOf(o.orderId)).toBe('paid');

    const approved = await post('/admin/api/approvals/decide', { id: request.id, decision: 'approve' }, finance.headers);
    expect(approved.body).toMatchObject({ code: 200, data: { status: 'approved', result: { id: o.orderId, status: 'refunding' } } });
    expect([await statusOf(o.orderId), await stockOf(o.skuId)]).toEqual(['refunding', stock + 2]);
    const info = (await get(`/admin/api/orders/info?id=${o.orderId}`, support.headers)).body.data;
    expect(info.cancel_request).toBeNull();
    expect(info.events.at(-1)).toMatchObject({ kind: 'refund_requested', reason: 'the member asked by chat', operator: expect.stringContaining(`#${finance.operatorId}`) });
    const action = await t.db.selectFrom('operator_actions').select(['action', 'operator', 'facts']).where('target_type', '=', 'order').where('target_id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(action).toMatchObject({ action: 'order.cancel.refunding', operator: expect.stringContaining(`#${finance.operatorId}`), facts: { key: 'approved_request', request_id: request.id } });
  });

  it('ten approvals at once cancel and refund it once (5 rounds)', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const approvers = await Promise.all([newOperatorSession(t.db, 'finance'), newOperatorSession(t.db, 'finance'), newOperatorSession(t.db, 'owner')]);
    for (let round = 0; round < 5; round++) {
      const o = await paidOrder();
      const stock = await stockOf(o.skuId);
      const id = (await post('/admin/api/orders/cancel', { id: o.orderId, reason: `round ${round}` }, support.headers)).body.data.request.id as number;
      const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => post('/admin/api/approvals/decide', { id, decision: 'approve', reason: `tap ${i}` }, approvers[i % approvers.length]!.headers)));
      expect(tries.filter((r) => r.body.code === 200), `round ${round}`).toHaveLength(1);
      expect(tries.filter((r) => r.body.code !== 200).every((r) => r.body.code === ResponseCode.requestNotPending)).toBe(true);
      expect([await statusOf(o.orderId), await stockOf(o.skuId)]).toEqual(['refunding', stock + 2]);
      const events = await t.db.selectFrom('order_events').select('kind').where('order_id', '=', o.orderId).where('kind', '=', 'refund_requested').execute();
      expect(events).toHaveLength(1);
    }
  });

  it('closes when the order moves another way: shipped, cancelled by its member, or cancelled by an owner directly', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const finance = await newOperatorSession(t.db, 'finance');
    const owner = await newOperatorSession(t.db, 'owner');
    const ask = async (orderId: number) => (await post('/admin/api/orders/cancel', { id: orderId, reason: 'asked' }, support.headers)).body.data.request.id as number;

    const shipped = await paidOrder();
    const first = await ask(shipped.orderId);
    expect((await post('/admin/api/orders/ship', { order_id: shipped.orderId, carrier: 'DHL', tracking_number: `DHL${shipped.orderId}` }, support.headers)).body.code).toBe(200);
    expect(await requestOf(first)).toMatchObject({ status: 'cancelled', decision_reason: 'order shipped' });
    // Nothing is left to approve: the shipped order is not refunded by it.
    expect((await post('/admin/api/approvals/decide', { id: first, decision: 'approve' }, finance.headers)).body.code).not.toBe(200);
    expect(await statusOf(shipped.orderId)).toBe('shipped');
    // A shipped order is no longer asked about: after-sales handles it.
    expect((await post('/admin/api/orders/cancel', { id: shipped.orderId, reason: 'asked again' }, support.headers)).body.code).toBe(ResponseCode.orderState);

    const byMember = await paidOrder();
    const second = await ask(byMember.orderId);
    expect((await post('/shop/order/cancelOrder', { id: byMember.orderId, reason: 'changed my mind' }, byMember.member.headers)).body.code).toBe(200);
    expect(await requestOf(second)).toMatchObject({ status: 'cancelled', decided_by: `member:${byMember.member.userId}`, decision_reason: 'order cancelled by its member' });

    const direct = await paidOrder();
    const third = await ask(direct.orderId);
    expect((await post('/admin/api/orders/cancel', { id: direct.orderId, reason: 'handled myself' }, owner.headers)).body.data).toEqual({ id: direct.orderId, status: 'refunding', request: null });
    expect(await requestOf(third)).toMatchObject({ status: 'cancelled', decision_reason: 'order cancelled directly' });
    expect(await statusOf(direct.orderId)).toBe('refunding');
  });
});
