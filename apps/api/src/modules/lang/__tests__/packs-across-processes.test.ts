import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildApp, type BuiltApp } from '../../../app.js';
import { connectionOf, createDatabase, TEST_DATABASE_LIMITS, type Database } from '../../../db/database.js';
import { depsFor } from '../../../deps.js';
import { listenForChanges } from '../../../lib/changes.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { freshIp } from '../../accounts/__tests__/account-helpers.js';
import { decide, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two serving processes on one database behind a load balancer: `a` (the test app) and `b`, each
// with its own packs and translator in memory and its own listener on the changes channel. An owner's
// text change through either one reaches what members read on both, without a restart.

let a: TestApp;
let bDb: Database;
let b: BuiltApp;
let stopListening: () => Promise<void>;
beforeAll(async () => {
  a = await buildTestApp();
  const url = connectionOf(a.db).url;
  bDb = createDatabase(url, 2, TEST_DATABASE_LIMITS);
  b = await buildApp(await depsFor(a.deps.config, bDb));
  await b.ready();
  stopListening = (await listenForChanges(url, () => {}, 'shop-api-test-other')).stop;
}, 60_000);
afterAll(async () => {
  await stopListening();
  await b.close();
  await bDb.destroy();
  await a.close();
});

/** The English pack a member's app gets from `app`: its version and one text. */
const bag = async (app: BuiltApp, key: string) => {
  const body = (await app.inject({ method: 'GET', url: '/user/getLangBag?client=h5', headers: { 'think-lang': 'en-us' } })).json() as { data: { version: string; pack: Record<string, string> } };
  return [body.data.version, body.data.pack[key]];
};
/** What `app` answers a member signing in with a wrong password. */
const wrongLogin = async (app: BuiltApp) => {
  const res = await app.inject({ method: 'POST', url: '/user/no_auth/login', remoteAddress: freshIp(), headers: { 'content-type': 'application/json', 'think-lang': 'en-us' }, payload: JSON.stringify({ account: `nobody${Date.now()}@example.com`, password: 'Wrong-Password-1' }) });
  const body = res.json() as { code: number; msg: string };
  return [body.code, body.msg];
};
let keys = 0;
/** An owner's text change, sent through `app` as the console sends it. */
const setText = async (app: BuiltApp, token: string, key: string, text: string | null) => {
  const res = await decide({ ...a, app: app as TestApp['app'] }, '/admin/api/settings/language-text', { lang: 'en-us', key, text, reason: 'probe' }, token, `packs-across-${Date.now().toString(36)}-${++keys}`);
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data as { version: string; text: string };
};
/** Both processes answer `expected` within two seconds. */
const bothSoon = <T>(read: (app: BuiltApp) => Promise<T>, expected: T) => expect.poll(() => Promise.all([read(a.app), read(b)]), { timeout: 2_000, interval: 25 }).toEqual([expected, expected]);

describe('language texts across API processes', () => {
  it("a text changed through one process is what the other serves, in the member app's pack and in its own messages; a reset through the other comes back", async () => {
    const owner = await signedInOperator(a, 'owner');
    const shipped = await bag(a.app, 'account.action.backHome');
    expect(shipped[1]).toBe('Back to home');
    expect(await bag(b, 'account.action.backHome')).toEqual(shipped);
    await bothSoon(wrongLogin, [ResponseCode.loginFailed, 'Incorrect account or password']);

    const changed = await setText(b, owner.token, 'account.action.backHome', 'PROBE4 Home');
    expect(changed.version).not.toBe(shipped[0]);
    await bothSoon((app) => bag(app, 'account.action.backHome'), [changed.version, 'PROBE4 Home']);

    await setText(b, owner.token, 'account.code.loginFailed', 'PROBE4 wrong account or password');
    await bothSoon(wrongLogin, [ResponseCode.loginFailed, 'PROBE4 wrong account or password']);

    // Back to the shipped texts through the other process: both serve the shipped pack and message again.
    await setText(a.app, owner.token, 'account.code.loginFailed', null);
    const reset = await setText(a.app, owner.token, 'account.action.backHome', null);
    expect(reset.version).toBe(shipped[0]);
    await bothSoon((app) => bag(app, 'account.action.backHome'), shipped);
    await bothSoon(wrongLogin, [ResponseCode.loginFailed, 'Incorrect account or password']);
  }, 60_000);

  it('a pack stored by a process of its own (a new release starting, an operator command) is what both serve', async () => {
    const shipped = await bag(a.app, 'account.action.backHome');
    const row = await a.db.selectFrom('language_packs').select(['version', 'pack']).where('lang', '=', 'en-us').where('client', '=', 'h5').executeTakeFirstOrThrow();
    // Written on the database alone: neither app's code runs, only what the database tells them.
    const stored = { ...row.pack, 'account.action.backHome': 'Home, stored elsewhere' };
    await a.db.updateTable('language_packs').set({ version: 'elsewhere01', pack: JSON.stringify(stored) }).where('lang', '=', 'en-us').where('client', '=', 'h5').execute();
    try {
      await bothSoon((app) => bag(app, 'account.action.backHome'), ['elsewhere01', 'Home, stored elsewhere']);
    } finally {
      await a.db.updateTable('language_packs').set({ version: row.version, pack: JSON.stringify(row.pack) }).where('lang', '=', 'en-us').where('client', '=', 'h5').execute();
    }
    await bothSoon((app) => bag(app, 'account.action.backHome'), shipped);
  }, 60_000);
});
