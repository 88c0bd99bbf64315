import { sql, type Kysely } from 'kysely';

// Categories and charity causes get the moment they were last changed: a console editor sends the
// one it loaded, and a save from a copy changed since is refused (it would undo that change).

const TABLES = ['categories', 'charity_causes'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await sql`alter table ${sql.table(table)} add column if not exists updated_at timestamptz not null default date_trunc('milliseconds', now())`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
