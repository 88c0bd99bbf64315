import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { entriesOf, paymentRow, useSandboxes } from '../../payments/__tests__/payments-helpers.js';

// An operator closes a cause while members' pledges to it wait for payment: those pledges are
// cancelled with their open payments, cannot be paid any more ("this cause is closed"), and money
// that still arrives for one is owed back and flagged for refund, never counted in the cause's total.

let t: TestApp;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  stripe = useSandboxes(t).stripe as unknown as FakeStripe;
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof walletMember>>;

async function openCause(owner: { headers: Record<string, string> }) {
  const created = await call(t, 'POST', '/admin/api/charity/causes', { headers: { ...owner.headers, 'idempotency-key': `cause-${Math.random()}` }, body: { title: { 'en-us': 'Clean water' }, currency: 'MYR', min_amount: 100 } });
  expect(created.body.code, created.body.msg).toBe(200);
  return created.body.data.id as number;
}

async function closeCause(owner: { headers: Record<string, string> }, id: number) {
  const listed = (await call(t, 'GET', '/admin/api/charity/causes/list', { headers: owner.headers })).body.data.list.find((c: { id: number }) => c.id === id);
  const res = await call(t, 'POST', '/admin/api/charity/causes/update', {
    headers: { ...owner.headers, 'idempotency-key': `close-${Math.random()}` },
    body: { id, base_updated_at: listed.updated_at, title: listed.title, description: listed.description, image: listed.image, min_amount: listed.min_amount, goal: listed.goal, status: 'closed', reason: 'test' },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as { status: string; raised: number; paid_pledges: number };
}

const pledgeOf = (id: number) => t.db.selectFrom('charity_orders').select(['status']).where('id', '=', id).executeTakeFirstOrThrow();
const pay = (m: Member, pledgeId: number, payWay: string) => call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: pledgeId, order_type: 'charity', pay_way: payWay } });

describe('closing a cause with pledges awaiting payment', () => {
  it('cancels the unpaid pledge and its open payment; paying it afterwards is refused as "cause closed"', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const m = await walletMember(t);
    const causeId = await openCause(owner);
    const pledge = await call(t, 'POST', '/attractive/lovers/submitPay', { headers: m.keyed(), body: { cause_id: causeId, amount: 700 } });
    expect(pledge.body.code, pledge.body.msg).toBe(200);
    const started = await pay(m, pledge.body.data.id, 'stripe_card');
    expect(started.body.code, started.body.msg).toBe(200);

    await closeCause(owner, causeId);

    expect((await pledgeOf(pledge.body.data.id)).status).toBe('cancelled');
    const payment = await paymentRow(t, started.body.data.payment_no);
    expect(payment.status).toBe('canceled');
    // The gateway is told to stop taking it.
    expect(stripe.intents.get(payment.provider_ref!)!.status).toBe('canceled');
    for (const payWay of ['2c2p_card', 'stripe_card']) {
      const again = await pay(m, pledge.body.data.id, payWay);
      expect(again.body.code, `${payWay}: ${again.body.msg}`).toBe(ResponseCode.charityCauseClosed);
    }
    // The member's list shows it cancelled, with no time left to pay.
    const list = await call(t, 'GET', '/attractive/lovers/orderList?page=1&limit=10', { headers: m.headers });
    expect(list.body.data.list.find((o: { id: number }) => o.id === pledge.body.data.id)).toMatchObject({ status: 'cancelled', expires_at: null });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('money that arrives after the close for a payment started before it is owed back and flagged, never counted in the cause', async () => {
    const owner = await newOperatorSession(t.db, 'owner');
    const m = await walletMember(t);
    const causeId = await openCause(owner);
    const pledge = await call(t, 'POST', '/attractive/lovers/submitPay', { headers: m.keyed(), body: { cause_id: causeId, amount: 700 } });
    const started = await pay(m, pledge.body.data.id, 'stripe_card');
    expect(started.body.code, started.body.msg).toBe(200);
    const intent = { ...stripe.intents.get((await paymentRow(t, started.body.data.payment_no)).provider_ref!)! };

    const closed = await closeCause(owner, causeId);
    expect(closed).toMatchObject({ status: 'closed', raised: 0, paid_pledges: 0 });

    // The member had paid on the gateway's page just before its cancel got there: its success still arrives.
    const created = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: `evt_late_${pledge.body.data.id}`, object: 'event', created, type: 'payment_intent.succeeded', livemode: false, data: { object: { ...intent, status: 'succeeded', amount_received: intent.amount } } });
    const delivered = await t.app.inject({ method: 'POST', url: '/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(body, created) }, payload: body });
    expect(delivered.statusCode).toBe(200);

    expect((await pledgeOf(pledge.body.data.id)).status).toBe('cancelled');
    const payment = await paymentRow(t, started.body.data.payment_no);
    const flags = await t.db.selectFrom('payment_flags').select(['kind', 'refund_needed']).where('payment_id', '=', payment.id).execute();
    expect(flags).toEqual([{ kind: 'paid_after_cancel', refund_needed: true }]);
    expect((await entriesOf(t, started.body.data.payment_no)).map((e) => e.kind)).toContain('payment.owed_back');
    const causes = (await call(t, 'GET', '/admin/api/charity/causes/list', { headers: owner.headers })).body.data.list;
    expect(causes.find((c: { id: number }) => c.id === causeId)).toMatchObject({ raised: 0, paid_pledges: 0, supporters: 0 });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
