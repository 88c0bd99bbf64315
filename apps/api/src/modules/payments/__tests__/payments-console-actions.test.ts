import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { memberWithOrder, orderStatus, paymentRow, useHeldSandboxes } from './payments-helpers.js';

// What an operator does on one payment of the console's list: ask its gateway now, or refund it
// (in full or in part) with a reason; each once, recorded with who and why.

let t: TestApp;
let stripe: FakeStripe;
let held: ReturnType<typeof useHeldSandboxes>['held'];
beforeAll(async () => {
  t = await buildTestApp();
  const sandboxes = useHeldSandboxes(t);
  stripe = sandboxes.fakes.stripe as FakeStripe;
  held = sandboxes.held;
}, 60_000);
afterAll(() => t.close());

type Op = Awaited<ReturnType<typeof newOperatorSession>>;
let keys = 0;
const act = async (op: Op, path: string, body: Record<string, unknown>, key = `payment-action-${++keys}-${Date.now()}`) =>
  (await call(t, 'POST', `/admin/api/payments/${path}`, { headers: { ...op.headers, 'idempotency-key': key }, body })).body;
const actionsOn = (paymentId: number) => t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('target_type', '=', 'payment').where('target_id', '=', paymentId).orderBy('id').execute();

/** A member's charity pledge of 40.00 MYR paid from the wallet balance (refunded from its payment; an order is refunded by its cancellation or after-sales). */
async function paidFromBalance() {
  const m = await memberWithOrder(t, { currency: 'MYR', price: 4000 });
  await fund(t.db, m.userId, 4000, 'MYR');
  const cause = await t.db.insertInto('charity_causes').values({ title: JSON.stringify({ 'en-us': 'Clean water' }), currency: 'MYR', created_by: 'test' } as never).returning('id').executeTakeFirstOrThrow();
  const pledge = await call(t, 'POST', '/attractive/lovers/submitPay', { headers: m.keyed(), body: { cause_id: cause.id, amount: 4000 } });
  expect(pledge.body.code, pledge.body.msg).toBe(200);
  const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: pledge.body.data.id, order_type: 'charity', pay_way: 'balance', pay_password: PAY_PASSWORD } });
  expect(paid.body.code, paid.body.msg).toBe(200);
  return { m, p: await paymentRow(t, paid.body.data.payment_no), pledgeId: Number(pledge.body.data.id) };
}
const pledgeStatus = async (id: number) => (await t.db.selectFrom('charity_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('actions on a payment', () => {
  it('refunds a paid payment in part, then the rest, with a reason; never more than was paid; a repeat of one decision refunds once; refunded in full, its pledge is', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const support = await newOperatorSession(t.db, 'support');
    const { m, p, pledgeId } = await paidFromBalance();
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);

    // Only roles that decide refunds; always with a reason; nothing moves otherwise.
    expect(await act(support, 'refund', { id: p.id, amount: 1000, reason: 'damaged lid' })).toMatchObject({ code: ResponseCode.forbidden });
    expect((await act(owner, 'refund', { id: p.id, amount: 1000, reason: ' ' })).code).toBe(ResponseCode.validation);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);

    const key = `refund-part-${p.id}`;
    const first = await act(owner, 'refund', { id: p.id, amount: 1000, reason: 'damaged lid' }, key);
    expect(first.code, first.msg).toBe(200);
    expect(first.data.refunds).toEqual([expect.objectContaining({ via: 'ledger', amount: 1000, status: 'succeeded', reason: 'damaged lid' })]);
    expect(await act(owner, 'refund', { id: p.id, amount: 1000, reason: 'damaged lid' }, key)).toEqual(first);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1000);
    expect(await pledgeStatus(pledgeId)).toBe('paid');

    // More than is left is refused; the rest refunds the order in full.
    expect((await act(owner, 'refund', { id: p.id, amount: 3001, reason: 'too much' })).code).toBe(ResponseCode.refundTooLarge);
    const rest = await act(owner, 'refund', { id: p.id, reason: 'order cancelled by phone' });
    expect(rest.data.refunds.map((r: { amount: number }) => r.amount)).toEqual([1000, 3000]);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(4000);
    expect(await pledgeStatus(pledgeId)).toBe('refunded');
    expect((await act(owner, 'refund', { id: p.id, amount: 1, reason: 'again' })).code).not.toBe(200);
    expect(await actionsOn(p.id)).toEqual([
      // The amount and the payment are facts the console words; the reason only what the operator typed.
      { action: 'payment.refund', reason: 'damaged lid', facts: { key: 'payment_refund', reference: p.reference, amount: 1000, currency: 'MYR', open: [], error: null } },
      { action: 'payment.refund', reason: 'order cancelled by phone', facts: { key: 'payment_refund', reference: p.reference, amount: 3000, currency: 'MYR', open: [], error: null } },
    ]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('asks the gateway about a payment whose notification never came: the success it reports is settled and the order paid', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2500 });
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card' } });
    expect(started.body.code, started.body.msg).toBe(200);
    const p = await paymentRow(t, started.body.data.payment_no);
    // The member paid at Stripe; its notification is held back.
    await held(() => stripe.decide(p.reference, 'pay'));
    expect((await paymentRow(t, p.reference)).status).not.toBe('succeeded');

    const asked = await act(support, 'inquire', { id: p.id });
    expect(asked.code, asked.msg).toBe(200);
    expect(asked.data.payment).toMatchObject({ id: p.id, status: 'succeeded' });
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await actionsOn(p.id)).map((a) => [a.action, a.facts])).toEqual([['payment.inquire', { key: 'payment_inquiry', reference: p.reference, from: p.status, to: 'succeeded' }]]);
    // The list sorts and exports what it shows.
    const list = await call(t, 'GET', `/admin/api/payments/list?member_id=${m.userId}&sort=amount&order=desc`, { headers: support.headers });
    expect(list.body.data.list.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/payments/list/export?member_id=${m.userId}`, headers: support.headers });
    expect(csv.body).toContain(p.reference);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
