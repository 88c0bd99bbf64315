import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { balanceOf, ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// An order paid with wallet balance plus a card and returned in several cases: each refund goes
// back over the wallet and the card pro rata to what each paid of the order's value, the card's
// surcharge only with the refund that takes back the whole order, and the books end at zero.

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
const BALANCE = 810;

/** Three units bought, `BALANCE` from the wallet and the rest by card through the Stripe sandbox, shipped and received. */
async function mixedOrder(m: Member) {
  const g = await newGoods(t.db, [{ price: 9517, stock: 10 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  await fund(t.db, m.userId, BALANCE, order.currency);
  const before = await balanceOf(t.db, m.userId, 'cash', order.currency);
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
  expect(pay.body.data).toMatchObject({ balance_part: BALANCE });
  await stripe.decide(pay.body.data.payment_no, 'pay');
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `MX0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const payment = await t.db.selectFrom('payments').selectAll().where('payable_type', '=', 'order').where('payable_id', '=', order.order_id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
  expect(payment).toMatchObject({ ledger_minor: BALANCE, payable_minor: Number(order.total) });
  expect(payment.fee_minor).toBeGreaterThan(0);
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  return { orderId: order.order_id as number, currency: order.currency as string, lineId: line.id, payment, walletAfterPaying: before - BALANCE };
}

/** Returns of one unit each, approved, sent back and received. */
async function receivedReturns(m: Member, orderId: number, lineId: number, n: number) {
  const ids: number[] = [];
  for (let k = 0; k < n; k++) {
    const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
    expect(res.body).toMatchObject({ code: 200 });
    ids.push(res.body.data.case_id);
  }
  for (const id of ids) {
    expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `MX${id}XX` })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  }
  return ids;
}

const refundsOf = (paymentId: number) => t.db.selectFrom('payment_refunds').select(['id', 'reference', 'via', 'amount_minor', 'status', 'cause']).where('payment_id', '=', paymentId).orderBy('id').execute();

/** The postings of the refunds' journal entries, summed by system account (the member's wallet under `member`). */
async function refundBooks(paymentId: number) {
  const refs = (await refundsOf(paymentId)).map((r) => r.reference);
  const rows = await t.db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['a.owner_kind', 'a.system_code', 'p.amount'])
    .where('e.reference_id', 'in', refs)
    .execute();
  const out: Record<string, number> = {};
  for (const r of rows) {
    const key = r.owner_kind === 'member' ? 'member' : String(r.system_code).split(':')[0]!;
    out[key] = (out[key] ?? 0) + Number(r.amount);
  }
  return out;
}

/** What the order's value share of the wallet is, pro rata of `value` refunded in all (largest remainder of two parts). */
const walletShare = (ledger: number, paid: number, value: number) => {
  const exact = (ledger * value) / paid;
  const floor = Math.floor(exact);
  const gatewayRemainder = ((paid - ledger) * value) % paid;
  const ledgerRemainder = (ledger * value) % paid;
  return floor + (ledgerRemainder + gatewayRemainder === paid && (ledgerRemainder > gatewayRemainder || (ledgerRemainder === gatewayRemainder && ledger >= paid - ledger)) ? 1 : 0);
};

describe('refunds of an order paid with balance plus a card', () => {
  it('two partial returns and the last one: wallet and card back pro rata, the surcharge with the last through the card, sales back to zero', async () => {
    const m = await kit.shopper();
    const o = await mixedOrder(m);
    const p = o.payment;
    const value = p.payable_minor;
    const ids = await receivedReturns(m, o.orderId, o.lineId, 3);
    const pi = stripe.intents.get(p.provider_ref!)!;

    let refundedValue = 0;
    for (const [k, id] of ids.entries()) {
      const res = await kit.admin('/admin/api/after-sales/refund', { id });
      expect(res.body.data.status).toBe('refunded');
      const c = await kit.caseRow(id);
      refundedValue += Number(c.refunded_minor);
      // The wallet has its share of what was refunded so far, the card the rest.
      const wallet = walletShare(BALANCE, value, refundedValue);
      expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(o.walletAfterPaying + wallet);
      const last = k === ids.length - 1;
      expect(pi.refunded).toBe(refundedValue - wallet + (last ? p.fee_minor : 0));
      const mine = (await refundsOf(p.id)).filter((r) => r.cause.startsWith(`after-sale:${id}:`));
      expect(mine.every((r) => r.status === 'succeeded')).toBe(true);
      expect(mine.reduce((s, r) => s + r.amount_minor, 0)).toBe(Number(c.refunded_minor) + (last ? p.fee_minor : 0));
      if (!last) expect(refundedValue).toBeLessThan(value);
    }
    // Everything came back: the wallet its 8.10, the card all it took (surcharge included), each refund once at Stripe.
    expect(refundedValue).toBe(value);
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(o.walletAfterPaying + BALANCE);
    expect(pi.refunded).toBe(p.gateway_minor);
    const rows = await refundsOf(p.id);
    const atStripe = [...stripe.refunds.values()].filter((r) => r.payment_intent === pi.id).map((r) => r.amount).sort((a, b) => a - b);
    expect(atStripe).toEqual(rows.filter((r) => r.via === 'gateway').map((r) => r.amount_minor).sort((a, b) => a - b));
    // The books: the refunds took the order's value out of sales and the surcharge out of fees, nothing else.
    expect(await refundBooks(p.id)).toEqual({ member: BALANCE, gateway_clearing: p.gateway_minor, sales: -value, fees: -p.fee_minor });
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 60_000);

  it('two returns of one order refunded at once (five rounds): never more than each method paid, everything back once the last is refunded', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await kit.shopper();
      const o = await mixedOrder(m);
      const p = o.payment;
      const ids = await receivedReturns(m, o.orderId, o.lineId, 3);
      const answers = await Promise.all([ids[0], ids[1], ids[0], ids[1]].map((id) => kit.admin('/admin/api/after-sales/refund', { id })));
      expect(answers.map((a) => a.body.code)).toEqual([200, 200, 200, 200]);
      for (const id of ids.slice(0, 2)) expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
      const sum = (via: string) => async () => (await refundsOf(p.id)).filter((r) => r.via === via && r.status !== 'failed').reduce((s, r) => s + r.amount_minor, 0);
      const two = (Number((await kit.caseRow(ids[0]!)).refunded_minor) + Number((await kit.caseRow(ids[1]!)).refunded_minor));
      const wallet = walletShare(BALANCE, p.payable_minor, two);
      expect(await sum('ledger')()).toBe(wallet);
      expect(await sum('gateway')()).toBe(two - wallet);
      expect((await kit.admin('/admin/api/after-sales/refund', { id: ids[2] })).body.data.status).toBe('refunded');
      expect(await sum('ledger')()).toBe(BALANCE);
      expect(await sum('gateway')()).toBe(p.gateway_minor);
      expect(stripe.intents.get(p.provider_ref!)!.refunded).toBe(p.gateway_minor);
      expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(o.walletAfterPaying + BALANCE);
      expect(await refundBooks(p.id)).toEqual({ member: BALANCE, gateway_clearing: p.gateway_minor, sales: -p.payable_minor, fees: -p.fee_minor });
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);
});
