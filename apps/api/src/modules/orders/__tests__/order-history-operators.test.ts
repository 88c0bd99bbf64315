import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { markOrderPaid } from '../orders.service.js';
import { newAddress, newOperatorSession } from './fixtures.js';

// An order's history read "refund_requested → Refunding · operator:4": the
// console now gets each operator's step with the operator's name, as their decisions are recorded.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, body: unknown, headers: Record<string, string>) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };

describe('an order’s history in the console', () => {
  it('names the operator who cancelled a paid order, and nobody for the member’s and the gateway’s steps', async () => {
    const m = await newMember(t);
    const addressId = await newAddress(t.db, m.userId);
    const g = await newGoods(t.db, [{ price: 700, stock: 5 }]);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 }, m.headers);
    const o = (await post('/shop/buy/createOrder', { address_id: addressId, remarks: '' }, m.headers)).body.data as { order_id: number; total: number; currency: string };
    await withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: o.order_id, amountMinor: o.total, currency: o.currency }));
    // A paid order's cancellation refunds it: an owner's (support decides no refunds).
    const owner = await newOperatorSession(t.db, 'owner');
    const name = (await t.db.selectFrom('operators').select('user_name').where('id', '=', owner.operatorId).executeTakeFirstOrThrow()).user_name;
    expect((await post('/admin/api/orders/cancel', { id: o.order_id, reason: 'out of stock' }, { ...owner.headers, 'idempotency-key': `history-${o.order_id}` })).body.code).toBe(200);

    const info = await call(t, 'GET', `/admin/api/orders/info?id=${o.order_id}`, { headers: owner.headers });
    expect(info.body.code).toBe(200);
    const steps = (info.body.data.events as Array<{ kind: string; to_status: string | null; operator: string | null; reason: string }>).map((e) => [e.kind, e.to_status, e.operator, e.reason]);
    expect(steps).toEqual([
      ['created', 'awaiting_payment', null, ''],
      ['paid', 'paid', null, ''],
      ['refund_requested', 'refunding', `${name}#${owner.operatorId}`, 'out of stock'],
    ]);
  });
});
