import { sql, type Kysely } from 'kysely';

// An audit entry's details as facts (numbers, codes, names) the console words in the operator's
// language, instead of an English sentence in its action. Earlier entries stay null and keep their text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operator_actions add column facts jsonb`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
