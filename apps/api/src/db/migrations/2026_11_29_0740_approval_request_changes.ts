import { sql, type Kysely } from 'kysely';

// A settings request (the referral plan) records, field by field, what it changes from the settings it
// was asked from, so the approving operator reads old → new in their own language, not a snapshot.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table approval_requests add column changes jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table approval_requests drop column changes`.execute(db);
}
