import { sql, type Kysely } from 'kysely';

// Payments: one state machine per payment of a payable (order, charity order, top-up), the events
// that moved it, flags for an operator, refunds with their own state, the pay methods an operator
// enables per currency and country with their fee, and the notices members read before paying.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .createTable('pay_methods')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    /** The gateway that takes it, or null for the ledger (balance, points, shopping points, gift-card value). */
    .addColumn('gateway', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** ISO 3166 alpha-2 of the member's country, or '*' for any. */
    .addColumn('country_code', 'text', (c) => c.notNull().defaultTo('*'))
    .addColumn('fee_bp', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fee_bp >= 0 and fee_bp <= 10000`))
    .addColumn('fee_fixed_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee_fixed_minor >= 0`))
    /** Points methods: points needed per one major unit of the currency. */
    .addColumn('points_per_unit', 'integer', (c) => c.check(sql`points_per_unit > 0`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo('install'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('pay_methods_code_currency_country_key', ['code', 'currency', 'country_code'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('payable_type', 'text', (c) => c.notNull().check(sql`payable_type in ('order', 'charity', 'recharge')`))
    .addColumn('payable_id', 'bigint', (c) => c.notNull())
    .addColumn('method_code', 'text', (c) => c.notNull())
    .addColumn('gateway', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** What the payable costs (its own total). */
    .addColumn('payable_minor', 'bigint', (c) => c.notNull().check(sql`payable_minor > 0`))
    .addColumn('fee_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee_minor >= 0`))
    /** Taken from the member's ledger account (held until the gateway part succeeds when mixed). */
    .addColumn('ledger_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`ledger_minor >= 0`))
    .addColumn('ledger_asset', 'text')
    /** The ledger part in its own units (points for points, else equal to ledger_minor). */
    .addColumn('ledger_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ledger_currency', 'text')
    /** Charged at the gateway: the payable less the ledger part, plus the fee. */
    .addColumn('gateway_minor', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`gateway_minor >= 0`))
    .addColumn('hold_id', 'bigint', (c) => c.references('holds.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('created', 'pending', 'succeeded', 'failed', 'canceled', 'expired')`))
    .addColumn('provider_ref', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('client_secret', 'text')
    .addColumn('sdk_params', 'jsonb')
    .addColumn('failure_reason', 'text')
    .addColumn('entry_id', 'bigint')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('last_inquired_at', 'timestamptz')
    .addCheckConstraint('payments_parts_check', sql`ledger_minor + gateway_minor - fee_minor = payable_minor`)
    .execute();
  await db.schema.createIndex('payments_payable_idx').on('payments').columns(['payable_type', 'payable_id', 'id desc']).execute();
  await db.schema.createIndex('payments_user_idx').on('payments').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('payments_provider_ref_key').on('payments').columns(['gateway', 'provider_ref']).unique().where(sql.ref('provider_ref'), 'is not', null).execute();
  await db.schema.createIndex('payments_open_idx').on('payments').columns(['status', 'updated_at']).where(sql.ref('status'), 'in', ['created', 'pending']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('provider_event_id', 'text')
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('payment_events_payment_idx').on('payment_events').columns(['payment_id', 'id']).execute();
  // One transition into each state per payment, whoever races to write it.
  await db.schema.createIndex('payment_events_one_transition_key').on('payment_events').columns(['payment_id', 'to_status']).unique().where(sql.ref('kind'), '=', 'transition').execute();

  await db.schema
    .createTable('payment_flags')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id'))
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('amount_mismatch', 'currency_mismatch', 'merchant_mismatch', 'paid_after_expiry', 'paid_after_cancel', 'payable_not_payable', 'refund_failed')`),
    )
    .addColumn('refund_needed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('resolved_at', 'timestamptz')
    .addColumn('resolved_by', 'text')
    .addUniqueConstraint('payment_flags_payment_kind_key', ['payment_id', 'kind'])
    .execute();

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'bigint', (c) => c.notNull().references('payments.id'))
    /** What caused it (`order-cancel:<id>` …): one refund per cause. */
    .addColumn('cause', 'text', (c) => c.notNull().unique())
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('gateway', 'ledger')`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'succeeded', 'failed')`))
    .addColumn('provider_ref', 'text')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entry_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('payment_refunds_payment_idx').on('payment_refunds').columns(['payment_id']).execute();

  await db.schema
    .createTable('payable_pay_choices')
    .addColumn('payable_type', 'text', (c) => c.notNull())
    .addColumn('payable_id', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('method_code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('chosen_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('payable_pay_choices_pkey', ['payable_type', 'payable_id'])
    .execute();

  await db.schema
    .createTable('payment_notice_reads')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('method_code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('reads', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('payment_notice_reads_pkey', ['user_id', 'method_code', 'currency'])
    .execute();

  // The methods a fresh install offers: the ledger's everywhere, the gateways in the currencies they take.
  const m = (code: string, gateway: string | null, method: string, currency: string, fee_bp: number, sort: number, extra: Record<string, unknown> = {}) => ({ code, gateway, method, currency, fee_bp, sort, ...extra });
  const rows = [
    ...['USD', 'MYR', 'CNY'].flatMap((c) => [m('balance', null, 'cash', c, 0, 1), m('gift_card', null, 'gift_card', c, 0, 4)]),
    ...['USD', 'MYR', 'CNY'].flatMap((c) => [m('points', null, 'points', c, 0, 2, { points_per_unit: 100 }), m('shopping_points', null, 'shopping_points', c, 0, 3, { points_per_unit: 100 })]),
    ...['USD', 'MYR', 'SGD', 'CNY', 'JPY', 'HKD', 'THB'].map((c) => m('stripe_card', 'stripe', 'card', c, 290, 10)),
    m('stripe_fpx', 'stripe', 'fpx', 'MYR', 150, 11),
    m('stripe_grabpay', 'stripe', 'grabpay', 'MYR', 200, 12),
    m('stripe_grabpay', 'stripe', 'grabpay', 'SGD', 200, 12),
    ...['USD', 'MYR', 'SGD', 'CNY', 'HKD'].map((c) => m('airwallex_card', 'airwallex', 'card', c, 280, 20)),
    m('airwallex_tng', 'airwallex', 'tng', 'MYR', 150, 21),
    m('airwallex_boost', 'airwallex', 'boost', 'MYR', 150, 22),
    m('airwallex_grabpay', 'airwallex', 'grabpay', 'MYR', 180, 23),
  ];
  await db.insertInto('pay_methods').values(rows).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
