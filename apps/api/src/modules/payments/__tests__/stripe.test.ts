import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { entriesOf, flagsOf, memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const pay = (m: { keyed: () => Record<string, string> }, body: Record<string, unknown>) => call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body });

describe('Stripe through its sandbox', () => {
  it('a card payment: the Payment Element secret and the hosted page, paid once by the signed event, the order paid, one capture entry', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    const started = await pay(m, { order_id: m.order.id, pay_way: 'stripe_card' });
    expect(started.body.code).toBe(200);
    const info = started.body.data;
    expect(info).toMatchObject({ status: 'pending', state: 'in_progress', currency: 'MYR', amount: 5000, fee: 145, gateway_part: 5145 });
    expect(info.client_secret).toMatch(/^pi_\w+_secret_/);
    expect(info.redirect_url).toMatch(/^http:\/\/shop\.test\/sandbox\/stripe\/pay\/pi_/);
    const pi = stripe.intents.get((await paymentRow(t, info.payment_no)).provider_ref!)!;
    expect(pi).toMatchObject({ amount: 5145, currency: 'myr' });

    // The hosted page shows the payment; "pay" sends the signed events and returns the browser.
    const page = await t.app.inject({ method: 'GET', url: new URL(info.redirect_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('MYR 51.45');
    const chosen = await t.app.inject({ method: 'POST', url: new URL(info.redirect_url).pathname, payload: 'choice=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(chosen.statusCode).toBe(303);
    expect(chosen.headers.location).toContain('redirect_status=succeeded');

    const state = await call(t, 'GET', `/shop/buy/payInfo?payment_no=${info.payment_no}`, { headers: m.headers });
    expect(state.body.data).toMatchObject({ status: 'succeeded', state: 'success', client_secret: null, redirect_url: null });
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    const entries = await entriesOf(t, info.payment_no);
    expect(entries.map((e) => e.kind)).toEqual(['payment.capture']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('FPX with a bank: confirmed at creation, the bank page, a failure ends in "Payment Failed"', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 2000 });
    const started = await pay(m, { order_id: m.order.id, pay_way: 'stripe_fpx', bank: 'maybank2u' });
    expect(started.body.data).toMatchObject({ status: 'pending', gateway_part: 2030 });
    const pi = stripe.intents.get((await paymentRow(t, started.body.data.payment_no)).provider_ref!)!;
    expect(pi.payment_method_types).toEqual(['fpx']);
    expect(pi.status).toBe('requires_action');
    await stripe.decide(pi.id, 'fail');
    const state = await call(t, 'GET', `/shop/buy/payInfo?order_id=${m.order.id}`, { headers: m.headers });
    expect(state.body.data).toMatchObject({ status: 'failed', state: 'failed', message: 'Payment Failed' });
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    expect(await entriesOf(t, started.body.data.payment_no)).toEqual([]);
  });

  it('an unknown FPX bank or a method of another currency is refused', async () => {
    const m = await memberWithOrder(t, { currency: 'USD', price: 2000 });
    const res = await pay(m, { order_id: m.order.id, pay_way: 'stripe_fpx', bank: 'maybank2u' });
    expect(res.body.code).toBe(ResponseCode.payMethodUnavailable);
  });

  it('amount mismatch: not paid, flagged', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 3000 });
    const started = await pay(m, { order_id: m.order.id, pay_way: 'stripe_card' });
    stripe.switches = { amountMinor: 1 };
    try {
      await stripe.decide(started.body.data.payment_no, 'pay');
    } finally {
      stripe.switches = {};
    }
    const p = await paymentRow(t, started.body.data.payment_no);
    expect(p.status).toBe('pending');
    expect(await flagsOf(t, p.id)).toEqual(['amount_mismatch']);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('the sandbox honours Idempotency-Key as Stripe does: a repeated create answers the same PaymentIntent, the same key with other parameters is refused, a wrong key is 401', async () => {
    const gateway = t.deps.providers.payments.stripe!;
    const input = { reference: 'P2611230000000001', amountMinor: 1234, currency: 'MYR', method: 'card' as const, description: 'test', returnUrl: 'http://shop.test/h5/', notifyUrl: 'http://shop.test/webhooks/stripe', expiresAt: new Date(Date.now() + 60_000) };
    const a = await gateway.create(input);
    const b = await gateway.create(input);
    expect(b.providerRef).toBe(a.providerRef);
    expect([...stripe.intents.values()].filter((pi) => pi.metadata.reference === input.reference)).toHaveLength(1);
    await expect(gateway.create({ ...input, amountMinor: 999 })).rejects.toThrow(/same parameters/);
    const wrongKey = await stripe.handle({ method: 'GET', url: `/v1/payment_intents/${a.providerRef}`, headers: { authorization: 'Bearer sk_test_wrong' }, rawBody: Buffer.alloc(0) });
    expect(wrongKey.status).toBe(401);
  });

  it('a repeated payOrder with the same Idempotency-Key answers the same payment and starts nothing new', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 1500 });
    const headers = { ...m.headers, 'idempotency-key': `pay-${m.userId}-once` };
    const both = await Promise.all([0, 1].map(() => call(t, 'POST', '/shop/buy/payOrder', { headers, body: { order_id: m.order.id, pay_way: 'stripe_card' } })));
    const again = await call(t, 'POST', '/shop/buy/payOrder', { headers, body: { order_id: m.order.id, pay_way: 'stripe_card' } });
    const numbers = new Set([...both, again].filter((r) => r.body.code === 200).map((r) => r.body.data.payment_no));
    expect(numbers.size).toBe(1);
    expect(await t.db.selectFrom('payments').select('id').where('payable_id', '=', m.order.id).where('payable_type', '=', 'order').execute()).toHaveLength(1);
  });
});
