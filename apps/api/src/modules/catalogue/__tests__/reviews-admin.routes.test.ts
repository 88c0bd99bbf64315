import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { afterSalesKit, type AfterSalesKit } from '../../after-sales/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { newReviews } from './fixtures.js';
import { call } from './helpers.js';

// The console's moderation of goods reviews (`reviews.moderate`: the catalogue and reviewer roles):
// what an operator hides leaves the goods page's comments and totals at once and comes back when
// shown; a reply shows under the review; every change is in the audit log once.

type Operator = Awaited<ReturnType<typeof newOperatorSession>>;
let t: TestApp;
let kit: AfterSalesKit;
let ops: Record<'catalogue' | 'reviewer' | 'support' | 'finance', Operator>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
  ops = {
    catalogue: await newOperatorSession(t.db, 'catalogue'),
    reviewer: await newOperatorSession(t.db, 'reviewer'),
    support: await newOperatorSession(t.db, 'support'),
    finance: await newOperatorSession(t.db, 'finance'),
  };
});
afterAll(() => t.close());

let keys = 0;
const opGet = (op: Operator, url: string, lang = 'en-us') => call(t, 'GET', url, { headers: op.headers, lang });
const opPost = (op: Operator, url: string, body: unknown, lang = 'en-us') => call(t, 'POST', url, { headers: { ...op.headers, 'idempotency-key': `reviews-${Date.now()}-${keys++}` }, body, lang });
const hide = (op: Operator, id: number, reason = 'Insults another member') => opPost(op, '/admin/api/catalogue/reviews/visibility', { id, visible: false, reason });
const show = (op: Operator, id: number, reason = 'Appeal accepted') => opPost(op, '/admin/api/catalogue/reviews/visibility', { id, visible: true, reason });
const reply = (op: Operator, id: number, text: string) => opPost(op, '/admin/api/catalogue/reviews/reply', { id, reply: text });
const logOf = async (id: number) =>
  (await t.db.selectFrom('operator_actions').select(['operator', 'action', 'reason']).where('target_type', '=', 'review').where('target_id', '=', id).orderBy('id').execute()).map((a) => ({ ...a }));

/** Goods a member bought and reviewed through the app (2 stars, a picture, the SKU bought), with two older reviews (5 and 4 stars). */
async function reviewedGoods() {
  const m = await kit.shopper();
  const o = await kit.boughtOrder(m);
  // A name without digits: a search by goods number also matches names holding those digits, and
  // the random names of this file's other goods could hold this one's number.
  const goodsName = `Review kettle ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  await t.db.updateTable('goods').set({ name: JSON.stringify({ 'en-us': goodsName }) }).where('id', '=', o.goods.goodsId).execute();
  await newReviews(t, o.goods.goodsId, [5, 4]);
  const image = await kit.uploaded(m.userId);
  const created = await kit.post(m, '/user/praise/create', { order_line_id: o.lines[0]!.id, rating: 2, content: 'The lid rattles', images: [image] });
  expect(created.body.code).toBe(ResponseCode.ok);
  return { member: m, orderId: o.orderId, goodsId: o.goods.goodsId, goodsName, reviewId: created.body.data.review_id as number, image };
}

/** What the goods page shows: the comments' ids and replies, their totals and the goods' review count (a cached answer). */
async function goodsPage(goodsId: number) {
  const list = (await call(t, 'GET', `/shop/goods_comment/list?goods_id=${goodsId}`)).body.data;
  const totals = (await call(t, 'GET', `/shop/goods_comment/total?goods_id=${goodsId}`)).body.data;
  const info = (await call(t, 'GET', `/shop/goods/info?id=${goodsId}`)).body.data;
  return { ids: (list.list as Array<{ id: number }>).map((r) => r.id), list: list.list as Array<{ id: number; reply: string; sku_text: string }>, total: list.total as number, totals, commentTotal: info.comment_total as number };
}

describe('hiding and showing a review', () => {
  it('a catalogue operator hides a review: gone from the goods page’s list, totals and review count at once; a reviewer shows it again; each change recorded once', async () => {
    const { goodsId, reviewId } = await reviewedGoods();
    const before = await goodsPage(goodsId);
    expect(before.ids).toContain(reviewId);
    expect(before).toMatchObject({ total: 3, totals: { total: 3, good: 2, bad: 1 }, commentTotal: 3 });

    const hidden = await hide(ops.catalogue, reviewId);
    expect(hidden.body.code).toBe(ResponseCode.ok);
    expect(hidden.body.data).toMatchObject({ id: reviewId, goods_id: goodsId, visible: false, moderation: { by: expect.stringMatching(/#\d+$/), reason: 'Insults another member', at: expect.any(String) } });
    const after = await goodsPage(goodsId);
    expect(after.ids).not.toContain(reviewId);
    // The goods' cached answer was dropped with the change: its count is the new one.
    expect(after).toMatchObject({ total: 2, totals: { total: 2, good: 2, bad: 0, good_rate: 100 }, commentTotal: 2 });
    expect((await call(t, 'GET', `/shop/goods_comment/info?id=${reviewId}`)).body.code).toBe(ResponseCode.reviewNotFound);

    // Hiding it again, or two operators at once, changes nothing more and records nothing more.
    const again = await Promise.all([hide(ops.catalogue, reviewId, 'again'), hide(ops.reviewer, reviewId, 'at once')]);
    expect(again.map((r) => [r.body.code, r.body.data.visible])).toEqual([[200, false], [200, false]]);
    const operator = hidden.body.data.moderation.by as string;
    expect(await logOf(reviewId)).toEqual([{ operator, action: 'review.hide', reason: 'Insults another member' }]);

    const shown = await show(ops.reviewer, reviewId);
    expect(shown.body.data).toMatchObject({ visible: true, moderation: { reason: 'Appeal accepted' } });
    expect(shown.body.data.moderation.by).not.toBe(operator);
    const back = await goodsPage(goodsId);
    expect(back.ids).toContain(reviewId);
    expect(back).toMatchObject({ total: 3, totals: { total: 3, bad: 1 }, commentTotal: 3 });
    expect((await logOf(reviewId)).map((a) => [a.action, a.reason])).toEqual([['review.hide', 'Insults another member'], ['review.show', 'Appeal accepted']]);

    // A hide or show needs its reason.
    expect((await opPost(ops.catalogue, '/admin/api/catalogue/reviews/visibility', { id: reviewId, visible: false, reason: '  ' })).status).toBe(422);
    expect((await opPost(ops.catalogue, '/admin/api/catalogue/reviews/visibility', { id: reviewId, visible: false })).status).toBe(422);
  });
});

describe('replying to a review', () => {
  it('a reply shows under the review on the goods page and in the member’s own reviews; changed, then removed with an empty reply; each change recorded', async () => {
    const { member, orderId, goodsId, reviewId } = await reviewedGoods();
    const first = await reply(ops.reviewer, reviewId, '  Sorry about that: a new lid is on its way.  ');
    expect(first.body.data).toMatchObject({ reply: 'Sorry about that: a new lid is on its way.', replied_by: expect.stringMatching(/#\d+$/), replied_at: expect.any(String) });
    const onPage = (await goodsPage(goodsId)).list.find((r) => r.id === reviewId)!;
    expect(onPage).toMatchObject({ reply: 'Sorry about that: a new lid is on its way.', sku_text: 'Colour 1' });
    const own = (await kit.get(member, `/user/praise/info?order_id=${orderId}`)).body.data.list as Array<{ review_id: number | null; reply: string }>;
    expect(own.find((l) => l.review_id === reviewId)?.reply).toBe('Sorry about that: a new lid is on its way.');

    await reply(ops.catalogue, reviewId, 'A new lid was sent on Monday.');
    expect((await goodsPage(goodsId)).list.find((r) => r.id === reviewId)?.reply).toBe('A new lid was sent on Monday.');
    // The same reply again changes nothing.
    await reply(ops.catalogue, reviewId, 'A new lid was sent on Monday.');

    // At most 500 characters as the app counts them (an emoji once).
    expect((await reply(ops.catalogue, reviewId, 'a'.repeat(501))).status).toBe(422);
    expect((await reply(ops.catalogue, reviewId, '🙂'.repeat(500))).body.data.reply).toBe('🙂'.repeat(500));

    const removed = await reply(ops.catalogue, reviewId, '');
    expect(removed.body.data).toMatchObject({ reply: '', replied_by: null, replied_at: null });
    expect((await goodsPage(goodsId)).list.find((r) => r.id === reviewId)?.reply).toBe('');
    expect((await logOf(reviewId)).map((a) => [a.action, a.reason])).toEqual([
      ['review.reply', 'Sorry about that: a new lid is on its way.'],
      ['review.reply', 'A new lid was sent on Monday.'],
      ['review.reply', '🙂'.repeat(500)],
      ['review.reply_removed', null],
    ]);
  });
});

describe('the console’s list of reviews', () => {
  it('newest first, with the goods, the member, the pictures and the SKU; by goods number or name, rating, shown or hidden, with or without a reply', async () => {
    const { member, goodsId, goodsName, reviewId, image } = await reviewedGoods();
    const list = async (query: string) => (await opGet(ops.reviewer, `/admin/api/catalogue/reviews?${query}`)).body.data as { total: number; list: Array<Record<string, unknown>> };

    const all = await list(`goods=${goodsId}`);
    expect(all.total).toBe(3);
    expect(all.list.map((r) => r.rating)).toEqual([2, 4, 5]);
    expect(all.list[0]).toMatchObject({
      id: reviewId, goods_id: goodsId, goods_name: goodsName, member_id: member.userId, rating: 2, content: 'The lid rattles', images: [image], sku_text: 'Colour 1',
      visible: true, moderation: null, reply: '', replied_by: null, edited_at: null,
    });
    expect(all.list[0]!.member).toEqual(expect.any(String));
    expect((all.list[0]!.member as string).length).toBeGreaterThan(0);
    expect(all.list[1]).toMatchObject({ member_id: null, member: '', order_line_id: null });

    expect((await list(`goods=${encodeURIComponent(goodsName.slice(-5))}`)).list.map((r) => r.id)).toContain(reviewId);
    expect((await list(`goods=${goodsId}&rating=2`)).list.map((r) => r.id)).toEqual([reviewId]);
    await hide(ops.catalogue, reviewId);
    await reply(ops.catalogue, all.list[2]!.id as number, 'Thank you!');
    expect((await list(`goods=${goodsId}&visibility=hidden`)).list.map((r) => r.id)).toEqual([reviewId]);
    expect((await list(`goods=${goodsId}&visibility=visible`)).total).toBe(2);
    expect((await list(`goods=${goodsId}&reply=with`)).list.map((r) => r.id)).toEqual([all.list[2]!.id]);
    expect((await list(`goods=${goodsId}&reply=without&visibility=visible`)).list.map((r) => r.id)).toEqual([all.list[1]!.id]);
    expect((await list(`goods=${goodsId}&limit=1&page=2`))).toMatchObject({ total: 3, list: [{ id: all.list[1]!.id }] });
    expect((await opGet(ops.reviewer, '/admin/api/catalogue/reviews?rating=6')).status).toBe(422);
  });
});

describe('who may moderate', () => {
  it('roles without reviews.moderate are refused, as is an operator about their own member account’s review, and change nothing; an unknown review is "not found" in the operator’s language', async () => {
    const { member, goodsId, reviewId } = await reviewedGoods();
    for (const op of [ops.support, ops.finance]) {
      expect((await opGet(op, `/admin/api/catalogue/reviews?goods=${goodsId}`)).body.code).toBe(ResponseCode.forbidden);
      expect((await hide(op, reviewId)).body.code).toBe(ResponseCode.forbidden);
      expect((await reply(op, reviewId, 'Hello')).body.code).toBe(ResponseCode.forbidden);
    }
    expect((await call(t, 'GET', `/admin/api/catalogue/reviews?goods=${goodsId}`)).body.code).toBe(ResponseCode.loginRequired);
    // Nobody decides about their own account: the operator who holds the author's member account.
    const author = await newOperatorSession(t.db, 'catalogue');
    await t.db.updateTable('operators').set({ member_id: member.userId }).where('id', '=', author.operatorId).execute();
    expect((await hide(author, reviewId)).body.code).toBe(ResponseCode.ownMemberAccount);
    expect((await reply(author, reviewId, 'Great review!')).body.code).toBe(ResponseCode.ownMemberAccount);
    expect((await goodsPage(goodsId)).list.find((r) => r.id === reviewId)).toMatchObject({ reply: '' });
    expect(await logOf(reviewId)).toEqual([]);

    const unknown = await hide(ops.catalogue, 2_000_000_000);
    expect(unknown.body).toMatchObject({ code: ResponseCode.reviewNotFound, msg: 'The review does not exist' });
    const inChinese = await opPost(ops.catalogue, '/admin/api/catalogue/reviews/reply', { id: 2_000_000_000, reply: '谢谢' }, 'zh-cn');
    expect(inChinese.body).toMatchObject({ code: ResponseCode.reviewNotFound, msg: '评价不存在' });
    expect(await logOf(2_000_000_000)).toEqual([]);
  });
});
