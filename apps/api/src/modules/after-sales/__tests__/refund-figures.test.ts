import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// The refund a member is told of before it is made (the apply page's estimate, the case page, the
// console's dialog) is the refund made: an order paid by card with its surcharge, returned whole and
// returned in two parts.

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

/** An order of `units` units at 41.99 paid by card through the Stripe sandbox (with its surcharge), shipped and received. */
async function cardOrder(m: Member, units: number) {
  const g = await newGoods(t.db, [{ price: 4199, stock: 9 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: units });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card' });
  expect(pay.body.code).toBe(200);
  await stripe.decide(pay.body.data.payment_no, 'pay');
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `RF0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const payment = await t.db.selectFrom('payments').selectAll().where('payable_type', '=', 'order').where('payable_id', '=', order.order_id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  return { orderId: order.order_id as number, lineId: line.id, payment };
}

/** Every figure said of a return before its refund, the refund made, and what the gateway gave back for it. */
async function returnAndRefund(m: Member, o: Awaited<ReturnType<typeof cardOrder>>, qty: number) {
  const estimate = (await kit.get(m, `/attractive/AfterSales/refundEstimate?order_id=${o.orderId}&lines=${o.lineId}:${qty}`)).body.data;
  const submitted = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lineId, qty }] });
  expect(submitted.body.code).toBe(200);
  const id = submitted.body.data.case_id as number;
  const underReview = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
  const consoleBefore = (await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  const approved = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
  expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RF${id}XX` })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  // What the console's refund dialog says (the case's refund, else what it may refund).
  const consoleDialog = (await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data;
  const gatewayBefore = stripe.intents.get(o.payment.provider_ref!)!.refunded;
  const refunded = (await kit.admin('/admin/api/after-sales/refund', { id })).body.data;
  expect(refunded.status).toBe('refunded');
  return {
    estimate: estimate?.refund as number,
    surcharge: estimate?.surcharge as number,
    underReview: underReview.refundable as number,
    consoleBefore: consoleBefore.refundable as number,
    approved: approved.refund as number,
    dialog: (consoleDialog.refund ?? consoleDialog.refundable) as number,
    made: refunded.refunded as number,
    byGateway: stripe.intents.get(o.payment.provider_ref!)!.refunded - gatewayBefore,
    caseRow: await kit.caseRow(id),
  };
}

describe('the refund of a card-paid order with its surcharge, said before it is made', () => {
  it('a whole return: the estimate, the case page, the console and the refund made are all 43.21 (41.99 and the 1.22 surcharge)', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m, 1);
    expect(o.payment.fee_minor).toBeGreaterThan(0);
    const paid = o.payment.gateway_minor;
    const f = await returnAndRefund(m, o, 1);
    expect(f).toMatchObject({ estimate: paid, surcharge: o.payment.fee_minor, underReview: paid, consoleBefore: paid, approved: paid, dialog: paid, made: paid, byGateway: paid });
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 60_000);

  it('a return in two parts: the first gives back its share of the goods and no surcharge, the second the rest with the surcharge; each said as it is made', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m, 2);
    const fee = o.payment.fee_minor;
    const first = await returnAndRefund(m, o, 1);
    const firstValue = Number(first.caseRow.refunded_minor);
    expect(first).toMatchObject({ surcharge: 0, estimate: firstValue, underReview: firstValue, consoleBefore: firstValue, approved: firstValue, dialog: firstValue, made: firstValue, byGateway: firstValue });
    const second = await returnAndRefund(m, o, 1);
    const rest = o.payment.gateway_minor - firstValue;
    expect(second).toMatchObject({ surcharge: fee, estimate: rest, underReview: rest, consoleBefore: rest, approved: rest, dialog: rest, made: rest, byGateway: rest });
    expect(first.made + second.made).toBe(o.payment.gateway_minor);
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 90_000);

  it('the console approves the amount it shows: the whole with the surcharge, or less with none; between them is refused with the cap', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m, 1);
    const paid = o.payment.gateway_minor;
    const open = async () => (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lineId, qty: 1 }] })).body.data.case_id as number;
    const id = await open();
    const between = await kit.admin('/admin/api/after-sales/approve', { id, refund_amount: paid - 1 });
    expect(between.body).toMatchObject({ code: 5212 });
    expect(between.body.msg).toContain(`${(paid / 100).toFixed(2)}`);
    expect((await kit.admin('/admin/api/after-sales/approve', { id, refund_amount: paid })).body.code).toBe(200);
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.refund).toBe(paid);
    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: id })).body.code).toBe(200);
    const partial = await open();
    expect((await kit.admin('/admin/api/after-sales/approve', { id: partial, refund_amount: 1000, refund_reason: 'Part of the set is missing' })).body.code).toBe(200);
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${partial}`)).body.data.refund).toBe(1000);
  }, 60_000);
});
