import { sql } from 'kysely';
import { inject } from 'vitest';
import { connectionOf, createDatabase, TEST_DATABASE_LIMITS, type Database } from '../db/database.js';
import { dropDatabase, takeTestDatabase } from './test-postgres.js';

/** A fresh migrated database without the app, for service tests; call `close()` in afterAll. */
export async function openTestDatabase(poolSize = 6): Promise<{ db: Database; url: string; close(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const { name, url } = await takeTestDatabase(adminUrl, inject('pgTemplate'));
  const db = createDatabase(url, poolSize, TEST_DATABASE_LIMITS);
  return {
    db,
    url,
    close: async () => {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A second pool on a test database, as wide as a busy process's, for races (destroy it in afterAll). */
export const widePool = (db: Database, size: number): Database => createDatabase(connectionOf(db).url, size, TEST_DATABASE_LIMITS);

/** How many statements of the test database `db` reaches wait for a lock now: what holds a forced interleaving in place. */
export const lockWaiters = async (db: Database): Promise<number> =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n;
