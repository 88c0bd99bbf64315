import { sql, type Kysely } from 'kysely';

// Points have one value in every currency, set in the shop's currency: an order in another currency
// records the rate its points were valued at (spent and earned), with the rate's source and date,
// so what the checkout promised stays what it was when the rate changes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders
    add column points_rate numeric check (points_rate > 0),
    add column points_rate_source text,
    add column points_rate_date date,
    add constraint orders_points_rate_complete check ((points_rate is null) = (points_rate_source is null) and (points_rate is null) = (points_rate_date is null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint orders_points_rate_complete, drop column points_rate, drop column points_rate_source, drop column points_rate_date`.execute(db);
}
