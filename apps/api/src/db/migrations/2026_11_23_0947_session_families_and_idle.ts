import { sql, type Kysely } from 'kysely';

// Sessions form families (every token refreshed from one login shares its family) so the reuse of
// a rotated token can end them all; last use is recorded for the idle limit.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('family_id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sessions_family_id_idx').on('sessions').column('family_id').execute();
}
