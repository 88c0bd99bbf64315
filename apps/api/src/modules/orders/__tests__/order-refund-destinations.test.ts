import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';

// The order page lists an order's refunds: each says where it went (the wallet, the card), as the
// after-sales case that caused them says.

let t: TestApp;
let kit: AfterSalesKit;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(() => t.close());

describe('the order’s refunds', () => {
  it('of an order paid from the wallet and by card: the wallet part to the wallet, the card part to the card, as the case says', async () => {
    const m = await kit.shopper();
    const g = await newGoods(t.db, [{ price: 9517, stock: 10 }]);
    await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 3 });
    const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
    await fund(t.db, m.userId, 810, order.currency);
    const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card', use_balance: true, pay_password: PAY_PASSWORD });
    await stripe.decide(pay.body.data.payment_no, 'pay');
    expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `RP0000${order.order_id}` })).body.code).toBe(200);
    expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
    const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
    const submitted = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: order.order_id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line.id, qty: 1 }] });
    const id = submitted.body.data.case_id as number;
    expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');

    const refunds = (await kit.get(m, `/shop/order/info?id=${order.order_id}`)).body.data.payments.flatMap((p: { refunds: unknown[] }) => p.refunds) as Array<{ amount: number; to: string; pay_way: string }>;
    expect(refunds.map((r) => ({ to: r.to, pay_way: r.pay_way }))).toEqual([
      { to: 'wallet', pay_way: 'balance' },
      { to: 'card', pay_way: 'stripe_card' },
    ]);
    const parts = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.refund_parts;
    expect(refunds.map((r) => ({ to: r.to, pay_way: r.pay_way, amount: r.amount }))).toEqual(parts);
  }, 60_000);
});
