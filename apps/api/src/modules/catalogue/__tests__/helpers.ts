import { hashToken, newToken } from '../../../lib/tokens.js';
import type { TestApp } from '../../../test/build-test-app.js';

/** A member with a live session, straight in the tables (the accounts area owns registration). */
export async function newMember(t: TestApp, nickname = '') {
  const user = await t.db
    .insertInto('users')
    .values({ user_name: `shopper${Math.random().toString(36).slice(2, 10)}`, nickname, password_hash: 'x' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await t.db.insertInto('sessions').values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(Date.now() + 3_600_000) }).execute();
  return { userId: user.id, headers: { authorization: `Bearer ${token}` } };
}

/** Calls the API and returns the envelope. */
export async function call(t: TestApp, method: 'GET' | 'POST', url: string, opts: { headers?: Record<string, string>; body?: unknown; lang?: string; ip?: string } = {}) {
  const res = await t.app.inject({
    method,
    url,
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    headers: { ...(opts.lang ? { 'think-lang': opts.lang } : {}), ...opts.headers },
    ...(method === 'POST' ? { payload: (opts.body ?? {}) as object } : {}),
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}
