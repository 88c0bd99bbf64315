import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { PAY_PASSWORD, usdOf, walletMember } from '../../wallet/__tests__/fixtures.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { entriesOf, flagsOf, paymentRow, useSandboxes } from '../../payments/__tests__/payments-helpers.js';

// A member pays a pledge with part of the wallet and the rest by card, then the pledge ends before
// the card is paid: cancelled by the member, or closed at its deadline. Its payment ends with it at
// once: the held part of the wallet is available again, the pay page says it is over, and Pay on the
// card page still open takes nothing.

let t: TestApp;
let stripe: FakeStripe;
let causeId: number;
beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as unknown as FakeStripe;
  const owner = await newOperatorSession(t.db, 'owner');
  const created = await call(t, 'POST', '/admin/api/charity/causes', { headers: { ...owner.headers, 'idempotency-key': `cause-${Date.now()}` }, body: { title: { 'en-us': 'School meals' }, currency: 'USD', min_amount: 100 } });
  expect(created.body.code, created.body.msg).toBe(200);
  causeId = created.body.data.id;
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof walletMember>>;
/** The after-commit call asking the gateway to stop taking the payment has had its turn. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const pledgeOf = (id: number) => t.db.selectFrom('charity_orders').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
const payInfo = async (m: Member, ref: string) => (await call(t, 'GET', `/shop/buy/payInfo?payment_no=${ref}&order_type=charity`, { headers: m.headers })).body.data;

/** A member with 10.00 USD who pledged 20.00 and began paying it with the wallet and a card: 10.00 held. */
async function pledgeBeingPaid() {
  const m = await walletMember(t, { usd: 1000 });
  const pledged = await call(t, 'POST', '/attractive/lovers/submitPay', { headers: m.keyed(), body: { cause_id: causeId, amount: 2000 } });
  expect(pledged.body.code, pledged.body.msg).toBe(200);
  const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: pledged.body.data.id, order_type: 'charity', pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD } });
  expect(started.body.code, started.body.msg).toBe(200);
  expect(started.body.data).toMatchObject({ status: 'pending', balance_part: 1000 });
  expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 0, frozen: 1000 });
  const ref = started.body.data.payment_no as string;
  expect((await payInfo(m, ref)).state).toBe('in_progress');
  return { m, pledgeId: pledged.body.data.id as number, ref };
}

/** After the pledge ended: its wallet part is back, its payment over, and the card page takes nothing. */
async function paymentEnded(m: Member, pledgeId: number, ref: string, to: 'canceled' | 'expired', pledgeStatus: string) {
  expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 1000, frozen: 0 });
  expect((await paymentRow(t, ref)).status).toBe(to);
  const info = await payInfo(m, ref);
  expect(info).toMatchObject({ status: to, state: 'failed' });

  await settle();
  const p = await paymentRow(t, ref);
  expect(stripe.intents.get(p.provider_ref!)!.status).toBe('canceled');
  await stripe.decide(ref, 'pay');
  expect(stripe.intents.get(p.provider_ref!)!.status).toBe('canceled');
  expect(stripe.intents.get(p.provider_ref!)!.amount_received ?? 0).toBe(0);
  expect((await paymentRow(t, ref)).status).toBe(to);
  expect(await flagsOf(t, p.id)).toEqual([]);
  expect((await entriesOf(t, ref)).map((e) => e.kind)).not.toContain('payment.capture');
  expect((await pledgeOf(pledgeId)).status).toBe(pledgeStatus);
  expect(await usdOf(t, m)).toEqual({ currency: 'USD', available: 1000, frozen: 0 });
  expect(await ledgerCheck(t.db)).toEqual([]);
}

describe('a pledge that ends while its payment is open', () => {
  it('cancelled by its member: the held wallet part is back at once, the payment is cancelled and the card page takes nothing', async () => {
    const { m, pledgeId, ref } = await pledgeBeingPaid();
    const cancelled = await call(t, 'POST', '/attractive/lovers/cancelOrder', { headers: m.keyed(), body: { id: pledgeId } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    await paymentEnded(m, pledgeId, ref, 'canceled', 'cancelled');
  });

  it('closed at its deadline by its job: the held wallet part is back, the payment expired and the card page takes nothing', async () => {
    const { m, pledgeId, ref } = await pledgeBeingPaid();
    await t.db.updateTable('charity_orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', pledgeId).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`charity-expiry:${pledgeId}`}`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_charity_order');
    await paymentEnded(m, pledgeId, ref, 'expired', 'closed');
  });
});
