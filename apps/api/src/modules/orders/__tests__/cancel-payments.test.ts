import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import type { FakeAirwallex } from '../../payments/gateways/airwallex/fake.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { memberWithOrder, orderStatus, paymentRow, useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { newOperatorSession } from './fixtures.js';

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

type M = Awaited<ReturnType<typeof memberWithOrder>>;
const pay = (m: M, body: Record<string, unknown>) => call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, ...body } });
/** The after-commit call asking the gateway to stop taking the payment has had its turn. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('cancelling an unpaid order closes its open payments at once', () => {
  it('the member cancels after a balance + card payment began: the held balance is back, the payment closed, the card can no longer pay the order', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 5000 });
    await fund(t.db, m.userId, 2000, 'MYR');
    const started = await pay(m, { pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    expect(started.body.data).toMatchObject({ status: 'pending', balance_part: 2000, gateway_part: 3087 });
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);

    const cancelled = await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id } });
    expect(cancelled.body).toMatchObject({ code: 200, data: { id: m.order.id, status: 'cancelled' } });
    // At once, not at the payment's deadline: the wallet shows the 20.00 available again.
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(2000);
    const ref = started.body.data.payment_no as string;
    expect((await paymentRow(t, ref)).status).toBe('canceled');
    const state = await call(t, 'GET', `/shop/buy/payInfo?payment_no=${ref}`, { headers: m.headers });
    expect(state.body.data.status).not.toBe('pending');

    // The gateway was asked to stop: paying on its page takes nothing, and the order stays cancelled.
    await settle();
    const p = await paymentRow(t, ref);
    expect(stripe.intents.get(p.provider_ref!)!.status).toBe('canceled');
    await stripe.decide(ref, 'pay');
    expect(stripe.intents.get(p.provider_ref!)!.status).toBe('canceled');
    expect(await orderStatus(t, m.order.id)).toBe('cancelled');
    expect((await paymentRow(t, ref)).status).toBe('canceled');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(2000);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an operator cancels an order with a pending Airwallex card payment: the payment is closed and the gateway stops taking it', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4999 });
    await fund(t.db, m.userId, 1000, 'MYR');
    const started = await pay(m, { pay_way: 'airwallex_card', use_balance: true, pay_password: PAY_PASSWORD });
    expect(started.body.data).toMatchObject({ status: 'pending', balance_part: 1000 });
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(0);
    const support = await newOperatorSession(t.db, 'support');
    const res = await call(t, 'POST', '/admin/api/orders/cancel', { headers: support.headers, body: { id: m.order.id, reason: 'member asked by phone' } });
    expect(res.body).toMatchObject({ code: 200, data: { status: 'cancelled' } });
    const ref = started.body.data.payment_no as string;
    expect((await paymentRow(t, ref)).status).toBe('canceled');
    expect(await balanceOf(t.db, m.userId, 'cash', 'MYR')).toBe(1000);
    await settle();
    const p = await paymentRow(t, ref);
    expect(air.intents.get(p.provider_ref!)!.status).toBe('CANCELLED');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
