import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { installJobSchema } from '../jobs/schema.js';
import { migrations } from './migrations/index.js';

/**
 * Runs every pending migration, in name (date) order, then installs or upgrades the job queue's
 * schema (graphile-worker keeps its own migrations); throws on the first failure.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  await installJobSchema(db);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
