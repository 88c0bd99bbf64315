import { sql, type Kysely } from 'kysely';

// A member's sign-in failure keeps the identifier as it was typed (trimmed, lower case), beside the
// key it counts under (`user:<id>` for every name of an account): "too many failed attempts" then
// follows what was typed, the same for a known and an unknown identifier, while the account's own
// count still stops guesses through its other names. Unknown identifiers were counted by their text
// already (`name:<text>`), so their rows get it at once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table login_failures add column typed text`.execute(db);
  await sql`update login_failures set typed = substr(account, 6) where starts_with(account, 'name:')`.execute(db);
  await sql`create index login_failures_typed_idx on login_failures (typed, created_at) where typed is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
