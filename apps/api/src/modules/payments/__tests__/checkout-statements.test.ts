import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { countingProxy } from '../../../test/statement-counter.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newAddress } from '../../orders/__tests__/fixtures.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';
import { useSandboxes } from './payments-helpers.js';

/**
 * The statements one card checkout sends to PostgreSQL, over the nine calls the app makes, by a
 * member nobody invited (an invited buyer's payment also reads the commission plan, the uplines
 * and the order's base in one statement, and writes the pending commissions). The budget is 30,
 * and it is met: it cannot drift back unseen; lower it with every statement a change saves.
 */
const CHECKOUT_STATEMENTS_MAX = 30;

let t: TestApp;
let proxy: Awaited<ReturnType<typeof countingProxy>>;

beforeAll(async () => {
  t = await buildTestApp({}, { databaseUrl: async (url) => (proxy = await countingProxy(new URL(url))).url });
  useSandboxes(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  proxy?.close();
});

describe('the statements of a checkout', () => {
  it(`a card checkout, from cart add to the payment's state, sends at most ${CHECKOUT_STATEMENTS_MAX} statements`, async () => {
    const m = await walletMember(t);
    const g = await newGoods(t.db, [{ price: 5000, stock: 100 }], { currency: 'MYR' });
    const addressId = await newAddress(t.db, m.userId);
    const perCall = new Map<string, number>();
    const counted = async <T>(name: string, request: () => Promise<T>): Promise<T> => {
      const before = proxy.statements();
      const answer = await request();
      perCall.set(name, (perCall.get(name) ?? 0) + proxy.statements() - before);
      return answer;
    };
    const json = async (name: string, method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
      const res = await counted(name, () => call(t, method, url, { headers: body ? m.keyed() : m.headers, body }));
      expect(res.body.code, `${url}: ${res.body.msg}`).toBe(200);
      return res.body.data;
    };
    const checkout = async () => {
      const line = await json('cart add', 'POST', '/shop/cart/add', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 });
      await json('checkout preview', 'GET', `/shop/buy/cartGoods?cart_ids=${line.id}&address_id=${addressId}`);
      const order = await json('create order', 'POST', '/shop/buy/createOrder', { cart_ids: [line.id], address_id: addressId });
      await json('pay-way costs', 'POST', '/shop/order/payWayCostTotal', { order_id: order.order_id });
      await json('payment notice', 'POST', '/oms/viewNotice/notice', { pay_way: 'stripe_card', order_id: order.order_id });
      const paying = await json('pay', 'POST', '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'stripe_card' });
      const page = new URL(paying.redirect_url).pathname;
      expect((await counted("gateway's page", () => t.app.inject({ method: 'GET', url: page }))).statusCode).toBe(200);
      const paid = await counted("gateway's page: pay (two signed notifications)", () => t.app.inject({ method: 'POST', url: page, payload: 'choice=pay', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
      expect(paid.statusCode).toBeLessThan(400);
      expect(await json('pay info', 'GET', `/shop/buy/payInfo?payment_no=${paying.payment_no}`)).toMatchObject({ state: 'success' });
    };
    // The first checkout reads what a process keeps (the session, the pay methods); the second is counted.
    await checkout();
    perCall.clear();
    await checkout();
    const total = [...perCall.values()].reduce((a, n) => a + n, 0);
    expect(total, `statements per call: ${JSON.stringify(Object.fromEntries(perCall))}`).toBeLessThanOrEqual(CHECKOUT_STATEMENTS_MAX);
  });
});
