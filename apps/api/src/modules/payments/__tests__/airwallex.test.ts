import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { jobActor } from '../../../lib/actor.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { expireOrder } from '../../orders/orders.service.js';
import type { FakeAirwallex } from '../gateways/airwallex/fake.js';
import { RECONCILE_AFTER_SECONDS, reconcilePayments } from '../reconcile.js';
import { entriesOf, flagsOf, memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

let t: TestApp;
let air: FakeAirwallex;

beforeAll(async () => {
  t = await buildTestApp();
  air = useSandboxes(t).airwallex as FakeAirwallex;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const ACCOUNT = 'acct_sandbox_h5shop';

/** A payment intent started through `/airwallex/index/createPaymentIntent`. */
async function started(opts: { price?: number; currency?: string; pay_way?: string } = {}) {
  const m = await memberWithOrder(t, { price: opts.price ?? 4999, currency: opts.currency ?? 'MYR' });
  const res = await call(t, 'POST', '/airwallex/index/createPaymentIntent', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: opts.pay_way ?? 'airwallex_card' } });
  expect(res.body.code).toBe(200);
  const p = await paymentRow(t, res.body.data.payment_no);
  return { m, info: res.body.data, p, intent: air.intents.get(p.provider_ref!)! };
}

/** A notification body as Airwallex sends it, signed at `ts` (ms). */
function signed(name: string, object: Record<string, unknown>, opts: { ts?: number; id?: string; account?: string } = {}) {
  const ts = String(opts.ts ?? Date.now());
  const body = JSON.stringify({ id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`, name, account_id: opts.account ?? ACCOUNT, data: { object }, created_at: new Date().toISOString() });
  return { body, headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': air.sign(ts, body) } };
}
const deliver = (n: { body: string; headers: Record<string, string> }) => t.app.inject({ method: 'POST', url: '/webhooks/airwallex', headers: n.headers, payload: n.body });
const succeededObject = (i: { id: string; merchant_order_id: string; currency: string }, amount: number) => ({ id: i.id, merchant_order_id: i.merchant_order_id, status: 'SUCCEEDED', amount, captured_amount: amount, currency: i.currency });

describe('Airwallex through its sandbox', () => {
  it('a card payment end to end: decimal major units on the wire, the hosted page, the signed event pays the order once', async () => {
    const { m, info, intent } = await started({ price: 4999 });
    // 49.99 MYR plus the 2.8 % fee (1.40) = 51.39, sent as the number 51.39.
    expect(info).toMatchObject({ status: 'pending', state: 'in_progress', gateway_part: 5139, fee: 140 });
    expect(intent.amount).toBe(5139);
    expect(info.sdk_params).toMatchObject({ intent_id: intent.id, currency: 'MYR', env: 'demo' });
    const page = await t.app.inject({ method: 'GET', url: new URL(info.redirect_url).pathname });
    expect(page.body).toContain('MYR 51.39');
    const back = await t.app.inject({ method: 'POST', url: new URL(info.redirect_url).pathname, payload: 'choice=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(back.statusCode).toBe(303);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    const state = await call(t, 'GET', `/oms/onlinepay/order/getPayStateInfo?payment_no=${info.payment_no}`, { headers: m.headers });
    expect(state.body.data).toMatchObject({ state: 'success', status: 'succeeded' });
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
  });

  it('the Malaysian e-wallets are offered in MYR only', async () => {
    const { info, intent } = await started({ pay_way: 'airwallex_tng', price: 1000 });
    expect(info.pay_way).toBe('airwallex_tng');
    expect(intent.metadata.method).toBe('tng');
    const m = await memberWithOrder(t, { currency: 'USD', price: 1000 });
    const res = await call(t, 'POST', '/airwallex/index/createPaymentIntent', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'airwallex_tng' } });
    expect(res.body.code).toBe(6201);
  });

  it('a bad signature, a changed byte, a stale timestamp or another account: 4xx and nothing changed', async () => {
    const { m, p, intent } = await started({ price: 2500 });
    const good = signed('payment_intent.succeeded', succeededObject(intent, 25.7));
    const cases = [
      { ...good, headers: { ...good.headers, 'x-signature': 'a'.repeat(64) } },
      { ...good, body: good.body.replace('25.7', '25.8') },
      { ...good, headers: { 'content-type': 'application/json', 'x-timestamp': good.headers['x-timestamp'] } },
      signed('payment_intent.succeeded', succeededObject(intent, 25.7), { ts: Date.now() - 5 * 60_000 - 1000 }),
      signed('payment_intent.succeeded', succeededObject(intent, 25.7), { ts: Date.now() + 5 * 60_000 + 1000 }),
      signed('payment_intent.succeeded', succeededObject(intent, 25.7), { account: 'acct_someone_else' }),
    ];
    for (const c of cases) {
      const res = await deliver(c);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await paymentRow(t, p.reference)).status).toBe('pending');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
    expect(Number((await t.db.selectFrom('webhook_events').select((eb) => eb.fn.countAll<string>().as('n')).where('provider', '=', 'airwallex').where('payload', '@>', JSON.stringify({ providerRef: intent.id }) as never).executeTakeFirstOrThrow()).n)).toBe(0);
    // The untouched original is accepted.
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
  });

  it('a currency other than the payment\'s: not paid, flagged', async () => {
    const { m, p, intent } = await started({ price: 2000 });
    const res = await deliver(signed('payment_intent.succeeded', { ...succeededObject(intent, 20.56), currency: 'SGD' }));
    expect(res.statusCode).toBe(200);
    expect((await paymentRow(t, p.reference)).status).toBe('pending');
    expect(await flagsOf(t, p.id)).toEqual(['currency_mismatch']);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('success after the order expired: the payment expired by the reconciliation job (and at Airwallex), the late success recorded, owed back, flagged and then refunded once; the order stays closed', async () => {
    const { m, p, intent } = await started({ price: 3000 });
    await t.db.updateTable('orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', m.order.id).execute();
    await t.db.updateTable('payments').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', p.id).execute();
    expect(await expireOrder(t.deps, jobActor('expire_order', 1), m.order.id)).toBe(true);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 1), { olderThanSeconds: 0 });
    expect((await paymentRow(t, p.reference)).status).toBe('expired');
    // Airwallex is told to stop taking it; the member had paid just before, and that success arrives.
    expect(intent.status).toBe('CANCELLED');
    Object.assign(intent, { status: 'SUCCEEDED', captured_amount: intent.amount });
    expect((await deliver(signed('payment_intent.succeeded', succeededObject(intent, 30.84)))).statusCode).toBe(200);
    expect((await paymentRow(t, p.reference)).status).toBe('expired');
    expect(await flagsOf(t, p.id)).toEqual(['paid_after_expiry']);
    const flag = await t.db.selectFrom('payment_flags').selectAll().where('payment_id', '=', p.id).executeTakeFirstOrThrow();
    expect(flag.refund_needed).toBe(true);
    expect(await orderStatus(t, m.order.id)).toBe('closed');
    expect((await entriesOf(t, p.reference)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    // A run right after leaves the new flag to the operators for a while (they may refund it with a
    // reason, or dismiss it when the money went back by hand)...
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 2));
    expect(await t.db.selectFrom('payment_refunds').select('id').where('payment_id', '=', p.id).execute()).toEqual([]);
    expect((await t.db.selectFrom('payment_flags').select('resolved_at').where('payment_id', '=', p.id).executeTakeFirstOrThrow()).resolved_at).toBeNull();
    // ...and once it is two minutes old, the reconciliation gives the money back through Airwallex, once, and resolves the flag.
    await t.db.updateTable('payment_flags').set({ created_at: new Date(Date.now() - (RECONCILE_AFTER_SECONDS + 1) * 1000) }).where('payment_id', '=', p.id).execute();
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 3));
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 4));
    const refunds = await t.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', p.id).execute();
    expect(refunds.map((r) => [r.via, r.amount_minor, r.status])).toEqual([['gateway', 3084, 'succeeded']]);
    expect(intent.refundedMinor).toBe(3084);
    expect((await t.db.selectFrom('payment_flags').select('resolved_by').where('payment_id', '=', p.id).executeTakeFirstOrThrow()).resolved_by).toBe('reconcile_payments');
    expect(await orderStatus(t, m.order.id)).toBe('closed');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a payment whose notifications never come is settled by the reconciliation job from the gateway\'s answer', async () => {
    const { m, p, intent } = await started({ price: 1500 });
    air.switches = { silent: true };
    try {
      await air.decide(intent.id, 'pay');
    } finally {
      air.switches = {};
    }
    expect((await paymentRow(t, p.reference)).status).toBe('pending');
    const done = await reconcilePayments(t.deps, jobActor('reconcile_payments', 2), { olderThanSeconds: 0 });
    expect(done.settled).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(t, p.reference)).status).toBe('succeeded');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
  });
});
