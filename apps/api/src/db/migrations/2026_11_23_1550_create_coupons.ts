import { sql, type Kysely } from 'kysely';

// Coupon codes operators issue: an amount or a percentage off, a minimum spend, a validity window,
// uses per member and in total, counted by conditional updates so no use is granted twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('coupons')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`code = upper(code)`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('amount', 'percent')`))
    .addColumn('amount_minor', 'bigint', (c) => c.check(sql`amount_minor > 0`))
    .addColumn('percent_bp', 'integer', (c) => c.check(sql`percent_bp between 1 and 10000`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('min_spend_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`min_spend_minor >= 0`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('per_member_limit', 'integer', (c) => c.notNull().defaultTo(1).check(sql`per_member_limit >= 1`))
    .addColumn('total_limit', 'integer', (c) => c.check(sql`total_limit >= 1`))
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0).check(sql`used >= 0`))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('coupons_within_total', sql`total_limit is null or used <= total_limit`)
    .addCheckConstraint('coupons_kind_value', sql`(kind = 'amount' and amount_minor is not null) or (kind = 'percent' and percent_bp is not null)`)
    .execute();

  await db.schema
    .createTable('coupon_member_uses')
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('uses', 'integer', (c) => c.notNull().check(sql`uses >= 0`))
    .addPrimaryKeyConstraint('coupon_member_uses_pkey', ['coupon_id', 'user_id'])
    .execute();

  await db.schema.alterTable('orders').addColumn('coupon_id', 'integer', (c) => c.references('coupons.id')).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
