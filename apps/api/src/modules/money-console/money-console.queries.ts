import { sql, type Transaction } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { DB } from '../../db/schema.js';
import type { AdjustableAsset, AdjustmentStatus } from './money-console.table.js';
import { iso } from '../../lib/dates.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { containing, startingWith } from '../../lib/like.js';

// The console's reads of the ledger (journal, accounts, postings) and the rows of manual
// adjustments and their limits; gift-card batches as issued.

const count = (v: unknown) => Number(v ?? 0);
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3600_000);

/** Journal entries, newest first: of a member (any posting on one of their accounts), of a kind (prefix) and between two days (UTC). */
export async function pageJournal(db: Executor, input: { member_id?: number; kind?: string; from?: string; to?: string; q?: string; sort?: 'id' | 'kind' | 'created_at'; order?: SortOrder; page: number; limit: number }) {
  const base = db
    .selectFrom('journal_entries as e')
    .$if(input.member_id !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('postings as p')
            .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
            .select('p.id')
            .whereRef('p.entry_id', '=', 'e.id')
            .where('a.owner_kind', '=', 'member')
            .where('a.member_id', '=', input.member_id!),
        ),
      ),
    )
    .$if(!!input.kind, (qb) => qb.where('e.kind', 'like', startingWith(input.kind!)))
    .$if(!!input.from, (qb) => qb.where('e.created_at', '>=', new Date(`${input.from}T00:00:00Z`)))
    .$if(!!input.to, (qb) => qb.where('e.created_at', '<', dayAfter(input.to!)))
    .$if(!!input.q, (qb) => qb.where((eb) => eb.or([eb('e.memo', 'ilike', containing(input.q!)), eb('e.reference_id', 'ilike', containing(input.q!))])));
  const [rows, total] = await Promise.all([
    orderList(
      base
        // An operator author as every record names them (`fin2#4`), as the console shows it on every page.
        .leftJoin('operators as o', (join) => join.on('e.actor_kind', '=', 'operator').on(sql`e.actor_id`, '=', sql`o.id::text`))
        .select(['e.id', 'e.kind', 'e.reference_type', 'e.reference_id', 'e.actor_kind', 'e.actor_id', 'e.memo', 'e.reverses_entry_id', 'e.rate', 'e.created_at'])
        .select(sql<string | null>`o.user_name || '#' || o.id`.as('operator')),
      input,
      { id: 'e.id', kind: 'e.kind', created_at: 'e.created_at' },
      { sort: 'id', order: 'desc' },
      'e.id',
    )
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const postings = ids.length
    ? await db
        .selectFrom('postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .leftJoin('users as u', 'u.id', 'a.member_id')
        .select(['p.entry_id', 'p.account_id', 'a.member_id', 'a.system_code', 'u.user_name', 'a.asset', 'p.currency', 'p.amount'])
        .where('p.entry_id', 'in', ids)
        .orderBy('p.id')
        .execute()
    : [];
  return {
    rows: rows.map((r) => ({
      ...r,
      created_at: iso(r.created_at)!,
      postings: postings
        .filter((p) => p.entry_id === r.id)
        .map((p) => ({ account_id: p.account_id, owner: p.user_name ?? p.system_code ?? '', member_id: p.member_id, asset: p.asset, currency: p.currency, amount: p.amount })),
    })),
    total: count(total.n),
  };
}

/** Accounts by id: whose (a member's or the shop's), which asset and currency. */
export const findAccountsByIds = (db: Executor, ids: number[]) =>
  ids.length ? db.selectFrom('ledger_accounts').select(['id', 'member_id', 'asset', 'currency']).where('id', 'in', ids).execute() : Promise.resolve([]);

/** Every kind of entry written so far, in order. */
export const findEntryKinds = (db: Executor) =>
  db.selectFrom('journal_entries').select('kind').distinct().orderBy('kind').execute().then((rows) => rows.map((r) => r.kind));

/** A member's accounts with the pending holds taken from each and how many postings each has. */
export const findMemberAccounts = (db: Executor, memberId: number) =>
  db
    .selectFrom('ledger_accounts as a')
    .select([
      'a.id',
      'a.asset',
      'a.currency',
      'a.balance',
      sql<number>`(select coalesce(sum(h.amount), 0) from holds h where h.account_id = a.id and h.status = 'pending')::bigint`.as('frozen'),
      sql<number>`(select count(*) from postings p where p.account_id = a.id)::int`.as('entries'),
    ])
    .where('a.owner_kind', '=', 'member')
    .where('a.member_id', '=', memberId)
    .orderBy('a.asset')
    .orderBy('a.currency')
    .execute();

/** One member account's postings, newest first, each with its entry and the balance right after it. */
export async function pageAccountLines(db: Executor, input: { account_id: number; page: number; limit: number }) {
  const lines = db
    .selectFrom('postings as p')
    .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
    .select([
      'p.id as posting_id',
      'p.entry_id',
      'e.kind',
      'e.reference_type',
      'e.reference_id',
      'e.memo',
      'p.amount',
      'p.currency',
      'e.created_at',
      sql<number>`sum(p.amount) over (order by p.id)::bigint`.as('balance_after'),
    ])
    .where('p.account_id', '=', input.account_id);
  const [rows, total] = await Promise.all([
    db.selectFrom(lines.as('l')).selectAll().orderBy('l.posting_id', 'desc').limit(input.limit).offset((input.page - 1) * input.limit).execute(),
    db.selectFrom('postings').select((eb) => eb.fn.countAll<string>().as('n')).where('account_id', '=', input.account_id).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })), total: count(total.n) };
}

/** A member account by id (undefined for system accounts). */
export const findMemberAccount = (db: Executor, id: number) =>
  db.selectFrom('ledger_accounts').select(['id', 'member_id']).where('id', '=', id).where('owner_kind', '=', 'member').executeTakeFirst();

const adjustmentView = (db: Executor) =>
  db
    .selectFrom('ledger_adjustments as j')
    .innerJoin('users as u', 'u.id', 'j.user_id')
    .select([
      'j.id', 'j.user_id', 'u.user_name', 'j.asset', 'j.currency', 'j.amount', 'j.reason', 'j.status', 'j.requested_by', 'j.decided_by', 'j.decision_reason', 'j.entry_id',
      'j.created_at', 'j.decided_at',
    ]);
type AdjustmentViewRow = Awaited<ReturnType<ReturnType<typeof adjustmentView>['executeTakeFirstOrThrow']>>;
const toAdjustment = (r: AdjustmentViewRow) => ({ ...r, created_at: iso(r.created_at)!, decided_at: iso(r.decided_at) });

/** An adjustment with its member's user name. */
export const findAdjustment = (db: Executor, id: number) =>
  adjustmentView(db).where('j.id', '=', id).executeTakeFirst().then((r) => (r ? toAdjustment(r) : undefined));

/** Adjustments in `status` (pending oldest first, decided newest first), optionally of one member. */
export async function pageAdjustments(
  db: Executor,
  input: { status: AdjustmentStatus; user_id?: number; q?: string; sort?: 'id' | 'amount' | 'created_at' | 'decided_at'; order?: SortOrder; page: number; limit: number },
) {
  const filtered = adjustmentView(db)
    .where('j.status', '=', input.status)
    .$if(input.user_id !== undefined, (qb) => qb.where('j.user_id', '=', input.user_id!))
    .$if(!!input.q, (qb) => qb.where((eb) => eb.or([eb('u.user_name', 'ilike', containing(input.q!)), eb('j.reason', 'ilike', containing(input.q!)), ...(/^\d{1,9}$/.test(input.q!) ? [eb('j.user_id', '=', Number(input.q))] : [])])));
  const [rows, total] = await Promise.all([
    orderList(filtered, input, { id: 'j.id', amount: 'j.amount', created_at: 'j.created_at', decided_at: 'j.decided_at' }, { sort: 'id', order: input.status === 'pending' ? 'asc' : 'desc' }, 'j.id')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    filtered.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toAdjustment), total: count(total.n) };
}

export const insertAdjustment = (
  db: Executor,
  row: { user_id: number; asset: AdjustableAsset; currency: string; amount: number; reason: string; status: AdjustmentStatus; requested_by: string },
) => db.insertInto('ledger_adjustments').values(row).returning('id').executeTakeFirstOrThrow();

/**
 * What an operator adjusted today (UTC) in a currency, either sign: `asked` sums their adjustments
 * pending or posted (the daily limit), `alone` those posted without a second operator.
 */
export const sumOperatorAdjustmentsToday = async (db: Executor, operator: string, currency: string, which: 'asked' | 'alone' = 'asked'): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('ledger_adjustments')
        .select(sql<string>`coalesce(sum(abs(amount)), 0)`.as('n'))
        .where('requested_by', '=', operator)
        .where('currency', '=', currency)
        .$if(which === 'asked', (w) => w.where('status', 'in', ['pending', 'posted']))
        .$if(which === 'alone', (w) => w.where('status', '=', 'posted').where('decided_by', 'is', null))
        .where('created_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The adjustment's row, locked: a second decision waits for the first and then sees it decided. */
export const lockAdjustmentForUpdate = (trx: Transaction<DB>, id: number) => trx.selectFrom('ledger_adjustments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Records the decision on a pending adjustment (conditionally: only from pending). */
export const decidePendingAdjustment = (
  db: Executor,
  id: number,
  decision: { status: 'posted' | 'rejected'; decided_by: string; decision_reason: string | null; entry_id: number | null },
) =>
  db
    .updateTable('ledger_adjustments')
    .set({ ...decision, decided_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();

/** Marks an adjustment within the limit posted by its entry, in the transaction that wrote both. */
export const setAdjustmentPosted = (db: Executor, id: number, entryId: number) =>
  db.updateTable('ledger_adjustments').set({ status: 'posted', entry_id: entryId }).where('id', '=', id).where('status', '=', 'pending').execute();

/** Whether `code` is a known currency (ISO 4217, or `XXX` for points). */
export const currencyExists = async (db: Executor, code: string) =>
  (await db.selectFrom('currencies').select('code').where('code', '=', code).executeTakeFirst()) !== undefined;

/** Gift-card batches, newest first, with their member and how many of their cards are used up. */
export async function pageGiftCardBatches(db: Executor, input: { user_id?: number; q?: string; sort?: 'id' | 'value' | 'expires_at' | 'created_at'; order?: SortOrder; page: number; limit: number }) {
  const base = db
    .selectFrom('gift_card_batches as b')
    .innerJoin('users as u', 'u.id', 'b.issued_to')
    .$if(input.user_id !== undefined, (qb) => qb.where('b.issued_to', '=', input.user_id!))
    .$if(!!input.q, (qb) => qb.where((eb) => eb.or([eb('u.user_name', 'ilike', containing(input.q!)), eb('b.reason', 'ilike', containing(input.q!)), ...(/^\d{1,9}$/.test(input.q!) ? [eb('b.issued_to', '=', Number(input.q))] : [])])));
  const [rows, total] = await Promise.all([
    orderList(
      base.select([
        'b.id', 'b.issued_to as user_id', 'u.user_name', 'b.currency', 'b.value', 'b.count', 'b.expires_at', 'b.created_by', 'b.reason', 'b.created_at',
        sql<number>`(select count(*) from gift_cards c where c.batch_id = b.id and c.redeemed_at is not null)::int`.as('redeemed'),
        // Who asked: the approved request whose result is this batch.
        sql<string | null>`(select r.requested_by from approval_requests r where r.kind = 'gift_cards.issue' and r.status = 'approved' and r.result->>'batch_id' = b.id::text limit 1)`.as('requested_by'),
      ]),
      input,
      { id: 'b.id', value: 'b.value', expires_at: 'b.expires_at', created_at: 'b.created_at' },
      { sort: 'id', order: 'desc' },
      'b.id',
    )
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, expires_at: iso(r.expires_at)!, created_at: iso(r.created_at)! })), total: count(total.n) };
}

// ── Money settings as the console lists them (every row, on or off) ─────────────────────────

export const findPayMethods = (db: Executor) =>
  db
    .selectFrom('pay_methods')
    .select(['id', 'code', 'gateway', 'method', 'currency', 'country_code', 'fee_bp', 'fee_fixed_minor', 'enabled', 'sort', 'updated_by', 'updated_at'])
    .orderBy('sort')
    .orderBy('code')
    .orderBy('currency')
    .orderBy('country_code')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, updated_at: iso(r.updated_at)! })));

/** A payment method's row, held until the transaction ends (a save checks the version its form read under it). */
export const lockPayMethodForUpdate = (tx: Transaction<DB>, id: number) => tx.selectFrom('pay_methods').select(['id', 'updated_at']).where('id', '=', id).forUpdate().executeTakeFirst();

/** Changes a payment method's fee, order and whether it is offered; its version moves strictly forward. */
export const updatePayMethod = (db: Executor, id: number, changes: { fee_bp: number; fee_fixed_minor: number; enabled: boolean; sort: number; updated_by: string }) =>
  db.updateTable('pay_methods').set({ ...changes, updated_at: nextUpdatedAt }).where('id', '=', id).returning(['id', 'code', 'currency']).executeTakeFirst();

export const findWalletLimits = (db: Executor) =>
  db
    .selectFrom('wallet_limits')
    .selectAll()
    .orderBy('currency')
    .orderBy('kind')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, updated_at: iso(r.updated_at)! })));

export const findAllRechargeChannels = (db: Executor) =>
  db
    .selectFrom('recharge_channels')
    .select(['code', 'kind', 'name', 'currencies', 'min_minor', 'max_minor', 'enabled', 'sort', 'updated_by', 'updated_at'])
    .orderBy('sort')
    .orderBy('code')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, updated_at: iso(r.updated_at)! })));

export const findAllCollectionAccounts = (db: Executor) =>
  db
    .selectFrom('collection_accounts')
    .selectAll()
    .orderBy('currency')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, created_at: iso(r.created_at)! })));

export const findAllBanks = (db: Executor, country?: string) =>
  db
    .selectFrom('banks')
    .select(['id', 'country_code', 'type', 'name', 'code', 'parent_id', 'enabled'])
    .$if(country !== undefined, (qb) => qb.where('country_code', '=', country!))
    .orderBy('country_code')
    .orderBy('type')
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** The address pool, newest first, with the member each address was given to; and per network the total and the free. */
export async function pageCryptoAddresses(db: Executor, input: { network?: string; assigned?: 'yes' | 'no'; page: number; limit: number }) {
  const base = db
    .selectFrom('crypto_addresses as c')
    .$if(!!input.network, (qb) => qb.where('c.network', '=', input.network!))
    .$if(input.assigned === 'yes', (qb) => qb.where('c.user_id', 'is not', null))
    .$if(input.assigned === 'no', (qb) => qb.where('c.user_id', 'is', null));
  const [rows, total, networks] = await Promise.all([
    base
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.network', 'c.address', 'c.user_id', 'u.user_name', 'c.assigned_at', 'c.added_by', 'c.created_at'])
      .orderBy('c.id', 'desc')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('crypto_addresses')
      .select(['network', sql<number>`count(*)::int`.as('total'), sql<number>`(count(*) filter (where user_id is null))::int`.as('free')])
      .groupBy('network')
      .orderBy('network')
      .execute(),
  ]);
  return { rows: rows.map((r) => ({ ...r, assigned_at: iso(r.assigned_at), created_at: iso(r.created_at)! })), total: count(total.n), networks };
}
