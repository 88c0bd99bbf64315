import { sql, type Kysely } from 'kysely';

// Points and shopping points at checkout: what they are worth, how much of an order they may pay,
// what an order earns when it completes, and on each order what was held, spent and earned.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_settings')
    // Points (and shopping points) worth one major unit of the order's currency.
    .addColumn('points_per_unit', 'integer', (c) => c.notNull().defaultTo(100).check(sql`points_per_unit between 1 and 1000000`))
    .addColumn('shopping_points_per_unit', 'integer', (c) => c.notNull().defaultTo(100).check(sql`shopping_points_per_unit between 1 and 1000000`))
    // The largest share of the goods (after the coupon) both kinds together may pay, in basis points.
    .addColumn('points_max_share_bp', 'integer', (c) => c.notNull().defaultTo(10000).check(sql`points_max_share_bp between 0 and 10000`))
    // Points earned on a completed order, as a share of the goods paid in money, for goods without their own rule.
    .addColumn('earn_rate_bp', 'integer', (c) => c.notNull().defaultTo(100).check(sql`earn_rate_bp between 0 and 10000`))
    .execute();

  // Goods whose units earn a set number of points each instead of the operator's percentage.
  await db.schema
    .createTable('goods_points')
    .addColumn('goods_id', 'bigint', (c) => c.primaryKey().references('goods.id').onDelete('cascade'))
    .addColumn('points_per_unit', 'integer', (c) => c.notNull().check(sql`points_per_unit between 0 and 100000000`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('shopping_points_used', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`shopping_points_used >= 0`))
    .addColumn('shopping_points_value_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`shopping_points_value_minor >= 0`))
    // The ledger holds of what the member spent, pending until the order is paid or ends.
    .addColumn('points_hold_id', 'bigint', (c) => c.references('holds.id'))
    .addColumn('shopping_points_hold_id', 'bigint', (c) => c.references('holds.id'))
    // Points the order earns, fixed when it is placed and posted once when it completes.
    .addColumn('points_earned', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`points_earned >= 0`))
    .addColumn('points_earned_at', 'timestamptz')
    .execute();
  await sql`alter table orders drop constraint orders_total_adds_up`.execute(db);
  await sql`alter table orders add constraint orders_total_adds_up check (total_minor = subtotal_minor - coupon_discount_minor - points_value_minor - shopping_points_value_minor + operating_fee_minor + freight_minor)`.execute(db);
}
