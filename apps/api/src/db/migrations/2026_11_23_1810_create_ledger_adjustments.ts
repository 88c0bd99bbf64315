import { sql, type Kysely } from 'kysely';

// Manual adjustments of members' balances by operators: each one with its reason, posted at once
// up to its currency's approval limit, otherwise waiting for a second operator. The limits per
// currency (`XXX` for points) are set by an operator; a currency without one needs approval always.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('ledger_adjustments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('asset', 'text', (c) => c.notNull().check(sql`asset in ('cash', 'points', 'shopping_points')`))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`length(trim(reason)) > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'posted', 'rejected')`))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('entry_id', 'bigint', (c) => c.references('journal_entries.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('decided_at', 'timestamptz')
    // An approver is another operator than the one who asked (an adjustment within the limit is posted undecided); a posted adjustment names its entry.
    .addCheckConstraint('ledger_adjustments_other_approver', sql`decided_by is null or decided_by <> requested_by or status <> 'posted'`)
    .addCheckConstraint('ledger_adjustments_posted_entry', sql`(status = 'posted') = (entry_id is not null)`)
    .execute();
  await db.schema.createIndex('ledger_adjustments_status_idx').on('ledger_adjustments').columns(['status', 'id']).execute();
  await db.schema.createIndex('ledger_adjustments_user_idx').on('ledger_adjustments').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('ledger_adjustment_limits')
    .addColumn('currency', 'text', (c) => c.primaryKey().references('currencies.code'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
