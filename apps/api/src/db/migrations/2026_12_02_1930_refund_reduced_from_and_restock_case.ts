import { sql, type Kysely } from 'kysely';

// A return's refund lowered by an operator keeps the figure it was lowered from, as the console showed
// it when approving: what would have gone back to the member (`refund_reduced_from_minor`, the card's
// surcharge included) and that surcharge (`refund_reduced_fee_minor`). The case page and the message say
// that one figure, before and after the refund (the case's goods value alone read otherwise once it was
// refunded). Cases approved before keep null: their pages read as before.
// A stock adjustment that put a case's returned goods back on sale names the case
// (`after_sale_case_no`): its reason is worded in the reader's language from it, not stored in English.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table after_sales add column refund_reduced_from_minor bigint, add column refund_reduced_fee_minor bigint`.execute(db);
  await sql`alter table stock_adjustments add column after_sale_case_no text`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
