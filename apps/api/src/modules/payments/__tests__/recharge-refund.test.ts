import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { reconcilePayments } from '../reconcile.js';
import { systemActor } from '../../../lib/actor.js';
import { orderFor, paymentRow, useSandboxes } from './payments-helpers.js';

// Refunding a card top-up's payment gives the card its money back and takes the top-up's credit
// back out of the member's wallet (refused before the gateway is asked when the member spent it);
// every refund an operator starts is recorded with who and why, however it ended.

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as unknown as FakeStripe;
}, 60_000);
afterAll(() => t.close());

type Op = Awaited<ReturnType<typeof newOperatorSession>>;
type Member = Awaited<ReturnType<typeof walletMember>>;
let keys = 0;
const refund = async (op: Op, body: Record<string, unknown>) =>
  (await call(t, 'POST', '/admin/api/payments/refund', { headers: { ...op.headers, 'idempotency-key': `recharge-refund-${++keys}-${Date.now()}` }, body })).body;
const actionsOn = (paymentId: number) => t.db.selectFrom('operator_actions').select(['action', 'reason', 'facts']).where('target_type', '=', 'payment').where('target_id', '=', paymentId).orderBy('id').execute();
const rechargeStatus = async (id: number) => (await t.db.selectFrom('recharge_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const stripeRefunds = () => [...stripe.refunds.values()];
const salesOf = async (currency: string) =>
  Number((await t.db.selectFrom('ledger_accounts').select('balance').where('owner_kind', '=', 'system').where('system_code', '=', 'sales').where('currency', '=', currency).where('asset', '=', 'cash').executeTakeFirst())?.balance ?? 0);

/** A member's card top-up of `amount` USD, paid at Stripe and credited to the USD wallet. */
async function toppedUp(amount: string, m?: Member) {
  const member = m ?? (await walletMember(t));
  const created = await call(t, 'POST', '/user/recharge/create', { headers: member.keyed(), body: { channel: 'online', amount, currency: 'USD', wallet_currency: 'USD' } });
  expect(created.body.code, created.body.msg).toBe(200);
  const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: member.keyed(), body: { order_id: created.body.data.id, order_type: 'recharge', pay_way: 'stripe_card' } });
  expect(started.body.code, started.body.msg).toBe(200);
  await stripe.decide(started.body.data.payment_no, 'pay');
  const p = await paymentRow(t, started.body.data.payment_no);
  expect(p.status).toBe('succeeded');
  return { m: member, p, rechargeId: created.body.data.id as number };
}

describe('refunding a top-up', () => {
  it('in full: the card gets it back, the credit leaves the wallet, the top-up says refunded; the shop’s sales are not touched', async () => {
    const finance = await newOperatorSession(t.db, 'owner');
    const { m, p, rechargeId } = await toppedUp('20.00');
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(2000);
    const sales = await salesOf('USD');

    const res = await refund(finance, { id: p.id, reason: 'customer asked for card refund' });
    expect(res.code, res.msg).toBe(200);
    expect(res.data.refunds).toEqual([expect.objectContaining({ via: 'gateway', amount: 2000, status: 'succeeded' })]);
    expect(stripeRefunds().filter((r) => r.payment_intent === p.provider_ref).map((r) => r.amount)).toEqual([2000]);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    expect(await rechargeStatus(rechargeId)).toBe('refunded');
    expect((await call(t, 'GET', `/user/recharge/orderInfo?id=${rechargeId}`, { headers: m.headers })).body.data.status).toBe('refunded');
    expect(await salesOf('USD')).toBe(sales);
    expect(await actionsOn(p.id)).toEqual([{ action: 'payment.refund', reason: 'customer asked for card refund', facts: { key: 'payment_refund', reference: p.reference, amount: 2000, currency: 'USD', open: [], error: null } }]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('in part, then the rest: each part of the credit leaves the wallet; partly refunded, then refunded', async () => {
    const finance = await newOperatorSession(t.db, 'owner');
    const { m, p, rechargeId } = await toppedUp('30.00');
    expect((await refund(finance, { id: p.id, amount: 1000, reason: 'part of it back' })).code).toBe(200);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(2000);
    expect(await rechargeStatus(rechargeId)).toBe('partly_refunded');
    expect((await refund(finance, { id: p.id, reason: 'the rest' })).code).toBe(200);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    expect(await rechargeStatus(rechargeId)).toBe('refunded');
    expect(stripeRefunds().filter((r) => r.payment_intent === p.provider_ref).map((r) => r.amount)).toEqual([1000, 2000]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('of credit the member spent: refused with its own message before the gateway is asked; nothing moves, nothing is recorded as refunded', async () => {
    const finance = await newOperatorSession(t.db, 'owner');
    const { m, p, rechargeId } = await toppedUp('20.00');
    // 15.00 of it paid an order.
    const order = await orderFor(t, m.userId, { currency: 'USD', price: 1500 });
    const paid = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: order.id, pay_way: 'balance', pay_password: PAY_PASSWORD } });
    expect(paid.body.code, paid.body.msg).toBe(200);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(500);
    const calls = stripe.calls.length;

    const res = await refund(finance, { id: p.id, reason: 'customer asked for card refund' });
    expect(res.code).toBe(ResponseCode.refundCreditSpent);
    expect(res.msg).toContain('20.00 USD');
    expect(stripe.calls.slice(calls)).toEqual([]);
    expect(stripeRefunds().filter((r) => r.payment_intent === p.provider_ref)).toEqual([]);
    expect(await t.db.selectFrom('payment_refunds').select('id').where('payment_id', '=', p.id).execute()).toEqual([]);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(500);
    expect(await rechargeStatus(rechargeId)).toBe('paid');
    expect(await actionsOn(p.id)).toEqual([]);
    // What is still held can be refunded: 5.00 of the 20.00.
    expect((await refund(finance, { id: p.id, amount: 500, reason: 'what is left' })).code).toBe(200);
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(0);
    expect(await rechargeStatus(rechargeId)).toBe('partly_refunded');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('and a spend racing it: the credit leaves once, the balance never goes below zero (10 runs)', async () => {
    const finance = await newOperatorSession(t.db, 'owner');
    for (let i = 0; i < 10; i++) {
      const { m, p } = await toppedUp('20.00');
      const order = await orderFor(t, m.userId, { currency: 'USD', price: 1500 });
      const [refunded, spent] = await Promise.all([
        refund(finance, { id: p.id, reason: 'race' }),
        call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: order.id, pay_way: 'balance', pay_password: PAY_PASSWORD } }).then((r) => r.body),
      ]);
      // Exactly one of them had the money.
      expect([refunded.code === 200, spent.code === 200].filter(Boolean)).toHaveLength(1);
      expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(refunded.code === 200 ? 0 : 500);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('a top-up reported with another amount', () => {
  it('is credited by the reconciliation once the gateway, asked, names its own amount, and its mismatch flag is closed with why', async () => {
    const m = await walletMember(t);
    const created = await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '10.00', currency: 'MYR', wallet_currency: 'MYR' } });
    expect(created.body.code, created.body.msg).toBe(200);
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: created.body.data.id, order_type: 'recharge', pay_way: 'stripe_card' } });
    expect(started.body.code, started.body.msg).toBe(200);
    const no = started.body.data.payment_no;
    // The notification reports 9.99; the card was charged 10.00.
    stripe.switches = { amountMinor: 999 };
    try {
      await stripe.decide(no, 'pay');
    } finally {
      stripe.switches = {};
    }
    const p = await paymentRow(t, no);
    expect(p.status).not.toBe('succeeded');
    const flags = () => t.db.selectFrom('payment_flags').select(['kind', 'resolved_by', 'resolution', 'resolution_reason']).where('payment_id', '=', p.id).execute();
    expect(await flags()).toEqual([{ kind: 'amount_mismatch', resolved_by: null, resolution: null, resolution_reason: null }]);

    await reconcilePayments(t.deps, systemActor('reconcile_payments'), { olderThanSeconds: 0 });
    expect((await paymentRow(t, no)).status).toBe('succeeded');
    expect((await t.db.selectFrom('recharge_orders').select('status').where('id', '=', created.body.data.id).executeTakeFirstOrThrow()).status).toBe('paid');
    expect(await flags()).toEqual([{ kind: 'amount_mismatch', resolved_by: 'reconcile_payments', resolution: 'accepted', resolution_reason: expect.stringContaining('1000 MYR') }]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('the record of a refund', () => {
  it('a refund sent to the gateway whose booking then failed is recorded with who, why and how it stands', async () => {
    const finance = await newOperatorSession(t.db, 'owner');
    const m = await walletMember(t);
    // A charity pledge: refunded from its payment (an order's is refunded by its cancellation or after-sales).
    const cause = await t.db.insertInto('charity_causes').values({ title: JSON.stringify({ 'en-us': 'Clean water' }), currency: 'SGD', created_by: 'test' } as never).returning('id').executeTakeFirstOrThrow();
    const pledge = await call(t, 'POST', '/attractive/lovers/submitPay', { headers: m.keyed(), body: { cause_id: cause.id, amount: 4000 } });
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: pledge.body.data.id, order_type: 'charity', pay_way: 'stripe_card' } });
    expect(started.body.code, started.body.msg).toBe(200);
    await stripe.decide(started.body.data.payment_no, 'pay');
    const p = await paymentRow(t, started.body.data.payment_no);
    // The shop's SGD sales were paid out meanwhile: booking the refund against them fails after the gateway refunded.
    const sales = await salesOf('SGD');
    const { post } = await import('../../ledger/ledger.service.js');
    const { withTransaction } = await import('../../../lib/transaction.js');
    await withTransaction(t.db, (tx) => post(tx, { kind: 'test.payout', reference: { type: 'test-payout', id: `payout-${p.id}` }, idempotencyKey: `test-payout-${p.id}`, actor: systemActor('test'), postings: [{ account: { system: 'sales', currency: 'SGD' }, amount: -sales }, { account: { system: 'manual_adjustments', currency: 'SGD' }, amount: sales }] }));

    const res = await refund(finance, { id: p.id, reason: 'lid arrived chipped' });
    expect(res.code).toBe(ResponseCode.insufficientBalance);
    expect(stripeRefunds().filter((r) => r.payment_intent === p.provider_ref).map((r) => r.amount)).toEqual([p.gateway_minor]);
    expect(await actionsOn(p.id)).toEqual([
      { action: 'payment.refund', reason: 'lid arrived chipped', facts: { key: 'payment_refund', reference: p.reference, amount: p.gateway_minor, currency: 'SGD', open: ['pending'], error: ResponseCode.insufficientBalance } },
    ]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
