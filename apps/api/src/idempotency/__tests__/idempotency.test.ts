import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newMember } from '../../modules/catalogue/__tests__/helpers.js';
import { AppError } from '../../lib/errors.js';
import {
  beginIdempotentRequest,
  completeIdempotentRequest,
  pruneIdempotencyKeys,
  releaseIdempotentRequest,
  requestHash,
  type IdempotentRequest,
} from '../idempotency.service.js';
import { REPLAYED_HEADER } from '../idempotency.route.js';

let t: TestApp;
let newsId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const news = await t.db.insertInto('news').values({ title: JSON.stringify({ 'en-us': 'Opening day' }) } as never).returning('id').executeTakeFirstOrThrow();
  newsId = news.id;
});
afterAll(() => t.close());

const commentsOf = async (userId: number) => (await t.db.selectFrom('news_comments').select(['id', 'content']).where('user_id', '=', userId).execute()).length;

// Comments have a per-address limit of their own (20 a minute): each member writes from its own address.
const addresses = new Map<string, string>();
const addressOf = (headers: Record<string, string>) => {
  const auth = headers.authorization!;
  if (!addresses.has(auth)) addresses.set(auth, `10.0.0.${addresses.size + 1}`);
  return addresses.get(auth)!;
};

async function comment(headers: Record<string, string>, content: string, key?: string) {
  const res = await t.app.inject({
    remoteAddress: addressOf(headers),
    method: 'POST',
    url: '/web/comment/create',
    headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { news_id: newsId, content },
  });
  return { status: res.statusCode, text: res.body, body: res.json() as { code: number; msg: string; data: { id: number } | null }, replayed: res.headers[REPLAYED_HEADER] === 'true' };
}

describe('Idempotency-Key on a call that creates something (a news comment)', () => {
  it('the same key ten times in sequence: one comment, ten identical answers', async () => {
    const m = await newMember(t);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await comment(m.headers, 'Great news!', 'key-sequence-0001'));
    expect(answers[0]!.body.code).toBe(200);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed)).toHaveLength(9);
    expect(await commentsOf(m.userId)).toBe(1);
  });

  it('the same key ten times in parallel: one comment, ten identical answers', async () => {
    const m = await newMember(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => comment(m.headers, 'All at once', 'key-parallel-0001')));
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(await commentsOf(m.userId)).toBe(1);
  });

  it('the same key with another body is refused with a clear code, in the member language, and creates nothing', async () => {
    const m = await newMember(t);
    expect((await comment(m.headers, 'First text', 'key-reused-00001')).body.code).toBe(200);
    const res = await t.app.inject({
      remoteAddress: '10.1.0.1',
      method: 'POST',
      url: '/web/comment/create',
      headers: { ...m.headers, 'idempotency-key': 'key-reused-00001', 'think-lang': 'zh-cn' },
      payload: { news_id: newsId, content: 'Other text' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: ResponseCode.idempotencyKeyReused, msg: '该请求标识已用于另一个不同的请求，请重新操作。' });
    expect(await commentsOf(m.userId)).toBe(1);
  });

  it('keys are per member: two members may send the same key', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    expect((await comment(a.headers, 'Same words', 'key-shared-00001')).body.code).toBe(200);
    const second = await comment(b.headers, 'Same words', 'key-shared-00001');
    expect(second.replayed).toBe(false);
    expect(await commentsOf(b.userId)).toBe(1);
  });

  it('a malformed key is refused (422) and nothing is created', async () => {
    const m = await newMember(t);
    const res = await comment(m.headers, 'Hello', 'bad key with spaces');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(ResponseCode.validation);
    expect(await commentsOf(m.userId)).toBe(0);
  });

  it('without a key a double tap creates one comment, and the same words later create another', async () => {
    const m = await newMember(t);
    const [one, two] = await Promise.all([comment(m.headers, 'Tap tap'), comment(m.headers, 'Tap tap')]);
    expect(one!.text).toBe(two!.text);
    expect(await commentsOf(m.userId)).toBe(1);
    expect((await comment(m.headers, 'Something else')).body.code).toBe(200);
    expect(await commentsOf(m.userId)).toBe(2);
    // The double-tap window is short: once over, the same words are a new comment.
    await t.db.updateTable('idempotency_keys').set({ expires_at: sql<Date>`now() - interval '1 second'` as never }).where('caller_id', '=', m.userId).execute();
    expect((await comment(m.headers, 'Tap tap')).replayed).toBe(false);
    expect(await commentsOf(m.userId)).toBe(3);
  });

  it('a refused request keeps its answer (a business failure is final), the key is not run again', async () => {
    const m = await newMember(t);
    const first = await t.app.inject({ remoteAddress: '10.1.0.2', method: 'POST', url: '/web/comment/create', headers: { ...m.headers, 'idempotency-key': 'key-missing-news' }, payload: { news_id: 999_999, content: 'Where?' } });
    expect(first.json().code).toBe(ResponseCode.newsNotFound);
    const again = await t.app.inject({ remoteAddress: '10.1.0.2', method: 'POST', url: '/web/comment/create', headers: { ...m.headers, 'idempotency-key': 'key-missing-news' }, payload: { news_id: 999_999, content: 'Where?' } });
    expect(again.body).toBe(first.body);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
  });
});

describe('the idempotency store', () => {
  let seq = 0;
  const request = (body: unknown = { amount: 100 }): IdempotentRequest => ({
    caller: { kind: 'member', id: 42 },
    key: `store-key-${++seq}`,
    method: 'POST',
    path: '/user/transfer/create',
    requestHash: requestHash('POST', '/user/transfer/create', body),
  });
  const codeOf = (e: unknown) => (e instanceof AppError ? e.code : e);

  it('hashes a body the same whatever the order of its keys, and differently when a value changes', () => {
    expect(requestHash('POST', '/p', { a: 1, b: { c: 2, d: 3 } })).toBe(requestHash('POST', '/p', { b: { d: 3, c: 2 }, a: 1 }));
    expect(requestHash('POST', '/p', { a: 1 })).not.toBe(requestHash('POST', '/p', { a: 2 }));
    expect(requestHash('POST', '/p', { a: 1 })).not.toBe(requestHash('POST', '/q', { a: 1 }));
  });

  it('answers "request in progress" while the first run holds the key, and runs again once a crashed run lets its lock lapse', async () => {
    const r = request();
    const first = await beginIdempotentRequest(t.db, r, { lockMs: 60_000 });
    expect(first.outcome).toBe('run');
    expect(codeOf(await beginIdempotentRequest(t.db, r, { waitMs: 0 }).catch((e: unknown) => e))).toBe(ResponseCode.requestInProgress);
    // The first process died: its lock lapses and a repeat may run it.
    await t.db.updateTable('idempotency_keys').set({ locked_until: sql<Date>`now() - interval '1 second'` as never }).where('key', '=', r.key).execute();
    const retaken = await beginIdempotentRequest(t.db, r, { waitMs: 0 });
    expect(retaken).toEqual({ outcome: 'run', id: first.outcome === 'run' ? first.id : -1 });
  });

  it('frees a released key (nothing happened), so a retry runs', async () => {
    const r = request();
    const first = await beginIdempotentRequest(t.db, r);
    if (first.outcome !== 'run') throw new Error('expected a run');
    await releaseIdempotentRequest(t.db, first.id);
    expect((await beginIdempotentRequest(t.db, r)).outcome).toBe('run');
  });

  it('prunes keys whose day is over, never one still running or still fresh', async () => {
    const old = request();
    const fresh = request();
    const running = request();
    for (const r of [old, fresh]) {
      const d = await beginIdempotentRequest(t.db, r);
      if (d.outcome === 'run') await completeIdempotentRequest(t.db, d.id, 200, '{"code":200}');
    }
    await beginIdempotentRequest(t.db, running);
    await t.db.updateTable('idempotency_keys').set({ expires_at: sql<Date>`now() - interval '25 hours'` as never }).where('key', 'in', [old.key, running.key]).execute();
    expect(await pruneIdempotencyKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = (await t.db.selectFrom('idempotency_keys').select('key').where('key', 'in', [old.key, fresh.key, running.key]).execute()).map((k) => k.key).sort();
    expect(left).toEqual([fresh.key, running.key].sort());
  });
});

describe('the key across origins', () => {
  it('a browser on an allowed origin may send Idempotency-Key (CORS preflight)', async () => {
    const other = await buildTestApp({ CORS_ORIGINS: 'https://app.example.com' });
    try {
      const res = await other.app.inject({
        method: 'OPTIONS',
        url: '/user/transfer/create',
        headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type,idempotency-key' },
      });
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
    } finally {
      await other.close();
    }
  });
});
