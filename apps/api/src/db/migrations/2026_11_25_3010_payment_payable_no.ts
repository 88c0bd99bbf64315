import { sql, type Kysely } from 'kysely';

// A payment keeps the number its member knows the payable by (the order's, the pledge's, the
// top-up's), written when the payment is made: the pay pages' polling of a payment's state reads
// one row, not the payable again. Payments made before are filled in from their payables.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payments add column payable_no text`.execute(db);
  for (const [type, table] of [['order', 'orders'], ['charity', 'charity_orders'], ['recharge', 'recharge_orders'], ['shop_order', 'shop_orders']] as const) {
    await sql`update payments p set payable_no = t.order_no from ${sql.table(table)} t where p.payable_type = ${type} and t.id = p.payable_id`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table payments drop column payable_no`.execute(db);
}
