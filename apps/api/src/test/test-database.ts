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
