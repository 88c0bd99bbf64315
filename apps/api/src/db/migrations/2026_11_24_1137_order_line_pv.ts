import { sql, type Kysely } from 'kysely';

// Each order line keeps the PV of one unit as it was when the order was placed (the SKU's PV), so
// what a sale adds to the referral team's performance does not move when an operator changes the
// SKU later. Lines placed before this column existed take their SKU's PV now: the nearest record
// there is (PV itself arrived one day earlier).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('pv', 'integer', (c) => c.notNull().defaultTo(0).check(sql`pv >= 0`)).execute();
  await sql`update order_lines l set pv = s.pv from goods_skus s where s.id = l.sku_id and s.pv <> 0`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
