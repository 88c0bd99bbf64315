import { sql, type Kysely } from 'kysely';

// The job workers that run (or ran) against this database: one row per worker process, named by
// the id graphile-worker locks jobs with. A row whose process no longer holds its connection is a
// worker that died; the survivors hand its locked jobs back (jobs/workers.ts). `jobs_release`
// tells workers of different job sets apart, so they are not run side by side.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_workers')
    .addColumn('pool_id', 'text', (c) => c.primaryKey())
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('jobs_release', 'text', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
