import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

describe('goods of an order or a case, and exchange targets', () => {
  it('goodsListDesc answers the order’s lines with what is left, or a case’s lines with the units it holds; huanhuoGoods the same-price SKUs in stock and the exchanges left', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 1, exchange_sku_id: o.goods.skuIds[2] }] })).body.data.case_id;
    const ofOrder = (await kit.get(m, `/attractive/AfterSales/goodsListDesc?order_id=${o.orderId}`)).body.data;
    expect(ofOrder.list.map((l: { bought: number; left: number; in_case: number }) => [l.bought, l.left, l.in_case])).toEqual([[2, 1, 0], [1, 1, 0]]);
    const ofCase = (await kit.get(m, `/attractive/AfterSales/goodsListDesc?case_id=${id}`)).body.data;
    expect(ofCase).toMatchObject({ order_id: o.orderId, list: [{ order_line_id: o.lines[0]!.id, in_case: 1 }] });
    expect((await kit.get(m, '/attractive/AfterSales/goodsListDesc')).status).toBe(422);

    const targets = (await kit.get(m, `/attractive/AfterSales/huanhuoGoods?order_line_id=${o.lines[0]!.id}`)).body.data;
    // The 7.00 SKUs (the bought one and the other), not the 3.00 one.
    expect(targets.list.map((s: { sku_id: number }) => s.sku_id).sort()).toEqual([o.goods.skuIds[0], o.goods.skuIds[2]].sort());
    expect(targets).toMatchObject({ max_exchanges: 1, used: 1, left: 1 });
    // Another price is refused at submission too.
    const cheaper = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 1, exchange_sku_id: o.goods.skuIds[1] }] });
    expect(cheaper.body.code).toBe(ResponseCode.afterSaleExchangeSku);

    const other = await kit.shopper();
    expect((await kit.get(other, `/attractive/AfterSales/huanhuoGoods?order_line_id=${o.lines[0]!.id}`)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await kit.get(other, `/attractive/AfterSales/goodsListDesc?case_id=${id}`)).body.code).toBe(ResponseCode.afterSaleNotFound);
  });
});

describe('reviews of bought lines', () => {
  it('one review per line of a completed order, by its buyer, shown on the goods page with the SKU; changed once; bad input refused', async () => {
    const m = await kit.shopper();
    const early = await kit.boughtOrder(m, { receive: false });
    expect((await kit.post(m, '/user/praise/create', { order_line_id: early.lines[0]!.id, rating: 5 })).body.code).toBe(ResponseCode.reviewNotAllowed);
    const before = (await kit.get(m, `/user/praise/info?order_id=${early.orderId}`)).body.data.list;
    expect(before.map((l: { can_review: boolean }) => l.can_review)).toEqual([false, false]);

    const o = await kit.boughtOrder(m);
    const line = o.lines[0]!.id;
    const image = await kit.uploaded(m.userId);
    const created = await kit.post(m, '/user/praise/create', { order_line_id: line, rating: 4, content: 'Solid teapot', images: [image] });
    expect(created.body.data).toMatchObject({ order_line_id: line, rating: 4, content: 'Solid teapot', images: [image], can_edit: true, can_review: false, edited: false, editable_until: expect.any(String) });
    expect((await kit.post(m, '/user/praise/create', { order_line_id: line, rating: 5 })).body.code).toBe(ResponseCode.reviewExists);
    const race = await Promise.all(Array.from({ length: 5 }, () => kit.post(m, '/user/praise/create', { order_line_id: o.lines[1]!.id, rating: 3 })));
    expect(race.filter((r) => r.body.code === 200)).toHaveLength(1);

    const page = await call(t, 'GET', `/shop/goods_comment/list?goods_id=${o.goods.goodsId}`);
    expect(page.body.data.list.map((r: { content: string; rating: number }) => [r.rating, r.content]).sort()).toEqual([[3, ''], [4, 'Solid teapot']]);

    const info = (await kit.get(m, `/user/praise/info?order_id=${o.orderId}`)).body.data.list;
    expect(info.map((l: { review_id: number | null }) => !!l.review_id)).toEqual([true, true]);
    const reviewId = created.body.data.review_id;
    const other = await kit.shopper();
    expect((await kit.get(other, `/user/praise/info?order_id=${o.orderId}`)).body.code).toBe(ResponseCode.orderNotFound);
    expect((await kit.post(other, '/user/praise/create', { order_line_id: line, rating: 1 })).body.code).toBe(ResponseCode.orderNotFound);
    expect((await kit.post(other, '/user/praise/edit', { review_id: reviewId, rating: 1 })).body.code).toBe(ResponseCode.reviewNotFound);
    expect((await kit.post(m, '/user/praise/edit', { review_id: reviewId, rating: 6 })).status).toBe(422);
    expect((await kit.post(m, '/user/praise/edit', { review_id: reviewId, rating: 2, images: [await kit.uploaded(other.userId)] })).body.code).toBe(ResponseCode.afterSaleEvidence);

    const edited = await kit.post(m, '/user/praise/edit', { review_id: reviewId, rating: 2, content: 'Leaks after a week' });
    expect(edited.body.data).toMatchObject({ rating: 2, content: 'Leaks after a week', images: [], edited: true, can_edit: false });
    expect((await kit.post(m, '/user/praise/edit', { review_id: reviewId, rating: 5 })).body.code).toBe(ResponseCode.reviewNotEditable);
  });
});
