import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// The member's message about a refund says where the money went, by the rule the case and order
// pages use: the wallet balance for what the wallet (or a gift card spent into it) paid, the card
// for what the card paid, both parts with their amounts when split — never "how you paid".

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

/** A return of one unit, approved, sent back and received, then refunded by the console. */
async function refundedReturn(m: Member, orderId: number, lineId: number) {
  const res = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] });
  expect(res.body.code, res.body.msg).toBe(200);
  const id = res.body.data.case_id as number;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `RM${id}XX` })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
  return kit.caseRow(id);
}

/** The member's newest message of `kind`, as the notification centre shows it in `lang`. */
async function messageOf(m: Member, kind: string, lang = 'en-us') {
  const list = (await call(t, 'GET', `/user/message/list?kind=${kind.split('.')[0]}`, { headers: m.headers, lang })).body.data.list as Array<{ kind: string; text: string }>;
  return list.find((x) => x.kind === kind)!.text;
}

/** A card-paid order (through the Stripe sandbox), with the wallet paying `balance` of it when given. */
async function cardOrder(m: Member, balance = 0) {
  const g = await newGoods(t.db, [{ price: 9517, stock: 10 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  if (balance) await fund(t.db, m.userId, balance, order.currency);
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card', use_balance: balance > 0, pay_password: PAY_PASSWORD });
  await stripe.decide(pay.body.data.payment_no, 'pay');
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  return { orderId: order.order_id as number, currency: order.currency as string, lineId: line.id };
}

const shipAndReceive = async (m: Member, orderId: number) => {
  expect((await kit.admin('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `RM0000${orderId}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: orderId })).body.code).toBe(200);
};

describe('the member’s refund message', () => {
  it('a case of a wallet-paid order was refunded to the wallet balance, in the member’s language', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const c = await refundedReturn(m, o.orderId, o.lines[0]!.id);
    const text = await messageOf(m, 'after_sale.refunded');
    expect(text).toContain(`of case ${c.case_no} was refunded to your wallet balance.`);
    expect(text).not.toContain('how you paid');
    expect(await messageOf(m, 'after_sale.refunded', 'zh-cn')).toContain('已退回至您的钱包余额');
  }, 60_000);

  it('a case of an order paid by card was refunded to the card; split with the wallet, both parts with their amounts', async () => {
    const m = await kit.shopper();
    const card = await cardOrder(m);
    await shipAndReceive(m, card.orderId);
    const c = await refundedReturn(m, card.orderId, card.lineId);
    expect(await messageOf(m, 'after_sale.refunded')).toContain(`of case ${c.case_no} was refunded to your card.`);

    const other = await kit.shopper();
    const mixed = await cardOrder(other, 810);
    await shipAndReceive(other, mixed.orderId);
    const split = await refundedReturn(other, mixed.orderId, mixed.lineId);
    const rows = await t.db.selectFrom('payment_refunds').select(['via', 'amount_minor']).where('cause', 'like', `after-sale:${split.id}:%`).execute();
    const sent = (via: string) => (rows.filter((r) => r.via === via).reduce((s, r) => s + Number(r.amount_minor), 0) / 100).toFixed(2);
    expect(await messageOf(other, 'after_sale.refunded')).toContain(`was refunded to your wallet balance (${sent('ledger')} ${mixed.currency}) and your card (${sent('gateway')} ${mixed.currency}).`);
  }, 60_000);

  it('a paid order refunded by an operator was refunded to the card', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m);
    expect((await kit.admin('/admin/api/orders/cancel', { id: o.orderId, reason: 'member asked by phone' })).body.data).toMatchObject({ status: 'refunding' });
    const p = await t.db.selectFrom('payments').select('id').where('payable_type', '=', 'order').where('payable_id', '=', o.orderId).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
    expect((await kit.admin('/admin/api/payments/refund', { id: p.id, reason: 'order cancelled' })).body.code).toBe(200);
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', o.orderId).executeTakeFirstOrThrow()).status).toBe('refunded');
    const text = await messageOf(m, 'order.refunded');
    expect(text).toContain('was refunded to your card.');
    expect(text).not.toContain('where it came from');
  }, 60_000);
});
