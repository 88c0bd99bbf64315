import { ResponseCode } from '@shop/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronItems } from '../../../jobs/crontab.js';
import { enqueueJob } from '../../../jobs/enqueue.js';
import { runDueJobs } from '../../../jobs/worker.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { paymentRow, TEST_SHOP_URL, useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import type { FakeCtbc } from '../../payments/gateways/ctbc/fake.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { insertOperatorRate } from '../../rates/rates.queries.js';
import { wholeUnitsFee } from '../recharge.service.js';
import { walletMember } from './fixtures.js';
import { checkLedgerAfterEach } from './ledger-guard.js';

// Online and card top-ups through the payments area and its sandboxes, and their expiry.

let t: TestApp;
let ctbc: FakeCtbc;
let stripe: FakeStripe;

beforeAll(async () => {
  t = await buildTestApp();
  const fakes = useSandboxes(t);
  ctbc = fakes.ctbc as unknown as FakeCtbc;
  stripe = fakes.stripe as unknown as FakeStripe;
  const today = new Date().toISOString().slice(0, 10);
  await insertOperatorRate(t.db, { base: 'TWD', quote: 'USD', rate: '0.03125', rate_date: today, set_by: 'test' }).catch(() => undefined);
}, 60_000);
afterAll(async () => {
  await t.close();
});
checkLedgerAfterEach(() => t);

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const inject = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) => t.app.inject({ method, url: url.replace(TEST_SHOP_URL, ''), ...(payload === undefined ? {} : { payload }), headers });
const pay = (m: { keyed: () => Record<string, string> }, body: Record<string, unknown>) => call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body });
const rechargeRow = (id: number) => t.db.selectFrom('recharge_orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('CTBC instalments', () => {
  it('the fee is whole dollars: half-up to whole TWD', () => {
    expect(wholeUnitsFee(170_000, 150, 100)).toBe(2600); // 25.50 → 26
    expect(wholeUnitsFee(169_900, 150, 100)).toBe(2500); // 25.485 → 25
    expect(wholeUnitsFee(100_000, 550, 100)).toBe(5500);
  });

  it('the plans, the top-up, and the bank page agree; the months reach the bank; the wallet is credited once', async () => {
    const m = await walletMember(t);
    const plans = await call(t, 'GET', '/attractive/currency/ctcbRechargeUDFenQi?amount=1700&currency=TWD', { headers: m.headers });
    expect(plans.body.code, plans.body.msg).toBe(200);
    expect(plans.body.data.list.find((p: { months: number }) => p.months === 3)).toMatchObject({ fee: 2600, total: 172_600 });

    // Cents are refused: the bank takes whole dollars.
    expect((await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'ctbc', amount: '1700.50', currency: 'TWD', instalments: 3 } })).body.code).not.toBe(200);

    const created = await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'ctbc', amount: '1700', currency: 'TWD', instalments: 3 } });
    expect(created.body.code, created.body.msg).toBe(200);
    const r = created.body.data;
    expect(r).toMatchObject({ instalments: 3, fee: 2600, pay_amount: 172_600, status: 'awaiting_payment' });

    // A top-up in instalments is paid by the instalment method only.
    expect((await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'ctbc_card' })).body.code).toBe(ResponseCode.payMethodUnavailable);
    const started = await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'ctbc_installment' });
    expect(started.body.code, started.body.msg).toBe(200);
    const info = started.body.data;
    expect(info).toMatchObject({ gateway: 'ctbc', status: 'pending', currency: 'TWD', gateway_part: 172_600 });

    const u = new URL(info.redirect_url);
    const page = await inject('POST', `${u.origin}${u.pathname}`, u.search.slice(1), form);
    expect(page.body).toContain('TWD 1726.00');
    expect(ctbc.auths.get(info.payment_no)!.req).toMatchObject({ txType: '1', Option: '3', purchAmt: '1726' });
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const chosen = await inject('POST', action, 'choice=pay', form);
    const urlResEnc = /name="URLResEnc" value="([0-9A-F]+)"/.exec(chosen.body)![1]!;
    // The result arrives twice (bank and browser): one credit.
    expect((await inject('POST', '/webhooks/ctbc', `URLResEnc=${urlResEnc}`, form)).statusCode).toBe(303);
    await inject('POST', '/webhooks/ctbc', `URLResEnc=${urlResEnc}`, form);
    expect((await paymentRow(t, info.payment_no)).status).toBe('succeeded');
    const row = await rechargeRow(r.id);
    expect(row.status).toBe('paid');
    // 1700 TWD at 0.03125 is 53.13 USD; the fee stays with the shop.
    expect(await balanceOf(t.db, m.userId, 'cash', 'USD')).toBe(row.credit_amount);
    expect((await t.db.selectFrom('journal_entries').select('kind').where('reference_id', '=', r.order_no).execute()).map((e) => e.kind)).toEqual(['recharge']);
    const state = await call(t, 'GET', `/user/recharge/orderInfo?id=${r.id}`, { headers: m.headers });
    expect(state.body.data.status).toBe('paid');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a one-payment CTBC top-up cannot be paid by the instalment method', async () => {
    const m = await walletMember(t);
    const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'ctbc', amount: '1600', currency: 'TWD' } })).body.data;
    expect(r.fee).toBe(0);
    expect((await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'ctbc_installment' })).body.code).toBe(ResponseCode.payMethodUnavailable);
  });
});

describe('online top-up by card', () => {
  it('the gateway page returns to the top-up record; the record says paid only once the payment succeeded', async () => {
    const m = await walletMember(t);
    const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '20.00', currency: 'MYR', wallet_currency: 'MYR' } })).body.data;
    const started = await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'stripe_card' });
    expect(started.body.code, started.body.msg).toBe(200);
    const no = started.body.data.payment_no;
    const pi = [...stripe.intents.values()].find((p) => p.metadata.reference === no)!;
    expect(pi.metadata.return_url!.endsWith(`/h5/#/pages/my/rechargeInfo?id=${r.id}&payment_no=${no}`)).toBe(true);
    expect((await call(t, 'GET', `/user/recharge/orderInfo?id=${r.id}`, { headers: m.headers })).body.data.status).toBe('awaiting_payment');
    await stripe.decide(no, 'pay');
    expect((await call(t, 'GET', `/user/recharge/orderInfo?id=${r.id}`, { headers: m.headers })).body.data.status).toBe('paid');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(2000);
  });
});

describe('expiry of unpaid top-ups', () => {
  const due = async (id: number) => {
    await t.db.updateTable('recharge_orders').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`recharge-expiry:${id}`}`.execute(t.db);
  };

  it('is enqueued with the top-up and expires it at its deadline; a success after that is not credited and is flagged for refund', async () => {
    const m = await walletMember(t);
    const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '30.00', currency: 'MYR', wallet_currency: 'MYR' } })).body.data;
    const job = await sql<{ n: string }>`select count(*) as n from graphile_worker._private_jobs where key = ${`recharge-expiry:${r.id}`}`.execute(t.db);
    expect(Number(job.rows[0]!.n)).toBe(1);
    const started = await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'stripe_card' });
    expect(started.body.code, started.body.msg).toBe(200);

    await due(r.id);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_recharge');
    expect((await rechargeRow(r.id)).status).toBe('expired');
    // The open payment ends with it, through the payments' state machine, and the gateway is told to stop.
    const paymentNo = started.body.data.payment_no;
    expect((await paymentRow(t, paymentNo)).status).toBe('expired');
    const intent = [...stripe.intents.values()].find((x) => x.metadata.reference === paymentNo)!;
    expect(intent.status).toBe('canceled');
    expect(stripe.calls).toContain(`POST /v1/payment_intents/${intent.id}/cancel`);

    // The card was charged as the cancellation crossed it: the success arrives late, twice.
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    await stripe.emit('payment_intent.succeeded', intent);
    await stripe.emit('payment_intent.succeeded', intent);
    expect((await rechargeRow(r.id)).status).toBe('expired');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    const p = await paymentRow(t, paymentNo);
    expect(p.status).toBe('expired');
    const flags = await t.db.selectFrom('payment_flags').select(['kind', 'refund_needed']).where('payment_id', '=', p.id).execute();
    expect(flags).toEqual([{ kind: 'paid_after_expiry', refund_needed: true }]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('top-ups whose own job was missed (the shop was down) are expired by the catch-up, with their payment; paid and not yet due ones are left', async () => {
    const m = await walletMember(t);
    const create = async (amount: string) => (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount, currency: 'MYR', wallet_currency: 'MYR' } })).body.data;
    const missed = await create('11.00');
    const started = await pay(m, { order_type: 'recharge', order_id: missed.id, pay_way: 'stripe_card' });
    const missedToo = await create('12.00');
    const paid = await create('13.00');
    await stripe.decide((await pay(m, { order_type: 'recharge', order_id: paid.id, pay_way: 'stripe_card' })).body.data.payment_no, 'pay');
    const notDue = await create('14.00');
    // Their deadlines passed while no worker ran, and their own jobs are gone.
    for (const id of [missed.id, missedToo.id, paid.id]) {
      await t.db.updateTable('recharge_orders').set({ expires_at: new Date(Date.now() - 60_000) }).where('id', '=', id).execute();
    }
    await sql`delete from graphile_worker._private_jobs where key like 'recharge-expiry:%'`.execute(t.db);
    expect((await runDueJobs(t.deps)).succeeded).not.toContain('expire_recharge');
    expect((await rechargeRow(missed.id)).status).toBe('awaiting_payment');

    // The catch-up, as its crontab slot enqueues it.
    await enqueueJob(t.db, 'expire_overdue_recharges', {});
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_overdue_recharges');
    expect((await rechargeRow(missed.id)).status).toBe('expired');
    expect((await rechargeRow(missedToo.id)).status).toBe('expired');
    expect((await paymentRow(t, started.body.data.payment_no)).status).toBe('expired');
    expect((await rechargeRow(paid.id)).status).toBe('paid');
    expect((await rechargeRow(notDue.id)).status).toBe('awaiting_payment');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1300);
    expect(cronItems.find((c) => c.task === 'expire_overdue_recharges')?.match).toBe('2,7,12,17,22,27,32,37,42,47,52,57 * * * *');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a paid top-up is left as it is when its job runs', async () => {
    const m = await walletMember(t);
    const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '10.00', currency: 'MYR', wallet_currency: 'MYR' } })).body.data;
    const started = await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'stripe_card' });
    await stripe.decide(started.body.data.payment_no, 'pay');
    await due(r.id);
    expect((await runDueJobs(t.deps)).succeeded).toContain('expire_recharge');
    expect((await rechargeRow(r.id)).status).toBe('paid');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1000);
  });

  it('expiry and a payment racing: the top-up ends one way, credited only if paid (20 runs)', async () => {
    for (let i = 0; i < 20; i++) {
      const m = await walletMember(t);
      const r = (await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '10.00', currency: 'MYR', wallet_currency: 'MYR' } })).body.data;
      const started = await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'stripe_card' });
      // Due a moment from now, so the payment and the expiry meet at the deadline.
      await t.db.updateTable('recharge_orders').set({ expires_at: new Date(Date.now() + 5) }).where('id', '=', r.id).execute();
      await sql`update graphile_worker._private_jobs set run_at = now() where key = ${`recharge-expiry:${r.id}`}`.execute(t.db);
      await new Promise((res) => setTimeout(res, 5));
      await Promise.all([runDueJobs(t.deps), stripe.decide(started.body.data.payment_no, 'pay')]);
      const status = (await rechargeRow(r.id)).status;
      expect(['paid', 'expired']).toContain(status);
      expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(status === 'paid' ? 1000 : 0);
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
