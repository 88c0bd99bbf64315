import { sql, type Kysely } from 'kysely';

// A gateway's success naming our payment but another of the gateway's payments (another payment
// intent under our reference) settles nothing and is flagged for operators: a flag kind of its own.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_flags drop constraint payment_flags_kind_check`.execute(db);
  await sql`
    alter table payment_flags add constraint payment_flags_kind_check
      check (kind in ('amount_mismatch', 'currency_mismatch', 'merchant_mismatch', 'paid_after_expiry', 'paid_after_cancel', 'payable_not_payable', 'refund_failed', 'refund_overdue', 'provider_ref_mismatch'))
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
