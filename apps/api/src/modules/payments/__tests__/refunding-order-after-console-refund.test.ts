import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters } from '../../../test/test-database.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { reconcilePayments } from '../reconcile.js';
import { memberWithOrder, orderStatus, paymentRow, useSandboxes } from './payments-helpers.js';

// An operator cancels a paid order (it moves to refunding, and the payments job refunds it), and an
// operator also refunds part of its payment from the console, before the job runs or at the same
// moment. The job gives back what is left, once: the member gets back exactly what they paid, never
// more, and the order ends refunded.

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(() => t.close());

type M = Awaited<ReturnType<typeof memberWithOrder>>;
let keys = 0;
const reconcile = () => reconcilePayments(t.deps, jobActor('reconcile_payments', 1));
const refundsOf = (paymentId: number) => t.db.selectFrom('payment_refunds').selectAll().where('payment_id', '=', paymentId).orderBy('id').execute();
const given = (rows: Array<{ via: string; amount_minor: number; status: string }>, via: string) => rows.filter((r) => r.via === via && r.status === 'succeeded').reduce((s, r) => s + r.amount_minor, 0);

/** The member's order of `price` MYR, paid (with `balance` of the wallet, the rest by Stripe card), then cancelled by an operator who decides refunds. */
async function paidThenCancelled(price: number, balance = 0) {
  const m = await memberWithOrder(t, { currency: 'MYR', price });
  if (balance) await fund(t.db, m.userId, balance, 'MYR');
  const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'stripe_card', ...(balance ? { use_balance: true, pay_password: PAY_PASSWORD } : {}) } });
  expect(started.body.code, started.body.msg).toBe(200);
  const ref = started.body.data.payment_no as string;
  await stripe.decide(ref, 'pay');
  expect(await orderStatus(t, m.order.id)).toBe('paid');
  const owner = await newOperatorSession(t.db, 'owner');
  const cancelled = await call(t, 'POST', '/admin/api/orders/cancel', { headers: { ...owner.headers, 'idempotency-key': `cancel-${m.order.id}` }, body: { id: m.order.id, reason: 'out of stock at the warehouse' } });
  expect(cancelled.body.data, cancelled.body.msg).toMatchObject({ status: 'refunding' });
  return { m, p: await paymentRow(t, ref) };
}

/** A partial refund from the console, as a finance operator sends it. */
async function consoleRefund(paymentId: number, amount: number) {
  const finance = await newOperatorSession(t.db, 'finance');
  return call(t, 'POST', '/admin/api/payments/refund', { headers: { ...finance.headers, 'idempotency-key': `partial-${++keys}-${Date.now()}` }, body: { id: paymentId, amount, reason: 'partial A' } });
}

async function untilLockWaiters(n: number) {
  for (let i = 0; i < 500 && (await lockWaiters(t.db)) < n; i++) await new Promise((r) => setTimeout(r, 10));
  expect(await lockWaiters(t.db)).toBe(n);
}

/**
 * Holds the payment's row while `first` and then `second` start and come to wait for it, then lets
 * them go in that order: both read the payment before either changed it, as two requests at the same
 * moment do.
 */
async function oneAfterTheOther<A, B>(paymentId: number, first: () => Promise<A>, second: () => Promise<B>) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const holder = t.db.transaction().execute(async (tx) => {
    await tx.selectFrom('payments').select('id').where('id', '=', paymentId).forUpdate().execute();
    locked();
    await released;
  });
  await isLocked;
  const a = first();
  await untilLockWaiters(1);
  const b = second();
  await untilLockWaiters(2);
  release();
  await holder;
  return { first: a, second: b };
}

/** Everything the member paid came back once: the card's charge (surcharge included) and the wallet part; the order is refunded. */
async function allBackOnce(m: M, p: Awaited<ReturnType<typeof paymentRow>>, walletBefore: number) {
  const rows = await refundsOf(p.id);
  expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
  expect(given(rows, 'gateway')).toBe(p.gateway_minor);
  expect(given(rows, 'ledger')).toBe(p.ledger_minor);
  const intent = stripe.intents.get(p.provider_ref!)!;
  expect(intent.refunded).toBe(intent.amount_received);
  expect(intent.amount_received).toBe(p.gateway_minor);
  expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(walletBefore);
  expect(await orderStatus(t, m.order.id)).toBe('refunded');
  // The job run again finds nothing more to give back.
  await reconcile();
  expect((await refundsOf(p.id)).length).toBe(rows.length);
  expect(intent.refunded).toBe(intent.amount_received);
  expect(await ledgerCheck(t.db)).toEqual([]);
}

describe('a cancelled paid order partly refunded from the console', () => {
  it('card 12.34: after a 6.00 refund from the console the job refunds the rest, and the order is refunded', async () => {
    const { m, p } = await paidThenCancelled(1234);
    expect(p.ledger_minor).toBe(0);
    const partial = await consoleRefund(p.id, 600);
    expect(partial.body.code, partial.body.msg).toBe(200);
    expect((await refundsOf(p.id)).map((r) => [r.via, r.amount_minor, r.status])).toEqual([['gateway', 600, 'succeeded']]);
    expect(await orderStatus(t, m.order.id)).toBe('refunding');

    await reconcile();

    // The rest of the card's charge, its surcharge with it, in one refund.
    expect((await refundsOf(p.id)).map((r) => [r.via, r.amount_minor, r.status])).toEqual([
      ['gateway', 600, 'succeeded'],
      ['gateway', p.gateway_minor - 600, 'succeeded'],
    ]);
    await allBackOnce(m, p, 0);
  });

  it('wallet and card: the job gives back what is left of each part, and the wallet has its whole part again', async () => {
    const { m, p } = await paidThenCancelled(1234, 500);
    expect(p.ledger_minor).toBe(500);
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    const partial = await consoleRefund(p.id, 600);
    expect(partial.body.code, partial.body.msg).toBe(200);
    const firstBack = await balanceOf(t.db, m.userId, 'cash', 'MYR');
    expect(firstBack).toBeGreaterThan(0);
    expect(firstBack).toBeLessThan(500);
    expect(await orderStatus(t, m.order.id)).toBe('refunding');

    await reconcile();

    await allBackOnce(m, p, 500);
  });

  it('the console’s refund lands while the job is already on its way: the job gives back only the rest', async () => {
    const { m, p } = await paidThenCancelled(1234, 300);
    const { first, second } = await oneAfterTheOther(p.id, () => consoleRefund(p.id, 600), reconcile);
    expect((await first).body.code).toBe(200);
    await second;
    const rows = await refundsOf(p.id);
    expect(rows.filter((r) => r.cause.startsWith('operator:')).reduce((s, r) => s + r.amount_minor, 0)).toBe(600);
    expect(rows.filter((r) => r.cause.startsWith('payable-refund:')).reduce((s, r) => s + r.amount_minor, 0)).toBe(p.ledger_minor + p.gateway_minor - 600);
    await allBackOnce(m, p, 300);
  });

  it('the job lands first while the console’s refund waits: the console’s is refused as more than is left, nothing is given back twice', async () => {
    const { m, p } = await paidThenCancelled(1234, 300);
    const { first, second } = await oneAfterTheOther(p.id, reconcile, () => consoleRefund(p.id, 600));
    await first;
    expect((await second).body.code).toBe(ResponseCode.refundTooLarge);
    expect((await refundsOf(p.id)).filter((r) => r.cause.startsWith('operator:'))).toEqual([]);
    await allBackOnce(m, p, 300);
  });
});
