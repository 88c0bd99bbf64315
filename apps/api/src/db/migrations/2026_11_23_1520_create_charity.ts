import { sql, type Kysely } from 'kysely';

// Charity ("love") orders: operators publish causes, members pledge an amount to one; the pledge is
// paid through the payments area like any order.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('charity_causes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('min_amount_minor', 'bigint', (c) => c.notNull().defaultTo(100).check(sql`min_amount_minor > 0`))
    .addColumn('goal_minor', 'bigint', (c) => c.check(sql`goal_minor > 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('charity_orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('cause_id', 'integer', (c) => c.notNull().references('charity_causes.id'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('awaiting_payment', 'paid', 'cancelled', 'closed', 'refunded')`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('charity_orders_user_idx').on('charity_orders').columns(['user_id', 'id desc']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
