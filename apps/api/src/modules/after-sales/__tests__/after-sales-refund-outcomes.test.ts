import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { jobActor } from '../../../lib/actor.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { finishPendingCaseRefunds } from '../after-sales.console.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// What a case's refund shows once the card's surcharge came back with it, and what happens when the
// gateway refuses a refund for good or cannot be reached: the Stripe sandbox answers as Stripe does.

let t: TestApp;
let kit: AfterSalesKit;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const job = () => jobActor('reconcile_payments', 1);

/** An order of one unit paid by card through the Stripe sandbox (with its surcharge), shipped and received. */
async function cardOrder(m: Member, price = 13799) {
  const g = await newGoods(t.db, [{ price, stock: 5 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card' });
  expect(pay.body.code).toBe(200);
  await stripe.decide(pay.body.data.payment_no, 'pay');
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `ST0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const payment = await t.db.selectFrom('payments').selectAll().where('payable_type', '=', 'order').where('payable_id', '=', order.order_id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  const total = Number((await t.db.selectFrom('orders').select('total_minor').where('id', '=', order.order_id).executeTakeFirstOrThrow()).total_minor);
  return { orderId: order.order_id as number, lineId: line.id, payment, total };
}

/** A return of the whole order, approved, sent back and received: ready to refund. */
async function receivedReturn(m: Member, orderId: number, lineId: number) {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
  expect(res.body).toMatchObject({ code: 200 });
  const id = res.body.data.case_id as number;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RS${id}XX` })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  return id;
}

const refundsOf = (paymentId: number) => t.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
const openFlags = async (paymentId: number) => (await t.db.selectFrom('payment_flags').select(['kind', 'detail']).where('payment_id', '=', paymentId).where('resolved_at', 'is', null).orderBy('id').execute());
const memberCase = async (m: Member, id: number) => (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
const consoleCase = async (id: number) => (await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data;

describe('a case refunded with the card surcharge', () => {
  it('shows what went back to the member (surcharge included) on the member page and list, the console and the refund answer; the order value stays the per-line figure', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m);
    expect(o.payment.fee_minor).toBeGreaterThan(0);
    expect(o.payment.gateway_minor).toBe(o.total + o.payment.fee_minor);
    const id = await receivedReturn(m, o.orderId, o.lineId);
    const answer = await kit.admin('/admin/api/after-sales/refund', { id });
    // The gateway gave back everything it took, the surcharge with it.
    expect(stripe.intents.get(o.payment.provider_ref!)!.refunded).toBe(o.payment.gateway_minor);
    expect(answer.body.data).toMatchObject({ status: 'refunded', refunded: o.payment.gateway_minor });
    expect(await memberCase(m, id)).toMatchObject({ status: 'refunded', refunded: o.payment.gateway_minor, refund_delayed: false });
    const list = (await kit.get(m, '/attractive/AfterSales/list')).body.data.list as Array<{ id: number; refunded: number | null }>;
    expect(list.find((c) => c.id === id)!.refunded).toBe(o.payment.gateway_minor);
    expect(await consoleCase(id)).toMatchObject({ refunded: o.payment.gateway_minor, refund_problem: null });
    const consoleList = (await kit.adminGet(`/admin/api/after-sales/list?status=refunded&q=${(await kit.caseRow(id)).case_no}`)).body.data.list;
    expect(consoleList).toMatchObject([{ id, refunded: o.payment.gateway_minor }]);
    // Inside, the case refunded the order's value (points and the order's lines go by it), the surcharge beside it.
    expect(await kit.caseRow(id)).toMatchObject({ refunded_minor: o.total, refunded_fee_minor: o.payment.fee_minor });
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 60_000);
});

describe('a refund the gateway refuses or cannot take', () => {
  it('a refusal Stripe states as final fails the refund with its reason: operators see it and retry, the member reads the shop is on it; retries at once refund once', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m);
    const id = await receivedReturn(m, o.orderId, o.lineId);
    // The sandbox no longer knows the payment (as after a reset): Stripe answers resource_missing.
    const intent = stripe.intents.get(o.payment.provider_ref!)!;
    stripe.intents.delete(intent.id);
    const answer = await kit.admin('/admin/api/after-sales/refund', { id });
    expect(answer.body.code).toBe(200);
    expect(answer.body.data).toMatchObject({ status: 'refunding', refunded: null, refund_problem: { kind: 'failed' } });
    expect(answer.body.data.refund_problem.reason).toMatch(/resource_missing/);
    const [refused] = await refundsOf(o.payment.id);
    expect(refused).toMatchObject({ status: 'failed', amount_minor: o.payment.gateway_minor });
    expect(refused!.failure_reason).toMatch(/resource_missing/);
    expect(await openFlags(o.payment.id)).toMatchObject([{ kind: 'refund_failed', detail: { refund: refused!.reference } }]);
    // Operators read why, and the order may refund all of it again (the surcharge with it); the member reads a calm word.
    const shown = await consoleCase(id);
    expect(shown).toMatchObject({ status: 'refunding', refund_problem: { kind: 'failed' }, order_refundable: o.payment.gateway_minor });
    expect(await memberCase(m, id)).toMatchObject({ status: 'refunding', refund_delayed: true, refunded: null });
    const payment = (await kit.adminGet(`/admin/api/payments/detail?id=${o.payment.id}`)).body.data;
    expect(payment.refunds).toMatchObject([{ status: 'failed', failure_reason: refused!.failure_reason }]);
    // The jobs never send a refused refund again.
    const calls = stripe.calls.length;
    await reconcilePayments(t.deps, job());
    await finishPendingCaseRefunds(t.deps, jobActor('finish_after_sale_refunds', 1));
    expect(stripe.calls.slice(calls).filter((c) => c.includes('/v1/refunds'))).toEqual([]);
    expect((await kit.caseRow(id)).status).toBe('refunding');
    // An operator closes the flag to retry; the gateway refuses again: the flag is raised again, naming the new refund.
    const flag = await t.db.selectFrom('payment_flags').select('id').where('payment_id', '=', o.payment.id).where('kind', '=', 'refund_failed').executeTakeFirstOrThrow();
    expect((await kit.admin('/admin/api/payments/flags/decide', { id: flag.id, decision: 'dismiss', reason: 'Retrying the refund' })).body.code).toBe(200);
    expect(await openFlags(o.payment.id)).toEqual([]);
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunding', refund_problem: { kind: 'failed' } });
    const again = (await refundsOf(o.payment.id))[1]!;
    expect(again.status).toBe('failed');
    expect(await openFlags(o.payment.id)).toMatchObject([{ kind: 'refund_failed', detail: { refund: again.reference } }]);
    // The payment is known again; two operators retry while the jobs run: one refund reaches the gateway.
    stripe.intents.set(intent.id, intent);
    const [a, b] = await Promise.all([
      kit.admin('/admin/api/after-sales/refund', { id }),
      kit.admin('/admin/api/after-sales/refund', { id }),
      reconcilePayments(t.deps, job()),
      finishPendingCaseRefunds(t.deps, jobActor('finish_after_sale_refunds', 1)),
    ]);
    expect([a!.body.code, b!.body.code]).toEqual([200, 200]);
    if ((await kit.caseRow(id)).status !== 'refunded') expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    expect(intent.refunded).toBe(o.payment.gateway_minor);
    const rows = await refundsOf(o.payment.id);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'succeeded']);
    expect(rows[2]!.amount_minor).toBe(o.payment.gateway_minor);
    expect(await kit.caseRow(id)).toMatchObject({ status: 'refunded', refunded_minor: o.total, refunded_fee_minor: o.payment.fee_minor });
    expect(await memberCase(m, id)).toMatchObject({ refund_delayed: false, refunded: o.payment.gateway_minor });
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 60_000);

  it('a passing fault keeps the refund pending and asks again with backoff; a day on it is raised to operators; operator and job at once refund once', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m);
    const id = await receivedReturn(m, o.orderId, o.lineId);
    const intent = stripe.intents.get(o.payment.provider_ref!)!;
    stripe.outage = true;
    try {
      expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunding', refund_problem: null });
      const [pending] = await refundsOf(o.payment.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 1, failure_reason: null });
      expect(pending!.last_error).toBeTruthy();
      expect(new Date(pending!.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
      // Not due yet: the job leaves it alone.
      const before = stripe.calls.length;
      await reconcilePayments(t.deps, job());
      expect(stripe.calls.slice(before).filter((c) => c.includes('/v1/refunds'))).toEqual([]);
      // A day on and still failing: operators are told, the member reads the shop is on it.
      await t.db.updateTable('payment_refunds').set({ created_at: new Date(Date.now() - 25 * 3600_000), next_attempt_at: new Date(Date.now() - 1000) }).where('id', '=', pending!.id).execute();
      await reconcilePayments(t.deps, job());
      expect(await refundsOf(o.payment.id)).toMatchObject([{ status: 'pending', attempts: 2 }]);
      expect((await openFlags(o.payment.id)).map((f) => f.kind)).toEqual(['refund_overdue']);
      expect(await consoleCase(id)).toMatchObject({ status: 'refunding', refund_problem: { kind: 'overdue' } });
      expect(await memberCase(m, id)).toMatchObject({ refund_delayed: true });
    } finally {
      stripe.outage = false;
    }
    // The gateway is back: the operator's refund and the job at once finish it once.
    await t.db.updateTable('payment_refunds').set({ next_attempt_at: new Date(Date.now() - 1000) }).where('payment_id', '=', o.payment.id).execute();
    const [answer] = await Promise.all([kit.admin('/admin/api/after-sales/refund', { id }), reconcilePayments(t.deps, job())]);
    expect(answer.body.code).toBe(200);
    if ((await kit.caseRow(id)).status !== 'refunded') expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    expect(intent.refunded).toBe(o.payment.gateway_minor);
    expect(await refundsOf(o.payment.id)).toMatchObject([{ status: 'succeeded', amount_minor: o.payment.gateway_minor }]);
    expect(await memberCase(m, id)).toMatchObject({ status: 'refunded', refunded: o.payment.gateway_minor, refund_delayed: false });
    // The refund arrived: operators are no longer asked to look at it.
    expect(await openFlags(o.payment.id)).toEqual([]);
    expect(await consoleCase(id)).toMatchObject({ refund_problem: null });
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 90_000);
});
