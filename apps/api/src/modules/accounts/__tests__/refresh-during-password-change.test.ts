import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { hashToken } from '../../../lib/tokens.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { lockWaiters, widePool } from '../../../test/test-database.js';
import { call, freshIp, registerMember, seedDemo } from './account-helpers.js';

// A thief refreshing a stolen token, or logging in with a stolen password, while the owner changes the
// password: the change ends every session, the one the refresh or the login makes included, whichever
// reaches the database first. The interleavings that let the new session live are forced.

let t: TestApp;
let wide: Database;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
  wide = widePool(t.db, 4);
});
afterAll(async () => {
  await wide?.destroy();
  await t.close();
});

/** Waits until `n` statements of this database wait for a lock. */
async function untilLockWaiters(n: number) {
  for (let i = 0; i < 400; i++) {
    if ((await lockWaiters(wide)) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`fewer than ${n} statements waiting for a lock`);
}

describe('a login with the old password while the password changes', () => {
  it('opens no session once the change has ended the others, even when its password was checked before (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await registerMember(t);
      // The change, half done: the new password stored and every session ended, not yet committed.
      let release!: () => void;
      let changed!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const changing = new Promise<void>((r) => (changed = r));
      const change = wide.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password_hash: `changed-${round}`, password_changed_at: new Date() }).where('id', '=', m.user.id).execute();
        await trx.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', m.user.id).where('revoked_at', 'is', null).execute();
        changed();
        await released;
      });
      await changing;
      // The thief's login checks the old password (the committed row still has it) while the change is under way.
      let answered = false;
      const login = call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() }).then((res) => ((answered = true), res));
      for (let i = 0; i < 300 && !answered; i++) {
        if ((await lockWaiters(wide)) > 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      release();
      await change;
      const res = await login;
      const alive = await t.db.selectFrom('sessions').select('id').where('user_id', '=', m.user.id).where('revoked_at', 'is', null).execute();
      expect(alive).toEqual([]);
      expect(res.body.code).toBe(ResponseCode.loginFailed);
    }
  });
});

describe('a token refreshed while the password changes', () => {
  it('does not outlive the change: no session of the member is left alive (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await registerMember(t);
      const owner = await call(t, 'POST', '/user/no_auth/login', { account: m.user.user_name, password: m.password }, { ip: freshIp() });
      expect(owner.body.code).toBe(200);
      const stolen = await t.db.selectFrom('sessions').select('id').where('token_hash', '=', hashToken(m.token)).executeTakeFirstOrThrow();

      let release!: () => void;
      let held!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const holding = new Promise<void>((r) => (held = r));
      const holder = wide.transaction().execute(async (trx) => {
        await trx.selectFrom('sessions').select('id').where('id', '=', stolen.id).forUpdate().execute();
        held();
        await released;
      });
      await holding;
      const refreshing = call(t, 'POST', '/user/no_auth/tokenRefresh', { token: m.token });
      await untilLockWaiters(1);
      const password = `Harbour-Change-${round}9`;
      const changing = call(t, 'POST', '/user/reset/password', { old_password: m.password, password, password_confirm: password }, { token: owner.body.data.token });
      await untilLockWaiters(2);
      release();
      await holder;
      const [refreshed, changed] = await Promise.all([refreshing, changing]);
      expect(changed.body.code).toBe(200);

      const alive = await t.db.selectFrom('sessions').select('id').where('user_id', '=', m.user.id).where('revoked_at', 'is', null).execute();
      expect(alive).toEqual([]);
      if (refreshed.body.code === 200) expect((await call(t, 'GET', '/user/info/index', undefined, { token: refreshed.body.data as string })).body.code).toBe(ResponseCode.tokenInvalid);
    }
  });
});
