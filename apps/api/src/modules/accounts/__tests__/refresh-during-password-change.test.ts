import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import type { Database } from '../../../db/database.js';
import { hashToken } from '../../../lib/tokens.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { widePool } from '../../../test/test-database.js';
import { call, freshIp, registerMember, seedDemo } from './account-helpers.js';

// A thief refreshing a stolen token while the owner changes the password: the password change ends
// every session, the one the refresh makes included, whichever of the two reaches the database first.
// The interleaving that let the new session live is forced: the old session's row is held while the
// refresh and the change both queue on it, then let go.

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
async function lockWaiters(n: number) {
  for (let i = 0; i < 400; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(wide);
    if (rows[0]!.n >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`fewer than ${n} statements waiting for a lock`);
}

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
      await lockWaiters(1);
      const password = `Harbour-Change-${round}9`;
      const changing = call(t, 'POST', '/user/reset/password', { old_password: m.password, password, password_confirm: password }, { token: owner.body.data.token });
      await lockWaiters(2);
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
