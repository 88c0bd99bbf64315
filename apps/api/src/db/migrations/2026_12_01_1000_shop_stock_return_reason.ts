import { sql, type Kysely } from 'kysely';

// A member shop's stock change for goods returned through after-sales no longer stores an English
// reason: its cause ("After-sales return") and its case number say it in the reader's language.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update shop_stock_adjustments set reason = '' where cause = 'after_sale' and reason = 'returned, resellable'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
