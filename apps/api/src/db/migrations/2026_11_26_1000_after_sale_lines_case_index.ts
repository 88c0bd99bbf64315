import { sql, type Kysely } from 'kysely';

// A case's lines are found by the case: the units already in cases of an order (read by every case
// opened and every "what may I ask for"), a case's lines on its pages and in the console. The lines'
// first key led by the case until member-shop orders replaced it with two partial unique indexes,
// which a join on the case alone cannot use: each of those reads scanned every case line of the shop.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index after_sale_lines_case_idx on after_sale_lines (case_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index after_sale_lines_case_idx`.execute(db);
}
