import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { jobActor } from '../../../lib/actor.js';
import type { Fake2c2p } from '../gateways/2c2p/fake.js';
import { refundOwedBack } from '../reconcile.js';
import { flagsOf, memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

// 2C2P cannot cancel a payment at its end: a member who cancels the order and then pays on 2C2P's
// page still open is charged. The money is owed back; the member is told, in a message and on the
// payment's result page, and told again once it is refunded.

let t: TestApp;
let fake: Fake2c2p;

beforeAll(async () => {
  t = await buildTestApp();
  fake = useSandboxes(t)['2c2p'] as unknown as Fake2c2p;
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Message = { kind: string; title: string; text: string; link: string };
const messagesOf = async (headers: Record<string, string>, lang?: string): Promise<Message[]> => (await call(t, 'GET', '/user/message/list', { headers, lang })).body.data.list;
const late = (list: Message[]) => list.filter((x) => x.kind.startsWith('payment.'));

describe('a 2C2P payment made after the member cancelled the order', () => {
  it('is owed back: the member gets one message, the result page says so instead of "Payment failed", and both say when it is refunded', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 10_000 });
    const info = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data;
    expect(info).toMatchObject({ gateway: '2c2p', state: 'in_progress', gateway_part: 10_280 });
    const cancelled = await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(200);
    expect((await paymentRow(t, info.payment_no)).status).toBe('canceled');

    // The page was still open: the member pays there; 2C2P notifies the success, then again (a replay).
    await fake.decide(info.payment_no, 'pay', { duplicates: 3 });
    await fake.decide(info.payment_no, 'pay');
    const row = await paymentRow(t, info.payment_no);
    expect(row.status).toBe('canceled');
    expect(await flagsOf(t, row.id)).toEqual(['paid_after_cancel']);
    expect(await orderStatus(t, m.order.id)).toBe('cancelled');

    const told = late(await messagesOf(m.headers));
    expect(told).toHaveLength(1);
    expect(told[0]!.kind).toBe('payment.owed_back_canceled');
    expect(told[0]!.text).toContain('102.80 MYR');
    expect(told[0]!.text).toContain(m.order.order_no);
    expect(told[0]!.text).toMatch(/cancelled/);
    expect(told[0]!.text).toMatch(/refunded/);
    expect(told[0]!.link).toBe(`/pages/goods/payFinish?payment_no=${info.payment_no}&order_id=${m.order.id}&order_type=order`);
    // In the member's language.
    const zh = late(await messagesOf(m.headers, 'zh-cn'));
    expect(zh[0]!.text).toContain('102.80 MYR');
    expect(zh[0]!.text).not.toBe(told[0]!.text);

    // The result page (the 2C2P return and payInfo) says the money is owed back.
    const back = (await call(t, 'GET', `/shop/order/queryOrder2c2p?payment_no=${info.payment_no}`, { headers: m.headers })).body.data;
    expect(back).toMatchObject({ state: 'failed', owed_back: { amount: 10_280, currency: 'MYR', reason: 'canceled', refunded: false } });
    const state = (await call(t, 'GET', `/shop/buy/payInfo?payment_no=${info.payment_no}&order_type=order`, { headers: m.headers })).body.data;
    expect(state.owed_back).toEqual({ amount: 10_280, currency: 'MYR', reason: 'canceled', refunded: false });

    // The shop gives it back through 2C2P: the page says it is refunded, and the member is told once.
    await refundOwedBack(t.deps, jobActor('reconcile_payments', 1), 10, 0);
    await refundOwedBack(t.deps, jobActor('reconcile_payments', 2), 10, 0);
    const refunds = await t.db.selectFrom('payment_refunds').select(['status', 'amount_minor']).where('payment_id', '=', row.id).execute();
    expect(refunds).toEqual([{ status: 'succeeded', amount_minor: 10_280 }]);
    const after = (await call(t, 'GET', `/shop/buy/payInfo?payment_no=${info.payment_no}&order_type=order`, { headers: m.headers })).body.data;
    expect(after.owed_back).toEqual({ amount: 10_280, currency: 'MYR', reason: 'canceled', refunded: true });
    const now = late(await messagesOf(m.headers));
    expect(now.map((x) => x.kind).sort()).toEqual(['payment.owed_back_canceled', 'payment.owed_back_refunded']);
    expect(now.find((x) => x.kind === 'payment.owed_back_refunded')!.text).toContain('102.80 MYR');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a payment that ended without a late success has nothing owed back', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4_000 });
    const info = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data;
    await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    const state = (await call(t, 'GET', `/shop/buy/payInfo?payment_no=${info.payment_no}&order_type=order`, { headers: m.headers })).body.data;
    expect(state).toMatchObject({ state: 'failed', owed_back: null });
    expect(late(await messagesOf(m.headers))).toEqual([]);
  });
});
