import { sql, type Kysely } from 'kysely';

// Which way an operator decided: `command_line` for an operator command (`npm run ops`), so the audit
// log tells a decision typed at the machine from one made in the console. Earlier entries stay null.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table operator_actions add column via text check (via in ('command_line'))`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
