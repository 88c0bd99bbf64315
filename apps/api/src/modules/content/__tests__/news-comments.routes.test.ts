import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// News comments as members and operators meet them: an operator of the moderating roles
// (`reviews.moderate`) hides an abusive comment, with its replies, and shows it again; the news
// list and the article agree on "N comments" (every comment members see, replies too) before and
// after; each member has their own comment limit, whatever address they share.

type Operator = Awaited<ReturnType<typeof newOperatorSession>>;
type Member = Awaited<ReturnType<typeof newMember>>;
let t: TestApp;
let ops: Record<'catalogue' | 'reviewer' | 'support' | 'finance', Operator>;
beforeAll(async () => {
  t = await buildTestApp();
  ops = {
    catalogue: await newOperatorSession(t.db, 'catalogue'),
    reviewer: await newOperatorSession(t.db, 'reviewer'),
    support: await newOperatorSession(t.db, 'support'),
    finance: await newOperatorSession(t.db, 'finance'),
  };
});
afterAll(() => t.close());

let keys = 0;
let addresses = 0;
/** A fresh client address, so one test's comments never count against another's. */
const address = () => `10.9.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;
const opGet = (op: Operator, url: string) => call(t, 'GET', url, { headers: op.headers });
const setVisible = (op: Operator, id: number, visible: boolean, reason: string | undefined = visible ? 'Appeal accepted' : 'Insults another member') =>
  call(t, 'POST', '/admin/api/content/news/comments/visibility', { headers: { ...op.headers, 'idempotency-key': `news-comments-${Date.now()}-${keys++}` }, body: { id, visible, reason } });
const write = (m: Member, newsId: number, content: string, opts: { parent?: number; ip?: string; lang?: string } = {}) =>
  call(t, 'POST', '/web/comment/create', { headers: m.headers, ip: opts.ip ?? address(), lang: opts.lang, body: { news_id: newsId, content, ...(opts.parent ? { parent_id: opts.parent } : {}) } });

/** A published article of this test's own. */
async function article(): Promise<number> {
  const row = await t.db
    .insertInto('news')
    .values({ title: JSON.stringify({ 'en-us': `News ${Math.random().toString(36).slice(2, 8)}` }), status: 'published', published_at: new Date(Date.now() - 60_000) } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What members read of the article: the news list's count, the article's count, the top-level comments and one thread. */
async function membersSee(newsId: number) {
  const list = (await call(t, 'GET', '/web/news/list?page=1&limit=50')).body.data.list as Array<{ id: number; comment_count: number }>;
  const info = (await call(t, 'GET', `/web/news/info?id=${newsId}`)).body.data;
  const comments = (await call(t, 'GET', `/web/comment/list?news_id=${newsId}`)).body.data.list as Array<{ id: number; reply_count: number }>;
  return { listCount: list.find((n) => n.id === newsId)?.comment_count, infoCount: info.comment_count as number, ids: comments.map((c) => c.id), replyCounts: Object.fromEntries(comments.map((c) => [c.id, c.reply_count])) };
}

/** An article with two comments, the first with two replies (one a reply to a reply). */
async function discussion() {
  const newsId = await article();
  const [a, b] = [await newMember(t, 'Ann'), await newMember(t, 'Ben')];
  const abusive = (await write(a, newsId, 'You are all idiots')).body.data;
  const reply = (await write(b, newsId, 'Please be polite', { parent: abusive.id })).body.data;
  const replyToReply = (await write(a, newsId, 'No', { parent: reply.id })).body.data;
  const fine = (await write(b, newsId, 'Good news')).body.data;
  return { newsId, a, b, abusive: abusive.id as number, reply: reply.id as number, replyToReply: replyToReply.id as number, fine: fine.id as number };
}

const logOf = async (id: number) =>
  (await t.db.selectFrom('operator_actions').select(['operator', 'action', 'reason']).where('target_type', '=', 'news_comment').where('target_id', '=', id).orderBy('id').execute()).map((r) => ({ ...r }));

describe('an operator hides a news comment, and shows it again', () => {
  it('hiding a comment takes it and its replies from members at once; the list, the article and the thread count what is left; showing it brings all back; each change recorded once', async () => {
    const d = await discussion();
    expect(await membersSee(d.newsId)).toEqual({ listCount: 4, infoCount: 4, ids: [d.fine, d.abusive], replyCounts: { [d.fine]: 0, [d.abusive]: 2 } });

    const hidden = await setVisible(ops.catalogue, d.abusive, false);
    expect(hidden.body.code).toBe(ResponseCode.ok);
    expect(hidden.body.data).toMatchObject({ id: d.abusive, news_id: d.newsId, parent_id: null, member_id: d.a.userId, author_name: 'Ann', content: 'You are all idiots', reply_count: 2, visible: false, moderation: { by: expect.stringMatching(/#\d+$/), reason: 'Insults another member' } });
    expect(await membersSee(d.newsId)).toEqual({ listCount: 1, infoCount: 1, ids: [d.fine], replyCounts: { [d.fine]: 0 } });
    // Its replies hang under it: nowhere to read, like or answer them.
    expect((await call(t, 'GET', `/web/comment/infoAllComment?id=${d.abusive}`)).body.code).toBe(ResponseCode.commentNotFound);
    for (const id of [d.abusive, d.reply, d.replyToReply]) expect((await call(t, 'GET', `/web/comment/info?id=${id}`)).body.code).toBe(ResponseCode.commentNotFound);
    expect((await call(t, 'POST', '/web/comment/dianzan', { headers: d.b.headers, body: { comment_id: d.reply } })).body.code).toBe(ResponseCode.commentNotFound);
    expect((await write(d.b, d.newsId, 'Still here?', { parent: d.reply })).body.code).toBe(ResponseCode.commentNotFound);
    expect((await membersSee(d.newsId)).infoCount).toBe(1);

    // Again, or two operators at once: nothing more changes or is recorded.
    const again = await Promise.all([setVisible(ops.catalogue, d.abusive, false, 'again'), setVisible(ops.reviewer, d.abusive, false, 'at once')]);
    expect(again.map((r) => [r.body.code, r.body.data.visible])).toEqual([[200, false], [200, false]]);
    expect(await logOf(d.abusive)).toEqual([{ operator: hidden.body.data.moderation.by, action: 'news_comment.hide', reason: 'Insults another member' }]);

    // The console lists it among the hidden ones of the article, with who hid it and why.
    const hiddenList = (await opGet(ops.reviewer, `/admin/api/content/news/comments?news_id=${d.newsId}&visibility=hidden`)).body.data;
    expect(hiddenList.list.map((c: { id: number }) => c.id)).toEqual([d.abusive]);
    const all = (await opGet(ops.reviewer, `/admin/api/content/news/comments?news_id=${d.newsId}&limit=2`)).body.data;
    expect(all).toMatchObject({ total: 4, has_more: true });
    // Newest first, and a reply under a hidden comment says so.
    expect(all.list.map((c: { id: number; parent_hidden: boolean }) => [c.id, c.parent_hidden])).toEqual([[d.fine, false], [d.replyToReply, true]]);

    const shown = await setVisible(ops.reviewer, d.abusive, true);
    expect(shown.body.data).toMatchObject({ visible: true, moderation: { reason: 'Appeal accepted' } });
    expect(await membersSee(d.newsId)).toEqual({ listCount: 4, infoCount: 4, ids: [d.fine, d.abusive], replyCounts: { [d.fine]: 0, [d.abusive]: 2 } });
    expect((await call(t, 'GET', `/web/comment/info?id=${d.reply}`)).body.data.content).toBe('Please be polite');
    expect((await logOf(d.abusive)).map((e) => e.action)).toEqual(['news_comment.hide', 'news_comment.show']);
  });

  it('hiding a reply leaves its comment and takes one from the thread’s and the article’s counts', async () => {
    const d = await discussion();
    expect((await setVisible(ops.catalogue, d.replyToReply, false)).body.code).toBe(ResponseCode.ok);
    expect(await membersSee(d.newsId)).toEqual({ listCount: 3, infoCount: 3, ids: [d.fine, d.abusive], replyCounts: { [d.fine]: 0, [d.abusive]: 1 } });
    const thread = (await call(t, 'GET', `/web/comment/infoAllComment?id=${d.abusive}`)).body.data;
    expect(thread.replies.list.map((r: { id: number }) => r.id)).toEqual([d.reply]);
    // A new comment still counts on top of what is left.
    expect((await write(d.b, d.newsId, 'Thanks for the news')).body.code).toBe(ResponseCode.ok);
    expect(await membersSee(d.newsId)).toMatchObject({ listCount: 4, infoCount: 4 });
  });

  it('roles without reviews.moderate are refused and change nothing; a reason is required; an unknown comment is "not found" in the operator’s language', async () => {
    const d = await discussion();
    for (const op of [ops.support, ops.finance]) {
      expect((await opGet(op, '/admin/api/content/news/comments')).status).toBe(403);
      expect((await setVisible(op, d.abusive, false)).status).toBe(403);
    }
    expect((await setVisible(ops.catalogue, d.abusive, false, '  ')).status).toBe(422);
    expect(await membersSee(d.newsId)).toMatchObject({ listCount: 4, infoCount: 4 });
    expect(await logOf(d.abusive)).toEqual([]);
    const unknown = await call(t, 'POST', '/admin/api/content/news/comments/visibility', { headers: { ...ops.catalogue.headers, 'idempotency-key': `unknown-${keys++}` }, lang: 'zh-cn', body: { id: 2_000_000_000, visible: false, reason: 'x' } });
    expect(unknown.body.code).toBe(ResponseCode.commentNotFound);
    expect(unknown.body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('how many comments a member writes', () => {
  it('each member has their own limit, whatever address they come from: a second member behind the same address still comments', async () => {
    const newsId = await article();
    const shared = address();
    const [a, b, c] = [await newMember(t), await newMember(t), await newMember(t)];
    for (let i = 0; i < 10; i++) expect((await write(a, newsId, `a ${i}`, { ip: shared })).body.code).toBe(ResponseCode.ok);
    // The eleventh in the minute is refused, in the member's language, and writes nothing …
    const refused = await write(a, newsId, 'a 10', { ip: shared, lang: 'zh-cn' });
    expect(refused.body.code).toBe(ResponseCode.commentLimit);
    expect(refused.body.msg).toContain('10');
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
    // … and from another address too.
    expect((await write(a, newsId, 'a 11', { ip: address() })).body.code).toBe(ResponseCode.commentLimit);
    // The others behind the same carrier address are not blocked by it.
    for (let i = 0; i < 10; i++) expect((await write(b, newsId, `b ${i}`, { ip: shared })).body.code).toBe(ResponseCode.ok);
    expect((await write(c, newsId, 'c 0', { ip: shared })).body.code).toBe(ResponseCode.ok);
    expect((await call(t, 'GET', `/web/news/info?id=${newsId}`)).body.data.comment_count).toBe(21);
  });

  it('refused comments do not use up the limit: a reply under a comment an operator just hid, or a comment on no such article, leaves all ten', async () => {
    const d = await discussion();
    expect((await setVisible(ops.catalogue, d.abusive, false)).body.code).toBe(ResponseCode.ok);
    const m = await newMember(t);
    for (let i = 0; i < 3; i++) expect((await write(m, d.newsId, `reply ${i}`, { parent: d.abusive })).body.code).toBe(ResponseCode.commentNotFound);
    // A reply naming a comment of another article is refused the same way.
    const elsewhere = (await write(d.b, await article(), 'Elsewhere')).body.data.id as number;
    expect((await write(m, d.newsId, 'misplaced', { parent: elsewhere })).body.code).toBe(ResponseCode.commentNotFound);
    for (let i = 0; i < 3; i++) expect((await write(m, 2_000_000_000, `lost ${i}`)).body.code).toBe(ResponseCode.newsNotFound);
    for (let i = 0; i < 10; i++) expect((await write(m, d.newsId, `fine ${i}`)).body.code).toBe(ResponseCode.ok);
    expect((await write(m, d.newsId, 'one too many')).body.code).toBe(ResponseCode.commentLimit);
  });

  it('twenty comments sent at once write ten, the rest refused by the limit', async () => {
    const newsId = await article();
    const m = await newMember(t);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => write(m, newsId, `burst ${i}`)));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === ResponseCode.ok)).toHaveLength(10);
    expect(codes.filter((c) => c === ResponseCode.commentLimit)).toHaveLength(10);
    const written = await t.db.selectFrom('news_comments').select((eb) => eb.fn.countAll<string>().as('n')).where('news_id', '=', newsId).where('user_id', '=', m.userId).executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(10);
    expect((await call(t, 'GET', `/web/news/info?id=${newsId}`)).body.data.comment_count).toBe(10);
  });
});
