import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../transaction.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { countingProxy } from '../../test/statement-counter.js';
import { call, newMember } from '../../modules/catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../modules/orders/__tests__/fixtures.js';
import { notifyMember } from '../../modules/messages/messages.service.js';
import { findMessagePage } from '../../modules/messages/messages.queries.js';

// A page asked for past the end of a list (a client jumping to page 99, or a list that shrank while
// it was read) is empty but still tells how long the list is, for members and operators alike.

let t: TestApp;
let proxy: Awaited<ReturnType<typeof countingProxy>>;
beforeAll(async () => {
  t = await buildTestApp({}, { databaseUrl: async (url) => (proxy = await countingProxy(new URL(url))).url });
}, 60_000);
afterAll(async () => {
  await t?.close();
  proxy?.close();
});

type Member = Awaited<ReturnType<typeof newMember>>;
const messages = async (m: Member, count: number) => {
  for (let i = 0; i < count; i++) await withTransaction(t.db, (tx) => notifyMember(tx, { memberId: m.userId, kind: 'order.shipped', params: { order_no: `P${i}` }, link: '/pages/order/orderInfo?id=1', eventKey: `paging:${m.userId}:${i}` }));
};

/** The statements `read` sends to PostgreSQL. */
async function statementsOf(read: () => Promise<unknown>) {
  proxy.record(true);
  const before = proxy.statements();
  await read();
  const sent = proxy.statements() - before;
  proxy.record(false);
  return sent;
}

describe('a page past the end of a list', () => {
  it("a member's messages: page 99 is empty and still counts all 16", async () => {
    const m = await newMember(t);
    await messages(m, 16);
    const past = await call(t, 'GET', '/user/message/list?page=99&limit=20', { headers: m.headers });
    expect(past.body.code).toBe(200);
    expect(past.body.data).toMatchObject({ list: [], total: 16, page: 99, has_more: false });
    // The last page with rows and an empty list agree on the count.
    expect((await call(t, 'GET', '/user/message/list?page=2&limit=10', { headers: m.headers })).body.data).toMatchObject({ total: 16, has_more: false });
    expect((await call(t, 'GET', '/user/message/list?page=2&limit=10', { headers: m.headers })).body.data.list).toHaveLength(6);
    // A member with no messages at all: 0.
    const none = await newMember(t);
    expect((await call(t, 'GET', '/user/message/list?page=3&limit=20', { headers: none.headers })).body.data).toMatchObject({ list: [], total: 0, has_more: false });
  });

  it("an article's comments, for members and in the operators' console: the real count past the end", async () => {
    const newsId = (
      await t.db
        .insertInto('news')
        .values({ title: JSON.stringify({ 'en-us': 'Paging news' }), status: 'published', published_at: new Date(Date.now() - 60_000) } as never)
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const writer = await newMember(t);
    for (const content of ['First', 'Second', 'Third']) {
      const res = await call(t, 'POST', '/web/comment/create', { headers: writer.headers, ip: '10.77.0.1', body: { news_id: newsId, content } });
      expect(res.body.code, res.body.msg).toBe(200);
    }
    const members = await call(t, 'GET', `/web/comment/list?news_id=${newsId}&page=5&limit=20`);
    expect(members.body.data).toMatchObject({ list: [], total: 3, has_more: false });

    const reviewer = await newOperatorSession(t.db, 'reviewer');
    const console = await call(t, 'GET', `/admin/api/content/news/comments?news_id=${newsId}&page=4&limit=2`, { headers: reviewer.headers });
    expect(console.body.code, console.body.msg).toBe(200);
    expect(console.body.data).toMatchObject({ list: [], total: 3, has_more: false });
  });

  it('a page with rows is read in one statement; only an empty page after the first asks for the count again', async () => {
    const m = await newMember(t);
    await messages(m, 3);
    expect(await statementsOf(() => findMessagePage(t.db, m.userId, undefined, 2, 2))).toBe(1);
    expect(await statementsOf(() => findMessagePage(t.db, m.userId, undefined, 20, 0))).toBe(1);
    expect(await statementsOf(() => findMessagePage(t.db, m.userId, undefined, 20, 40))).toBe(2);
    expect((await findMessagePage(t.db, m.userId, undefined, 20, 40)).total).toBe(3);
  });
});
