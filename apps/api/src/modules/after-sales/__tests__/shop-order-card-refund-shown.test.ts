import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { shopKit, type ShopKit } from '../../user-shop/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// A member-shop order paid by card and returned whole gives back the goods and the card surcharge. The
// case, the buyer's message and the console said the whole; the buyer's order and the owner's said
// the goods alone. Each now says what came back, surcharge included.

let t: TestApp;
let k: ShopKit;
let a: AfterSalesKit;
let stripe: FakeStripe;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  a = await afterSalesKit(t);
  stripe = useSandboxes(t).stripe as FakeStripe;
}, 60_000);
afterAll(() => t.close());

describe('a card-paid shop order returned whole', () => {
  it('reads refunded with its surcharge on the buyer’s order and the owner’s, as the case says', async () => {
    const o = await k.owner('Card Corner');
    const g = await k.offered(o, { price: 3699, stock: 3 });
    const b = await k.buyer();
    const id = (await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 2, address_id: b.addressId })).body.data.order_id as number;
    const started = await call(t, 'POST', '/attractive/buy/payOrder', { headers: b.keyed(), body: { order_id: id, pay_way: 'stripe_card' }, lang: 'en-us', ip: '10.78.0.1' });
    expect(started.body.code, started.body.msg).toBe(200);
    await stripe.decide(started.body.data.payment_no, 'pay');
    const payment = await t.db.selectFrom('payments').select(['fee_minor']).where('payable_type', '=', 'shop_order').where('payable_id', '=', id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
    const fee = Number(payment.fee_minor);
    expect(fee).toBeGreaterThan(0);
    expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
    expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
    expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
    const [line] = await t.db.selectFrom('shop_order_lines').select(['id']).where('order_id', '=', id).execute();

    const opened = await k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: id, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: Number(line!.id), qty: 2 }] });
    expect(opened.body.code, opened.body.msg).toBe(200);
    const caseId = opened.body.data.case_id as number;
    expect((await a.admin('/admin/api/after-sales/approve', { id: caseId })).body.code).toBe(200);
    expect((await a.admin('/admin/api/after-sales/receive', { id: caseId, resellable: true })).body.code).toBe(200);
    const made = (await a.admin('/admin/api/after-sales/refund', { id: caseId })).body.data;
    expect(made.status).toBe('refunded');
    const back = 2 * 3699 + fee;
    expect(made.refunded).toBe(back);

    expect((await k.get(b, `/attractive/order/info?id=${id}`)).body.data.after_sale).toMatchObject({ status: 'refunded', refunded: back });
    const listed = (await k.get(b, '/attractive/order/list?view=all')).body.data.list.find((x: { id: number }) => x.id === id);
    expect(listed.after_sale).toMatchObject({ refunded: back });
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${id}`)).body.data.after_sale).toMatchObject({ refunded: back });
  });
});
