import { ResponseCode, fromMinorUnits } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// A return approved for less than the member asked is told to them, with why; a return that gives
// nothing back is a rejection, not an approval of 0; an exchange to a replacement out of stock is said
// as such; and a mistyped tracking number of the shipment back can be corrected until the goods arrive.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
let opKey = 0;
/** The console's approval, in an operator's language. */
const approve = (body: Record<string, unknown>, lang = 'en-us') => call(t, 'POST', '/admin/api/after-sales/approve', { headers: { ...kit.operator.headers, 'idempotency-key': `fix-h-${Date.now()}-${opKey++}` }, body, lang });
const money = (minor: number, currency: string) => `${fromMinorUnits(minor, currency)} ${currency}`;

/** A return of both units of the order's first line, under review. */
async function openReturn(m: Member) {
  const o = await kit.boughtOrder(m);
  const opened = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 2 }] });
  expect(opened.body.code).toBe(200);
  const id = opened.body.data.case_id as number;
  const refundable = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.refundable as number;
  return { o, id, refundable };
}
const messagesOf = async (userId: number) => (await t.db.selectFrom('member_messages').select('kind').where('member_id', '=', userId).where('kind', 'like', 'after_sale.%').execute()).map((x) => x.kind);

describe('approving a return for less than was asked', () => {
  it('a refund of 0 is refused in the operator’s language (reject instead) and changes nothing', async () => {
    const m = await kit.shopper();
    const { id } = await openReturn(m);
    const zero = await approve({ id, refund_amount: 0 });
    expect(zero.status).toBe(422);
    expect(zero.body.msg).toBe("A return's refund must be more than 0: to give nothing back, reject the case instead");
    expect((await approve({ id, refund_amount: 0 }, 'zh-cn')).body.msg).toBe('退货退款金额必须大于 0：如不退款，请改为拒绝该申请');
    expect(await kit.caseRow(id)).toMatchObject({ status: 'under_review', refund_minor: null, refund_reason: '' });
    expect(await messagesOf(m.userId)).toEqual([]);
  });

  it('a lower refund needs a reason for the member: refused without one, changing nothing', async () => {
    const m = await kit.shopper();
    const { o, id, refundable } = await openReturn(m);
    const lower = await approve({ id, refund_amount: refundable - 1000, reason: 'box missing' });
    expect(lower.status).toBe(422);
    expect(lower.body.msg).toBe(`The refund is less than the ${money(refundable, o.currency)} the member may get back: give them a reason`);
    expect(lower.body.data.errors).toEqual([{ field: 'refund_reason', msg: lower.body.msg }]);
    expect(await kit.caseRow(id)).toMatchObject({ status: 'under_review', refund_minor: null });
    expect(await messagesOf(m.userId)).toEqual([]);
  });

  it('with the reason: stored on the case, told in the approval message with both amounts, shown on the case to the member and in the console', async () => {
    const m = await kit.shopper();
    const { o, id, refundable } = await openReturn(m);
    const refund = refundable - 1000;
    const approved = await approve({ id, refund_amount: refund, refund_reason: 'The original box was not included', reason: 'checked photos' });
    expect(approved.body.code).toBe(200);
    const info = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
    expect(info).toMatchObject({ status: 'awaiting_return', refundable, refund, refund_reason: 'The original box was not included' });
    // The operators' own note stays theirs.
    expect(JSON.stringify(info)).not.toContain('checked photos');
    const list = (await call(t, 'GET', '/user/message/list?kind=after_sale', { headers: m.headers, lang: 'en-us' })).body.data.list as Array<{ kind: string; title: string; text: string }>;
    expect(list.map((x) => x.kind)).toEqual(['after_sale.approved_reduced']);
    expect(list[0]!.title).toBe('After-sales approved with a reduced refund');
    expect(list[0]!.text).toContain(`was approved with a refund of ${money(refund, o.currency)} instead of ${money(refundable, o.currency)}: The original box was not included. Please send the goods back by`);
    const hu = (await call(t, 'GET', '/user/message/list?kind=after_sale', { headers: m.headers, lang: 'hu' })).body.data.list[0].text as string;
    expect(hu).toContain('The original box was not included');
    // Amounts written the Hungarian way (a decimal comma).
    expect(hu).toContain(money(refund, o.currency).replace('.', ','));
    const detail = (await kit.adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data;
    expect(detail).toMatchObject({ refund, refund_reason: 'The original box was not included' });
  });

  it('the whole refundable amount needs no reason; the member is told as before', async () => {
    const m = await kit.shopper();
    const { id, refundable } = await openReturn(m);
    expect((await approve({ id, refund_amount: refundable })).body.code).toBe(200);
    expect((await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data).toMatchObject({ refund: refundable, refund_reason: '' });
    expect(await messagesOf(m.userId)).toEqual(['after_sale.approved']);
  });
});

describe('an exchange to a replacement out of stock', () => {
  it('is refused as an unavailable replacement (5206), not as the cart’s shortage; too few left says how many', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const target = o.goods.skuIds[2]!;
    const exchange = (qty: number) => kit.post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty, exchange_sku_id: target }] });
    await t.db.updateTable('goods_skus').set({ stock: 0 }).where('id', '=', target).execute();
    const none = await exchange(1);
    expect(none.body).toMatchObject({ code: ResponseCode.afterSaleExchangeSku, msg: 'The chosen replacement is not available' });
    await t.db.updateTable('goods_skus').set({ stock: 1 }).where('id', '=', target).execute();
    const few = await exchange(2);
    expect(few.body.code).toBe(ResponseCode.afterSaleExchangeSku);
    expect(few.body.msg).toMatch(/^Not enough stock of the replacement .+: 1 left$/);
    expect(await t.db.selectFrom('after_sales').select('id').where('order_id', '=', o.orderId).execute()).toEqual([]);
  });
});

describe('correcting the shipment back', () => {
  it('while on its way: the new carrier and number replace the old, recorded (old → new) and tracked anew; after receipt it is refused with its own words', async () => {
    const m = await kit.shopper();
    const { id, refundable } = await openReturn(m);
    expect((await approve({ id, refund_amount: refundable })).body.code).toBe(200);
    const save = (carrier_code: string, tracking_number: string) => kit.post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code, tracking_number });
    expect((await save('poslaju', 'RT1234S')).body.data).toEqual({ case_id: id, status: 'return_shipped' });
    // A delivery reported for the mistyped number says nothing of the parcel sent.
    await t.db.updateTable('after_sales').set({ return_signed_at: new Date() }).where('id', '=', id).execute();
    const corrected = await save('poslaju', 'RT12345');
    expect(corrected.body.data).toEqual({ case_id: id, status: 'return_shipped' });
    expect(await kit.caseRow(id)).toMatchObject({ status: 'return_shipped', return_carrier: 'Pos Laju', return_tracking: 'RT12345', return_signed_at: null });
    expect((await kit.get(m, `/attractive/AfterSales/expressTrack?case_id=${id}`)).body.data).toMatchObject({ tracking_number: 'RT12345', status: 'in_transit' });
    const events = (await kit.get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.events as Array<{ kind: string; reason: string }>;
    expect(events.at(-1)).toMatchObject({ kind: 'return_shipment_changed', reason: 'Pos Laju RT1234S → Pos Laju RT12345' });
    // The same again changes nothing and records nothing.
    expect((await save('poslaju', 'RT12345')).body.code).toBe(200);
    expect((await kit.eventsOf(id)).filter((e) => e.startsWith('return_shipment_changed'))).toHaveLength(1);

    expect((await kit.admin('/admin/api/after-sales/receive', { id, resellable: false })).body.code).toBe(200);
    const late = await save('poslaju', 'RT99999');
    expect(late.body).toMatchObject({ code: ResponseCode.afterSaleState, msg: 'The goods have already been received, so the return shipment can no longer be changed' });
    expect(await kit.caseRow(id)).toMatchObject({ status: 'received', return_tracking: 'RT12345' });
  }, 60_000);
});
