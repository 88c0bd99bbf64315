import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// What the member's case page says is what happened: goods the shop marked received with no carrier's
// delivery are "received by the shop" (not "signed for"); a refund says where each part went (the
// wallet, the card); the points' events carry their figures, as the console's do.

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

/** A return of one unit, approved, sent back by the member and received by the shop. */
async function receivedReturn(m: Member, orderId: number, lineId: number) {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.case_id as number;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RB${id}XX` })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  return id;
}

describe('the member’s case page', () => {
  it('goods the shop marked received, with no delivery from the carrier, are received by the shop on the case and its tracking', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = await receivedReturn(m, o.orderId, o.lines[0]!.id);
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.return_shipment).toMatchObject({ tracking_number: `RB${id}XX`, status: 'received' });
    expect((await kit.get(m, `/attractive/AfterSales/expressTrack?case_id=${id}&leg=return`)).body.data).toMatchObject({ status: 'received', events: [] });
    // On its way, before the shop has it: in transit.
    const other = await kit.boughtOrder(m);
    const open = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: other.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: other.lines[0]!.id, qty: 1 }] });
    const openId = open.body.data.case_id as number;
    await kit.admin('/admin/api/after-sales/approve', { id: openId });
    await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: openId, carrier_code: 'poslaju', tracking_number: `RB${openId}XX` });
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${openId}`)).body.data.return_shipment.status).toBe('in_transit');
  });

  it('a refund of an order paid from the wallet and by card says how much went to each', async () => {
    const m = await kit.shopper();
    const g = await newGoods(t.db, [{ price: 9517, stock: 10 }]);
    await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 });
    const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
    await fund(t.db, m.userId, BALANCE, order.currency);
    const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    await stripe.decide(pay.body.data.payment_no, 'pay');
    expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `RP0000${order.order_id}` })).body.code).toBe(200);
    expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
    const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
    const id = await receivedReturn(m, order.order_id, line.id);

    // Not refunded yet: no parts.
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.refund_parts).toEqual([]);
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    const c = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
    const rows = await t.db.selectFrom('payment_refunds').select(['via', 'amount_minor']).where('cause', 'like', `after-sale:${id}:%`).execute();
    const sent = (via: string) => rows.filter((r) => r.via === via).reduce((s, r) => s + Number(r.amount_minor), 0);
    expect(sent('ledger')).toBeGreaterThan(0);
    expect(sent('gateway')).toBeGreaterThan(0);
    expect(c.refund_parts).toEqual([
      { to: 'wallet', pay_way: 'balance', amount: sent('ledger') },
      { to: 'card', pay_way: 'stripe_card', amount: sent('gateway') },
    ]);
    expect(c.refund_parts.reduce((s: number, p: { amount: number }) => s + p.amount, 0)).toBe(c.refunded);
    // The list says the same.
    const listed = (await kit.get(m, `/attractive/AfterSales/list?view=all&page=1&limit=10`)).body.data.list.find((x: { id: number }) => x.id === id);
    expect(listed.refund_parts).toEqual(c.refund_parts);
  }, 60_000);

  it('the points’ events carry their figures for the member: points spent returned, points earned taken back', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m, { spendPoints: 300 });
    const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: o.lines.map((l) => ({ order_line_id: l.id, qty: l.quantity })) });
    expect(res.body.code, res.body.msg).toBe(200);
    const id = res.body.data.case_id as number;
    expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    const events = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.events as Array<{ kind: string; reason: string }>;
    const returned = events.find((e) => e.kind === 'points_returned');
    expect(returned?.reason).toBe('300 points and 0 shopping points returned');
    // The console reads the same figures.
    const console = (await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data.events as Array<{ kind: string; reason: string }>;
    expect(console.find((e) => e.kind === 'points_returned')?.reason).toBe(returned?.reason);
    for (const e of events.filter((x) => x.kind === 'points_reversed')) expect(e.reason).toMatch(/\d/);
    // Words the member must not read stay out: no operator's note, no internal figures' wording.
    expect(JSON.stringify(events)).not.toMatch(/returned \d+ points and|reversed \d+ of/);
  });
});
