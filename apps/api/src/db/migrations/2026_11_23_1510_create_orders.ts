import { sql, type Kysely } from 'kysely';

// Orders of the regular shop: snapshots of what was bought and where it goes, the amounts in
// integer minor units, a status changed only by conditional updates, and the parcels it ships in.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;

  // One row: the operator's order settings.
  await db.schema
    .createTable('order_settings')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('expiry_minutes', 'integer', (c) => c.notNull().defaultTo(30).check(sql`expiry_minutes between 1 and 10080`))
    .addColumn('auto_confirm_days', 'integer', (c) => c.notNull().defaultTo(10).check(sql`auto_confirm_days between 1 and 90`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo('system'))
    .execute();
  await sql`insert into order_settings (id) values (true)`.execute(db);

  // The global operating fee: a share of the subtotal per destination country, in basis points.
  await db.schema
    .createTable('operating_fees')
    .addColumn('country_code', 'text', (c) => c.primaryKey())
    .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .execute();

  // Freight of a regular order per destination country; free from a subtotal when set.
  await db.schema
    .createTable('shipping_fees')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull().check(sql`fee_minor >= 0`))
    .addColumn('free_over_minor', 'bigint', (c) => c.check(sql`free_over_minor >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('shipping_fees_pkey', ['country_code', 'currency'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('regular').check(sql`kind in ('regular', 'group_buy', 'international')`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('awaiting_payment', 'paid', 'shipped', 'completed', 'cancelled', 'closed', 'refunding', 'refunded')`),
    )
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull().check(sql`subtotal_minor >= 0`))
    .addColumn('coupon_discount_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`coupon_discount_minor >= 0`))
    .addColumn('operating_fee_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('operating_fee_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`operating_fee_minor >= 0`))
    .addColumn('freight_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`freight_minor >= 0`))
    .addColumn('points_used', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`points_used >= 0`))
    .addColumn('points_value_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`points_value_minor >= 0`))
    .addColumn('total_minor', 'bigint', (c) => c.notNull().check(sql`total_minor >= 0`))
    .addColumn('country_code', 'text', (c) => c.notNull())
    /** The shipping address as it was when the order was placed. */
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('remarks', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('shipped_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('closed_at', 'timestamptz')
    .addColumn('cancel_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_reminded_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('orders_total_adds_up', sql`total_minor = subtotal_minor - coupon_discount_minor - points_value_minor + operating_fee_minor + freight_minor`)
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('orders_user_status_idx').on('orders').columns(['user_id', 'status', 'id desc']).execute();
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id desc']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('goods_id', 'integer', (c) => c.notNull())
    .addColumn('sku_id', 'integer', (c) => c.notNull())
    /** Goods name and spec text per language, as they were. */
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('spec_text', 'jsonb', (c) => c.notNull())
    .addColumn('image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull().check(sql`unit_price_minor >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('line_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('shipped_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('order_lines_shipped_within', sql`shipped_quantity between 0 and quantity`)
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').column('order_id').execute();

  // What happened to an order, by whom and why: member actions, operator decisions, jobs.
  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_events_kind_idx').on('order_events').columns(['kind', 'id desc']).execute();

  await db.schema
    .createTable('order_packages')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    /** Who reports its events: `manual` (operators), or a tracking provider's name. */
    .addColumn('tracking_provider', 'text', (c) => c.notNull().defaultTo('manual'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('in_transit').check(sql`status in ('in_transit', 'delivered')`))
    .addColumn('shipped_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('tracked_at', 'timestamptz')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addUniqueConstraint('order_packages_tracking_key', ['carrier', 'tracking_number'])
    .execute();
  await db.schema.createIndex('order_packages_order_idx').on('order_packages').column('order_id').execute();

  await db.schema
    .createTable('package_lines')
    .addColumn('package_id', 'bigint', (c) => c.notNull().references('order_packages.id').onDelete('cascade'))
    .addColumn('order_line_id', 'bigint', (c) => c.notNull().references('order_lines.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('package_lines_pkey', ['package_id', 'order_line_id'])
    .execute();

  await db.schema
    .createTable('tracking_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('package_id', 'bigint', (c) => c.notNull().references('order_packages.id').onDelete('cascade'))
    .addColumn('happened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('tracking_events_once', ['package_id', 'happened_at', 'text'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
