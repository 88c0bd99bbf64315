import { sql, type Kysely } from 'kysely';

// A goods page in the shop's default order (by status, `sort` descending, then id) read from an index (not a partial one: statements are prepared with the status as a parameter, which a partial index's predicate cannot be proven against):
// without it every page sorted every goods on sale (the large-data bench, 100,000 goods).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index goods_on_sale_order_idx on goods (status, sort desc, id)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
