import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { settleShopOrder } from '../shop-orders.service.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { shopKit, type ShopKit } from './fixtures.js';

// On the owner's figures, "Sales this month" counted the goods of an order one
// of whose units came back refunded; the owner's earnings read "Other" in the rewards log.

let t: TestApp;
let k: ShopKit;
let a: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  k = shopKit(t);
  a = await afterSalesKit(t);
});
afterAll(() => t.close());

/** A shop order of `num` units at `price`, paid, approved, shipped and confirmed by the buyer. */
async function receivedShopOrder(price: number, num: number) {
  const o = await k.owner();
  const g = await k.offered(o, { price, stock: num });
  const b = await k.buyer(price * num);
  const id = await k.paidOrder(b, o.shopId, g.skuId, num, { addressId: b.addressId });
  expect((await k.post(o, '/attractive/shop/shopOrderAuth', { id, decision: 'approve' })).body.data.status).toBe('approved');
  expect((await k.post(o, '/attractive/shop/changeOrderState', { id, to: 'shipped', carrier: 'DHL', tracking_number: `DHL${id}` })).body.data.status).toBe('shipped');
  expect((await k.post(b, '/attractive/order/confirm', { id })).body.data.status).toBe('completed');
  const line = await t.db.selectFrom('shop_order_lines').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
  return { o, b, id, lineId: Number(line.id) };
}

/** A return of `qty` units taken all the way to its refund. */
async function returnedAndRefunded(b: Awaited<ReturnType<ShopKit['buyer']>>, shopOrderId: number, lineId: number, qty: number) {
  const opened = await k.post(b, '/shop/order/afterSaleSubmit', { shop_order_id: shopOrderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty }] });
  expect(opened.body.code, opened.body.msg).toBe(200);
  const id = opened.body.data.case_id as number;
  expect((await a.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await a.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  expect((await a.admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunded' });
}

describe('the owner’s sales', () => {
  it('this month and today count what the buyer kept: one of two units returned and refunded leaves half', async () => {
    const { o, b, id, lineId } = await receivedShopOrder(3899, 2);
    const totals = async () => (await k.get(o, '/attractive/shop/shopTotal')).body.data;
    expect(await totals()).toMatchObject({ orders_today: 1, sales_today: [{ currency: 'USD', amount: 7798 }], sales_month: [{ currency: 'USD', amount: 7798 }] });

    await returnedAndRefunded(b, id, lineId, 1);
    expect(await totals()).toMatchObject({ orders_today: 1, sales_today: [{ currency: 'USD', amount: 3899 }], sales_month: [{ currency: 'USD', amount: 3899 }] });

    // The other unit too: nothing was kept.
    await returnedAndRefunded(b, id, lineId, 1);
    expect((await totals()).sales_month).toEqual([{ currency: 'USD', amount: 0 }]);
    await k.ledgerClean();
  });
});

describe('the owner’s earnings in the rewards log', () => {
  it('are named shop earnings in the member’s language, not "Other"; the empty log speaks of shop earnings too', async () => {
    const { o, id } = await receivedShopOrder(2000, 1);
    const empty = (await k.get(o, '/attractive/reward/log')).body.data;
    expect(empty.list).toEqual([]);
    expect(empty.empty_text).toBe('No rewards yet: rewards from your referrals and your shop’s earnings will appear here.');

    await t.db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', id).execute();
    expect(await settleShopOrder(t.deps, systemActor('test'), id)).toBe(true);

    const log = (await k.get(o, '/attractive/reward/log')).body.data;
    expect(log.list).toMatchObject([{ reason: 'shop.earnings', reason_text: 'Shop earnings', currency: 'USD' }]);
    expect((await k.get(o, '/attractive/reward/log', 'zh-cn')).body.data.list).toMatchObject([{ reason_text: '店铺收益' }]);
    expect((await k.get(o, '/attractive/reward/log', 'hu')).body.data.list).toMatchObject([{ reason_text: 'Bolti bevétel' }]);
  });
});

describe('a shop amount too large', () => {
  it('is refused with its limit said as money, not as minor units, and nothing changes', async () => {
    const o = await k.owner();
    const g = await k.offered(o, { price: 2000, stock: 2 });
    // $9,999,999,999 typed: 999999999900 cents.
    const price = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 999_999_999_900 }] });
    expect(price.status).toBe(422);
    // Said in the goods' own currency only: no yen for goods priced in dollars.
    expect(price.body.msg).toBe('Price can be at most 1,000,000,000.00 USD');
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 999_999_999_900 }] }, 'zh-cn')).body.msg).toBe('价格不能大于 1,000,000,000.00 USD');
    const paid = await k.post(o, '/attractive/shop/sellNoteCreate', { buyer_name: 'Walk-in', lines: [{ sku_id: g.skuId, num: 1 }], paid: 999_999_999_900 });
    expect(paid.status).toBe(422);
    expect(paid.body.msg).toBe('Amount collected can be at most 1,000,000,000.00 USD');
    // Goods priced in yen: the limit in yen.
    const yen = await newGoods(t.db, [{ price: 200_000, stock: 5 }], { currency: 'JPY' });
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: yen.goodsId, on_sale: true })).body.code).toBe(200);
    const yenPrice = await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: yen.goodsId, on_sale: true, prices: [{ sku_id: yen.skuIds[0], price: 999_999_999_999 }] });
    expect(yenPrice.status).toBe(422);
    expect(yenPrice.body.msg).toBe('Price can be at most 100,000,000,000 JPY');
    expect(await k.stockOf(o.shopId, g.skuId)).toBe(2);
    // At the limit, the band decides (in the goods' currency).
    expect((await k.post(o, '/attractive/shop/shopGoodsSet', { goods_id: g.goodsId, on_sale: true, prices: [{ sku_id: g.skuId, price: 1_000_000_000 }] })).body.msg).toMatch(/^The price must be (between|exactly) .* USD$/);
  });
});
