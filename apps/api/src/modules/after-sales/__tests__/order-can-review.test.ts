import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';

// The order's "Review" (its `actions.can_review`, on the order list and the order page) agrees with
// its lines: offered while at least one line can be reviewed or its review changed. An order whose
// every line was in an open return still offered Review, and the sheet it opened had nothing in it.

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;

/** "Review" as the member's order list (read as the app reads it, cached) and the order page offer it. */
async function offersReview(m: Member, orderId: number) {
  const list = (await kit.get(m, '/shop/order/list?view=all&page=1&limit=20')).body.data.list as Array<{ id: number; actions: { can_review: boolean } }>;
  const page = (await kit.get(m, `/shop/order/info?id=${orderId}`)).body.data as { actions: { can_review: boolean } };
  return { list: list.find((o) => o.id === orderId)!.actions.can_review, page: page.actions.can_review };
}
const both = (v: boolean) => ({ list: v, page: v });
/** What the review sheet offers on each line: write a review, or change it. */
const sheet = async (m: Member, orderId: number) =>
  ((await kit.get(m, `/user/praise/info?order_id=${orderId}`)).body.data.list as Array<{ can_review: boolean; can_edit: boolean }>).map((l) => l.can_review || l.can_edit);
/** Why each line of the sheet cannot be reviewed (null: it can, or has its review). */
const whyNot = async (m: Member, orderId: number) => ((await kit.get(m, `/user/praise/info?order_id=${orderId}`)).body.data.list as Array<{ not_reviewable: string | null }>).map((l) => l.not_reviewable);

async function openReturn(m: Member, orderId: number, lines: Array<{ order_line_id: number; qty: number }>, approve = true) {
  const submitted = await kit.post(m, '/shop/order/afterSaleSubmit', { order_id: orderId, kind: 'return', reason_id: 'changed_mind', lines });
  expect(submitted.body.code).toBe(200);
  const id = submitted.body.data.case_id as number;
  if (approve) expect((await kit.admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
  return id;
}

describe('the order’s Review agrees with its lines', () => {
  it('every line in an open return: no Review on the list or the order page; the return withdrawn, Review again', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [teapots, lid] = o.lines;
    expect(await offersReview(m, o.orderId)).toEqual(both(true));

    // One line in a return (waiting for review by the shop): the other can still be reviewed.
    const first = await openReturn(m, o.orderId, [{ order_line_id: teapots!.id, qty: 2 }], false);
    expect(await offersReview(m, o.orderId)).toEqual(both(true));
    // The other line in a return too, approved: nothing left that the member keeps.
    const second = await openReturn(m, o.orderId, [{ order_line_id: lid!.id, qty: 1 }]);
    expect(await sheet(m, o.orderId)).toEqual([false, false]);
    expect(await whyNot(m, o.orderId)).toEqual(['returning', 'returning']);
    expect(await offersReview(m, o.orderId)).toEqual(both(false));

    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: second })).body.data).toMatchObject({ status: 'withdrawn' });
    expect(await sheet(m, o.orderId)).toEqual([false, true]);
    expect(await whyNot(m, o.orderId)).toEqual(['returning', null]);
    expect(await offersReview(m, o.orderId)).toEqual(both(true));
    expect((await kit.post(m, '/attractive/AfterSales/cancel', { case_id: first })).body.data).toMatchObject({ status: 'withdrawn' });
  });

  it('every line returned, one fully and one partly with the rest in a return: no Review', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [teapots, lid] = o.lines;
    const refunded = await openReturn(m, o.orderId, [{ order_line_id: lid!.id, qty: 1 }, { order_line_id: teapots!.id, qty: 1 }]);
    expect((await kit.admin('/admin/api/after-sales/receive', { id: refunded })).body.code).toBe(200);
    expect((await kit.admin('/admin/api/after-sales/refund', { id: refunded })).body.data.status).toBe('refunded');
    // One teapot kept: still to review.
    expect(await offersReview(m, o.orderId)).toEqual(both(true));
    expect(await whyNot(m, o.orderId)).toEqual([null, 'returned']);
    await openReturn(m, o.orderId, [{ order_line_id: teapots!.id, qty: 1 }], false);
    expect(await whyNot(m, o.orderId)).toEqual(['returning', 'returned']);
    expect(await offersReview(m, o.orderId)).toEqual(both(false));
  });

  it('every line reviewed: Review stays while a review may still be changed, and goes once none may', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    const [teapots, lid] = o.lines;
    const written = [];
    for (const [line, words] of [[teapots!, 'Lovely teapots'], [lid!, 'Nice lid']] as const) {
      const r = await kit.post(m, '/user/praise/create', { order_line_id: line.id, rating: 5, content: words, images: [] });
      expect(r.body.code).toBe(200);
      written.push(r.body.data.review_id as number);
    }
    // Both may be changed once.
    expect(await offersReview(m, o.orderId)).toEqual(both(true));

    expect((await kit.post(m, '/user/praise/edit', { review_id: written[0], rating: 4, content: 'Lovely, one chipped' })).body.code).toBe(200);
    expect(await offersReview(m, o.orderId)).toEqual(both(true));
    expect((await kit.post(m, '/user/praise/edit', { review_id: written[1], rating: 4, content: 'Nice lid, a bit loose' })).body.code).toBe(200);
    expect(await sheet(m, o.orderId)).toEqual([false, false]);
    expect(await offersReview(m, o.orderId)).toEqual(both(false));
  });

  it('a review whose days for a change have passed does not keep Review on the order page', async () => {
    const m = await kit.shopper();
    const o = await kit.boughtOrder(m);
    for (const line of o.lines) expect((await kit.post(m, '/user/praise/create', { order_line_id: line.id, rating: 5, content: 'Good', images: [] })).body.code).toBe(200);
    expect((await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data.actions.can_review).toBe(true);
    const { review_edit_days } = await t.db.selectFrom('after_sale_settings').select('review_edit_days').executeTakeFirstOrThrow();
    await t.db
      .updateTable('goods_reviews')
      .set({ created_at: new Date(Date.now() - (review_edit_days + 1) * 86_400_000) })
      .where('order_line_id', 'in', o.lines.map((l) => l.id))
      .execute();
    expect(await sheet(m, o.orderId)).toEqual([false, false]);
    expect((await kit.get(m, `/shop/order/info?id=${o.orderId}`)).body.data.actions.can_review).toBe(false);
  });
});
