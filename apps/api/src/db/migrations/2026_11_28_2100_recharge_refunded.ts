import { sql, type Kysely } from 'kysely';

// A top-up whose gateway payment is refunded gives its credit back out of the wallet and says so:
// refunded in full, or partly (`wallet/recharge-refund.ts`).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table recharge_orders drop constraint recharge_orders_status_check`.execute(db);
  await sql`alter table recharge_orders add constraint recharge_orders_status_check check (status in ('awaiting_payment', 'under_review', 'paid', 'rejected', 'cancelled', 'expired', 'partly_refunded', 'refunded'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table recharge_orders drop constraint recharge_orders_status_check`.execute(db);
  await sql`alter table recharge_orders add constraint recharge_orders_status_check check (status in ('awaiting_payment', 'under_review', 'paid', 'rejected', 'cancelled', 'expired'))`.execute(db);
}
