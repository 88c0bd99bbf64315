import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { balanceOf } from '../../ledger/ledger.service.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';

// An order whose goods came back through after-sales keeps its own state (settlement and earnings key
// on `completed`), but what the member reads of it is true: what came back and what was refunded, the
// points earned net of those taken back, and reviews only of goods the member kept.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;

/** A return of these units, approved, received and refunded: answers what it refunded. */
async function refundedReturn(m: Member, orderId: number, lines: Array<{ order_line_id: number; qty: number }>) {
  const id = (await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines })).body.data.case_id;
  expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  expect((await kit.admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
  const refunded = await kit.admin('/admin/api/after-sales/refund', { id });
  expect(refunded.body.data.status).toBe('refunded');
  return refunded.body.data.refunded as number;
}

const info = async (m: Member, orderId: number) => (await kit.get(m, `/shop/order/info?id=${orderId}`)).body.data;
const listed = async (m: Member, orderId: number) => (await kit.get(m, '/shop/order/list?view=all&page=1&limit=20')).body.data.list.find((o: { id: number }) => o.id === orderId);
const reviewable = async (m: Member, orderId: number) =>
  Object.fromEntries(((await kit.get(m, `/user/praise/info?order_id=${orderId}`)).body.data.list as Array<{ order_line_id: number; can_review: boolean }>).map((l) => [l.order_line_id, l.can_review]));

describe('an order whose goods came back', () => {
  it('partly returned: says so with the refund, the returned line is no longer reviewed while the kept one is', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [kept, back] = o.lines;
    expect(await info(m, o.orderId)).toMatchObject({ status: 'completed', returned: null, actions: { can_review: true, can_after_sale: true } });

    const refunded = await refundedReturn(m, o.orderId, [{ order_line_id: back!.id, qty: 1 }]);
    expect(refunded).toBeGreaterThan(0);
    const detail = await info(m, o.orderId);
    expect(detail).toMatchObject({ status: 'completed', returned: { all: false, refunded }, actions: { can_review: true, can_after_sale: true } });
    expect(detail.lines.map((l: { id: number; returned_num: number }) => [l.id, l.returned_num])).toEqual([
      [kept!.id, 0],
      [back!.id, 1],
    ]);
    // The list (kept per member) answers the same after the case moved.
    expect(await listed(m, o.orderId)).toMatchObject({ status: 'completed', returned: { all: false, refunded }, actions: { can_review: true } });

    expect(await reviewable(m, o.orderId)).toEqual({ [kept!.id]: true, [back!.id]: false });
    const refused = await kit.post(m, '/user/praise/create', { order_line_id: back!.id, rating: 5, content: 'Never had it', images: [] });
    expect(refused.body).toMatchObject({ code: ResponseCode.reviewNotAllowed, msg: 'You returned this item: only goods you kept can be reviewed' });
    expect((await kit.post(m, '/user/praise/create', { order_line_id: kept!.id, rating: 4, content: 'Kept these', images: [] })).body.code).toBe(200);
  });

  it('every unit returned and refunded: still completed for settlement, but said as returned and refunded, the points taken back shown, nothing to review or ask', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const earned = Number((await t.db.selectFrom('orders').select('points_earned').where('id', '=', o.orderId).executeTakeFirstOrThrow()).points_earned);
    expect(earned).toBeGreaterThan(0);
    expect(await info(m, o.orderId)).toMatchObject({ points_earned: earned, points_earned_posted: true, points_reversed: 0 });

    // Three cases, one unit each, until every unit has gone back.
    const refunds = [
      await refundedReturn(m, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 1 }]),
      await refundedReturn(m, o.orderId, [{ order_line_id: o.lines[0]!.id, qty: 1 }]),
      await refundedReturn(m, o.orderId, [{ order_line_id: o.lines[1]!.id, qty: 1 }]),
    ];
    const refunded = refunds.reduce((a, b) => a + b, 0);
    expect(refunded).toBe(o.total);
    const taken = earned - (await balanceOf(t.db, m.userId, 'points', 'XXX'));
    expect(taken).toBe(earned);

    const detail = await info(m, o.orderId);
    expect(detail).toMatchObject({
      status: 'completed',
      returned: { all: true, refunded },
      points_earned: earned,
      points_earned_posted: true,
      points_reversed: taken,
      actions: { can_review: false, can_after_sale: false },
    });
    expect(detail.lines.map((l: { num: number; returned_num: number }) => l.returned_num === l.num)).toEqual([true, true]);
    expect(await listed(m, o.orderId)).toMatchObject({ status: 'completed', returned: { all: true, refunded }, actions: { can_review: false, can_after_sale: false } });
    expect(Object.values(await reviewable(m, o.orderId))).toEqual([false, false]);
    // The order's own state is untouched: settlement and earnings still read it.
    expect((await t.db.selectFrom('orders').select('status').where('id', '=', o.orderId).executeTakeFirstOrThrow()).status).toBe('completed');
  });
});
