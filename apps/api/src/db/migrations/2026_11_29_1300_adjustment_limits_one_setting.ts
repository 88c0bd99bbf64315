import { sql, type Kysely } from 'kysely';

// The approval limit of balance adjustments was kept twice: per currency in `ledger_adjustment_limits`
// (the Adjustments page) and as the `ledger.adjust` threshold in `approval_limits` (the Approvals
// page). It is one setting, the threshold: each currency's limit becomes its threshold where the
// Approvals page had set none, and the older table goes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into approval_limits (kind, currency, auto_up_to, daily_limit, updated_by, updated_at)
    select 'ledger.adjust', currency, amount, null, updated_by, updated_at from ledger_adjustment_limits
    on conflict (kind, currency) do nothing`.execute(db);
  await db.schema.dropTable('ledger_adjustment_limits').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
