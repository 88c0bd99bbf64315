import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { reconcilePayments } from '../reconcile.js';
import { memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(() => t.close());

type Op = Awaited<ReturnType<typeof newOperatorSession>>;
let keys = 0;
const get = async (url: string, op: Op) => (await call(t, 'GET', url, { headers: op.headers })).body;
/** A decision as the console sends it, with its Idempotency-Key. */
const decide = async (op: Op, body: Record<string, unknown>, key = `flag-decision-${++keys}-${Date.now()}`) => (await call(t, 'POST', '/admin/api/payments/flags/decide', { headers: { ...op.headers, 'idempotency-key': key }, body })).body;
const flagOf = (paymentId: number) => t.db.selectFrom('payment_flags').selectAll().where('payment_id', '=', paymentId).orderBy('id').executeTakeFirstOrThrow();
const refundsOf = (paymentId: number) => t.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).execute();

/** A Stripe card payment of a new order, open at the gateway. */
async function openPayment(price = 3000) {
  const m = await memberWithOrder(t, { currency: 'MYR', price });
  const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card' } });
  expect(started.body.code, started.body.msg).toBe(200);
  return { m, p: await paymentRow(t, started.body.data.payment_no) };
}

/** Money that arrives for a payment the member had already replaced: recorded, owed back, flagged. */
async function lateSuccess() {
  const { m, p } = await openPayment();
  await t.db.updateTable('payments').set({ status: 'canceled', finished_at: new Date() }).where('id', '=', p.id).execute();
  await stripe.decide(p.reference, 'pay');
  const flag = await flagOf(p.id);
  expect(flag).toMatchObject({ kind: 'paid_after_cancel', refund_needed: true, resolved_at: null });
  return { m, p, flag };
}

/** A success reported with another amount: the payment stays open, flagged. */
async function mismatched() {
  const { m, p } = await openPayment(2000);
  stripe.switches = { amountMinor: 1 };
  try {
    await stripe.decide(p.reference, 'pay');
  } finally {
    stripe.switches = {};
  }
  const flag = await flagOf(p.id);
  expect(flag.kind).toBe('amount_mismatch');
  return { m, p, flag };
}

describe('the console’s payments calls', () => {
  it('refuse no token, a member’s token and an operator without the permission', async () => {
    const member = await newMember(t);
    const ops = { owner: await newOperatorSession(t.db, 'owner'), support: await newOperatorSession(t.db, 'support'), catalogue: await newOperatorSession(t.db, 'catalogue') };
    const calls: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; allowed: Op; refused: Op; answers: number }> = [
      { method: 'GET', url: '/admin/api/payments/list', allowed: ops.support, refused: ops.catalogue, answers: 200 },
      { method: 'GET', url: '/admin/api/payments/detail?id=2147483000', allowed: ops.support, refused: ops.catalogue, answers: ResponseCode.paymentNotFound },
      { method: 'GET', url: '/admin/api/payments/flags', allowed: ops.support, refused: ops.catalogue, answers: 200 },
      { method: 'POST', url: '/admin/api/payments/flags/decide', body: { id: 2147483000, decision: 'dismiss', reason: 'checked' }, allowed: ops.owner, refused: ops.support, answers: ResponseCode.flagNotFound },
      { method: 'GET', url: '/admin/api/payments/refunds', allowed: ops.support, refused: ops.catalogue, answers: 200 },
    ];
    for (const c of calls) {
      const headers = (op?: Op) => ({ ...op?.headers, 'idempotency-key': `refusal-${++keys}-${Date.now()}` });
      expect((await call(t, c.method, c.url, { body: c.body, headers: headers() })).body.code, c.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, c.method, c.url, { body: c.body, headers: { ...headers(), ...member.headers } })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
      const refused = await call(t, c.method, c.url, { body: c.body, headers: headers(c.refused) });
      expect([refused.status, refused.body.code], c.url).toEqual([403, ResponseCode.forbidden]);
      expect((await call(t, c.method, c.url, { body: c.body, headers: headers(c.allowed) })).body.code, c.url).toBe(c.answers);
    }
  });

  it('list payments with their flags, and one payment with its events', async () => {
    const support = await newOperatorSession(t.db, 'support');
    const { m, p } = await lateSuccess();
    const flagged = await get(`/admin/api/payments/list?flagged=yes&member_id=${m.userId}`, support);
    expect(flagged.data.list).toEqual([expect.objectContaining({ id: p.id, payment_no: p.reference, gateway: 'stripe', status: 'canceled', open_flags: 1, currency: 'MYR' })]);
    expect((await get(`/admin/api/payments/list?flagged=no&member_id=${m.userId}`, support)).data.total).toBe(0);
    expect((await get(`/admin/api/payments/list?reference=${p.provider_ref}`, support)).data.list.map((x: { id: number }) => x.id)).toEqual([p.id]);
    const detail = await get(`/admin/api/payments/detail?id=${p.id}`, support);
    expect(detail.data.events.map((e: { kind: string }) => e.kind)).toEqual(expect.arrayContaining(['created', 'notification']));
    expect(detail.data.flags).toEqual([expect.objectContaining({ kind: 'paid_after_cancel', refund_needed: true, resolution: null, payment_no: p.reference })]);
    const queue = (await get('/admin/api/payments/flags?limit=100', support)).data.list as Array<{ payment_id: number }>;
    expect(queue.some((f) => f.payment_id === p.id)).toBe(true);
  });

  it('refund: money that arrived late goes back once, whether the decision is sent twice or the job also runs; the decision is recorded with its reason', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const { p, flag } = await lateSuccess();
    expect((await decide(owner, { id: flag.id, decision: 'refund', reason: ' ' })).code).toBe(422);
    const key = `refund-${flag.id}`;
    const first = await decide(owner, { id: flag.id, decision: 'refund', reason: 'the member replaced the card payment' }, key);
    expect(first.code, first.msg).toBe(200);
    expect(first.data.flag).toMatchObject({ resolution: 'refunded', resolution_reason: 'the member replaced the card payment' });
    expect(first.data.refunds).toEqual([expect.objectContaining({ via: 'gateway', amount: p.gateway_minor, status: 'succeeded' })]);
    expect(await decide(owner, { id: flag.id, decision: 'refund', reason: 'the member replaced the card payment' }, key)).toEqual(first);
    expect((await decide(owner, { id: flag.id, decision: 'dismiss', reason: 'again' })).code).toBe(ResponseCode.requestNotPending);
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 1), { olderThanSeconds: 0 });
    expect((await refundsOf(p.id)).map((r) => [r.via, r.amount_minor, r.status])).toEqual([['gateway', p.gateway_minor, 'succeeded']]);
    const audit = await t.db.selectFrom('operator_actions').selectAll().where('target_type', '=', 'payment').where('target_id', '=', p.id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: `payment_flag.refund #${flag.id} paid_after_cancel ${p.reference}`, reason: 'the member replaced the card payment' })]);
    expect((await get('/admin/api/payments/refunds?status=succeeded&limit=100', owner)).data.list.some((r: { payment_no: string }) => r.payment_no === p.reference)).toBe(true);
    // The order's own page asks for the payments and refunds of that order alone.
    const ofOrder = `payable_type=${p.payable_type}&payable_id=${p.payable_id}`;
    expect((await get(`/admin/api/payments/list?${ofOrder}`, owner)).data.list.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await get(`/admin/api/payments/refunds?${ofOrder}`, owner)).data).toMatchObject({ total: 1, list: [{ payment_no: p.reference, amount: p.gateway_minor }] });
    expect((await get(`/admin/api/payments/refunds?payable_type=${p.payable_type}&payable_id=${p.payable_id + 1_000_000}`, owner)).data.total).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('two operators deciding one flag at once: one decision holds, the other is told it was decided', async () => {
    const [a, b] = [await newOperatorSession(t.db, 'owner'), await newOperatorSession(t.db, 'owner')];
    for (let round = 0; round < 5; round++) {
      const { p, flag } = await lateSuccess();
      const answers = await Promise.all([decide(a, { id: flag.id, decision: 'refund', reason: 'owed back' }), decide(b, { id: flag.id, decision: 'dismiss', reason: 'refunded by hand' })]);
      expect(answers.map((x) => x.code).sort()).toEqual([200, ResponseCode.requestNotPending].sort());
      const resolved = await flagOf(p.id);
      expect((await refundsOf(p.id)).length).toBe(resolved.resolution === 'refunded' ? 1 : 0);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('accept: a payment reported with another amount, confirmed with the provider, is settled as paid; refund is refused for it, dismiss moves nothing', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const { m, flag } = await mismatched();
    expect((await decide(owner, { id: flag.id, decision: 'refund', reason: 'give it back' })).code).toBe(ResponseCode.flagDecisionRefused);
    const accepted = await decide(owner, { id: flag.id, decision: 'accept', reason: 'Stripe confirmed RM 20.58 was taken' });
    expect(accepted.code, accepted.msg).toBe(200);
    expect(accepted.data.payment).toMatchObject({ status: 'succeeded', open_flags: 0 });
    expect(await orderStatus(t, m.order.id)).toBe('paid');

    const other = await mismatched();
    const dismissed = await decide(owner, { id: other.flag.id, decision: 'dismiss', reason: 'a test payment of the provider' });
    expect(dismissed.data.flag).toMatchObject({ resolution: 'dismissed' });
    expect((await paymentRow(t, other.p.reference)).status).toBe('pending');
    expect(await orderStatus(t, other.m.order.id)).toBe('awaiting_payment');
    expect((await decide(owner, { id: other.flag.id, decision: 'accept', reason: 'changed my mind' })).code).toBe(ResponseCode.requestNotPending);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('a refund from the payment, or from its order', () => {
  it('a paid order’s payment is refunded by cancelling the order, not from the payment: refused in the operator’s language, nothing moved', async () => {
    const finance = await newOperatorSession(t.db, 'finance');
    const { m, p } = await openPayment(2600);
    await stripe.decide(p.reference, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    const refund = (id: number, lang = 'en-us') => call(t, 'POST', '/admin/api/payments/refund', { headers: { ...finance.headers, 'think-lang': lang, 'idempotency-key': `order-refund-${++keys}-${Date.now()}` }, body: { id, reason: 'member asked' } });
    const refused = await refund(p.id);
    expect(refused.body.code).toBe(ResponseCode.refundThroughPayable);
    expect(refused.body.msg).toMatch(/^This payment's order still stands/);
    expect((await refund(p.id, 'zh-cn')).body.msg).toMatch(/^该付款所属的订单仍然有效/);
    expect(await refundsOf(p.id)).toEqual([]);
    expect(stripe.intents.get(p.provider_ref!)!.refunded ?? 0).toBe(0);
    expect(await orderStatus(t, m.order.id)).toBe('paid');

    // Cancelled by an operator, the order is refunded by its own path (its goods back on sale with it).
    const cancelled = await call(t, 'POST', '/admin/api/orders/cancel', { headers: (await newOperatorSession(t.db, 'owner')).headers, body: { id: m.order.id, reason: 'member asked by phone' } });
    expect(cancelled.body.data).toMatchObject({ status: 'refunding' });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
