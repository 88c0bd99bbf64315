import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorCliActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { reviewCancellation } from '../../cancellation/cancellation.service.js';
import { reviewRealName } from '../../certification/certification.service.js';
import { markOrderPaid } from '../../orders/orders.service.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, pendingWithdrawal, walletMember } from '../../wallet/__tests__/fixtures.js';

// Every area messages the member in the transaction of the fact, once per event: a repeated
// callback, job or decision writes no second message; the texts are in the member's language.

let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Headers = Record<string, string>;
const get = (url: string, headers?: Headers, lang?: string) => call(t, 'GET', url, { headers, lang });
const post = (url: string, body: unknown, headers?: Headers) => call(t, 'POST', url, { headers, body });
const provider = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: 'pay' };
type Shown = { kind: string; title: string; text: string; link: string; read: boolean };
const messagesOf = async (headers: Headers, lang?: string): Promise<Shown[]> => (await get('/user/message/list?limit=50', headers, lang)).body.data.list;

describe('messages from the areas', () => {
  it('an order paid (twice by the provider), shipped and delivered (reported twice) gives one message each, linked to the order, in the member language', async () => {
    const m = await newMember(t);
    const addressId = await newAddress(t.db, m.userId);
    const g = await newGoods(t.db, [{ price: 700, stock: 9 }]);
    await post('/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 }, m.headers);
    const order = (await post('/shop/buy/createOrder', { address_id: addressId, remarks: '' }, m.headers)).body.data;
    const pay = () => withTransaction(t.db, (tx) => markOrderPaid(tx, provider, { orderId: order.order_id, amountMinor: order.total, currency: order.currency }));
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a.outcome, b.outcome].filter((o) => o === 'paid')).toHaveLength(1);
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 1 });

    const shipped = await post('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `JD00${order.order_id}` }, operator.headers);
    expect(shipped.body.code, JSON.stringify(shipped.body)).toBe(200);
    expect(shipped.body.data.order_status).toBe('shipped');
    const delivered = { package_id: shipped.body.data.package_id, place: 'Kuala Lumpur', text: 'Delivered', delivered: true };
    await post('/admin/api/orders/tracking-event', delivered, operator.headers);
    await post('/admin/api/orders/tracking-event', delivered, operator.headers);
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 3 });

    const list = await messagesOf(m.headers);
    expect(list.map((x) => x.kind)).toEqual(['order.delivered', 'order.shipped', 'order.paid']);
    const orderNo = (await get(`/shop/order/info?id=${order.order_id}`, m.headers)).body.data.order_no as string;
    expect(list[1]).toMatchObject({ title: 'Order shipped', text: `Order ${orderNo} is on its way. Follow the parcel on the order page.`, link: `/pages/order/orderInfo?id=${order.order_id}`, read: false });
    // Read again in another language: the same messages, now read, in that language.
    const zh = await messagesOf(m.headers, 'zh-cn');
    expect(zh[1]).toMatchObject({ title: '订单已发货', read: true });
    expect((await get('/user/message/total', m.headers)).body.data).toEqual({ unread: 0 });
  });

  it('a withdrawal approved then paid, another rejected: one message per decision, none for refused repeats', async () => {
    const { m, w } = await pendingWithdrawal(t);
    expect((await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'checked' }, operator.headers)).body.code).toBe(200);
    // Approved again (a second click): nothing more is written.
    await post('/admin/api/wallet/withdrawals/approve', { id: w.id, reason: 'checked' }, operator.headers);
    // Paid by another operator than the one who approved it (separation of duties).
    const payer = await newOperatorSession(t.db, 'owner');
    expect((await post('/admin/api/wallet/withdrawals/paid', { id: w.id, payout_reference: 'MBB-9' }, payer.headers)).body.code).toBe(200);
    const list = await messagesOf(m.headers);
    expect(list.map((x) => x.kind)).toEqual(['wallet.withdrawal_paid', 'wallet.withdrawal_approved']);
    expect(list[0]).toMatchObject({ text: `30.00 USD of withdrawal ${w.withdraw_no} was sent to your account.`, link: `/pages/my/withdrawInfo?id=${w.id}` });

    const other = await pendingWithdrawal(t);
    await post('/admin/api/wallet/withdrawals/reject', { id: other.w.id, reason: 'Name does not match' }, operator.headers);
    expect((await messagesOf(other.m.headers))[0]).toMatchObject({ kind: 'wallet.withdrawal_rejected', text: `Withdrawal ${other.w.withdraw_no} of 30.00 USD was rejected: Name does not match. The amount is back in your balance.` });
  });

  it('a transfer sent twice with the same Idempotency-Key tells the receiver once; the sender is not messaged', async () => {
    const a = await walletMember(t, { usd: 5_000 });
    const b = await walletMember(t);
    const headers = a.keyed();
    const body = { account: b.userName, amount: '12.5', currency: 'USD', pay_password: PAY_PASSWORD };
    const first = await post('/user/transfer/create', body, headers);
    expect(first.body.code, first.body.msg).toBe(200);
    expect((await post('/user/transfer/create', body, headers)).body.code).toBe(200);
    const list = await messagesOf(b.headers);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'wallet.transfer_received', text: `You received 12.50 USD (transfer ${first.body.data.transfer_no}).` });
    expect(await messagesOf(a.headers)).toEqual([]);
  });

  it('real-name and account-closure decisions are messaged with the reason', async () => {
    const m = await newMember(t);
    const cert = await t.db
      .insertInto('certifications')
      .values({ user_id: m.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `B${m.userId}0000`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'pending', reason: null, reviewed_by: null, reviewed_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await reviewRealName(t.db, operatorCliActor('alice'), { id: cert.id, decision: 'reject', reason: 'Photo unreadable' });
    await expect(reviewRealName(t.db, operatorCliActor('bob'), { id: cert.id, decision: 'approve' })).rejects.toThrow();
    const closure = await post('/user/cancel_account/apply', { agree: true }, m.headers);
    await reviewCancellation(t.db, operatorCliActor('carol'), { id: closure.body.data.request.id, decision: 'reject', reason: 'Balance left' });
    const list = await messagesOf(m.headers);
    expect(list.map((x) => [x.kind, x.text])).toEqual([
      ['account.cancellation_rejected', 'Your request to close your account was refused: Balance left.'],
      ['account.realname_rejected', 'Your real-name verification was refused: Photo unreadable. You can submit it again.'],
    ]);
  });
});
