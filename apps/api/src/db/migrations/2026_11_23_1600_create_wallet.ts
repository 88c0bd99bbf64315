import { sql, type Kysely } from 'kysely';

// The wallet: the currencies members keep, banks and members' bank cards, top-up channels and
// orders, company collection accounts, withdrawals, transfers between members, fees and limits,
// gift cards and the pool of stablecoin deposit addresses. Balances themselves live in the ledger.
export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  const id = (t: string) => db.schema.createTable(t).addColumn('id', 'bigserial', (c) => c.primaryKey());

  // Points and shopping points are counted, not money: their ledger accounts use ISO 4217's "no currency" code.
  await db.insertInto('currencies').values({ code: 'XXX', minor_units: 0, name: 'Points (no currency)' }).onConflict((oc) => oc.column('code').doNothing()).execute();

  await db.schema
    .createTable('wallet_currencies')
    .addColumn('currency', 'text', (c) => c.primaryKey().references('currencies.code'))
    .addColumn('is_settlement', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index wallet_currencies_one_settlement on wallet_currencies (is_settlement) where is_settlement`.execute(db);
  await db
    .insertInto('wallet_currencies')
    .values([
      { currency: 'USD', is_settlement: true, enabled: true, sort: 1 },
      { currency: 'MYR', is_settlement: false, enabled: true, sort: 2 },
      { currency: 'CNY', is_settlement: false, enabled: true, sort: 3 },
    ])
    .execute();

  await id('banks')
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('bank', 'ewallet')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'bigint', (c) => c.references('banks.id'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('banks_country_idx').on('banks').columns(['country_code', 'type', 'sort']).execute();

  // Real banks and e-wallets of the countries the shop serves (codes: SWIFT/BIC for banks).
  const banks: Array<[string, 'bank' | 'ewallet', string, string, string[]?]> = [
    ['MY', 'bank', 'Maybank', 'MBBEMYKL', ['Maybank Kuala Lumpur Main Branch', 'Maybank Penang Branch', 'Maybank Johor Bahru Branch']],
    ['MY', 'bank', 'CIMB Bank', 'CIBBMYKL'],
    ['MY', 'bank', 'Public Bank', 'PBBEMYKL'],
    ['MY', 'bank', 'RHB Bank', 'RHBBMYKL'],
    ['MY', 'bank', 'Hong Leong Bank', 'HLBBMYKL'],
    ['MY', 'bank', 'AmBank', 'ARBKMYKL'],
    ['MY', 'ewallet', "Touch 'n Go eWallet", 'TNG'],
    ['MY', 'ewallet', 'Boost', 'BOOST'],
    ['MY', 'ewallet', 'GrabPay', 'GRABPAY'],
    ['CN', 'bank', 'Industrial and Commercial Bank of China', 'ICBKCNBJ', ['ICBC Beijing Branch', 'ICBC Shanghai Branch', 'ICBC Guangdong Branch']],
    ['CN', 'bank', 'China Construction Bank', 'PCBCCNBJ'],
    ['CN', 'bank', 'Agricultural Bank of China', 'ABOCCNBJ'],
    ['CN', 'bank', 'Bank of China', 'BKCHCNBJ', ['Bank of China Beijing Branch', 'Bank of China Shenzhen Branch']],
    ['CN', 'bank', 'Bank of Communications', 'COMMCNSH'],
    ['CN', 'bank', 'China Merchants Bank', 'CMBCCNBS'],
    ['CN', 'ewallet', 'Alipay', 'ALIPAY'],
    ['CN', 'ewallet', 'WeChat Pay', 'WECHATPAY'],
    ['TH', 'bank', 'Bangkok Bank', 'BKKBTHBK'],
    ['TH', 'bank', 'Kasikornbank', 'KASITHBK'],
    ['TH', 'bank', 'Siam Commercial Bank', 'SICOTHBK'],
    ['TH', 'bank', 'Krungthai Bank', 'KRTHTHBK'],
    ['TH', 'bank', 'Bank of Ayudhya (Krungsri)', 'AYUDTHBK'],
    ['TH', 'ewallet', 'TrueMoney Wallet', 'TRUEMONEY'],
    ['ID', 'bank', 'Bank Central Asia (BCA)', 'CENAIDJA'],
    ['ID', 'bank', 'Bank Mandiri', 'BMRIIDJA'],
    ['ID', 'bank', 'Bank Rakyat Indonesia (BRI)', 'BRINIDJA'],
    ['ID', 'bank', 'Bank Negara Indonesia (BNI)', 'BNINIDJA'],
    ['ID', 'bank', 'CIMB Niaga', 'BNIAIDJA'],
    ['ID', 'ewallet', 'GoPay', 'GOPAY'],
    ['ID', 'ewallet', 'OVO', 'OVO'],
    ['ID', 'ewallet', 'DANA', 'DANA'],
    ['JP', 'bank', 'MUFG Bank', 'BOTKJPJT'],
    ['JP', 'bank', 'Sumitomo Mitsui Banking Corporation', 'SMBCJPJT'],
    ['JP', 'bank', 'Mizuho Bank', 'MHCBJPJT'],
    ['JP', 'bank', 'Resona Bank', 'DIWAJPJT'],
    ['JP', 'bank', 'Japan Post Bank', 'JPPSJPJ1'],
    ['JP', 'ewallet', 'PayPay', 'PAYPAY'],
    ['KH', 'bank', 'ABA Bank', 'ABAAKHPP'],
    ['KH', 'bank', 'ACLEDA Bank', 'ACLBKHPP'],
    ['KH', 'bank', 'Canadia Bank', 'CADIKHPP'],
    ['KH', 'bank', 'Wing Bank', 'WINGKHPP'],
    ['KH', 'ewallet', 'Pi Pay', 'PIPAY'],
    ['TW', 'bank', 'CTBC Bank', 'CTCBTWTP'],
    ['TW', 'bank', 'Cathay United Bank', 'UWCBTWTP'],
  ];
  let sort = 0;
  for (const [country_code, type, name, code, branches] of banks) {
    const row = await db.insertInto('banks').values({ country_code, type, name, code, sort: ++sort }).returning('id').executeTakeFirstOrThrow();
    for (const [i, branch] of (branches ?? []).entries()) {
      await db.insertInto('banks').values({ country_code, type, name: branch, code: `${code}-${i + 1}`, parent_id: row.id, sort: i + 1 }).execute();
    }
  }

  await id('bank_cards')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('bank_id', 'bigint', (c) => c.notNull().references('banks.id'))
    .addColumn('branch_id', 'bigint', (c) => c.references('banks.id'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index bank_cards_user_idx on bank_cards (user_id) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('recharge_channels')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('online', 'bank_transfer', 'ctbc', 'crypto')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('currencies', sql`text[]`, (c) => c.notNull())
    // Limits in minor units of the settlement currency, compared after conversion.
    .addColumn('min_minor', 'bigint', (c) => c.notNull().check(sql`min_minor > 0`))
    .addColumn('max_minor', 'bigint', (c) => c.notNull().check(sql`max_minor >= min_minor`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('recharge_channels')
    .values([
      { code: 'online', kind: 'online', name: 'Online payment', currencies: sql`array['USD','MYR','CNY','THB','JPY']`, min_minor: 100, max_minor: 1_000_000, sort: 1 },
      { code: 'bank_transfer', kind: 'bank_transfer', name: 'Bank transfer', currencies: sql`array['USD','MYR','CNY']`, min_minor: 1000, max_minor: 5_000_000, sort: 2 },
      { code: 'ctbc', kind: 'ctbc', name: 'CTBC card', currencies: sql`array['TWD']`, min_minor: 1000, max_minor: 2_000_000, sort: 3 },
      { code: 'usdt', kind: 'crypto', name: 'USDT (stablecoin)', currencies: sql`array['USD']`, min_minor: 1000, max_minor: 10_000_000, sort: 4 },
    ])
    .execute();

  await id('collection_accounts')
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('branch', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('ctbc_instalment_plans')
    .addColumn('months', 'integer', (c) => c.primaryKey().check(sql`months in (3, 6, 12)`))
    .addColumn('fee_bp', 'integer', (c) => c.notNull().check(sql`fee_bp between 0 and 5000`))
    .execute();
  await db.insertInto('ctbc_instalment_plans').values([{ months: 3, fee_bp: 150 }, { months: 6, fee_bp: 300 }, { months: 12, fee_bp: 550 }]).execute();

  await id('recharge_orders')
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('channel', 'text', (c) => c.notNull().references('recharge_channels.code'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('awaiting_payment', 'under_review', 'paid', 'rejected', 'cancelled', 'expired')`))
    .addColumn('pay_currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('pay_amount', 'bigint', (c) => c.notNull().check(sql`pay_amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee >= 0`))
    .addColumn('wallet_currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('credit_amount', 'bigint', (c) => c.notNull().check(sql`credit_amount > 0`))
    .addColumn('rate', 'numeric', (c) => c.notNull())
    .addColumn('rate_source', 'text', (c) => c.notNull())
    .addColumn('rate_date', 'date', (c) => c.notNull())
    .addColumn('instalments', 'integer')
    .addColumn('slip', 'text')
    .addColumn('tx_hash', 'text')
    .addColumn('network', 'text')
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('entry_id', 'bigint')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('recharge_orders_user_idx').on('recharge_orders').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('recharge_orders_status_idx').on('recharge_orders').columns(['status', 'id']).execute();
  await sql`create unique index recharge_orders_tx_hash on recharge_orders (network, lower(tx_hash)) where tx_hash is not null and status <> 'rejected'`.execute(db);

  await db.schema
    .createTable('wallet_limits')
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('withdraw_bank', 'withdraw_crypto', 'transfer')`))
    .addColumn('fee_bp', 'integer', (c) => c.notNull().defaultTo(0).check(sql`fee_bp between 0 and 5000`))
    .addColumn('fee_fixed', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`fee_fixed >= 0`))
    .addColumn('min_minor', 'bigint', (c) => c.notNull().check(sql`min_minor > 0`))
    .addColumn('max_minor', 'bigint', (c) => c.notNull().check(sql`max_minor >= min_minor`))
    .addColumn('daily_count', 'integer', (c) => c.notNull().check(sql`daily_count > 0`))
    .addColumn('daily_amount', 'bigint', (c) => c.notNull().check(sql`daily_amount > 0`))
    .addColumn('updated_by', 'text', (c) => c.notNull().defaultTo('install'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('wallet_limits_pk', ['currency', 'kind'])
    .execute();
  await db
    .insertInto('wallet_limits')
    .values([
      { currency: 'USD', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 100, min_minor: 1000, max_minor: 500_000, daily_count: 3, daily_amount: 1_000_000 },
      { currency: 'MYR', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 300, min_minor: 5000, max_minor: 2_000_000, daily_count: 3, daily_amount: 4_000_000 },
      { currency: 'CNY', kind: 'withdraw_bank', fee_bp: 100, fee_fixed: 500, min_minor: 10000, max_minor: 3_000_000, daily_count: 3, daily_amount: 6_000_000 },
      { currency: 'USD', kind: 'withdraw_crypto', fee_bp: 0, fee_fixed: 100, min_minor: 2000, max_minor: 1_000_000, daily_count: 3, daily_amount: 2_000_000 },
      { currency: 'USD', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min_minor: 100, max_minor: 500_000, daily_count: 20, daily_amount: 1_000_000 },
      { currency: 'MYR', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min_minor: 100, max_minor: 2_000_000, daily_count: 20, daily_amount: 4_000_000 },
      { currency: 'CNY', kind: 'transfer', fee_bp: 0, fee_fixed: 0, min_minor: 100, max_minor: 3_000_000, daily_count: 20, daily_amount: 6_000_000 },
    ])
    .execute();

  await id('withdrawals')
    .addColumn('withdraw_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('bank', 'crypto')`))
    .addColumn('bank_card_id', 'bigint', (c) => c.references('bank_cards.id'))
    .addColumn('network', 'text')
    .addColumn('address', 'text')
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('hold_id', 'bigint', (c) => c.notNull().references('holds.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'paid', 'rejected', 'cancelled')`))
    .addColumn('reason', 'text')
    .addColumn('payout_reference', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('paid_at', 'timestamptz')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('withdrawals_target', sql`(method = 'bank' and bank_card_id is not null) or (method = 'crypto' and address is not null and network is not null)`)
    .execute();
  await db.schema.createIndex('withdrawals_user_idx').on('withdrawals').columns(['user_id', 'id desc']).execute();
  await db.schema.createIndex('withdrawals_status_idx').on('withdrawals').columns(['status', 'id']).execute();

  await id('transfers')
    .addColumn('transfer_no', 'text', (c) => c.notNull().unique())
    .addColumn('from_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('to_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('entry_id', 'bigint', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addCheckConstraint('transfers_not_self', sql`from_user_id <> to_user_id`)
    .execute();
  await db.schema.createIndex('transfers_from_idx').on('transfers').columns(['from_user_id', 'id desc']).execute();
  await db.schema.createIndex('transfers_to_idx').on('transfers').columns(['to_user_id', 'id desc']).execute();

  await id('gift_card_batches')
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count > 0`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('issued_to', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await id('gift_cards')
    .addColumn('batch_id', 'bigint', (c) => c.notNull().references('gift_card_batches.id'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('owner_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('received_from', 'bigint', (c) => c.references('users.id'))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().check(sql`value > 0`))
    .addColumn('remaining', 'bigint', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'redeemed', 'expired')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('redeemed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('gift_cards_owner_idx').on('gift_cards').columns(['owner_id', 'status', 'expires_at']).execute();

  await id('crypto_addresses')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id'))
    .addColumn('assigned_at', 'timestamptz')
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('crypto_addresses_address', ['network', 'address'])
    .execute();
  await sql`create unique index crypto_addresses_one_per_member on crypto_addresses (user_id, network) where user_id is not null`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
