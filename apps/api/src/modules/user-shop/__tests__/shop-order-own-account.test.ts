import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// An operator who holds a member account (linked as `npm run ops -- operator member` links it) never
// decides a shop order's audit for that member: neither as the shop's owner nor as the order's buyer;
// nor a case of after-sales on their own member's shop's order (it decides what the owner earns).

let t: TestApp;
let k: ShopKit;
let keyN = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
});
afterAll(() => t.close());

type Operator = Awaited<ReturnType<typeof newOperatorSession>>;
const decide = (who: Operator, id: number, decision: 'approve' | 'reject', lang = 'en-us') =>
  call(t, 'POST', '/admin/api/shops/orderAuth', { headers: { ...who.headers, 'idempotency-key': `own-shop-order-${Date.now()}-${keyN++}` }, body: { id, decision, reason: 'owner away' }, lang });

/** An operator holding the member account `memberId`. */
async function linkedOperator(memberId: number): Promise<Operator> {
  const op = await newOperatorSession(t.db, 'owner');
  await t.db.updateTable('operators').set({ member_id: memberId }).where('id', '=', op.operatorId).execute();
  return op;
}

const opPost = (who: Operator, url: string, body: unknown) => call(t, 'POST', url, { headers: { ...who.headers, 'idempotency-key': `own-shop-case-${Date.now()}-${keyN++}` }, body, lang: 'en-us' });

const decisionsOf = (orderId: number) => t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'shop_order').where('target_id', '=', orderId).execute();

describe('an operator deciding a shop order’s audit', () => {
  it('is refused (7011) for their own member’s shop and for their own member’s purchase; nothing moves; another operator decides it', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 600, stock: 3 });
    const b = await k.buyer(2000);
    const first = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });
    const second = await k.paidOrder(b, o.shopId, g.skuId, 1, { pickup: true });

    const owner = await linkedOperator(o.userId);
    const buyer = await linkedOperator(b.userId);
    for (const [who, decision] of [[owner, 'approve'], [owner, 'reject'], [buyer, 'approve'], [buyer, 'reject']] as const) {
      const refused = await decide(who, first, decision);
      expect(refused.body).toMatchObject({ code: ResponseCode.ownMemberAccount, msg: 'You cannot decide about your own member account', data: null });
    }
    expect((await decide(owner, first, 'approve', 'zh-cn')).body).toMatchObject({ code: ResponseCode.ownMemberAccount, msg: '您不能处理自己的会员账户' });
    // Nothing changed: still awaiting audit, the shop's stock and the buyer's money as they were, no decision recorded.
    expect((await k.orderRow(first)).status).toBe('awaiting_audit');
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(3);
    expect(await k.usd(b.userId)).toBe(2000 - 1200);
    expect(await decisionsOf(first)).toEqual([]);

    // An operator without a stake decides both.
    const other = await newOperatorSession(t.db, 'owner');
    expect((await decide(other, first, 'approve')).body.data).toEqual({ id: first, status: 'approved' });
    expect((await decide(other, second, 'reject')).body.data).toEqual({ id: second, status: 'rejected' });
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    expect(await k.usd(b.userId)).toBe(2000 - 600);
    await k.ledgerClean();
  });

  it('is refused (7011) for a case of after-sales on their own member’s shop’s order; another operator decides it', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 900, stock: 2 });
    const b = await k.buyer(2000);
    const id = await k.paidOrder(b, o.shopId, g.skuId, 1, { addressId: b.addressId });
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
    expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
    const line = await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
    const opened = await k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: Number(line.id), qty: 1 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const caseId = opened.body.data.case_id as number;
    const caseStatus = async () => (await t.db.selectFrom('after_sales').select('status').where('id', '=', caseId).executeTakeFirstOrThrow()).status;

    const owner = await linkedOperator(o.userId);
    const other = await newOperatorSession(t.db, 'owner');
    for (const [url, body] of [['/admin/api/after-sales/reject', { id: caseId, reason: 'not accepted' }], ['/admin/api/after-sales/approve', { id: caseId }]] as const) {
      expect((await opPost(owner, url, body)).body).toMatchObject({ code: ResponseCode.ownMemberAccount, msg: 'You cannot decide about your own member account' });
    }
    expect(await caseStatus()).toBe('under_review');
    expect((await opPost(other, '/admin/api/after-sales/approve', { id: caseId })).body.code).toBe(200);
    expect((await opPost(other, '/admin/api/after-sales/receive', { id: caseId })).body.code).toBe(200);
    expect((await opPost(owner, '/admin/api/after-sales/refund', { id: caseId })).body.code).toBe(ResponseCode.ownMemberAccount);
    expect(await k.usd(b.userId)).toBe(2000 - 900);
    expect((await opPost(other, '/admin/api/after-sales/refund', { id: caseId })).body.data).toMatchObject({ status: 'refunded' });
    expect(await k.usd(b.userId)).toBe(2000);
    await k.ledgerClean();
  });
});
