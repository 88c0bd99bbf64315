import { sql, type Kysely } from 'kysely';

// Group-buy activities get the moment they were last changed: the console's editor sends the one it
// loaded, and a change from a copy changed since (or ended since) is refused (it would undo that change).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table group_buy_activities add column if not exists updated_at timestamptz not null default date_trunc('milliseconds', now())`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
