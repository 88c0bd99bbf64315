import { sql, type Kysely } from 'kysely';

// The double-entry ledger: currencies, accounts with cached balances, journal entries with their
// postings (append-only, balanced per currency at commit), holds, and exchange rates.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('currencies')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z]{3}$'`))
    .addColumn('minor_units', 'smallint', (c) => c.notNull().check(sql`minor_units between 0 and 4`))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('currencies')
    .values([
      { code: 'EUR', minor_units: 2, name: 'Euro' },
      { code: 'USD', minor_units: 2, name: 'US Dollar' },
      { code: 'JPY', minor_units: 0, name: 'Yen' },
      { code: 'MYR', minor_units: 2, name: 'Malaysian Ringgit' },
      { code: 'CNY', minor_units: 2, name: 'Yuan Renminbi' },
      { code: 'THB', minor_units: 2, name: 'Baht' },
      { code: 'IDR', minor_units: 2, name: 'Rupiah' },
      { code: 'HUF', minor_units: 2, name: 'Forint' },
      { code: 'KHR', minor_units: 2, name: 'Riel' },
      { code: 'TWD', minor_units: 2, name: 'New Taiwan Dollar' },
      { code: 'HKD', minor_units: 2, name: 'Hong Kong Dollar' },
      { code: 'SGD', minor_units: 2, name: 'Singapore Dollar' },
    ])
    .execute();

  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('owner_kind', 'text', (c) => c.notNull().check(sql`owner_kind in ('member', 'system')`))
    .addColumn('member_id', 'bigint', (c) => c.references('users.id').onDelete('restrict'))
    .addColumn('system_code', 'text')
    .addColumn('asset', 'text', (c) => c.notNull().check(sql`asset in ('cash', 'points', 'shopping_points', 'gift_card', 'rewards')`))
    .addColumn('currency', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('allow_negative', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_accounts_not_negative', sql`allow_negative or balance >= 0`)
    .addCheckConstraint(
      'ledger_accounts_owner',
      sql`(owner_kind = 'member' and member_id is not null and system_code is null and not allow_negative)
        or (owner_kind = 'system' and member_id is null and system_code is not null)`,
    )
    // Lets postings name (account, currency) in one foreign key, so a posting cannot change an account's currency.
    .addUniqueConstraint('ledger_accounts_id_currency_key', ['id', 'currency'])
    .execute();
  await sql`create unique index ledger_accounts_member_key on ledger_accounts (member_id, asset, currency) where owner_kind = 'member'`.execute(db);
  await sql`create unique index ledger_accounts_system_key on ledger_accounts (system_code, asset, currency) where owner_kind = 'system'`.execute(db);

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference_type', 'text', (c) => c.notNull())
    .addColumn('reference_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('actor_kind', 'text', (c) => c.notNull().check(sql`actor_kind in ('member', 'operator', 'system', 'job', 'provider')`))
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text')
    .addColumn('reverses_entry_id', 'bigint', (c) => c.references('journal_entries.id').unique())
    .addColumn('rate', 'numeric', (c) => c.check(sql`rate > 0`))
    .addColumn('rate_source', 'text')
    .addColumn('rate_date', 'date')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('journal_entries_rate_complete', sql`(rate is null) = (rate_source is null) and (rate is null) = (rate_date is null)`)
    .execute();
  await db.schema.createIndex('journal_entries_reference_idx').on('journal_entries').columns(['reference_type', 'reference_id']).execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('postings_account_currency_fkey', ['account_id', 'currency'], 'ledger_accounts', ['id', 'currency'])
    .execute();
  await db.schema.createIndex('postings_entry_id_idx').on('postings').column('entry_id').execute();
  await db.schema.createIndex('postings_account_id_idx').on('postings').columns(['account_id', 'id']).execute();

  // Postings and entries are history: a mistake is undone by a reversing entry, never by editing.
  await sql`
    create function ledger_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'ledger history is append-only: % on % is refused', tg_op, tg_table_name using errcode = 'P0001';
    end $$`.execute(db);
  for (const table of ['postings', 'journal_entries']) {
    await sql`create trigger ${sql.raw(`${table}_append_only`)} before update or delete on ${sql.table(table)} for each row execute function ledger_refuse_change()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)} for each statement execute function ledger_refuse_change()`.execute(db);
  }

  // At commit, whatever wrote them (the service or raw SQL): every entry has two or more postings
  // and they sum to zero in each currency.
  await sql`
    create function ledger_check_entry_balanced(entry bigint) returns void language plpgsql as $$
    declare
      unbalanced record;
      n integer;
    begin
      select count(*) into n from postings where entry_id = entry;
      if n < 2 then
        raise exception 'journal entry % has % posting(s); an entry needs at least two', entry, n using errcode = '23514';
      end if;
      select currency, sum(amount) as total into unbalanced from postings where entry_id = entry group by currency having sum(amount) <> 0 limit 1;
      if found then
        raise exception 'journal entry % does not balance in %: postings sum to %', entry, unbalanced.currency, unbalanced.total using errcode = '23514';
      end if;
    end $$`.execute(db);
  await sql`
    create function ledger_posting_balanced() returns trigger language plpgsql as $$
    begin
      perform ledger_check_entry_balanced(new.entry_id);
      return null;
    end $$`.execute(db);
  await sql`
    create function ledger_entry_balanced() returns trigger language plpgsql as $$
    begin
      perform ledger_check_entry_balanced(new.id);
      return null;
    end $$`.execute(db);
  await sql`create constraint trigger postings_balanced after insert on postings deferrable initially deferred for each row execute function ledger_posting_balanced()`.execute(db);
  await sql`create constraint trigger journal_entries_have_postings after insert on journal_entries deferrable initially deferred for each row execute function ledger_entry_balanced()`.execute(db);

  await db.schema
    .createTable('holds')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('account_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'posted', 'released')`))
    .addColumn('reference_type', 'text', (c) => c.notNull())
    .addColumn('reference_id', 'text', (c) => c.notNull())
    .addColumn('reserve_entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('resolve_entry_id', 'bigint', (c) => c.references('journal_entries.id').unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('resolved_at', 'timestamptz')
    .addForeignKeyConstraint('holds_account_currency_fkey', ['account_id', 'currency'], 'ledger_accounts', ['id', 'currency'])
    .addCheckConstraint('holds_resolution', sql`(status = 'pending') = (resolved_at is null)`)
    .execute();
  await db.schema.createIndex('holds_reference_idx').on('holds').columns(['reference_type', 'reference_id']).execute();

  await db.schema
    .createTable('exchange_rates')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('base', 'text', (c) => c.notNull().references('currencies.code'))
    .addColumn('quote', 'text', (c) => c.notNull().references('currencies.code'))
    // Exact decimal: how many units of `quote` one unit of `base` buys.
    .addColumn('rate', 'numeric', (c) => c.notNull().check(sql`rate > 0`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('ecb', 'operator')`))
    .addColumn('rate_date', 'date', (c) => c.notNull())
    .addColumn('set_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('exchange_rates_pair', sql`base <> quote`)
    .execute();
  await db.schema.createIndex('exchange_rates_lookup_idx').on('exchange_rates').columns(['base', 'quote', 'source', 'rate_date', 'id']).execute();
  // The feed gives one rate per pair and day; operators may correct a day several times (latest wins).
  await sql`create unique index exchange_rates_ecb_day_key on exchange_rates (base, quote, rate_date) where source = 'ecb'`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only migration');
}
