import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// A shop or a shop order that does not exist (or is another member's) is named for what it is:
// "the shop does not exist", "the order does not exist" — the same words the regular shop's calls use.

let t: TestApp;
let k: ShopKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
}, 60_000);
afterAll(() => t.close());

const NO_SUCH_ID = 999_999_999;
const ORDER_MISSING = { code: ResponseCode.orderNotFound, msg: 'The order does not exist', data: null };

describe('a missing shop or shop order is named for what it is', () => {
  it('paying a shop order that does not exist, or is another member’s, answers "the order does not exist", as the regular checkout does', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 1500, stock: 5 });
    const b = await k.buyer(10_000);
    const placed = await k.post(b, '/attractive/buy/createOrder', { shop_id: o.shopId, sku_id: g.skuId, num: 1, pickup: true });
    expect(placed.body.code, placed.body.msg).toBe(200);
    const id = placed.body.data.order_id as number;
    const stranger = await k.buyer(10_000);

    const regular = await k.post(b, '/shop/buy/payOrder', { order_id: NO_SUCH_ID, order_type: 'order', pay_way: 'balance', pay_password: PAY_PASSWORD });
    expect(regular.body).toMatchObject(ORDER_MISSING);
    for (const [who, orderId] of [[b, NO_SUCH_ID], [stranger, id]] as const) {
      expect((await k.post(who, '/attractive/buy/payOrder', { order_id: orderId, pay_way: 'balance', pay_password: PAY_PASSWORD })).body).toEqual(ORDER_MISSING);
      expect((await k.post(who, '/shop/buy/payOrder', { order_id: orderId, order_type: 'shop_order', pay_way: 'balance', pay_password: PAY_PASSWORD })).body).toEqual(ORDER_MISSING);
    }
    expect((await k.post(stranger, '/attractive/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: PAY_PASSWORD }, 'zh-cn')).body.msg).toBe('订单不存在');
    // Nothing moved: the order still waits for its own buyer, who pays it.
    expect(await k.usd(stranger.userId)).toBe(10_000);
    expect((await k.orderRow(id)).status).toBe('awaiting_payment');
    expect((await k.post(b, '/attractive/buy/payOrder', { order_id: id, pay_way: 'balance', pay_password: PAY_PASSWORD })).body.code).toBe(200);
  });

  it('a shop that does not exist answers "the shop does not exist"; a shop order that does not exist, "the order does not exist"', async () => {
    const b = await k.buyer();
    expect((await k.get(b, `/attractive/shop/shopInfo?shop_id=${NO_SUCH_ID}`)).body).toEqual({ code: ResponseCode.shopNotFound, msg: 'This shop does not exist', data: null });
    expect((await k.get(b, `/attractive/shop/shopInfo?shop_id=${NO_SUCH_ID}`, 'zh-cn')).body.msg).toBe('该店铺不存在');
    expect((await k.get(b, `/attractive/shop/shopGoods?shop_id=${NO_SUCH_ID}`)).body.code).toBe(ResponseCode.shopNotFound);
    expect((await k.get(b, `/attractive/order/info?id=${NO_SUCH_ID}`)).body).toEqual(ORDER_MISSING);
    expect((await k.get(b, `/attractive/order/info?id=${NO_SUCH_ID}`, 'jp')).body.msg).toBe('注文が存在しません');
    const o = await k.owner();
    expect((await k.get(o, `/attractive/shop/shopOrderInfo?id=${NO_SUCH_ID}`)).body).toEqual(ORDER_MISSING);
  });
});
