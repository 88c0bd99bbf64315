import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { PAY_PASSWORD } from '../../wallet/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// Goods were reviewed while a return of them was open, and the 5-star review stayed on
// the goods page after the return was refunded. Reviews are of goods the member keeps: units in an
// open return count as not kept, and a line that ends fully returned has its review taken off the
// goods page (operators see why in review moderation, the member on their own review). Exchanges and
// repairs leave reviews alone. With it: a member's own video given as a picture is told as such, and
// the refund's split over lines is the documented largest remainder.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
interface ReviewLine {
  order_line_id: number;
  review_id: number | null;
  can_review: boolean;
  can_edit: boolean;
  hidden: string | null;
}

/** A return of these units, approved: awaiting the goods. */
async function approvedReturn(m: Member, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) {
  const submitted = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines });
  expect(submitted.body.code).toBe(200);
  const id = submitted.body.data.case_id as number;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  return id;
}

/** The goods back and the refund made. */
async function refund(id: number) {
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
}

const review = (m: Member, lineId: number, rating: number, content: string, lang = 'en-us') =>
  call(t, 'POST', '/user/praise/create', { headers: m.keyed(), body: { order_line_id: lineId, rating, content, images: [] }, lang });
const reviewLines = async (m: Member, orderId: number) => (await kit.get(m, `/user/praise/info?order_id=${orderId}`)).body.data.list as ReviewLine[];
const goodsPage = async (goodsId: number) => ((await call(t, 'GET', `/shop/goods_comment/list?goods_id=${goodsId}`)).body.data.list as Array<{ rating: number; content: string }>).map((r) => `${r.rating} ${r.content}`).sort();
const moderation = async (goodsId: number) =>
  // The console's goods filter also matches names holding the number: only this goods' reviews are compared.
  ((await kit.adminGet(`/admin/api/catalogue/reviews?page=1&limit=50&goods=${goodsId}`)).body.data.list as Array<{ goods_id: number; content: string; visible: boolean; returned_at: string | null }>)
    .filter((r) => r.goods_id === goodsId)
    .map((r) => ({ content: r.content, visible: r.visible, returned: r.returned_at !== null }))
    .sort((a, b) => a.content.localeCompare(b.content));

describe('reviews of goods in a return', () => {
  it('every unit of a line in an approved return cannot be reviewed (said in the member’s language); once refunded, the same refusal as for goods returned', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [both, other] = o.lines;
    const id = await approvedReturn(m, o.orderId, [{ order_line_id: both!.id, qty: 2 }]);

    expect((await reviewLines(m, o.orderId)).map((l) => [l.order_line_id, l.can_review])).toEqual([
      [both!.id, false],
      [other!.id, true],
    ]);
    const refused = await review(m, both!.id, 5, 'Great, five stars');
    expect(refused.body).toMatchObject({ code: ResponseCode.reviewNotAllowed, msg: 'This item is being returned: only goods you keep can be reviewed' });
    expect((await review(m, both!.id, 5, 'Great, five stars', 'zh-cn')).body).toMatchObject({ code: ResponseCode.reviewNotAllowed, msg: '此商品正在退货：只能评价您保留的商品' });
    expect(await goodsPage(o.goods.goodsId)).toEqual([]);

    await refund(id);
    expect((await review(m, both!.id, 5, 'Great, five stars')).body).toMatchObject({ code: ResponseCode.reviewNotAllowed, msg: 'You returned this item: only goods you kept can be reviewed' });
    // The line still held is reviewed as before.
    expect((await review(m, other!.id, 4, 'Kept this one')).body.code).toBe(200);
    expect(await goodsPage(o.goods.goodsId)).toEqual(['4 Kept this one']);
  });

  it('a return withdrawn gives the units back: the line can be reviewed again', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const line = o.lines[1]!;
    const id = await approvedReturn(m, o.orderId, [{ order_line_id: line.id, qty: 1 }]);
    expect((await review(m, line.id, 2, 'Not for me')).body.code).toBe(ResponseCode.reviewNotAllowed);
    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: id })).body.data).toMatchObject({ status: 'withdrawn' });
    expect((await review(m, line.id, 3, 'Kept it after all')).body.code).toBe(200);
  });

  it('a review written before the return is taken off the goods page when the line ends fully returned: operators see it flagged, the member is told why and cannot change it', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [both, other] = o.lines;
    const written = await review(m, both!.id, 5, 'Lovely teapots');
    expect(written.body.code).toBe(200);
    expect((await review(m, other!.id, 4, 'Nice lid')).body.code).toBe(200);
    expect(await goodsPage(o.goods.goodsId)).toEqual(['4 Nice lid', '5 Lovely teapots']);

    // One unit returned and refunded: the member still holds the other, the review stays.
    await refund(await approvedReturn(m, o.orderId, [{ order_line_id: both!.id, qty: 1 }]));
    expect(await goodsPage(o.goods.goodsId)).toEqual(['4 Nice lid', '5 Lovely teapots']);
    // The last unit in a return still open: the review stays until the return is refunded.
    const last = await approvedReturn(m, o.orderId, [{ order_line_id: both!.id, qty: 1 }]);
    expect(await goodsPage(o.goods.goodsId)).toEqual(['4 Nice lid', '5 Lovely teapots']);

    await refund(last);
    expect(await goodsPage(o.goods.goodsId)).toEqual(['4 Nice lid']);
    expect((await call(t, 'GET', `/shop/goods/info?id=${o.goods.goodsId}`)).body.data).toMatchObject({ comment_total: 1 });
    expect(await moderation(o.goods.goodsId)).toEqual([
      { content: 'Lovely teapots', visible: false, returned: true },
      { content: 'Nice lid', visible: true, returned: false },
    ]);
    const mine = await reviewLines(m, o.orderId);
    expect(mine.map((l) => [l.order_line_id, l.hidden, l.can_edit])).toEqual([
      [both!.id, 'returned', false],
      [other!.id, null, true],
    ]);
    const edit = await kit.post(m, '/user/praise/edit', { review_id: written.body.data.review_id, rating: 5, content: 'Still lovely' });
    expect(edit.body).toMatchObject({ code: ResponseCode.reviewNotEditable, msg: 'You returned this item: only goods you kept can be reviewed' });
    expect(await goodsPage(o.goods.goodsId)).toEqual(['4 Nice lid']);
  });

  it('exchanges and warranty repairs leave reviews alone: lines in them can be reviewed, and their reviews stay', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [both, other] = o.lines;
    await t.db.updateTable('goods').set({ warranty_months: 12 }).where('id', '=', o.goods.goodsId).execute();
    const exchange = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: both!.id, qty: 2, exchange_sku_id: o.goods.skuIds[2] }] });
    expect(exchange.body.code).toBe(200);
    const repair = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'warranty', reason_id: 'defect', images: [await kit.uploaded(m.userId)], lines: [{ order_line_id: other!.id, qty: 1 }] });
    expect(repair.body.code).toBe(200);
    for (const id of [exchange.body.data.case_id, repair.body.data.case_id]) expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);

    expect((await reviewLines(m, o.orderId)).map((l) => l.can_review)).toEqual([true, true]);
    expect((await review(m, both!.id, 5, 'Swapped for the right size')).body.code).toBe(200);
    expect((await review(m, other!.id, 3, 'Being repaired')).body.code).toBe(200);

    // The exchange carried through to the member's receipt of the replacement.
    const id = exchange.body.data.case_id as number;
    expect((await kit.admin('/admin/api/after-sales/receive', { id, resellable: true })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/ship', { id, carrier: 'DHL', tracking_number: `RV${id}01` })).body.code).toBe(200);
    expect((await kit.post(m, '/attractive/AfterSales/receipt', { case_id: id })).body.data).toMatchObject({ status: 'completed' });
    expect(await goodsPage(o.goods.goodsId)).toEqual(['3 Being repaired', '5 Swapped for the right size']);
    expect((await reviewLines(m, o.orderId)).map((l) => l.hidden)).toEqual([null, null]);
  });
});

describe('a video given as a picture', () => {
  it('is refused as not a picture, not as someone else’s file: in a request for after-sales and in a review, created or changed', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const video = await kit.uploadedVideo(m.userId, 5);
    const notAPicture = 'The file chosen as a picture is not a picture: please choose a picture';
    const submitted = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'damaged', images: [video], lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(submitted.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: notAPicture });
    const inThai = await call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: m.keyed(), lang: 'th', body: { order_id: o.orderId, kind: 'return', reason_id: 'damaged', images: [video], lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] } });
    expect(inThai.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: 'ไฟล์ที่เลือกเป็นรูปภาพไม่ใช่รูปภาพ กรุณาเลือกรูปภาพ' });

    const created = await kit.post(m, '/user/praise/create', { order_line_id: o.lines[0]!.id, rating: 5, content: 'Look', images: [video] });
    expect(created.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: notAPicture });
    const written = await kit.post(m, '/user/praise/create', { order_line_id: o.lines[0]!.id, rating: 5, content: 'Look', images: [] });
    expect(written.body.code).toBe(200);
    const edited = await kit.post(m, '/user/praise/edit', { review_id: written.body.data.review_id, rating: 5, content: 'Look again', images: [video] });
    expect(edited.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: notAPicture });

    // Another member's picture is still told as not theirs.
    const other = await kit.shopper();
    const theirs = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'damaged', images: [await kit.uploaded(other.userId)], lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(theirs.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: 'A picture or video is not one you uploaded' });
  });
});

describe('the refund’s split over the lines', () => {
  it('is the largest remainder: 63.87 paid for lines of 36.99 and 37.98 gives 31.51 and 32.36', async () => {
    const m = await kit.shopper();
    const g = await newGoods(t.db, [{ price: 3699, stock: 9 }, { price: 3798, stock: 9 }]);
    for (const sku of g.skuIds) await kit.post(m, '/shop/cart/add', { goods_id: g.goodsId, sku_id: sku, num: 1 });
    // 11.10 of the 74.97 paid in points (one point per minor unit).
    await fund(t.db, m.userId, 1110, 'XXX', 'points');
    const order = (await kit.post(m, '/shop/buy/createOrder', { address_id: m.addressId, points: 1110, pay_password: PAY_PASSWORD })).body.data;
    await fund(t.db, m.userId, order.total, order.currency);
    expect((await kit.post(m, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD })).body.data).toMatchObject({ state: 'success' });
    const row = await t.db.selectFrom('orders').select(['total_minor', 'freight_minor']).where('id', '=', order.order_id).executeTakeFirstOrThrow();
    expect(Number(row.total_minor) - Number(row.freight_minor)).toBe(6387);
    expect((await kit.admin('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `LR0000${order.order_id}` })).body.code).toBe(200);

    const apply = (await kit.post(m, '/shop/order/afterSaleApply', { order_id: order.order_id })).body.data;
    expect(apply.lines.map((l: { refundable: number }) => l.refundable)).toEqual([3151, 3236]);
  });
});
