import { sql, type Kysely } from 'kysely';

// A phone typed at registration is proved by nothing (the code went to the e-mail), so it is kept
// apart from `mobile_pre`/`mobile`, which only a code sent to the phone writes
// (docs/decisions/2026-11-30-registration-phone-unconfirmed.md). It names nobody and blocks nobody:
// no uniqueness, and confirming a number by its code clears every other member's unconfirmed copy.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('unverified_mobile_pre', 'text').addColumn('unverified_mobile', 'text').execute();
  // Confirming a number finds the unconfirmed copies to clear by the national number.
  await sql`create index users_unverified_mobile_idx on users (unverified_mobile) where unverified_mobile is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
