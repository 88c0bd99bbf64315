import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { jobActor } from '../../../lib/actor.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeAirwallex } from '../../payments/gateways/airwallex/fake.js';
import { TEST_SHOP_URL } from '../../payments/__tests__/payments-helpers.js';
import { createGateways, readGatewaySettings } from '../../payments/gateways/registry.js';
import { reconcilePayments } from '../../payments/reconcile.js';
import { finishPendingCaseRefunds } from '../after-sales.console.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

let t: TestApp;
let kit: AfterSalesKit;
let air: FakeAirwallex;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  // The sandboxes deliver their notifications to the app as a network does: a little later.
  const { adapters, fakes } = createGateways(readGatewaySettings({}, 'test'), {
    publicUrl: TEST_SHOP_URL,
    nodeEnv: 'test',
    deliver: async (url, headers, body) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return (await t.app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body })).statusCode;
    },
  });
  Object.assign(t.deps.providers.payments, adapters);
  Object.assign(t.deps.providers.paymentSandboxes, fakes);
  air = fakes.airwallex as FakeAirwallex;
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;

/** An order of `units` units of one SKU paid by card through the Airwallex sandbox, shipped and received. */
async function cardOrder(m: Member, units: number) {
  const g = await newGoods(t.db, [{ price: 1000, stock: 50 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: units });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'airwallex_card' });
  expect(pay.body.code).toBe(200);
  await t.app.inject({ method: 'POST', url: new URL(pay.body.data.redirect_url).pathname, payload: 'choice=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `GW0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const payment = await t.db.selectFrom('payments').selectAll().where('payable_type', '=', 'order').where('payable_id', '=', order.order_id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  const total = Number((await t.db.selectFrom('orders').select('total_minor').where('id', '=', order.order_id).executeTakeFirstOrThrow()).total_minor);
  return { orderId: order.order_id as number, lineId: line.id, payment, total };
}

/** Cases of one unit each, approved, sent back and received: ready to refund. */
async function receivedReturns(m: Member, orderId: number, lineId: number, n: number) {
  const ids: number[] = [];
  for (let k = 0; k < n; k++) {
    const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
    expect(res.body).toMatchObject({ code: 200 });
    ids.push(res.body.data.case_id);
  }
  for (const id of ids) {
    expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RR${id}XX` })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  }
  return ids;
}

describe('refunds of a card payment through the gateway', () => {
  it('several returns of one order refunded at once, each twice: every case refunded, the gateway refunds exactly what was paid (five rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await kit.shopper();
      const o = await cardOrder(m, 3);
      const ids = await receivedReturns(m, o.orderId, o.lineId, 3);
      const answers = await Promise.all(ids.flatMap((id) => [kit.admin('/admin/api/after-sales/refund', { id }), kit.admin('/admin/api/after-sales/refund', { id })]));
      expect(answers.map((a) => a.body.code)).toEqual(ids.flatMap(() => [200, 200]));
      // A case the first calls left refunding is finished by calling again.
      for (const id of ids) expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
      const cases = await Promise.all(ids.map((id) => kit.caseRow(id)));
      expect(cases.map((c) => c.status)).toEqual(['refunded', 'refunded', 'refunded']);
      // What was paid for the order came back in exactly the parts the cases refunded, once each at the
      // gateway; the card's surcharge with the refund that took back the whole order.
      const refunded = cases.reduce((s, c) => s + Number(c.refunded_minor), 0);
      expect(refunded).toBe(o.total);
      const rows = await t.db.selectFrom('payment_refunds').select(['cause', 'amount_minor', 'status']).where('payment_id', '=', o.payment.id).orderBy('id').execute();
      expect(rows.every((r) => r.status === 'succeeded')).toBe(true);
      expect(rows.reduce((s, r) => s + r.amount_minor, 0)).toBe(refunded + o.payment.fee_minor);
      const intent = air.intents.get(o.payment.provider_ref!)!;
      expect(intent.refundedMinor).toBe(o.payment.gateway_minor);
      expect([...air.refunds.values()].filter((r) => r.payment_intent_id === intent.id).map((r) => r.amount).sort()).toEqual(rows.map((r) => r.amount_minor).sort());
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  }, 120_000);

  it('a refund whose notification never came is finished by refunding again, by the sweep or by the reconciliation, from the gateway\'s own answer; nothing is refunded twice', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m, 3);
    const ids = await receivedReturns(m, o.orderId, o.lineId, 3);
    // Airwallex takes each refund (answering RECEIVED) and settles it; its notifications are lost.
    air.switches = { silent: true };
    try {
      for (const id of ids) expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunding', refunded: null });
    } finally {
      air.switches = {};
    }
    const intent = air.intents.get(o.payment.provider_ref!)!;
    expect(intent.refundedMinor).toBe(o.payment.gateway_minor);
    // The operator refunds the first again: the gateway is asked, the case is refunded.
    const again = await kit.admin('/admin/api/after-sales/refund', { id: ids[0] });
    expect(again.body.data).toMatchObject({ status: 'refunded', refunded: Number((await kit.caseRow(ids[0]!)).refund_minor) });
    // The five-minute sweep finishes the second (and the third).
    await finishPendingCaseRefunds(t.deps, jobActor('finish_after_sale_refunds', 1));
    for (const id of ids) expect((await kit.caseRow(id)).status).toBe('refunded');
    // Refunds left pending behind no case are finished by the reconciliation job the same way.
    const other = await cardOrder(m, 1);
    const [caseId] = await receivedReturns(m, other.orderId, other.lineId, 1);
    air.switches = { silent: true };
    try {
      expect((await kit.admin('/admin/api/after-sales/refund', { id: caseId })).body.data.status).toBe('refunding');
    } finally {
      air.switches = {};
    }
    await reconcilePayments(t.deps, jobActor('reconcile_payments', 1));
    expect(await t.db.selectFrom('payment_refunds').select(['amount_minor', 'status']).where('payment_id', '=', other.payment.id).execute()).toEqual([{ amount_minor: other.payment.gateway_minor, status: 'succeeded' }]);
    expect((await kit.admin('/admin/api/after-sales/refund', { id: caseId })).body.data.status).toBe('refunded');
    // Each refund went to the gateway once.
    expect(intent.refundedMinor).toBe(o.payment.gateway_minor);
    expect(air.intents.get(other.payment.provider_ref!)!.refundedMinor).toBe(other.payment.gateway_minor);
    const cases = await Promise.all(ids.map((id) => kit.caseRow(id)));
    expect(cases.reduce((s, c) => s + Number(c.refunded_minor), 0)).toBe(o.total);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('the sandbox keeps Airwallex\'s request_id: the same refund sent twice at once is made once', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m, 2);
    const gateway = t.deps.providers.payments.airwallex!;
    const input = { paymentReference: o.payment.reference, providerRef: o.payment.provider_ref!, reference: `R-twice-${o.payment.id}`, amountMinor: 500, currency: o.payment.currency, paymentAmountMinor: o.payment.gateway_minor };
    const [a, b] = await Promise.all([gateway.refund(input), gateway.refund(input)]);
    expect(a.refundRef).toBe(b.refundRef);
    expect(air.intents.get(o.payment.provider_ref!)!.refundedMinor).toBe(500);
    expect(await gateway.refundStatus!({ ...input, refundRef: null })).toEqual({ refundRef: a.refundRef, status: 'succeeded' });
  });
});
