import { Logger, runMigrations } from 'graphile-worker';
import type { Kysely } from 'kysely';
import { connectionOf } from '../db/database.js';

/** Installs or upgrades graphile-worker's own schema (`graphile_worker`); safe to run at every start. */
export async function installJobSchema(db: Kysely<any>): Promise<void> {
  await runMigrations({ pgPool: connectionOf(db).pool, logger: new Logger(() => () => {}) });
}
