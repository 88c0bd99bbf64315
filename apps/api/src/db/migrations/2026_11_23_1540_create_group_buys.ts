import { sql, type Kysely } from 'kysely';

// Group buys (pintuan): operators set up activities on an SKU; members open or join groups; a group
// succeeds when it fills (or by virtual fill at its deadline), otherwise every paid order is refunded.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('group_buy_activities')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('goods_id', 'integer', (c) => c.notNull().references('goods.id'))
    .addColumn('sku_id', 'integer', (c) => c.notNull().references('goods_skus.id'))
    .addColumn('group_size', 'integer', (c) => c.notNull().check(sql`group_size between 2 and 100`))
    .addColumn('fill_hours', 'integer', (c) => c.notNull().check(sql`fill_hours between 1 and 720`))
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('price_minor', 'bigint', (c) => c.notNull().check(sql`price_minor >= 0`))
    .addColumn('per_order_limit', 'integer', (c) => c.notNull().defaultTo(1).check(sql`per_order_limit >= 1`))
    .addColumn('per_member_limit', 'integer', (c) => c.notNull().defaultTo(1).check(sql`per_member_limit >= 1`))
    /** Units set aside for the activity; what is left of them. */
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    /** At its deadline a group this full (percent of its size) succeeds anyway; 0: never. */
    .addColumn('virtual_fill_percent', 'integer', (c) => c.notNull().defaultTo(0).check(sql`virtual_fill_percent between 0 and 100`))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('group_buy_activities_window', sql`ends_at > starts_at`)
    .execute();

  await db.schema
    .createTable('group_buy_groups')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('group_buy_activities.id'))
    .addColumn('leader_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('size', 'integer', (c) => c.notNull())
    /** Paid members in the group. */
    .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'succeeded', 'failed')`))
    .addColumn('virtual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('group_buy_groups_not_over', sql`member_count between 0 and size`)
    .execute();
  await db.schema.createIndex('group_buy_groups_open_idx').on('group_buy_groups').columns(['activity_id', 'status', 'expires_at']).execute();

  await db.schema
    .createTable('group_buy_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('group_buy_groups.id'))
    .addColumn('activity_id', 'integer', (c) => c.notNull().references('group_buy_activities.id'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    /** pending: ordered, not paid; joined: paid, counted in the group; dropped: cancelled, closed or refunded. */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'joined', 'dropped')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  // One entry per member per group.
  await sql`create unique index group_buy_entries_member_once on group_buy_entries (group_id, user_id) where status <> 'dropped'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
