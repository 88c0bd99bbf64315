import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { newAddress, newOperatorSession } from './fixtures.js';

// Every unpaid order holds its goods' stock until it is paid or expires. A member placing orders they
// never pay could otherwise take a product off sale for everyone: they hold at most UNPAID_ORDERS_PER_MEMBER (10 by default).

let t: TestApp;
let owner: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await newOperatorSession(t.db, 'owner');
  expect(t.deps.config.UNPAID_ORDERS_PER_MEMBER).toBe(MAX_UNPAID_ORDERS);
});
afterAll(() => t.close());

const MAX_UNPAID_ORDERS = 10;

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers: Headers, lang = 'en-us') => call(t, 'POST', url, { headers, body, lang });
let keys = 0;
const keyed = (h: Headers) => ({ ...h, 'idempotency-key': `unpaid-cap-${keys++}-${Math.random().toString(36).slice(2)}` });
async function shopper() {
  const m = await newMember(t);
  return { ...m, addressId: await newAddress(t.db, m.userId) };
}
const LIMIT = { code: ResponseCode.unpaidOrdersLimit, msg: `You have ${MAX_UNPAID_ORDERS} unpaid orders. Please pay for or cancel one before placing another`, data: null };

describe('a member holds a limited number of unpaid orders', () => {
  it('past the cap, ordering is refused and takes no stock; others still buy; paying or cancelling one makes room', async () => {
    const g = await newGoods(t.db, [{ price: 1500, stock: 50 }]);
    const m = await shopper();
    const order = (who: Awaited<ReturnType<typeof shopper>>, lang = 'en-us') => post('/shop/buy/createOrder', { address_id: who.addressId, goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 }, keyed(who.headers), lang);
    const placed: number[] = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) {
      const res = await order(m);
      expect(res.body.code, res.body.msg).toBe(200);
      placed.push(res.body.data.order_id);
    }
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(50 - MAX_UNPAID_ORDERS);
    expect((await order(m)).body).toEqual(LIMIT);
    expect((await order(m, 'zh-cn')).body.msg).toBe(`您有${MAX_UNPAID_ORDERS}个未付款订单，请先支付或取消其中一个再下单`);
    expect(await stockOf(t.db, g.skuIds[0]!)).toBe(50 - MAX_UNPAID_ORDERS);

    // Another member is not held up by this one.
    expect((await order(await shopper())).body.code).toBe(200);

    // Cancelling one makes room for one more.
    expect((await post('/shop/order/cancelOrder', { id: placed[0] }, keyed(m.headers))).body.code).toBe(200);
    expect((await order(m)).body.code).toBe(200);
    expect((await order(m)).body).toEqual(LIMIT);
  });

  it('a group buy is an order like any other: refused past the cap, the activity’s units left for others', async () => {
    const g = await newGoods(t.db, [{ price: 3000, stock: 60 }]);
    const activity = await call(t, 'POST', '/admin/api/orders/group-buys', {
      headers: owner.headers,
      body: { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 2, fill_hours: 24, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), price: 1990, quantity: 20, per_order_limit: 2, per_member_limit: 2 },
    });
    expect(activity.body.code, activity.body.msg).toBe(200);
    const m = await shopper();
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) {
      expect((await post('/shop/buy/createOrder', { address_id: m.addressId, goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1 }, keyed(m.headers))).body.code).toBe(200);
    }
    const joined = await post('/shop/pintuan/buy', { activity_id: activity.body.data.id, num: 1, address_id: m.addressId }, keyed(m.headers));
    expect(joined.body).toEqual(LIMIT);
    const other = await shopper();
    expect((await post('/shop/pintuan/buy', { activity_id: activity.body.data.id, num: 1, address_id: other.addressId }, keyed(other.headers))).body.code).toBe(200);
  });

  it('orders placed all at once cannot pass the cap together (five rounds)', async () => {
    const tries = MAX_UNPAID_ORDERS + 6;
    for (let round = 0; round < 5; round++) {
      // Each order of another SKU: no SKU's row lock lines them up, only the member's own.
      const g = await newGoods(t.db, Array.from({ length: tries }, () => ({ price: 1500, stock: 100 })));
      const m = await shopper();
      const answers = await Promise.all(g.skuIds.map((sku) => post('/shop/buy/createOrder', { address_id: m.addressId, goods_id: g.goodsId, sku_id: sku, num: 1 }, keyed(m.headers))));
      const codes = answers.map((a) => a.body.code);
      expect(codes.filter((c) => c === 200)).toHaveLength(MAX_UNPAID_ORDERS);
      expect(codes.filter((c) => c === ResponseCode.unpaidOrdersLimit)).toHaveLength(tries - MAX_UNPAID_ORDERS);
      let left = 0;
      for (const sku of g.skuIds) left += await stockOf(t.db, sku);
      expect(left).toBe(tries * 100 - MAX_UNPAID_ORDERS);
    }
  });
});
