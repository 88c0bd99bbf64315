import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import type { FakeAirwallex } from '../gateways/airwallex/fake.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { entriesOf, memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

// A gateway's signed success that names our payment (its reference) but another of the gateway's
// payments (another PaymentIntent) did not take this payment's money: it must not settle it.

let t: TestApp;
let stripe: FakeStripe;
let air: FakeAirwallex;
beforeAll(async () => {
  t = await buildTestApp();
  const fakes = useSandboxes(t);
  stripe = fakes.stripe as FakeStripe;
  air = fakes.airwallex as FakeAirwallex;
}, 60_000);
afterAll(() => t.close());

let keys = 0;
const flagsOf = (paymentId: number) => t.db.selectFrom('payment_flags').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
const payInfo = async (m: { headers: Record<string, string> }, paymentNo: string) => (await call(t, 'GET', `/shop/buy/payInfo?payment_no=${paymentNo}`, { headers: m.headers })).body.data;

/** Another PaymentIntent on the shop's Stripe account that carries our payment's reference and shop mark (another integration, a replayed checkout). */
async function otherStripeIntent(reference: string, amount: number, currency: string): Promise<string> {
  const form = new URLSearchParams({ amount: String(amount), currency: currency.toLowerCase(), 'metadata[reference]': reference, 'metadata[shop]': 'h5-shop' });
  const res = await stripe.handle({ method: 'POST', url: '/v1/payment_intents', headers: { authorization: 'Bearer sk_test_sandbox_0123456789abcdefSANDBOX' }, rawBody: Buffer.from(form.toString()) });
  expect(res.status).toBe(200);
  return (JSON.parse(String(res.body)) as { id: string }).id;
}

describe('a success naming another gateway payment', () => {
  it('Stripe: flagged for operators, the order stays unpaid, nothing booked, earlier flags stay open; the payment’s own intent then pays it', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card' } });
    expect(started.body.code, started.body.msg).toBe(200);
    const p = await paymentRow(t, started.body.data.payment_no);
    const own = stripe.intents.get(p.provider_ref!)!;

    // An earlier report of the payment's own intent with another amount: flagged.
    stripe.switches = { amountMinor: 1 };
    try {
      await stripe.emit('payment_intent.succeeded', { ...own, status: 'succeeded', amount_received: own.amount });
    } finally {
      stripe.switches = {};
    }
    expect((await flagsOf(p.id)).map((f) => f.kind)).toEqual(['amount_mismatch']);

    // Another intent under our reference, the right amount and currency, succeeds and is signed by Stripe.
    const other = await otherStripeIntent(p.reference, p.gateway_minor, p.currency);
    const before = await t.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<string>().as('n')).where('provider', '=', 'stripe').executeTakeFirstOrThrow();
    await stripe.decide(other, 'pay');
    const after = await t.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<string>().as('n')).where('provider', '=', 'stripe').executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(2); // processing and succeeded, both stored (answered 2xx)

    expect(await payInfo(m, p.reference)).toMatchObject({ status: 'pending', state: 'in_progress' });
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    expect((await paymentRow(t, p.reference)).provider_ref).toBe(own.id);
    expect(await entriesOf(t, p.reference)).toEqual([]);
    const flags = await flagsOf(p.id);
    expect(flags.map((f) => [f.kind, f.resolved_at])).toEqual([
      ['amount_mismatch', null],
      ['provider_ref_mismatch', null],
    ]);
    expect(flags[1]).toMatchObject({ refund_needed: false, detail: { expected: own.id, reported: other } });
    expect(await ledgerCheck(t.db)).toEqual([]);

    // The operator sees it in the queue, named; accepting it (settling the payment on it) is refused.
    const owner = await newOperatorSession(t.db, 'owner');
    const queue = (await call(t, 'GET', `/admin/api/payments/flags?limit=100`, { headers: owner.headers })).body;
    expect(queue.code, queue.msg).toBe(200);
    expect(queue.data.list).toEqual(expect.arrayContaining([expect.objectContaining({ id: flags[1]!.id, kind: 'provider_ref_mismatch', payment_no: p.reference })]));
    const accept = await call(t, 'POST', '/admin/api/payments/flags/decide', { headers: { ...owner.headers, 'idempotency-key': `accept-other-${++keys}-${Date.now()}` }, body: { id: flags[1]!.id, decision: 'accept', reason: 'looks fine' } });
    expect(accept.body.code).toBe(ResponseCode.flagDecisionRefused);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');

    // The payment's own intent succeeds: paid as before, its amount flag closed, the other intent's flag left for the operator.
    await stripe.decide(own.id, 'pay');
    expect(await payInfo(m, p.reference)).toMatchObject({ status: 'succeeded', state: 'success' });
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await entriesOf(t, p.reference)).map((e) => e.kind)).toEqual(['payment.capture']);
    expect((await flagsOf(p.id)).map((f) => [f.kind, f.resolution])).toEqual([
      ['amount_mismatch', 'accepted'],
      ['provider_ref_mismatch', null],
    ]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('Stripe: a failure of another intent under our reference does not end the payment', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 3000 });
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card' } });
    const p = await paymentRow(t, started.body.data.payment_no);
    const other = await otherStripeIntent(p.reference, p.gateway_minor, p.currency);
    await stripe.decide(other, 'fail');
    expect(await payInfo(m, p.reference)).toMatchObject({ status: 'pending', state: 'in_progress' });
    await stripe.decide(p.provider_ref!, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await flagsOf(p.id)).map((f) => f.kind)).toEqual([]);
  });

  it('Airwallex: a signed success of another payment intent under our merchant order id is flagged, the order unpaid; the own intent pays it', async () => {
    const m = await memberWithOrder(t, { price: 4999, currency: 'MYR' });
    const res = await call(t, 'POST', '/airwallex/index/createPaymentIntent', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'airwallex_card' } });
    expect(res.body.code, res.body.msg).toBe(200);
    const p = await paymentRow(t, res.body.data.payment_no);
    const major = (p.gateway_minor / 100).toFixed(2);
    const object = { id: 'int_another0000000000', merchant_order_id: p.reference, status: 'SUCCEEDED', amount: Number(major), captured_amount: Number(major), currency: p.currency };
    const ts = String(Date.now());
    const body = JSON.stringify({ id: `evt_other_${Date.now()}`, name: 'payment_intent.succeeded', account_id: 'acct_sandbox_h5shop', data: { object }, created_at: new Date().toISOString() });
    const answer = await t.app.inject({ method: 'POST', url: '/webhooks/airwallex', headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': air.sign(ts, body) }, payload: body });
    expect(answer.statusCode).toBe(200);

    expect(await payInfo(m, p.reference)).toMatchObject({ status: 'pending' });
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    expect(await entriesOf(t, p.reference)).toEqual([]);
    expect((await flagsOf(p.id)).map((f) => [f.kind, f.detail])).toEqual([['provider_ref_mismatch', { expected: p.provider_ref, reported: 'int_another0000000000' }]]);
    expect(await ledgerCheck(t.db)).toEqual([]);

    await air.decide(p.provider_ref!, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await entriesOf(t, p.reference)).map((e) => e.kind)).toEqual(['payment.capture']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
