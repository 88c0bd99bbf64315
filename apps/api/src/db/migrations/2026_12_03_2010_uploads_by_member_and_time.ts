import { sql, type Kysely } from 'kysely';

// A member's daily upload quota counts their uploads of the last 24 hours on every upload: an index
// on the member and the time (with the size, so the sum is read from the index alone) answers it
// without reading all their uploads ever. It takes the place of the index on the member alone.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index uploads_user_id_created_at_idx on uploads (user_id, created_at) include (size)`.execute(db);
  await sql`drop index uploads_user_id_idx`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
