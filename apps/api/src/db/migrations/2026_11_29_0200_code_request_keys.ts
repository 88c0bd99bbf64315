import { sql, type Kysely } from 'kysely';

// A code's limits (one a minute, the hourly and daily caps) count under what the request named, not
// where the code went: what a stranger typed (an e-mail, a phone, `account:<name>`), or
// `member:<id>` for a signed-in member's own request. Rows from before count under their destination.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table verification_codes add column requested_as text`.execute(db);
  await sql`update verification_codes set requested_as = destination`.execute(db);
  await sql`alter table verification_codes alter column requested_as set not null`.execute(db);
  await sql`create index verification_codes_requested_as_idx on verification_codes (requested_as, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index verification_codes_requested_as_idx`.execute(db);
  await sql`alter table verification_codes drop column requested_as`.execute(db);
}
