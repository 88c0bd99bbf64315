import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { expireRecharge } from '../../wallet/recharge.service.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import type { FakeStripe } from '../gateways/stripe/fake.js';
import { expirePayableWithPayments } from '../payable-expiry.js';
import { refundOwedBack } from '../reconcile.js';
import { flagsOf, paymentRow, useHeldSandboxes } from './payments-helpers.js';

// A card top-up the member paid at the gateway just after it expired: the money is owed back and
// the member is told so. The message names the top-up (its number, called a top-up), never an
// "order" the member does not have, in their language, and again once it is refunded.

let t: TestApp;
let sandboxes: ReturnType<typeof useHeldSandboxes>;
beforeAll(async () => {
  t = await buildTestApp();
  sandboxes = useHeldSandboxes(t);
}, 60_000);
afterAll(() => t.close());

type Message = { kind: string; title: string; text: string; link: string };
const messagesOf = async (headers: Record<string, string>, lang?: string): Promise<Message[]> =>
  (await call(t, 'GET', '/user/message/list', { headers, lang })).body.data.list.filter((x: Message) => x.kind.startsWith('payment.'));

describe('money owed back for a top-up', () => {
  it('is told as a top-up’s, with its number, when owed and when refunded', async () => {
    const m = await walletMember(t);
    const created = await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'online', amount: '25.00', currency: 'USD', wallet_currency: 'USD' } });
    expect(created.body.code, created.body.msg).toBe(200);
    const topUp = created.body.data as { id: number; order_no: string };
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: topUp.id, order_type: 'recharge', pay_way: 'stripe_card' } });
    expect(started.body.code, started.body.msg).toBe(200);
    const row = await paymentRow(t, started.body.data.payment_no);

    // The top-up expires with its open payment; the member had paid at Stripe just before.
    const past = new Date(Date.now() - 1000);
    await t.db.updateTable('payments').set({ expires_at: past }).where('id', '=', row.id).execute();
    await t.db.updateTable('recharge_orders').set({ expires_at: past }).where('id', '=', topUp.id).execute();
    expect((await expirePayableWithPayments(t.deps, jobActor('expire_recharge', 1), { type: 'recharge', id: topUp.id }, (tx) => expireRecharge(tx, topUp.id))).closed).toBe(true);
    const stripe = sandboxes.fakes.stripe as unknown as FakeStripe;
    const pi = stripe.intents.get(row.provider_ref!)!;
    Object.assign(pi, { status: 'succeeded', amount_received: pi.amount, next_action: null });
    const [success] = await sandboxes.held(() => stripe.emit('payment_intent.succeeded', pi));
    await sandboxes.deliver(success!);
    expect(await flagsOf(t, row.id)).toEqual(['paid_after_expiry']);

    const [owed] = await messagesOf(m.headers);
    expect(owed!.text).toContain(topUp.order_no);
    expect(owed!.text).toContain('25.00 USD');
    expect(owed!.text).toMatch(/top-up/i);
    expect(owed!.text).not.toMatch(/order/i);
    expect(owed!.link).toContain('order_type=recharge');
    const [zh] = await messagesOf(m.headers, 'zh-cn');
    expect(zh!.text).toContain('充值');
    expect(zh!.text).not.toContain('订单');

    await refundOwedBack(t.deps, jobActor('reconcile_payments', 2), 10, 0);
    const refunded = (await messagesOf(m.headers)).find((x) => x.title === 'Payment refunded');
    expect(refunded?.text).toContain(topUp.order_no);
    expect(refunded?.text).toMatch(/top-up/i);
    expect(refunded?.text).not.toMatch(/order/i);
  });
});
