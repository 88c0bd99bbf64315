import { sql, type Kysely } from 'kysely';

// Member-shop orders earn for the referral team like regular orders: a PV entry and the commissions
// name either a regular order or a shop order (exactly one), each written once per shop order (PV)
// and per (shop order, level) (commissions), as they are per order.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table pv_entries
      drop constraint pv_entries_pkey,
      alter column order_id drop not null,
      add column shop_order_id bigint references shop_orders(id),
      add constraint pv_entries_one_order check (num_nonnulls(order_id, shop_order_id) = 1),
      add constraint pv_entries_order_uq unique (order_id),
      add constraint pv_entries_shop_order_uq unique (shop_order_id);

    alter table commissions
      alter column order_id drop not null,
      add column shop_order_id bigint references shop_orders(id),
      add constraint commissions_one_order check (num_nonnulls(order_id, shop_order_id) = 1),
      add constraint commissions_shop_order_level unique (shop_order_id, level);
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
