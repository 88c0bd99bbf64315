import { sql, type Kysely } from 'kysely';

// A session opened by an operator's first sign-in, before their authenticator is bound, may only bind
// it (or sign out): whoever holds a setup link gets no session that decides anything on a password alone.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operator_sessions add column needs_totp boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table operator_sessions drop column needs_totp`.execute(db);
}
