import { sql, type Kysely } from 'kysely';

// After-sales: a member's case of return, exchange or warranty repair on units of a bought order,
// decided by operators, with its evidence, its shipments both ways and every move of its state as an
// event. The windows and the exchange cap are operator settings; the goods carry their warranty.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('after_sale_settings')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('return_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`return_days between 0 and 365`))
    .addColumn('exchange_days', 'integer', (c) => c.notNull().defaultTo(15).check(sql`exchange_days between 0 and 365`))
    .addColumn('max_exchanges', 'integer', (c) => c.notNull().defaultTo(1).check(sql`max_exchanges between 0 and 100`))
    .addColumn('ship_back_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`ship_back_days between 1 and 90`))
    .addColumn('auto_complete_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`auto_complete_days between 1 and 90`))
    .addColumn('review_edit_days', 'integer', (c) => c.notNull().defaultTo(30).check(sql`review_edit_days between 0 and 365`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo('system'))
    .execute();
  await db.insertInto('after_sale_settings').values({ id: true }).execute();

  await db.schema.alterTable('goods').addColumn('warranty_months', 'integer', (c) => c.notNull().defaultTo(0).check(sql`warranty_months between 0 and 120`)).execute();

  // A member's review is of a bought order line, once; it may be changed once.
  await db.schema
    .alterTable('goods_reviews')
    .addColumn('order_line_id', 'integer', (c) => c.references('order_lines.id').unique())
    .addColumn('edited_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('after_sale_reasons')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('return', 'exchange', 'warranty')`))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('needs_evidence', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('after_sale_reasons_pk', ['kind', 'code'])
    .execute();
  const reasons: Array<[string, string, boolean]> = [
    ['return', 'damaged', true], ['return', 'wrong_item', true], ['return', 'not_as_described', true], ['return', 'changed_mind', false],
    ['exchange', 'wrong_size', false], ['exchange', 'damaged', true], ['exchange', 'wrong_item', true],
    ['warranty', 'not_working', true], ['warranty', 'defect', true],
  ];
  await db.insertInto('after_sale_reasons').values(reasons.map(([kind, code, needs_evidence], sort) => ({ kind, code, needs_evidence, sort }))).execute();

  await db.schema
    .createTable('after_sale_carriers')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('needs_phone_tail', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  const carriers: Array<[string, string, boolean]> = [['poslaju', 'Pos Laju', false], ['jtexpress', 'J&T Express', false], ['ninjavan', 'Ninja Van', false], ['dhl', 'DHL', false], ['sf', 'SF Express', true]];
  await db.insertInto('after_sale_carriers').values(carriers.map(([code, name, needs_phone_tail], sort) => ({ code, name, needs_phone_tail, sort }))).execute();

  // Where goods go back (one return address per country) and the service points of a country.
  await db.schema
    .createTable('after_sale_addresses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('return', 'service')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index after_sale_addresses_one_return on after_sale_addresses (country_code) where kind = 'return' and enabled`.execute(db);

  await db.schema
    .createTable('after_sales')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('case_no', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('return', 'exchange', 'warranty')`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('refundable_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`refundable_minor >= 0`))
    .addColumn('refund_minor', 'bigint', (c) => c.check(sql`refund_minor >= 0`))
    .addColumn('refunded_minor', 'bigint', (c) => c.check(sql`refunded_minor >= 0`))
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('follows_case_id', 'integer', (c) => c.references('after_sales.id'))
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_back_by', 'timestamptz')
    .addColumn('return_carrier_code', 'text')
    .addColumn('return_carrier', 'text')
    .addColumn('return_tracking', 'text')
    .addColumn('return_phone_tail', 'text')
    .addColumn('return_shipped_at', 'timestamptz')
    .addColumn('return_signed_at', 'timestamptz')
    .addColumn('received_at', 'timestamptz')
    .addColumn('resellable', 'boolean')
    .addColumn('replacement_carrier', 'text')
    .addColumn('replacement_tracking', 'text')
    .addColumn('replacement_shipped_at', 'timestamptz')
    .addColumn('replacement_signed_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('after_sales_refund_capped', sql`refund_minor is null or refund_minor <= refundable_minor`)
    .execute();
  await sql`create index after_sales_member_idx on after_sales (user_id, id desc)`.execute(db);
  await sql`create index after_sales_order_idx on after_sales (order_id)`.execute(db);
  await sql`create index after_sales_status_idx on after_sales (status, id)`.execute(db);
  // A rejected case is sent again once.
  await sql`create unique index after_sales_follows_once on after_sales (follows_case_id) where follows_case_id is not null`.execute(db);

  await db.schema
    .createTable('after_sale_lines')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('after_sales.id'))
    .addColumn('order_line_id', 'integer', (c) => c.notNull().references('order_lines.id'))
    .addColumn('qty', 'integer', (c) => c.notNull().check(sql`qty > 0`))
    .addColumn('exchange_sku_id', 'integer', (c) => c.references('goods_skus.id'))
    .addPrimaryKeyConstraint('after_sale_lines_pk', ['case_id', 'order_line_id'])
    .execute();
  await sql`create index after_sale_lines_line_idx on after_sale_lines (order_line_id)`.execute(db);

  await db.schema
    .createTable('after_sale_evidence')
    .addColumn('case_id', 'integer', (c) => c.notNull().references('after_sales.id'))
    .addColumn('upload_id', 'integer', (c) => c.notNull().references('uploads.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video')`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('after_sale_evidence_pk', ['case_id', 'upload_id'])
    .execute();

  await db.schema
    .createTable('after_sale_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('case_id', 'integer', (c) => c.notNull().references('after_sales.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index after_sale_events_case_idx on after_sale_events (case_id, id)`.execute(db);
  // No state is entered twice: the index stands behind the conditional updates.
  await sql`create unique index after_sale_events_state_once on after_sale_events (case_id, to_status) where to_status is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
