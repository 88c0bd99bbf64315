import { sql, type Kysely } from 'kysely';

// A guess at a password is written among the login failures before its hash is checked, so that
// concurrent guesses cannot all be checked before the lock counts them: `pending_until` marks such
// a row while its guess is being checked (a right guess deletes it, a wrong one settles it). A row
// whose process died counts as a failure once the time has passed.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_failures add column pending_until timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table login_failures drop column pending_until`.execute(db);
}
