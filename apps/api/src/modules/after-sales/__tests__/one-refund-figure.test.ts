import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import type { FakeStripe } from '../../payments/gateways/stripe/fake.js';
import { useSandboxes } from '../../payments/__tests__/payments-helpers.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// A return of a card-paid order approved with a lower refund: the member reads one "original" figure
// everywhere (the message, the case page before and after the refund), the console's own, what would
// have gone back with the card's surcharge, and is told the surcharge is part of it. Money in the
// message and in the refusals is written the reader's way; the operators' records (the audit log's
// facts, the goods' stock history) are facts worded in the reader's language.

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
let opKey = 0;
const consoleCall = (method: 'GET' | 'POST', url: string, lang: string, body?: unknown) =>
  call(t, method, url, { headers: { ...kit.operator.headers, ...(method === 'POST' ? { 'idempotency-key': `one-figure-${Date.now()}-${opKey++}` } : {}) }, body, lang });

/** One unit at 41.99 paid by card through the Stripe sandbox (with its surcharge), shipped and received. */
async function cardOrder(m: Member) {
  const g = await newGoods(t.db, [{ price: 4199, stock: 9 }]);
  await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 });
  const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId })).body.data;
  const pay = await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card' });
  expect(pay.body.code).toBe(200);
  await stripe.decide(pay.body.data.payment_no, 'pay');
  expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `OF0000${order.order_id}` })).body.code).toBe(200);
  expect((await kit.post(m, '/shop/order/confirmReceipt', { id: order.order_id })).body.code).toBe(200);
  const payment = await t.db.selectFrom('payments').selectAll().where('payable_type', '=', 'order').where('payable_id', '=', order.order_id).where('status', '=', 'succeeded').executeTakeFirstOrThrow();
  const line = await t.db.selectFrom('order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();
  return { orderId: order.order_id as number, lineId: line.id, goodsId: g.goodsId, payment };
}

describe('a card-paid return approved with a lower refund', () => {
  it('says one original figure (surcharge included, and said so) in the message, the case page before and after the refund, and the console', async () => {
    const m = await kit.shopper();
    const o = await cardOrder(m);
    const paid = Number(o.payment.gateway_minor);
    const fee = Number(o.payment.fee_minor);
    expect(fee).toBeGreaterThan(0);
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lineId, qty: 1 }] })).body.data.case_id as number;
    expect((await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data.refundable).toBe(paid);

    // Refusals write the amount the reader's way (Hungarian: a decimal comma).
    const tooMuch = await consoleCall('POST', '/admin/api/after-sales/approve', 'hu', { id, refund_amount: paid + 100 });
    expect(tooMuch.body.msg).toContain('43,21 USD');
    const noReason = await consoleCall('POST', '/admin/api/after-sales/approve', 'hu', { id, refund_amount: 2000 });
    expect(noReason.body.msg).toContain('43,21 USD');

    const approved = await consoleCall('POST', '/admin/api/after-sales/approve', 'jp', { id, refund_amount: 2000, refund_reason: '箱が破損しているため一部返金', reason: 'checked photos' });
    expect(approved.body.code).toBe(200);
    const reduced = { amount: paid, surcharge: fee };
    const info = async () => (await call(t, 'GET', `/attractive/AfterSales/info?id=${id}`, { headers: m.headers, lang: 'zh-tw' })).body.data;
    expect(await info()).toMatchObject({ refund: 2000, refund_reduced_from: reduced });

    // The message: the same original figure as the console's, with the surcharge in it named, each amount written the reader's way.
    const messages = async (lang: string) => (await call(t, 'GET', '/user/message/list?kind=after_sale', { headers: m.headers, lang })).body.data.list as Array<{ kind: string; text: string }>;
    const [zhTw] = await messages('zh-tw');
    expect(zhTw!.kind).toBe('after_sale.approved_reduced_surcharge');
    expect(zhTw!.text).toContain('退款金額為20.00 USD（原為43.21 USD，含支付方式手續費1.22 USD）');
    const [hu] = await messages('hu');
    expect(hu!.text).toContain('20,00 USD');
    expect(hu!.text).toContain('43,21 USD');
    expect(hu!.text).toContain('1,22 USD');

    // The audit log records the refund granted and the figure it was lowered from as facts; the reason column holds only what the operator typed.
    const action = (kind: string) => t.db.selectFrom('operator_actions').select(['reason', 'facts']).where('target_type', '=', 'after_sale').where('target_id', '=', id).where('action', '=', kind).executeTakeFirstOrThrow();
    expect(await action('after_sale.approve')).toEqual({ reason: '箱が破損しているため一部返金 · checked photos', facts: { key: 'after_sale_refund', amount: 2000, currency: 'USD', from: paid } });

    expect((await kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: `OF${id}XX` })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/receive', { id, resellable: true })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    expect(await action('after_sale.refund')).toEqual({ reason: null, facts: { key: 'after_sale_refund', amount: 2000, currency: 'USD', from: null } });

    // Refunded, the page says the same figure it said before (not the goods' value alone), and so does the console.
    expect(await info()).toMatchObject({ refunded: 2000, refund_reduced_from: reduced });
    expect((await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data).toMatchObject({ refund_reduced_from: reduced });

    // The goods back on sale: the stock history names the case in the reader's language, and the SKU by its options.
    const history = (await consoleCall('GET', `/admin/api/catalogue/stock/adjustments?goods_id=${o.goodsId}`, 'zh-cn')).body.data.list as Array<{ reason: string; sku_spec: string; delta: number }>;
    const caseNo = (await kit.caseRow(id)).case_no;
    expect(history[0]).toMatchObject({ delta: 1, sku_spec: '颜色 1', reason: `售后单 ${caseNo} 退回的商品，已重新上架` });
  }, 90_000);

  it('a wallet-paid one (no surcharge) is told as before, its amounts the reader’s way', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 2 }] })).body.data.case_id as number;
    expect((await consoleCall('POST', '/admin/api/after-sales/approve', 'en-us', { id, refund_amount: 1000, refund_reason: 'Box missing' })).body.code).toBe(200);
    const [hu] = (await call(t, 'GET', '/user/message/list?kind=after_sale', { headers: m.headers, lang: 'hu' })).body.data.list as Array<{ kind: string; text: string }>;
    expect(hu!.kind).toBe('after_sale.approved_reduced');
    expect(hu!.text).toContain('10,00 USD');
    expect(hu!.text).toContain('14,00 USD');
    expect((await call(t, 'GET', `/attractive/AfterSales/info?id=${id}`, { headers: m.headers, lang: 'en-us' })).body.data).toMatchObject({ refund: 1000, refund_reduced_from: { amount: 1400, surcharge: 0 } });
  }, 60_000);
});
