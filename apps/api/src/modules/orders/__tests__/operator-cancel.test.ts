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
  const o = placed.body.data as { order_id: number; order_no: string; total: number; currency: string };
  if (paid) await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }));
  return { member: m, orderId: o.order_id, orderNo: o.order_no, total: o.total, currency: o.currency, skuId: g.skuIds[0]! };
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
    // The goods page, answered from the response cache, shows the units the order holds as sold.
    const goodsId = (await t.db.selectFrom('goods_skus').select('goods_id').where('id', '=', unpaid.skuId).executeTakeFirstOrThrow()).goods_id;
    const pageStock = async () => ((await get(`/shop/goods/info?id=${goodsId}`)).body.data.skus as Array<{ id: number; stock: number }>).find((k) => k.id === unpaid.skuId)!.stock;
    expect(await pageStock()).toBe(before);
    const res = await call(t, 'POST', '/admin/api/orders/cancel', { headers: { ...support.headers, 'idempotency-key': `cancel-${unpaid.orderId}-a` }, body: { id: unpaid.orderId, reason: 'address unreachable' } });
    expect(res.body).toMatchObject({ code: 200, data: { id: unpaid.orderId, status: 'cancelled', request: null } });
    expect(await stockOf(unpaid.skuId)).toBe(before + 2);
    // The cached goods page is dropped with the cancellation: the units are on sale again there too.
    expect(await pageStock()).toBe(before + 2);
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

// A support operator fulfils orders but decides no refunds: cancelling a paid order (a full refund) is
// a request an operator who decides refunds approves, and the order stays paid until then.
const statusOf = async (orderId: number) => (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const requestOf = async (id: number) => t.db.selectFrom('approval_requests').select(['status', 'decided_by', 'decision_reason']).where('id', '=', id).executeTakeFirstOrThrow();

describe('support asks for a paid order to be cancelled', () => {
  it('the order stays paid until finance approves; then it is refunding, its goods back on sale, recorded as approved', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const finance = await newOperatorSession(t.db, 'finance');
    const o = await order(true);
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
      const o = await order(true);
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

    const shipped = await order(true);
    const first = await ask(shipped.orderId);
    expect((await post('/admin/api/orders/ship', { order_id: shipped.orderId, carrier: 'DHL', tracking_number: `DHL${shipped.orderId}` }, support.headers)).body.code).toBe(200);
    expect(await requestOf(first)).toMatchObject({ status: 'cancelled', decision_reason: 'order shipped' });
    // Nothing is left to approve: the shipped order is not refunded by it.
    expect((await post('/admin/api/approvals/decide', { id: first, decision: 'approve' }, finance.headers)).body.code).not.toBe(200);
    expect(await statusOf(shipped.orderId)).toBe('shipped');
    // A shipped order is no longer asked about: after-sales handles it.
    expect((await post('/admin/api/orders/cancel', { id: shipped.orderId, reason: 'asked again' }, support.headers)).body.code).toBe(ResponseCode.orderState);

    const byMember = await order(true);
    const second = await ask(byMember.orderId);
    expect((await post('/shop/order/cancelOrder', { id: byMember.orderId, reason: 'changed my mind' }, byMember.member.headers)).body.code).toBe(200);
    expect(await requestOf(second)).toMatchObject({ status: 'cancelled', decided_by: `member:${byMember.member.userId}`, decision_reason: 'order cancelled by its member' });

    const direct = await order(true);
    const third = await ask(direct.orderId);
    expect((await post('/admin/api/orders/cancel', { id: direct.orderId, reason: 'handled myself' }, owner.headers)).body.data).toEqual({ id: direct.orderId, status: 'refunding', request: null });
    expect(await requestOf(third)).toMatchObject({ status: 'cancelled', decision_reason: 'order cancelled directly' });
    expect(await statusOf(direct.orderId)).toBe('refunding');
  });
});
