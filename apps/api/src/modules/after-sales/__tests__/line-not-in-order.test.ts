import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// A case names lines of its own order. A line of another of the member's orders is refused on the
// line ("This item is not part of the order"), not as an order that does not exist; a line of another
// member's order, or one that does not exist, gets exactly the same answer: nothing tells it exists.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const submit = (m: Member, orderId: number, lineId: number, lang = 'en-us') =>
  call(t, 'POST', '/shop/order/afterSaleSubmit', { headers: m.keyed(), lang, body: { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: lineId, qty: 1 }] } });
const estimate = (m: Member, orderId: number, lineId: number) => call(t, 'GET', `/attractive/AfterSales/refundEstimate?order_id=${orderId}&lines=${lineId}:1`, { headers: m.headers, lang: 'en-us' });
const casesOf = (orderId: number) => t.db.selectFrom('after_sales').select('id').where('order_id', '=', orderId).execute();

describe('a line that is not part of the order', () => {
  it('a line of another of the member’s orders is refused on the line, in the member’s language, and opens nothing', async () => {
    const m = await kit.shopper();
    const first = await kit.boughtOrder(m);
    const second = await kit.boughtOrder(m);
    const res = await submit(m, first.orderId, second.lines[0]!.id);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: ResponseCode.validation, msg: 'This item is not part of the order', data: { errors: [{ field: 'lines.0.order_line_id', msg: 'This item is not part of the order' }] } });
    const zh = await submit(m, first.orderId, second.lines[0]!.id, 'zh-cn');
    expect(zh.body.msg).toBe('该商品不属于此订单');
    expect((await estimate(m, first.orderId, second.lines[0]!.id)).body).toMatchObject({ code: ResponseCode.validation, msg: 'This item is not part of the order' });
    expect(await casesOf(first.orderId)).toEqual([]);
    expect(await casesOf(second.orderId)).toEqual([]);
  });

  it('a line of another member’s order answers exactly as a line that does not exist', async () => {
    const m = await kit.shopper();
    const other = await kit.shopper();
    const mine = await kit.boughtOrder(m);
    const theirs = await kit.boughtOrder(other);
    const foreign = await submit(m, mine.orderId, theirs.lines[0]!.id);
    const unknown = await submit(m, mine.orderId, 2_000_000_000);
    expect(foreign.status).toBe(unknown.status);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.msg).toBe('This item is not part of the order');
    expect((await estimate(m, mine.orderId, theirs.lines[0]!.id)).body).toEqual((await estimate(m, mine.orderId, 2_000_000_000)).body);
    expect(await casesOf(mine.orderId)).toEqual([]);
    expect(await casesOf(theirs.orderId)).toEqual([]);
  });
});
