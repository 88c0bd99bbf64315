import { sql, type Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Asset, HoldStatus, JournalEntriesTable } from './ledger.table.js';
import type { Insertable } from 'kysely';
import { executePage } from '../../lib/paging.js';

/** The natural key of an account: a member's or a system account, per asset and currency. */
export type AccountKey =
  | { owner: 'member'; memberId: number; asset: Asset; currency: string }
  | { owner: 'system'; code: string; asset: Asset; currency: string; allowNegative: boolean };

const keyFilter = (db: Executor, keys: AccountKey[]) =>
  db.selectFrom('ledger_accounts').where((eb) =>
    eb.or(
      keys.map((k) =>
        k.owner === 'member'
          ? eb.and([eb('owner_kind', '=', 'member'), eb('member_id', '=', k.memberId), eb('asset', '=', k.asset), eb('currency', '=', k.currency)])
          : eb.and([eb('owner_kind', '=', 'system'), eb('system_code', '=', k.code), eb('asset', '=', k.asset), eb('currency', '=', k.currency)]),
      ),
    ),
  );

/** The accounts of `keys` that exist (any may be missing). */
export const findAccountsByKey = (db: Executor, keys: AccountKey[]) =>
  keyFilter(db, keys).select(['id', 'owner_kind', 'member_id', 'system_code', 'asset', 'currency', 'allow_negative', 'balance', 'version']).execute();

/** A member's balances of every asset and currency, unexecuted: for a statement of another area to read with its own rows. */
export const memberBalancesQuery = (db: Executor, memberId: number) =>
  db.selectFrom('ledger_accounts').select(['asset', 'currency', 'balance']).where('owner_kind', '=', 'member').where('member_id', '=', memberId);

/** Creates the accounts of `keys` that do not exist yet; a concurrent creation of the same one is not an error. */
export async function insertMissingAccounts(db: Executor, keys: AccountKey[]): Promise<void> {
  if (!keys.length) return;
  // Two partial unique indexes: name the one that applies, so a race ends in "do nothing".
  for (const owner of ['member', 'system'] as const) {
    const rows = keys.filter((k) => k.owner === owner);
    if (!rows.length) continue;
    await db
      .insertInto('ledger_accounts')
      .values(
        rows.map((k) =>
          k.owner === 'member'
            ? { owner_kind: 'member' as const, member_id: k.memberId, system_code: null, asset: k.asset, currency: k.currency, allow_negative: false }
            : { owner_kind: 'system' as const, member_id: null, system_code: k.code, asset: k.asset, currency: k.currency, allow_negative: k.allowNegative },
        ),
      )
      .onConflict((oc) =>
        // The partial indexes' predicates as literals: the conflict target is found when the
        // statement is planned, and a prepared statement's plan may not know a parameter's value.
        (owner === 'member'
          ? oc.columns(['member_id', 'asset', 'currency']).where('owner_kind', '=', sql.lit('member'))
          : oc.columns(['system_code', 'asset', 'currency']).where('owner_kind', '=', sql.lit('system'))
        ).doNothing(),
      )
      .execute();
  }
}

/**
 * The accounts of many members for one asset and currency, created when missing, in two set-based
 * statements (for a run paying thousands of members); answers member → account id. Posting to the
 * ids then locks them by id instead of by key.
 */
export async function ensureMemberAccounts(db: Executor, memberIds: number[], asset: Asset, currency: string): Promise<Map<number, number>> {
  if (!memberIds.length) return new Map();
  await sql`insert into ledger_accounts (owner_kind, member_id, system_code, asset, currency, allow_negative)
    select 'member', m, null, ${asset}, ${currency}, false from unnest(${memberIds}::bigint[]) m
    on conflict (member_id, asset, currency) where owner_kind = 'member' do nothing`.execute(db);
  const rows = await sql<{ id: number; member_id: number }>`select id::int as id, member_id::int as member_id from ledger_accounts
    where owner_kind = 'member' and asset = ${asset} and currency = ${currency} and member_id = any(${memberIds}::bigint[])`.execute(db);
  return new Map(rows.rows.map((r) => [r.member_id, r.id]));
}

export const findEntryByKey = (db: Executor, key: string) => db.selectFrom('journal_entries').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
export const findEntry = (db: Executor, id: number) =>
  db.selectFrom('journal_entries').selectAll().select(sql<string | null>`to_char(rate_date, 'YYYY-MM-DD')`.as('rate_date')).where('id', '=', id).executeTakeFirst();
export const findReversalOf = (db: Executor, id: number) => db.selectFrom('journal_entries').selectAll().where('reverses_entry_id', '=', id).executeTakeFirst();
export const findPostings = (db: Executor, entryId: number) => db.selectFrom('postings').selectAll().where('entry_id', '=', entryId).orderBy('id').execute();

/** One posting of an entry: its account's id (and natural key, checked at the id, unless it was named by id), and its signed amount. */
export interface PostingRow {
  accountId: number;
  key?: AccountKey;
  amount: number;
  currency: string;
}

/** What `postEntry` did: the entry's id when it wrote one, else why not. */
export interface PostedRow {
  /** The new entry's id; null when nothing was written (see the other fields). */
  entryId: number | null;
  /** False when an account is not at its id (or not with its key there): nothing was written. */
  accountsFound: boolean;
  /** The asset of the first account (in posting order) the entry would take below zero: nothing was written. */
  shortAsset: Asset | null;
  /** The members whose accounts the entry touches. */
  memberIds: number[];
}

/**
 * In one statement: locks the accounts of the postings in ascending id order (the sort runs below
 * the row locks, so two entries touching the same accounts in opposite directions queue instead of
 * deadlocking), and, only when each account is at its id with its key and none that may not go
 * below zero would, claims the idempotency key with a new entry, writes its postings and moves the
 * cached balances (and versions) of their accounts. The balances checked and moved are the locked
 * rows', so an entry that waited for another sees what that one left. Answers the entry's id, or why
 * nothing was written: an account not found, an account short, or the key already used (`entryId`
 * null, neither of the others).
 */
export async function postEntry(trx: Transaction<DB>, entry: Insertable<JournalEntriesTable>, postings: PostingRow[]): Promise<PostedRow> {
  const column = <T>(of: (p: PostingRow) => T) => postings.map(of);
  const ids = column((p) => p.accountId);
  const { rows } = await sql<{ entry_id: number | null; matched: number; short_asset: Asset | null; member_ids: number[] | null }>`
    with want as (
      select * from unnest(
        ${ids}::bigint[],
        ${column((p) => p.key?.owner ?? null)}::text[],
        ${column((p) => (p.key?.owner === 'member' ? p.key.memberId : null))}::bigint[],
        ${column((p) => (p.key?.owner === 'system' ? p.key.code : null))}::text[],
        ${column((p) => p.key?.asset ?? null)}::text[],
        ${column((p) => p.amount)}::bigint[],
        ${column((p) => p.currency)}::text[]
      ) with ordinality as w(account_id, owner_kind, member_id, system_code, asset, amount, currency, ord)
    ), acc as materialized (
      select id, owner_kind, member_id, system_code, asset, currency, allow_negative, balance, version
      from ledger_accounts where id = any(${ids}::bigint[]) order by id for update
    ), matched as (
      select w.ord, w.account_id, w.amount, w.currency
      from want w join acc a on a.id = w.account_id and (w.owner_kind is null or (
        a.owner_kind = w.owner_kind and a.member_id is not distinct from w.member_id
        and a.system_code is not distinct from w.system_code and a.asset = w.asset and a.currency = w.currency))
    ), delta as (
      select account_id, sum(amount) as amount, min(ord) as ord from matched group by account_id
    ), short as (
      select a.asset from acc a join delta d on d.account_id = a.id
      where not a.allow_negative and a.balance + d.amount < 0
      order by d.ord limit 1
    ), entry as (
      insert into journal_entries (kind, reference_type, reference_id, idempotency_key, actor_kind, actor_id, request_id, reverses_entry_id, rate, rate_source, rate_date, memo)
      select ${entry.kind}, ${entry.reference_type}, ${entry.reference_id}, ${entry.idempotency_key}, ${entry.actor_kind}, ${entry.actor_id}, ${entry.request_id ?? null},
             ${entry.reverses_entry_id ?? null}::bigint, ${entry.rate ?? null}::numeric, ${entry.rate_source ?? null}, ${entry.rate_date ?? null}::date, ${entry.memo ?? null}
      where (select count(*) from matched) = ${postings.length} and not exists (select 1 from short)
      on conflict (idempotency_key) do nothing
      returning id
    ), written as (
      insert into postings (entry_id, account_id, amount, currency)
      select entry.id, m.account_id, m.amount, m.currency from entry, matched m order by m.ord
    ), moved as (
      -- From the locked rows' balances: the statement's snapshot may predate the lock's wait, and a
      -- new balance worked out from an older row would meet the not-negative check before the update
      -- moves on to the row as it now is.
      update ledger_accounts a set balance = l.balance + d.amount, version = l.version + 1
      from delta d join acc l on l.id = d.account_id
      where a.id = d.account_id and exists (select 1 from entry)
    )
    select (select id from entry) as entry_id, (select count(*) from matched)::int as matched, (select asset from short) as short_asset,
      (select array_agg(distinct member_id) from acc where member_id is not null) as member_ids`.execute(trx);
  const row = rows[0]!;
  return { entryId: row.entry_id, accountsFound: row.matched === postings.length, shortAsset: row.short_asset, memberIds: (row.member_ids ?? []).map(Number) };
}

export const insertHold = (db: Executor, hold: { account_id: number; amount: number; currency: string; reference_type: string; reference_id: string; reserve_entry_id: number }) =>
  db.insertInto('holds').values(hold).returningAll().executeTakeFirstOrThrow();

/** The hold a reserving entry made, if any (a replayed reservation answers it). */
export const findHoldByReserveEntry = (db: Executor, entryId: number) => db.selectFrom('holds').selectAll().where('reserve_entry_id', '=', entryId).executeTakeFirst();

/** The hold of a business reference (the first, when it has several). */
export const findHoldByReference = (db: Executor, type: string, id: string) => db.selectFrom('holds').selectAll().where('reference_type', '=', type).where('reference_id', '=', id).orderBy('id').executeTakeFirst();

export const findLedgerAccount = (db: Executor, id: number) => db.selectFrom('ledger_accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const findHold = (db: Executor, id: number) => db.selectFrom('holds').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Settles a pending hold: a conditional update, so of two concurrent decisions exactly one gets
 * the row back (the other waits for the first, re-checks `pending`, and gets nothing).
 */
export const resolvePendingHold = (trx: Transaction<DB>, id: number, status: Exclude<HoldStatus, 'pending'>) =>
  trx.updateTable('holds').set({ status, resolved_at: new Date() }).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst();

export const setHoldResolveEntry = (trx: Transaction<DB>, id: number, entryId: number) =>
  trx.updateTable('holds').set({ resolve_entry_id: entryId }).where('id', '=', id).execute();

export const findCurrencies = (db: Executor) => db.selectFrom('currencies').selectAll().orderBy('code').execute();

/**
 * Entries that do not balance in a currency, and entries with fewer than two postings: one pass
 * over the postings (per entry and currency), its counts summed per entry for the second check.
 */
export const findUnbalancedEntries = (db: Executor) =>
  sql<{ entry_id: number; currency: string | null; total: number; postings: number }>`
    with per_currency as materialized (select entry_id, currency, sum(amount) as total, count(*) as n from postings group by entry_id, currency)
    select entry_id, currency, total::bigint as total, n::int as postings from per_currency where total <> 0
    union all
    select e.id, null, 0, coalesce(c.n, 0)::int from journal_entries e left join (select entry_id, sum(n) as n from per_currency group by entry_id) c on c.entry_id = e.id
    where coalesce(c.n, 0) < 2
    order by 1, 2`.execute(db).then((r) => r.rows);

/**
 * Accounts whose cached balance differs from the sum of their postings (`mismatch`), and member
 * accounts below zero by either (`negative`): one pass over the postings for both.
 */
export const findAccountProblems = (db: Executor) =>
  sql<{ account_id: number; member_id: number | null; balance: number; posted: number; mismatch: boolean; negative: boolean }>`
    select account_id, member_id, balance, posted, balance <> posted as mismatch, (owner_kind = 'member' and (balance < 0 or posted < 0)) as negative
    from (
      select a.id as account_id, a.member_id, a.owner_kind, a.balance, coalesce(s.total, 0)::bigint as posted
      from ledger_accounts a left join (select account_id, sum(amount) as total from postings group by account_id) s on s.account_id = a.id
    ) t
    where balance <> posted or (owner_kind = 'member' and (balance < 0 or posted < 0))
    order by account_id`.execute(db).then((r) => r.rows);

/** Holds with more than one settling entry, or whose status disagrees with their settlement. */
export const findHoldsResolvedTwice = (db: Executor) =>
  sql<{ hold_id: number; status: string; resolutions: number }>`
    select h.id as hold_id, h.status, count(e.id)::int as resolutions
    from holds h left join journal_entries e on e.reference_type = 'hold' and e.reference_id = h.id::text and e.kind in ('hold.post', 'hold.release')
    group by h.id, h.status
    having count(e.id) > 1 or (h.status = 'pending') <> (count(e.id) = 0)
    order by h.id`.execute(db).then((r) => r.rows);

/** Every account of a member, with the pending holds taken from each (what the wallet shows as frozen). */
export const findMemberAccountsWithHolds = (db: Executor, memberId: number) =>
  db
    .selectFrom('ledger_accounts as a')
    .leftJoin(
      (eb) => eb.selectFrom('holds').select(['account_id', sql<number>`coalesce(sum(amount), 0)::bigint`.as('frozen')]).where('status', '=', 'pending').groupBy('account_id').as('h'),
      (join) => join.onRef('h.account_id', '=', 'a.id'),
    )
    .select(['a.id', 'a.asset', 'a.currency', 'a.balance', sql<number>`coalesce(h.frozen, 0)::bigint`.as('frozen')])
    .where('a.owner_kind', '=', 'member')
    .where('a.member_id', '=', memberId)
    .orderBy('a.id')
    .execute();

/** Every account of a member, locked until the transaction ends (in ascending id order, as `post` locks them). */
export const lockMemberAccountsForUpdate = (trx: Transaction<DB>, memberId: number) =>
  trx.selectFrom('ledger_accounts').select(['id', 'asset', 'currency', 'balance']).where('owner_kind', '=', 'member').where('member_id', '=', memberId).orderBy('id').forUpdate().execute();

/** A member's funds held and not yet posted or released, per asset, currency and what holds them (`withdrawal`, `order` …). */
export const findMemberPendingHolds = (db: Executor, memberId: number) =>
  db
    .selectFrom('holds as h')
    .innerJoin('ledger_accounts as a', 'a.id', 'h.account_id')
    .select(['a.asset', 'h.currency', 'h.reference_type', sql<number>`sum(h.amount)::bigint`.as('amount')])
    .where('h.status', '=', 'pending')
    .where('a.owner_kind', '=', 'member')
    .where('a.member_id', '=', memberId)
    .groupBy(['a.asset', 'h.currency', 'h.reference_type'])
    .orderBy('h.currency')
    .execute();

/**
 * The postings of a member's accounts of `asset` (optionally one currency), newest first, each with
 * its entry's kind, reference and the account's balance right after it.
 */
export async function findMemberAccountLines(db: Executor, input: { memberId: number; asset: Asset; currency?: string; limit: number; offset: number; since?: Date; until?: Date }) {
  const lines = db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      'p.id',
      'p.amount',
      'p.currency',
      'e.kind',
      'e.reference_type',
      'e.reference_id',
      'e.memo',
      'e.created_at',
      sql<number>`sum(p.amount) over (partition by p.account_id order by p.id)::bigint`.as('balance_after'),
    ])
    .where('a.owner_kind', '=', 'member')
    .where('a.member_id', '=', input.memberId)
    .where('a.asset', '=', input.asset)
    .$if(input.currency !== undefined, (qb) => qb.where('a.currency', '=', input.currency!));
  const rows = await db
    .selectFrom(lines.as('l'))
    .selectAll()
    .select(sql<number>`count(*) over ()`.as('total'))
    .$if(input.since !== undefined, (qb) => qb.where('l.created_at', '>=', input.since!))
    .$if(input.until !== undefined, (qb) => qb.where('l.created_at', '<', input.until!))
    .orderBy('l.id', 'desc')
    .limit(input.limit)
    .offset(input.offset)
    .$call(executePage);
  return rows;
}

/** Sums of a member's incoming postings of `asset` per currency (optionally within a time range); with `lessKinds`, less the outgoing postings of entries of those kinds (what takes an earning back). */
export const findMemberCredits = (db: Executor, input: { memberId: number; asset: Asset; since?: Date; until?: Date; lessKinds?: string[] }) =>
  db
    .selectFrom('postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select(['p.currency', sql<number>`sum(p.amount)::bigint`.as('amount'), sql<number>`count(*)::int`.as('count')])
    .where('a.owner_kind', '=', 'member')
    .where('a.member_id', '=', input.memberId)
    .where('a.asset', '=', input.asset)
    .where((eb) => (input.lessKinds?.length ? eb.or([eb('p.amount', '>', 0), eb('e.kind', 'in', input.lessKinds)]) : eb('p.amount', '>', 0)))
    .$if(input.since !== undefined, (qb) => qb.where('e.created_at', '>=', input.since!))
    .$if(input.until !== undefined, (qb) => qb.where('e.created_at', '<', input.until!))
    .groupBy('p.currency')
    .orderBy('p.currency')
    .execute();
