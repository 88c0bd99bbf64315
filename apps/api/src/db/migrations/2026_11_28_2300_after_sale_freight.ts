import { sql, type Kysely } from 'kysely';

// The freight a return case's refundable amount includes (issue #25: the freight comes back only
// with the return that takes back the whole order): kept apart so that it can be worked out again
// when earlier cases end without a return, and when the refund is made.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table after_sales add column freight_minor bigint not null default 0`.execute(db);
  await sql`alter table after_sales add constraint after_sales_freight_within check (freight_minor >= 0 and freight_minor <= refundable_minor)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table after_sales drop constraint after_sales_freight_within`.execute(db);
  await sql`alter table after_sales drop column freight_minor`.execute(db);
}
