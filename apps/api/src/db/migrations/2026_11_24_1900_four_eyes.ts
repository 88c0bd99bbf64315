import { sql, type Kysely } from 'kysely';

// Four eyes on value. `approval_requests`: what an operator asked for that creates value or moves it
// into a member's hands, carried out only when a second operator approves it (or at once, at or under
// the threshold an owner set for its kind and currency), with who, when and why on both sides.
// `approval_limits`: those thresholds and each operator's daily limit. Operators may be linked to the
// member account the same person holds, so nobody decides about their own account; a withdrawal keeps
// who approved it (two above the payout threshold) and who marked it paid, never the same operator.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('approval_requests')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'rejected', 'cancelled')`))
    .addColumn('member_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.check(sql`amount >= 0`))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`char_length(reason) between 1 and 500`))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_by_id', 'bigint')
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('automatic', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('decided_by', 'text')
    .addColumn('decided_by_id', 'bigint')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('decision_reason', 'text')
    .addColumn('result', 'jsonb')
    .execute();
  // One request waiting per subject (a top-up's confirmation asked twice is the same request).
  await sql`create unique index approval_requests_subject_idx on approval_requests (kind, subject) where status = 'pending' and subject is not null`.execute(db);
  await sql`create index approval_requests_status_idx on approval_requests (status, id desc)`.execute(db);
  await sql`create index approval_requests_daily_idx on approval_requests (requested_by, kind, currency, requested_at) where status in ('pending', 'approved')`.execute(db);

  await db.schema
    .createTable('approval_limits')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('auto_up_to', 'bigint', (c) => c.check(sql`auto_up_to >= 0`))
    .addColumn('daily_limit', 'bigint', (c) => c.check(sql`daily_limit > 0`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('approval_limits_pk', ['kind', 'currency'])
    .execute();

  // A withdrawal above 1,000.00 (in minor units of its currency) takes two approvers until an owner says otherwise.
  await db.insertInto('approval_limits').values({ kind: 'withdrawal.payout', currency: '*', auto_up_to: 100_000, daily_limit: null, updated_by: 'system' }).execute();

  await db.schema.alterTable('operators').addColumn('member_id', 'bigint', (c) => c.references('users.id').unique()).execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('approvers', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('paid_by', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
