import { sql, type Kysely } from 'kysely';

// The referral team: the binary placement tree (with a closure table for subtree reads), PV per
// settled order and per leg and day, the daily pair bonus, referral commissions, star ranks and
// applications for roles. Every number of the plan is an operator setting (one row, defaults here).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('referral_settings')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('placement_deadline_days', 'integer', (c) => c.notNull().defaultTo(7).check(sql`placement_deadline_days between 1 and 365`))
    .addColumn('pair_unit_pv', 'integer', (c) => c.notNull().defaultTo(100).check(sql`pair_unit_pv between 1 and 1000000`))
    .addColumn('pair_rate_bp', 'integer', (c) => c.notNull().defaultTo(1000).check(sql`pair_rate_bp between 0 and 10000`))
    // Money per PV in minor units of the bonus currency (100 = 1.00 per PV).
    .addColumn('pv_value_minor', 'integer', (c) => c.notNull().defaultTo(100).check(sql`pv_value_minor between 0 and 1000000`))
    .addColumn('bonus_currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('default_daily_cap_minor', 'bigint', (c) => c.notNull().defaultTo(30000).check(sql`default_daily_cap_minor >= 0`))
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Kuala_Lumpur'))
    .addColumn('commission_levels', 'integer', (c) => c.notNull().defaultTo(2).check(sql`commission_levels between 0 and 3`))
    .addColumn('level1_rate_bp', 'integer', (c) => c.notNull().defaultTo(500).check(sql`level1_rate_bp between 0 and 5000`))
    .addColumn('level2_rate_bp', 'integer', (c) => c.notNull().defaultTo(200).check(sql`level2_rate_bp between 0 and 5000`))
    .addColumn('level3_rate_bp', 'integer', (c) => c.notNull().defaultTo(0).check(sql`level3_rate_bp between 0 and 5000`))
    .addColumn('keep_star', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo('system'))
    .execute();
  await db.insertInto('referral_settings').values({ id: true }).execute();

  // The star ladder: the highest star whose every condition holds is the member's.
  await db.schema
    .createTable('star_levels')
    .addColumn('star', 'integer', (c) => c.primaryKey().check(sql`star between 1 and 20`))
    .addColumn('personal_pv', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('direct_members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('weak_leg_pv', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('directs_at_star', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('directs_at_star_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('daily_cap_minor', 'bigint', (c) => c.notNull().check(sql`daily_cap_minor >= 0`))
    .execute();
  await db
    .insertInto('star_levels')
    .values([
      { star: 1, personal_pv: 100, direct_members: 1, weak_leg_pv: 0, directs_at_star: 0, directs_at_star_count: 0, daily_cap_minor: 30000 },
      { star: 2, personal_pv: 300, direct_members: 3, weak_leg_pv: 1000, directs_at_star: 0, directs_at_star_count: 0, daily_cap_minor: 50000 },
      { star: 3, personal_pv: 500, direct_members: 5, weak_leg_pv: 5000, directs_at_star: 1, directs_at_star_count: 2, daily_cap_minor: 100000 },
      { star: 4, personal_pv: 1000, direct_members: 8, weak_leg_pv: 20000, directs_at_star: 2, directs_at_star_count: 3, daily_cap_minor: 200000 },
      { star: 5, personal_pv: 2000, direct_members: 10, weak_leg_pv: 50000, directs_at_star: 3, directs_at_star_count: 3, daily_cap_minor: 500000 },
    ])
    .execute();

  // The placement tree: at most one member per (parent, side); one root (no parent).
  await db.schema
    .createTable('placements')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('parent_id', 'integer', (c) => c.references('placements.member_id'))
    .addColumn('side', 'text', (c) => c.check(sql`side in ('L', 'R')`))
    .addColumn('depth', 'integer', (c) => c.notNull())
    .addColumn('placed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('placed_by', 'text', (c) => c.notNull())
    .addColumn('how', 'text', (c) => c.notNull().check(sql`how in ('root', 'member', 'job', 'operator')`))
    .addUniqueConstraint('placements_slot', ['parent_id', 'side'])
    .addCheckConstraint('placements_root_has_no_side', sql`(parent_id is null) = (side is null)`)
    .execute();
  await sql`create unique index placements_one_root on placements ((true)) where parent_id is null`.execute(db);
  // Every (ancestor, descendant) pair with its distance and the ancestor's leg it lies in.
  await db.schema
    .createTable('placement_paths')
    .addColumn('ancestor_id', 'integer', (c) => c.notNull().references('placements.member_id'))
    .addColumn('descendant_id', 'integer', (c) => c.notNull().references('placements.member_id'))
    .addColumn('depth', 'integer', (c) => c.notNull().check(sql`depth > 0`))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('L', 'R')`))
    .addPrimaryKeyConstraint('placement_paths_pk', ['ancestor_id', 'descendant_id'])
    .execute();
  await db.schema.createIndex('placement_paths_descendant').on('placement_paths').columns(['descendant_id', 'depth']).execute();
  await db.schema.createIndex('placement_paths_ancestor_side').on('placement_paths').columns(['ancestor_id', 'side', 'depth']).execute();

  // A member's running figures: personal PV, leg PV since placement, star.
  await db.schema
    .createTable('referral_stats')
    .addColumn('member_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('personal_pv', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('left_pv', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('right_pv', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('star', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('star_at', 'timestamptz')
    .addColumn('star_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('star_history')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('star', 'integer', (c) => c.notNull())
    .addColumn('reached_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('star_history_pk', ['member_id', 'star'])
    .execute();

  // One row per settled order with PV: whether it entered the legs (the buyer was placed then).
  await db.schema
    .createTable('pv_entries')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('pv', 'integer', (c) => c.notNull().check(sql`pv > 0`))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('in_legs', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pv_entries_member').on('pv_entries').columns(['member_id', 'created_at']).execute();
  // PV that entered each leg of each member per day (the pair bonus's input).
  await db.schema
    .createTable('leg_pv_days')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('left_pv', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('right_pv', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('leg_pv_days_pk', ['member_id', 'day'])
    .execute();
  await db.schema.createIndex('leg_pv_days_day').on('leg_pv_days').column('day').execute();

  // Pair bonus: one run per day, one result per member and day.
  await db.schema
    .createTable('pair_runs')
    .addColumn('day', 'date', (c) => c.primaryKey())
    .addColumn('members', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pairs', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('flushed_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ran_by', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pair_results')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'date', (c) => c.notNull().references('pair_runs.day'))
    .addColumn('left_before', 'bigint', (c) => c.notNull())
    .addColumn('right_before', 'bigint', (c) => c.notNull())
    .addColumn('left_added', 'bigint', (c) => c.notNull())
    .addColumn('right_added', 'bigint', (c) => c.notNull())
    .addColumn('pairs', 'bigint', (c) => c.notNull())
    .addColumn('consumed', 'bigint', (c) => c.notNull())
    .addColumn('gross_minor', 'bigint', (c) => c.notNull())
    .addColumn('paid_minor', 'bigint', (c) => c.notNull())
    .addColumn('flushed_minor', 'bigint', (c) => c.notNull())
    .addColumn('left_carry', 'bigint', (c) => c.notNull().check(sql`left_carry >= 0`))
    .addColumn('right_carry', 'bigint', (c) => c.notNull().check(sql`right_carry >= 0`))
    .addColumn('cap_minor', 'bigint', (c) => c.notNull())
    .addColumn('star', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addPrimaryKeyConstraint('pair_results_pk', ['member_id', 'day'])
    .execute();
  await db.schema.createIndex('pair_results_day').on('pair_results').column('day').execute();

  // Referral commissions: written pending at payment, posted when the order settles, void on a refund before.
  await db.schema
    .createTable('commissions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('beneficiary_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('level', 'integer', (c) => c.notNull().check(sql`level between 1 and 3`))
    .addColumn('base_minor', 'bigint', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'settled', 'void', 'reversed')`))
    .addColumn('posted_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('debt_netted_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reversed_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('debt_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('entry_id', 'integer')
    .addColumn('reversal_entry_id', 'integer')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addUniqueConstraint('commissions_order_level', ['order_id', 'level'])
    .execute();
  await db.schema.createIndex('commissions_beneficiary').on('commissions').columns(['beneficiary_id', 'status']).execute();
  // What a reversal could not take back from a member's rewards, netted from their next earnings.
  await db.schema
    .createTable('commission_debts')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addPrimaryKeyConstraint('commission_debts_pk', ['member_id', 'currency'])
    .execute();

  // Applications for a role: one pending per member and kind; approval grants the role.
  await db.schema
    .createTable('role_applications')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('dealer', 'service_centre', 'shop_owner')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('fields', 'jsonb', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'text')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index role_applications_one_pending on role_applications (member_id, kind) where status = 'pending'`.execute(db);
  await db.schema.createIndex('role_applications_status').on('role_applications').columns(['status', 'created_at']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
