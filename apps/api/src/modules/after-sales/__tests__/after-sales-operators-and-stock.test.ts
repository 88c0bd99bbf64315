import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// What operators and members notice around a case: finance refunds from the queue they can now read,
// an exchange short of its replacement says which, goods back on sale are a recorded adjustment the
// goods page shows at once, the points history names what after-sales moved, and a picture sent as
// the video is told as such.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
let opKey = 0;
/** A call of the console by an operator of `role`, in `lang` (English unless told). */
async function operatorOf(role: 'finance' | 'support' | 'catalogue') {
  const op = await newOperatorSession(t.db, role);
  return {
    get: (url: string, lang = 'en-us') => call(t, 'GET', url, { headers: op.headers, lang }),
    post: (url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...op.headers, 'idempotency-key': `as-op-${Date.now()}-${opKey++}` }, body, lang }),
  };
}
const returnCase = async (m: Member, o: Awaited<ReturnType<AfterSalesKit['boughtOrder']>>) =>
  (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id as number;

describe('finance and the after-sales queue', () => {
  it('finance lists and reads cases and refunds a received return from the queue, but may not decide the case itself', async () => {
    const finance = await operatorOf('finance');
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = await returnCase(m, o);
    expect((await finance.post('/admin/api/after-sales/approve', { id })).status).toBe(403);
    await kit.admin('/admin/api/after-sales/approve', { id });
    expect((await finance.post('/admin/api/after-sales/receive', { id, resellable: false })).status).toBe(403);
    await kit.admin('/admin/api/after-sales/receive', { id, resellable: false });

    const caseNo = (await kit.caseRow(id)).case_no;
    const listed = await finance.get(`/admin/api/after-sales/list?status=received&q=${caseNo}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toMatchObject({ total: 1, list: [{ id, status: 'received' }] });
    const detail = await finance.get(`/admin/api/after-sales/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ id, status: 'received', member_id: m.userId });
    expect((await finance.post('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ id, status: 'refunded' });
  });

  it('support reads the queue but may not refund; the catalogue role may not read it', async () => {
    const support = await operatorOf('support');
    const catalogue = await operatorOf('catalogue');
    expect((await support.get('/admin/api/after-sales/list?status=received')).status).toBe(200);
    expect((await support.post('/admin/api/after-sales/refund', { id: 1 })).status).toBe(403);
    expect((await catalogue.get('/admin/api/after-sales/list?status=received')).status).toBe(403);
  });
});

describe('an exchange whose replacement is short', () => {
  it('approving says the replacement is short, naming the goods and its options in the operator’s language', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const target = o.goods.skuIds[2]!;
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 1, exchange_sku_id: target }] })).body.data.case_id;
    await t.db.updateTable('goods_skus').set({ stock: 0 }).where('id', '=', target).execute();
    const support = await operatorOf('support');
    const refused = await support.post('/admin/api/after-sales/approve', { id });
    expect(refused.body).toMatchObject({ code: ResponseCode.stockShortage, msg: `Not enough stock of the replacement ${o.goods.name} (Colour 3): 0 left` });
    const zh = await support.post('/admin/api/after-sales/approve', { id }, 'zh-cn');
    expect(zh.body.msg).toBe(`换货商品 茶壶 ${o.goods.name}（颜色 3）库存不足，仅剩 0 件`);
    expect((await kit.caseRow(id)).status).toBe('under_review');
  });
});

describe('stock that after-sales moves', () => {
  it('goods received back on sale are a stock adjustment naming the case, and the goods page shows the stock at once', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const id = await returnCase(m, o);
    await kit.admin('/admin/api/after-sales/approve', { id });
    const page = async () => (await kit.get(m, `/shop/goods/info?id=${o.goods.goodsId}`)).body.data.stock as number;
    const before = await page();
    expect((await kit.admin('/admin/api/after-sales/receive', { id, resellable: true })).body.data.status).toBe('received');
    expect(await page()).toBe(before + 1);
    const caseNo = (await kit.caseRow(id)).case_no;
    const adjustments = (await kit.adminGet(`/admin/api/catalogue/stock/adjustments?goods_id=${o.goods.goodsId}`)).body.data.list;
    expect(adjustments[0]).toMatchObject({ sku_id: o.lines[1]!.sku_id, delta: 1, reason: `Returned in after-sales case ${caseNo}, back on sale`, operator: expect.any(String) });
    expect(adjustments[0].stock_after).toBe(Number((await t.db.selectFrom('goods_skus').select('stock').where('id', '=', o.lines[1]!.sku_id).executeTakeFirstOrThrow()).stock));
  });

  it('an exchange’s replacement reserved at approval and given back when withdrawn shows on the goods page at once', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const target = o.goods.skuIds[2]!;
    const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty: 2, exchange_sku_id: target }] })).body.data.case_id;
    const page = async () => (await kit.get(m, `/shop/goods/info?id=${o.goods.goodsId}`)).body.data.stock as number;
    const before = await page();
    await kit.admin('/admin/api/after-sales/approve', { id });
    expect(await page()).toBe(before - 2);
    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: id })).body.data.status).toBe('withdrawn');
    expect(await page()).toBe(before);
  });
});

describe('the points history of after-sales', () => {
  const labels = async (m: Member) => ((await kit.get(m, '/user/wallet/pointsLog?kind=points&limit=50')).body.data.list as Array<{ reason: string; reason_text: string }>).map((l) => [l.reason, l.reason_text]);

  it('paying an order in points, its refund, and the earned points a return takes back each read as what they are', async () => {
    const m = await kit.shopper();
    const paidInPoints = await kit.boughtOrder(m, { payWith: 'points' });
    const id = await returnCase(m, paidInPoints);
    await kit.admin('/admin/api/after-sales/approve', { id });
    await kit.admin('/admin/api/after-sales/receive', { id, resellable: false });
    expect((await kit.admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    const paidInCash = await kit.boughtOrder(m);
    const other = await returnCase(m, paidInCash);
    await kit.admin('/admin/api/after-sales/approve', { id: other });
    await kit.admin('/admin/api/after-sales/receive', { id: other, resellable: false });
    expect((await kit.admin('/admin/api/after-sales/refund', { id: other })).body.data.status).toBe('refunded');

    const shown = await labels(m);
    expect(shown).toContainEqual(['payment.wallet', 'Paid an order']);
    expect(shown).toContainEqual(['payment.refund', 'Refund of an order']);
    expect(shown).toContainEqual(['order.points.reverse', 'Taken back: order returned']);
    expect(shown).toContainEqual(['order.points.earn', 'Earned on an order']);
    expect(shown.filter(([, text]) => text === 'Other')).toEqual([]);
  });
});

describe('evidence', () => {
  it('a picture sent as the video is told it is not a video, in the member’s language', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const picture = await kit.uploaded(m.userId, 'image');
    const sent = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'damaged', video: picture, lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] });
    expect(sent.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: 'The file chosen as the video is not a video: please choose a video' });
    // Someone else's file is still refused as not the member's own.
    const theirs = await kit.uploaded((await kit.shopper()).userId, 'video');
    const foreign = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'damaged', video: theirs, lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] });
    expect(foreign.body).toMatchObject({ code: ResponseCode.afterSaleEvidence, msg: 'A picture or video is not one you uploaded' });
  });
});
