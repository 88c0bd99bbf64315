import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A buyer starts a card payment of a member-shop order, the owner pauses the shop, the buyer pays on
// the card page. The order cannot take the money: the pay pages must not call it a success, the
// money goes back without an operator once its flag has waited, and a later rejection or refund of
// the order (paid again once the shop reopened) never gives the same money back twice.

let t: TestApp;
let k: ShopKit;
let stripe: FakeStripe;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
let n = 0;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  stripe = useSandboxes(t).stripe as FakeStripe;
  operator = await newOperatorSession(t.db, 'owner');
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<ShopKit['buyer']>>;
type Owner = Awaited<ReturnType<ShopKit['owner']>>;
const payCard = (b: Member, id: number) => call(t, 'POST', '/attractive/buy/payOrder', { headers: b.keyed(), body: { order_id: id, pay_way: 'stripe_card' }, lang: 'en-us', ip: `10.61.${(n >> 8) & 255}.${n++ & 255}` });
const payInfo = async (b: Member, query: string) => (await k.get(b, `/attractive/buy/payInfo?${query}`)).body.data;
const pause = (o: Owner, paused: boolean) => k.post(o, '/attractive/shop/editShop', { name: 'Corner Shop', paused });
const reconcile = () => reconcilePayments(t.deps, jobActor('reconcile_payments', n++));
/** The refunds of each payment of the order, by payment number. */
async function refundsByPayment(orderId: number) {
  const rows = await t.db
    .selectFrom('payment_refunds as r')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select(['p.reference', 'r.amount_minor', 'r.status', 'r.cause'])
    .where('p.payable_type', '=', 'shop_order')
    .where('p.payable_id', '=', orderId)
    .orderBy('r.id')
    .execute();
  const out: Record<string, Array<{ amount: number; status: string; cause: string }>> = {};
  for (const r of rows) (out[r.reference] ??= []).push({ amount: Number(r.amount_minor), status: r.status, cause: r.cause.replace(/:\d+/g, ':#') });
  return out;
}
/** The owed-back flag of a payment waited as long as the reconciliation job waits before it acts. */
const ageFlags = (paymentNo: string) =>
  sql`update payment_flags set created_at = now() - interval '121 seconds' where payment_id = (select id from payments where reference = ${paymentNo})`.execute(t.db);

/** A pickup order at a member shop, a card payment begun, the shop paused, then the card paid. */
async function paidAfterPause() {
  const o = await k.owner();
  const g = await k.offered(o, { price: 1500, stock: 5 });
  const b = await k.buyer();
  const placed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 1, pickup: true });
  expect(placed.body.code, placed.body.msg).toBe(200);
  const id = placed.body.data.order_id as number;
  const started = await payCard(b, id);
  expect(started.body.data).toMatchObject({ state: 'in_progress', order_type: 'shop_order' });
  expect((await pause(o, true)).body.data.status).toBe('paused');
  await stripe.decide(started.body.data.payment_no, 'pay');
  return { o, b, id, paymentNo: started.body.data.payment_no as string, charged: started.body.data.gateway_part as number };
}

describe('a card payment that lands after its member shop paused', () => {
  it('is not shown as a success: payInfo says the money is owed back, and refunded once the job has waited', async () => {
    const { b, id, paymentNo, charged } = await paidAfterPause();
    expect((await k.orderRow(id)).status).toBe('awaiting_payment');
    const owed = { amount: charged, currency: 'USD', reason: 'not_payable', refunded: false };
    // By the payment's number and by the order: never "success" for money the order did not take.
    for (const query of [`payment_no=${paymentNo}`, `order_id=${id}`]) {
      const info = await payInfo(b, query);
      expect(info).toMatchObject({ payment_no: paymentNo, status: 'succeeded', state: 'failed', owed_back: owed });
      expect(info.message).toBe('Payment to be refunded');
    }
    // The order offers no payment while its shop is paused.
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data).toMatchObject({ status: 'awaiting_payment', actions: { pay: false } });

    // Nobody acts: the job leaves the flag to the operators for its two minutes, then gives the money back.
    await reconcile();
    expect(await refundsByPayment(id)).toEqual({});
    await ageFlags(paymentNo);
    await reconcile();
    expect(await refundsByPayment(id)).toEqual({ [paymentNo]: [{ amount: charged, status: 'succeeded', cause: 'owed-back:#:gateway' }] });
    expect(await payInfo(b, `payment_no=${paymentNo}`)).toMatchObject({ state: 'failed', owed_back: { ...owed, refunded: true }, message: 'Payment refunded' });
    const flag = await t.db.selectFrom('payment_flags as f').innerJoin('payments as p', 'p.id', 'f.payment_id').select(['f.resolved_by']).where('p.reference', '=', paymentNo).executeTakeFirstOrThrow();
    expect(flag.resolved_by).toBe('reconcile_payments');
    await k.ledgerClean();
  });

  it('refunded by the job, paid again once the shop reopened, then rejected: each payment is refunded once', async () => {
    const { o, b, id, paymentNo, charged } = await paidAfterPause();
    await ageFlags(paymentNo);
    await reconcile();
    expect((await pause(o, false)).body.data.status).toBe('open');
    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data.actions.pay).toBe(true);
    const again = await payCard(b, id);
    expect(again.body.code, again.body.msg).toBe(200);
    await stripe.decide(again.body.data.payment_no, 'pay');
    expect((await k.orderRow(id)).status).toBe('awaiting_audit');
    expect(await payInfo(b, `order_id=${id}`)).toMatchObject({ payment_no: again.body.data.payment_no, state: 'success', owed_back: null });

    const rejected = await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'reject', reason: 'out of stock today' });
    expect(rejected.body.code, rejected.body.msg).toBe(200);
    await reconcile();
    expect(await refundsByPayment(id)).toEqual({
      [paymentNo]: [{ amount: charged, status: 'succeeded', cause: 'owed-back:#:gateway' }],
      [again.body.data.payment_no]: [{ amount: again.body.data.gateway_part, status: 'succeeded', cause: 'shop-order-rejected:#:gateway' }],
    });
    expect(await k.orderRow(id)).toMatchObject({ status: 'rejected', refunded_at: expect.any(Date) });
    await k.ledgerClean();
  });

  it('paid again and refused by an operator before the job gave the first back: the order refunds its own payment, the job the money owed back', async () => {
    const { o, b, id, paymentNo, charged } = await paidAfterPause();
    expect((await pause(o, false)).body.data.status).toBe('open');
    const again = await payCard(b, id);
    await stripe.decide(again.body.data.payment_no, 'pay');
    expect((await k.orderRow(id)).status).toBe('awaiting_audit');

    const decided = await call(t, 'POST', '/admin/api/shops/orderAuth', { headers: { ...operator.headers, 'idempotency-key': `paused-card-${n++}` }, body: { id, decision: 'reject', reason: 'buyer asked by phone' }, lang: 'en-us' });
    expect(decided.body.code, decided.body.msg).toBe(200);
    expect(await refundsByPayment(id)).toEqual({ [again.body.data.payment_no]: [{ amount: again.body.data.gateway_part, status: 'succeeded', cause: 'shop-order-rejected:#:gateway' }] });
    await ageFlags(paymentNo);
    await reconcile();
    await reconcile();
    expect(await refundsByPayment(id)).toEqual({
      [paymentNo]: [{ amount: charged, status: 'succeeded', cause: 'owed-back:#:gateway' }],
      [again.body.data.payment_no]: [{ amount: again.body.data.gateway_part, status: 'succeeded', cause: 'shop-order-rejected:#:gateway' }],
    });
    expect(await payInfo(b, `payment_no=${paymentNo}`)).toMatchObject({ state: 'failed', owed_back: { refunded: true } });
    expect(await k.orderRow(id)).toMatchObject({ status: 'rejected', refunded_at: expect.any(Date) });
    await k.ledgerClean();
  });
});
