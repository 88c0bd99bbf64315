import { sql, type Kysely } from 'kysely';

// The console's small lists edited row by row (after-sales reasons, carriers, return addresses and
// service points, feedback categories, canned chat replies) get the moment each row was last changed:
// an editor sends the one it loaded, and a save from a copy changed since is refused (it would undo
// that change).

const TABLES = ['after_sale_reasons', 'after_sale_carriers', 'after_sale_addresses', 'feedback_categories', 'chat_canned_replies'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`alter table ${sql.table(table)} add column if not exists updated_at timestamptz not null default date_trunc('milliseconds', now())`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
