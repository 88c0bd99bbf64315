import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.js';
import { connectionOf, createDatabase, TEST_DATABASE_LIMITS, type Database } from '../../db/database.js';
import { depsFor } from '../../deps.js';
import { operatorCliActor } from '../../lib/actor.js';
import { listenForChanges } from '../../lib/changes.js';
import { setBanned } from '../../modules/accounts/operator.service.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newMember } from '../../modules/address/__tests__/address-helpers.js';
import { SessionCache, SESSION_TRUST_MS } from '../auth.js';

// Two serving processes on one database: `t` and `other`, each with its own session cache and its own
// listener on the changes channel, as two API processes behind a load balancer have.
let t: TestApp;
let otherDb: Database;
let other: BuiltApp;
let stopListening: () => Promise<void>;
beforeAll(async () => {
  t = await buildTestApp();
  const url = connectionOf(t.db).url;
  otherDb = createDatabase(url, 2, TEST_DATABASE_LIMITS);
  other = await buildApp(await depsFor(t.deps.config, otherDb));
  await other.ready();
  stopListening = (await listenForChanges(url, () => {}, 'shop-api-test-other')).stop;
});
afterAll(async () => {
  await stopListening();
  await other.close();
  await otherDb.destroy();
  await t.close();
});

const profile = async (app: BuiltApp, token: string) => (await app.inject({ method: 'GET', url: '/user/info/index', headers: { authorization: `Bearer ${token}` } })).json().code as number;
const both = (token: string) => Promise.all([profile(t.app, token), profile(other, token)]);
/** The codes both processes answer, asked until they are `codes` or a second has gone (far less than the time a session is trusted). */
const bothWithinASecond = (token: string, codes: number[]) => expect.poll(() => both(token), { timeout: 1_000, interval: 20 }).toEqual(codes);

describe('sessions checked once and trusted a while', () => {
  it('a logout through one process ends the session there at once, and on the other as soon as it hears of it', async () => {
    expect(SESSION_TRUST_MS).toBeGreaterThanOrEqual(10_000);
    const m = await newMember(t);
    expect(await both(m.token)).toEqual([200, 200]);
    const out = await other.inject({ method: 'POST', url: '/user/info/login_out', headers: { authorization: `Bearer ${m.token}` }, payload: {} });
    expect(out.json().code).toBe(200);
    expect(await profile(other, m.token)).toBe(2001);
    await bothWithinASecond(m.token, [2001, 2001]);
  });

  it('a session ended by hand in the database (revoked, expired, its member banned or deleted) stops working on both processes', async () => {
    const revoked = await newMember(t);
    const expired = await newMember(t);
    const banned = await newMember(t);
    const deleted = await newMember(t);
    for (const m of [revoked, expired, banned, deleted]) expect(await both(m.token)).toEqual([200, 200]);
    await t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', revoked.id).execute();
    await t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1_000) }).where('user_id', '=', expired.id).execute();
    await t.db.updateTable('users').set({ status: 'banned' }).where('id', '=', banned.id).execute();
    await t.db.deleteFrom('sessions').where('user_id', '=', deleted.id).execute();
    await bothWithinASecond(revoked.token, [2001, 2001]);
    await bothWithinASecond(expired.token, [2001, 2001]);
    await bothWithinASecond(banned.token, [2001, 2001]);
    await bothWithinASecond(deleted.token, [2001, 2001]);
  });

  it('an operator banning a member ends their session at once on the process that took the ban', async () => {
    const m = await newMember(t);
    expect(await profile(t.app, m.token)).toBe(200);
    await setBanned(t.db, operatorCliActor('tester'), { userId: m.id, banned: true, reason: 'Chargeback fraud' });
    expect(await profile(t.app, m.token)).toBe(2001);
  });

  it('a lookup that started before a member’s sessions were forgotten is not kept', () => {
    const cache = new SessionCache();
    const now = Date.now();
    const session = { userId: 7, sessionId: 70, expiresAt: now + 60_000, lastUsedAt: now, trustedUntil: now + SESSION_TRUST_MS };
    const mark = cache.mark;
    cache.forgetMembers([7]);
    cache.set('a', session, mark);
    expect(cache.get('a', now)).toBeUndefined();
    cache.set('a', session, cache.mark);
    expect(cache.get('a', now)).toBe(session);
    expect(cache.get('a', now + SESSION_TRUST_MS)).toBeUndefined();
  });
});
