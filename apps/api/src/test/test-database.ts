import { inject } from 'vitest';
import { createDatabase, type Database } from '../db/database.js';
import { dropDatabase, takeTestDatabase } from './test-postgres.js';

/** A fresh migrated database without the app, for service tests; call `close()` in afterAll. */
export async function openTestDatabase(poolSize = 6): Promise<{ db: Database; url: string; close(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const { name, url } = await takeTestDatabase(adminUrl, inject('pgTemplate'));
  const db = createDatabase(url, poolSize);
  return {
    db,
    url,
    close: async () => {
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}
