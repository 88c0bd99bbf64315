import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { seedCatalogueDemo } from '../../catalogue/demo/demo.seed.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';

// A member tapping like / unlike (or collect / un-collect) quickly sends requests that overlap. Each
// answer must tell the member's state as it is after that request (whether the like is there) with
// the count that goes with it, never what was asked; and what is stored must agree with itself.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogueDemo(t.deps);
});
afterAll(() => t.close());

const ROUNDS = 12;
const PARALLEL = 20;
const post = (url: string, body: unknown, headers: Record<string, string>) => call(t, 'POST', url, { headers, body });

/** Twenty overlapping taps alternating on / off by one member; every answer's state and count must agree (one member: on ⇔ count 1). */
async function race(url: string, body: (on: boolean) => unknown, headers: Record<string, string>, read: (d: any) => { on: boolean; count: number }) {
  const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => post(url, body(i % 2 === 0), headers)));
  for (const a of answers) {
    expect(a.body.code, a.body.msg).toBe(200);
    const { on, count } = read(a.body.data);
    expect({ on, count }).toEqual({ on, count: on ? 1 : 0 });
  }
}

describe('overlapping likes and collects of one member', () => {
  it('answer, for an article like, the state after the write with its count, and the stored count is the rows', async () => {
    const newsId = 7;
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(t);
      await race('/web/news/dianzan', (like) => ({ news_id: newsId, like }), m.headers, (d) => ({ on: d.liked, count: d.like_count }));
      const rows = (await t.db.selectFrom('news_likes').select('user_id').where('news_id', '=', newsId).execute()).length;
      const info = (await call(t, 'GET', `/web/news/info?id=${newsId}`, { headers: m.headers })).body.data;
      expect({ liked: info.is_liked, count: info.like_count }).toEqual({ liked: rows === 1, count: rows });
      // Back to none before the next member's round.
      expect((await post('/web/news/dianzan', { news_id: newsId, like: false }, m.headers)).body.data).toEqual({ liked: false, like_count: 0 });
    }
  });

  it('answer, for an article collect, the state after the write with its count', async () => {
    const newsId = 8;
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(t);
      await race('/web/news/collect', (collect) => ({ news_id: newsId, collect }), m.headers, (d) => ({ on: d.collected, count: d.collect_count }));
      const rows = (await t.db.selectFrom('news_collects').select('user_id').where('news_id', '=', newsId).execute()).length;
      const info = (await call(t, 'GET', `/web/news/info?id=${newsId}`, { headers: m.headers })).body.data;
      expect({ collected: info.is_collected, count: info.collect_count }).toEqual({ collected: rows === 1, count: rows });
      expect((await post('/web/news/collect', { news_id: newsId, collect: false }, m.headers)).body.data).toEqual({ collected: false, collect_count: 0 });
    }
  });

  it('answer, for a comment like, the state after the write with its count', async () => {
    const author = await newMember(t, 'Author');
    const comment = (await post('/web/comment/create', { news_id: 9, content: 'Overlapping taps' }, author.headers)).body.data;
    for (let round = 0; round < ROUNDS; round++) {
      const m = await newMember(t);
      await race('/web/comment/dianzan', (like) => ({ comment_id: comment.id, like }), m.headers, (d) => ({ on: d.liked, count: d.like_count }));
      const rows = (await t.db.selectFrom('news_comment_likes').select('user_id').where('comment_id', '=', comment.id).execute()).length;
      const info = (await call(t, 'GET', `/web/comment/info?id=${comment.id}`, { headers: m.headers })).body.data;
      expect({ liked: info.is_liked, count: info.like_count }).toEqual({ liked: rows === 1, count: rows });
      expect((await post('/web/comment/dianzan', { comment_id: comment.id, like: false }, m.headers)).body.data).toEqual({ liked: false, like_count: 0 });
    }
  });
});
