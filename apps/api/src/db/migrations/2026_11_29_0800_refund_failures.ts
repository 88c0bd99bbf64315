import { sql, type Kysely } from 'kysely';

// A gateway refund the provider refuses for good is failed with its reason; one the provider cannot
// be reached for is asked again with backoff, and raised to operators once it is pending too long
// (`refund_overdue`). A case records the card surcharge that came back with its refund, beside the
// order's value it refunded, so it shows what actually went back to the member.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table payment_refunds
      add column failure_reason text,
      add column attempts integer not null default 0,
      add column next_attempt_at timestamptz,
      add column last_error text
  `.execute(db);
  await sql`alter table payment_flags drop constraint payment_flags_kind_check`.execute(db);
  await sql`
    alter table payment_flags add constraint payment_flags_kind_check
      check (kind in ('amount_mismatch', 'currency_mismatch', 'merchant_mismatch', 'paid_after_expiry', 'paid_after_cancel', 'payable_not_payable', 'refund_failed', 'refund_overdue'))
  `.execute(db);
  await sql`alter table after_sales add column refunded_fee_minor bigint not null default 0 check (refunded_fee_minor >= 0)`.execute(db);
  // Cases refunded before: what their refunds gave back past the order's value was the surcharge.
  await sql`
    update after_sales c set refunded_fee_minor = greatest(0, r.back - c.refunded_minor)
    from (
      select split_part(cause, ':', 2)::bigint as case_id, sum(amount_minor) as back
      from payment_refunds where cause ~ '^after-sale:[0-9]+(:|$)' and status = 'succeeded' group by 1
    ) r
    where r.case_id = c.id and c.status = 'refunded' and c.refunded_minor is not null
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
