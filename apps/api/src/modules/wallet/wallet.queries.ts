import { sql, type Insertable, type Transaction, type Updateable } from 'kysely';
import type { SortOrder } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import { orderList } from '../../lib/list-order.queries.js';
import type { DB } from '../../db/schema.js';
import { containing } from '../../lib/like.js';
import type {
  BankCardsTable,
  BankType,
  GiftCardsTable,
  LimitKind,
  RechargeOrdersTable,
  RechargeStatus,
  WithdrawalStatus,
  WithdrawalsTable,
} from './wallet.table.js';
import { executePage } from '../../lib/paging.js';

// Every statement of the wallet area.

type Sorted<K extends string> = { sort?: K; order?: SortOrder };

// ── Currencies, settings ────────────────────────────────────────────────────────────────────
export const findWalletCurrencies = (db: Executor) =>
  db.selectFrom('wallet_currencies').innerJoin('currencies', 'currencies.code', 'wallet_currencies.currency').select(['currency', 'is_settlement', 'enabled', 'minor_units']).orderBy('sort').orderBy('currency').execute();

export const findLimit = (db: Executor, currency: string, kind: LimitKind) => db.selectFrom('wallet_limits').selectAll().where('currency', '=', currency).where('kind', '=', kind).executeTakeFirst();
export const findLimits = (db: Executor, kinds: LimitKind[]) => db.selectFrom('wallet_limits').selectAll().where('kind', 'in', kinds).orderBy('currency').orderBy('kind').execute();
/**
 * The fee and limits of `kind` in `currency` as they are, with their change serialised until the transaction ends (also a
 * row not there yet: two first settings of the same kind wait for each other), so the record names what each change replaced.
 */
export const lockLimitForUpdate = async (trx: Transaction<DB>, currency: string, kind: LimitKind) => {
  await sql`select pg_advisory_xact_lock(hashtext('wallet-limit'), hashtext(${`${currency}:${kind}`}))`.execute(trx);
  return trx.selectFrom('wallet_limits').selectAll().where('currency', '=', currency).where('kind', '=', kind).forUpdate().executeTakeFirst();
};
// A changed row's version moves strictly forward (`nextUpdatedAt`, named by table: the insert's `excluded` has the column too).
const nextLimitUpdatedAt = sql<Date>`date_trunc('milliseconds', greatest(now(), wallet_limits.updated_at + interval '1 millisecond'))`;
export const upsertLimit = (db: Executor, row: Insertable<DB['wallet_limits']>) =>
  db
    .insertInto('wallet_limits')
    .values(row)
    .onConflict((oc) => oc.columns(['currency', 'kind']).doUpdateSet((eb) => ({ fee_bp: eb.ref('excluded.fee_bp'), fee_fixed: eb.ref('excluded.fee_fixed'), min_minor: eb.ref('excluded.min_minor'), max_minor: eb.ref('excluded.max_minor'), daily_count: eb.ref('excluded.daily_count'), daily_amount: eb.ref('excluded.daily_amount'), updated_by: eb.ref('excluded.updated_by'), updated_at: nextLimitUpdatedAt })))
    .execute();

export const findRechargeChannels = (db: Executor) => db.selectFrom('recharge_channels').selectAll().where('enabled', '=', true).orderBy('sort').execute();
export const findRechargeChannel = (db: Executor, code: string) => db.selectFrom('recharge_channels').selectAll().where('code', '=', code).executeTakeFirst();
/** A top-up channel as it is, its change serialised until the transaction ends (also a code not there yet), so the record names what each change replaced. */
export const lockRechargeChannelForUpdate = async (trx: Transaction<DB>, code: string) => {
  await sql`select pg_advisory_xact_lock(hashtext('recharge-channel'), hashtext(${code}))`.execute(trx);
  return trx.selectFrom('recharge_channels').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
};
const nextChannelUpdatedAt = sql<Date>`date_trunc('milliseconds', greatest(now(), recharge_channels.updated_at + interval '1 millisecond'))`;
/** Adds a top-up channel or changes it, stamped with who; a change moves its version strictly forward. */
export const upsertRechargeChannel = (db: Executor, row: Insertable<DB['recharge_channels']>) =>
  db
    .insertInto('recharge_channels')
    .values(row)
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({
        kind: eb.ref('excluded.kind'),
        name: eb.ref('excluded.name'),
        currencies: eb.ref('excluded.currencies'),
        min_minor: eb.ref('excluded.min_minor'),
        max_minor: eb.ref('excluded.max_minor'),
        enabled: eb.ref('excluded.enabled'),
        updated_by: eb.ref('excluded.updated_by'),
        updated_at: nextChannelUpdatedAt,
      })),
    )
    .execute();
export const findCollectionAccounts = (db: Executor, currency?: string) =>
  db.selectFrom('collection_accounts').select(['id', 'currency', 'bank_name', 'account_name', 'account_number', 'branch']).where('enabled', '=', true).$if(currency !== undefined, (qb) => qb.where('currency', '=', currency!)).orderBy('id').execute();
export const insertCollectionAccount = (db: Executor, row: Insertable<DB['collection_accounts']>) => db.insertInto('collection_accounts').values(row).returning('id').executeTakeFirstOrThrow();
export const findInstalmentPlans = (db: Executor) => db.selectFrom('ctbc_instalment_plans').selectAll().orderBy('months').execute();

// ── Banks and bank cards ────────────────────────────────────────────────────────────────────
const bankColumns = (db: Executor) =>
  db
    .selectFrom('banks as b')
    .select([
      'b.id',
      'b.country_code',
      'b.type',
      'b.name',
      'b.code',
      sql<boolean>`exists (select 1 from banks c where c.parent_id = b.id and c.enabled)`.as('has_branches'),
      // The currency of the bank's country: a card there may be held in it.
      sql<string | null>`nullif((select gc.currency from geo_countries gc where gc.code = b.country_code), '')`.as('currency'),
    ])
    .where('b.enabled', '=', true);
export const findBanks = (db: Executor, input: { country?: string; type?: BankType }) =>
  bankColumns(db)
    .where('b.parent_id', 'is', null)
    .$if(input.country !== undefined, (qb) => qb.where('b.country_code', '=', input.country!))
    .$if(input.type !== undefined, (qb) => qb.where('b.type', '=', input.type!))
    .orderBy('b.country_code')
    .orderBy('b.sort')
    .execute();
/** Whether any bank or e-wallet is switched on for members' cards. */
export const hasEnabledBank = async (db: Executor) => !!(await db.selectFrom('banks').select('id').where('parent_id', 'is', null).where('enabled', '=', true).limit(1).executeTakeFirst());
export const findBranches = (db: Executor, parentId: number) => bankColumns(db).where('b.parent_id', '=', parentId).orderBy('b.sort').execute();
export const findBank = (db: Executor, id: number) => db.selectFrom('banks').selectAll().where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
/** The currency of a country (its bank accounts' own), if known. */
export const findCountryCurrency = async (db: Executor, countryCode: string) =>
  (await db.selectFrom('geo_countries').select('currency').where('code', '=', countryCode).executeTakeFirst())?.currency || undefined;
export const insertBank = (db: Executor, row: Insertable<DB['banks']>) => db.insertInto('banks').values(row).returning('id').executeTakeFirstOrThrow();

const cardView = (db: Executor) =>
  db
    .selectFrom('bank_cards as c')
    .innerJoin('banks as b', 'b.id', 'c.bank_id')
    .leftJoin('banks as br', 'br.id', 'c.branch_id')
    .select([
      'c.id',
      'c.user_id',
      'c.country_code',
      'c.bank_id',
      'b.name as bank_name',
      'c.branch_id',
      'br.name as branch_name',
      'c.holder_name',
      'c.account_number',
      'c.currency',
      'c.created_at',
      sql<boolean>`exists (select 1 from withdrawals w where w.bank_card_id = c.id and w.status in ('pending', 'approved'))`.as('in_use'),
    ])
    .where('c.deleted_at', 'is', null);
export const findMemberCards = (db: Executor, userId: number) => cardView(db).where('c.user_id', '=', userId).orderBy('c.id').execute();
export const findMemberCard = (db: Executor, userId: number, id: number) => cardView(db).where('c.user_id', '=', userId).where('c.id', '=', id).executeTakeFirst();
/** An account number as the one-card-per-account index compares it: without spaces or dashes, in upper case. */
const accountKey = sql<string>`upper(regexp_replace(c.account_number, '[\\s-]', '', 'g'))`;
/** The member's live card (but `exceptId`) for the account at `bankId` whose number is `accountNumber`, however typed. */
export const findMemberCardOfAccount = (db: Executor, userId: number, bankId: number, accountNumber: string, exceptId?: number) =>
  cardView(db)
    .where('c.user_id', '=', userId)
    .where('c.bank_id', '=', bankId)
    .where(accountKey, '=', accountNumber.replace(/[\s-]/g, '').toUpperCase())
    .$if(exceptId !== undefined, (qb) => qb.where('c.id', '<>', exceptId!))
    .orderBy('c.id')
    .executeTakeFirst();
/** Whether another member than `userId` holds a live card for the account at `bankId` whose number is `accountNumber`, however typed. */
export const isAccountOfAnotherMember = async (db: Executor, userId: number, bankId: number, accountNumber: string) =>
  !!(await db
    .selectFrom('bank_cards as c')
    .select('c.id')
    .where('c.deleted_at', 'is', null)
    .where('c.user_id', '<>', userId)
    .where('c.bank_id', '=', bankId)
    .where(accountKey, '=', accountNumber.replace(/[\s-]/g, '').toUpperCase())
    .limit(1)
    .executeTakeFirst());
export const countMemberCards = async (db: Executor, userId: number) =>
  Number((await db.selectFrom('bank_cards').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('deleted_at', 'is', null).executeTakeFirstOrThrow()).n);
export const insertBankCard = (db: Executor, row: Insertable<BankCardsTable>) => db.insertInto('bank_cards').values(row).returning('id').executeTakeFirstOrThrow();
/** The member's live card, locked: a withdrawal or a deletion of it waits for the other. */
export const lockMemberCardForUpdate = (trx: Transaction<DB>, userId: number, id: number) =>
  trx.selectFrom('bank_cards').selectAll().where('user_id', '=', userId).where('id', '=', id).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
export const updateBankCard = (db: Executor, id: number, changes: Updateable<BankCardsTable>) => db.updateTable('bank_cards').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
export const hasWithdrawalInFlight = async (db: Executor, cardId: number) =>
  !!(await db.selectFrom('withdrawals').select('id').where('bank_card_id', '=', cardId).where('status', 'in', ['pending', 'approved']).executeTakeFirst());

// ── Per-member serialisation ────────────────────────────────────────────────────────────────
/** Serialises a member's money-out requests (daily limits are counted inside it) until the transaction ends. */
export const lockMemberWallet = async (trx: Transaction<DB>, userId: number) => {
  await sql`select pg_advisory_xact_lock(hashtext('wallet'), ${userId}::int)`.execute(trx);
};

// ── Withdrawals ─────────────────────────────────────────────────────────────────────────────
export const insertWithdrawal = (db: Executor, row: Insertable<WithdrawalsTable>) => db.insertInto('withdrawals').values(row).returningAll().executeTakeFirstOrThrow();
export const todaysWithdrawals = (db: Executor, userId: number, currency: string, method: 'bank' | 'crypto', since: Date) =>
  db
    .selectFrom('withdrawals')
    .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(amount), 0)::bigint`.as('amount')])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .where('method', '=', method)
    .where('status', 'not in', ['rejected', 'cancelled'])
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
const withdrawalView = (db: Executor) =>
  db
    .selectFrom('withdrawals as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .leftJoin('bank_cards as c', 'c.id', 'w.bank_card_id')
    .leftJoin('banks as b', 'b.id', 'c.bank_id')
    .selectAll('w')
    .select(['u.user_name', 'u.status as member_status', 'b.name as bank_name', 'c.holder_name', 'c.account_number', 'c.currency as card_currency']);
export const findMemberWithdrawal = (db: Executor, userId: number, id: number) => withdrawalView(db).where('w.user_id', '=', userId).where('w.id', '=', id).executeTakeFirst();
export const findWithdrawal = (db: Executor, id: number) => withdrawalView(db).where('w.id', '=', id).executeTakeFirst();
export const findMemberWithdrawals = (db: Executor, userId: number, status: WithdrawalStatus | undefined, limit: number, offset: number) =>
  withdrawalView(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('w.user_id', '=', userId)
    .$if(status !== undefined, (qb) => qb.where('w.status', '=', status!))
    .orderBy('w.id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);
/** An operator's search of a queue: the row's number, or its member's name or number. */
const queueSearch = (text: string) => ({ like: containing(text), id: /^\d{1,9}$/.test(text) ? Number(text) : undefined });

export const findWithdrawalsByStatus = (db: Executor, status: WithdrawalStatus, limit: number, offset: number, sort: Sorted<'id' | 'user_name' | 'amount' | 'created_at'> & { q?: string } = {}) =>
  orderList(
    withdrawalView(db)
      .select(sql<number>`count(*) over ()`.as('total'))
      .where('w.status', '=', status)
      .$if(!!sort.q, (qb) => {
        const s = queueSearch(sort.q!);
        return qb.where((eb) => eb.or([eb('w.withdraw_no', 'ilike', s.like), eb('u.user_name', 'ilike', s.like), ...(s.id === undefined ? [] : [eb('w.user_id', '=', s.id)])]));
      }),
    sort,
    { id: 'w.id', user_name: 'u.user_name', amount: 'w.amount', created_at: 'w.created_at' },
    { sort: 'id', order: 'asc' },
    'w.id',
  )
    .limit(limit)
    .offset(offset)
    .$call(executePage);
/** Locks a withdrawal for an operator's decision. */
export const lockWithdrawalForUpdate = (db: Executor, id: number) => db.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
/** Records an approval that is not yet the last one needed. */
export const addWithdrawalApprover = (db: Executor, id: number, approvers: string[]) => db.updateTable('withdrawals').set({ approvers }).where('id', '=', id).where('status', '=', 'pending').execute();
/** Moves a withdrawal from one of `from` to `to`, once: undefined when it was not in `from` any more. */
export const transitionWithdrawal = (db: Executor, id: number, from: WithdrawalStatus[], to: WithdrawalStatus, changes: Updateable<WithdrawalsTable>) =>
  db.updateTable('withdrawals').set({ ...changes, status: to }).where('id', '=', id).where('status', 'in', from).returningAll().executeTakeFirst();

// ── Transfers ───────────────────────────────────────────────────────────────────────────────
export const insertTransfer = (db: Executor, row: Insertable<DB['transfers']>) => db.insertInto('transfers').values(row).returningAll().executeTakeFirstOrThrow();
export const findTransferByEntry = (db: Executor, entryId: number) => db.selectFrom('transfers').selectAll().where('entry_id', '=', entryId).executeTakeFirst();
export const todaysTransfers = (db: Executor, userId: number, currency: string, since: Date) =>
  db
    .selectFrom('transfers')
    .select([sql<number>`count(*)::int`.as('count'), sql<number>`coalesce(sum(amount), 0)::bigint`.as('amount')])
    .where('from_user_id', '=', userId)
    .where('currency', '=', currency)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
const transferView = (db: Executor) =>
  db
    .selectFrom('transfers as t')
    .innerJoin('users as f', 'f.id', 't.from_user_id')
    .innerJoin('users as r', 'r.id', 't.to_user_id')
    .selectAll('t')
    .select(['f.user_name as from_name', 'f.nickname as from_nickname', 'r.user_name as to_name', 'r.nickname as to_nickname']);
export const findMemberTransfer = (db: Executor, userId: number, id: number) =>
  transferView(db).where('t.id', '=', id).where((eb) => eb.or([eb('t.from_user_id', '=', userId), eb('t.to_user_id', '=', userId)])).executeTakeFirst();
export const findMemberTransfers = (db: Executor, userId: number, direction: 'in' | 'out' | undefined, limit: number, offset: number) =>
  transferView(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where((eb) => (direction === 'out' ? eb('t.from_user_id', '=', userId) : direction === 'in' ? eb('t.to_user_id', '=', userId) : eb.or([eb('t.from_user_id', '=', userId), eb('t.to_user_id', '=', userId)])))
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);

// ── Top-ups ─────────────────────────────────────────────────────────────────────────────────
export const insertRechargeOrder = (db: Executor, row: Insertable<RechargeOrdersTable>) => db.insertInto('recharge_orders').values(row).returningAll().executeTakeFirstOrThrow();
const rechargeView = (db: Executor) =>
  db
    .selectFrom('recharge_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.user_name', sql<string>`to_char(o.rate_date, 'YYYY-MM-DD')`.as('rate_date')]);
export const findRechargeOrder = (db: Executor, id: number) => rechargeView(db).where('o.id', '=', id).executeTakeFirst();
/** What the payments area reads of a top-up (its payable), unexecuted. */
export const rechargePayableQuery = (db: Executor, id: number) =>
  db.selectFrom('recharge_orders').select(['id', 'user_id', 'order_no', 'pay_amount', 'pay_currency', 'status', 'kind', 'expires_at', 'instalments']).where('id', '=', id);
export const findMemberRechargeOrder = (db: Executor, userId: number, id: number) => rechargeView(db).where('o.user_id', '=', userId).where('o.id', '=', id).executeTakeFirst();
export const findMemberRechargeOrders = (db: Executor, userId: number, status: RechargeStatus | undefined, limit: number, offset: number) =>
  rechargeView(db)
    .select(sql<number>`count(*) over ()`.as('total'))
    .where('o.user_id', '=', userId)
    .$if(status !== undefined, (qb) => qb.where('o.status', '=', status!))
    .orderBy('o.id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);
export const countPendingRecharges = async (db: Executor, userId: number) =>
  Number((await db.selectFrom('recharge_orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', ['awaiting_payment', 'under_review']).executeTakeFirstOrThrow()).n);
/** What the member's top-ups paid and waiting for an operator's check will credit, per wallet currency. */
export const sumRechargesUnderReview = (db: Executor, userId: number) =>
  db
    .selectFrom('recharge_orders')
    .select(['wallet_currency as currency', sql<number>`sum(credit_amount)::bigint`.as('amount')])
    .where('user_id', '=', userId)
    .where('status', '=', 'under_review')
    .groupBy('wallet_currency')
    .orderBy('wallet_currency')
    .execute();
export const findRechargesByStatus = (db: Executor, status: RechargeStatus, kind: string | undefined, limit: number, offset: number, sort: Sorted<'id' | 'user_name' | 'pay_amount' | 'created_at'> & { q?: string } = {}) =>
  orderList(
    rechargeView(db)
      .select(sql<number>`count(*) over ()`.as('total'))
      .where('o.status', '=', status)
      .$if(kind !== undefined, (qb) => qb.where('o.kind', '=', kind as never))
      .$if(!!sort.q, (qb) => {
        const s = queueSearch(sort.q!);
        return qb.where((eb) => eb.or([eb('o.order_no', 'ilike', s.like), eb('u.user_name', 'ilike', s.like), ...(s.id === undefined ? [] : [eb('o.user_id', '=', s.id)])]));
      }),
    sort,
    { id: 'o.id', user_name: 'u.user_name', pay_amount: 'o.pay_amount', created_at: 'o.created_at' },
    { sort: 'id', order: 'asc' },
    'o.id',
  )
    .limit(limit)
    .offset(offset)
    .$call(executePage);
/** Moves a top-up from one of `from` to `to`, once. */
/** Another top-up, not rejected, that claims the same stablecoin transaction (`txHash` in the normal form: no `0x`, lower case; the index `recharge_orders_tx_hash` holds the same form). */
export const findRechargeOfTxHash = (db: Executor, network: string | null, txHash: string, exceptId: number) =>
  db
    .selectFrom('recharge_orders')
    .select('id')
    .where('network', 'is not distinct from', network)
    .where(sql<string>`lower(regexp_replace(tx_hash, '^0[xX]', ''))`, '=', txHash)
    .where('status', '<>', 'rejected')
    .where('id', '<>', exceptId)
    .executeTakeFirst();

export const transitionRecharge = (db: Executor, id: number, from: RechargeStatus[], to: RechargeStatus, changes: Updateable<RechargeOrdersTable>) =>
  db.updateTable('recharge_orders').set({ ...changes, status: to }).where('id', '=', id).where('status', 'in', from).returning('id').executeTakeFirst();

/** Expires an unpaid top-up once its time is over; undefined when it was paid, closed or is not due yet. */
/** Unpaid online and card top-ups past their deadline, oldest first (those their own expiry job missed). */
export const findOverdueRechargeIds = async (db: Executor, limit: number) =>
  (await db.selectFrom('recharge_orders').select('id').where('status', '=', 'awaiting_payment').where('expires_at', '<=', sql<Date>`now()`).orderBy('expires_at').limit(limit).execute()).map((r) => r.id);
export const expireDueRecharge = (db: Executor, id: number) =>
  db.updateTable('recharge_orders').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'awaiting_payment').where('expires_at', '<=', sql<Date>`now()`).returning('id').executeTakeFirst();

// ── Stablecoin addresses ────────────────────────────────────────────────────────────────────
export const findMemberCryptoAddress = (db: Executor, userId: number, network: string) =>
  db.selectFrom('crypto_addresses').select(['network', 'address']).where('user_id', '=', userId).where('network', '=', network).executeTakeFirst();
/** Gives the member a free address of the pool (one per member and network); undefined when none is free. */
export const assignCryptoAddress = (db: Executor, userId: number, network: string) =>
  db
    .updateTable('crypto_addresses')
    .set({ user_id: userId, assigned_at: new Date() })
    .where('id', '=', (eb) => eb.selectFrom('crypto_addresses').select('id').where('network', '=', network).where('user_id', 'is', null).orderBy('id').limit(1).forUpdate().skipLocked())
    .returning(['network', 'address'])
    .executeTakeFirst();
/** The networks the member holds an address of, or could be given a free one of, by name. */
export const findCryptoNetworksFor = async (db: Executor, userId: number) =>
  (
    await db
      .selectFrom('crypto_addresses')
      .select('network')
      .distinct()
      .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', userId)]))
      .orderBy('network')
      .execute()
  ).map((r) => r.network);
export const insertCryptoAddresses = (db: Executor, rows: Array<{ network: string; address: string; added_by: string }>) =>
  db.insertInto('crypto_addresses').values(rows).onConflict((oc) => oc.columns(['network', 'address']).doNothing()).returning('id').execute();

// ── Gift cards ──────────────────────────────────────────────────────────────────────────────
export const insertGiftCardBatch = (db: Executor, row: Insertable<DB['gift_card_batches']>) => db.insertInto('gift_card_batches').values(row).returning('id').executeTakeFirstOrThrow();
export const insertGiftCards = (db: Executor, rows: Insertable<GiftCardsTable>[]) => db.insertInto('gift_cards').values(rows).returning(['id', 'code']).execute();
export const findMemberGiftCards = (db: Executor, userId: number, status: string | undefined, limit: number, offset: number) =>
  db
    .selectFrom('gift_cards as g')
    .leftJoin('users as f', 'f.id', 'g.received_from')
    .selectAll('g')
    .select(['f.user_name as from_name', 'f.nickname as from_nickname', sql<number>`count(*) over ()`.as('total')])
    .where('g.owner_id', '=', userId)
    .$if(status === 'active', (qb) => qb.where('g.status', '=', 'active').where('g.expires_at', '>', new Date()))
    .$if(status === 'expired', (qb) => qb.where((eb) => eb.or([eb('g.status', '=', 'expired'), eb.and([eb('g.status', '=', 'active'), eb('g.expires_at', '<=', new Date())])])))
    .$if(status === 'redeemed', (qb) => qb.where('g.status', '=', 'redeemed'))
    .orderBy('g.id', 'desc')
    .limit(limit)
    .offset(offset)
    .$call(executePage);
/** The member's usable cards among `ids` (or of `value`/`currency`, soonest-expiring first), locked in id order. */
export const lockUsableGiftCardsForUpdate = (trx: Transaction<DB>, userId: number, input: { ids?: number[]; value?: number; currency?: string; count?: number }) =>
  trx
    .selectFrom('gift_cards')
    .selectAll()
    .where('owner_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', new Date())
    .$if(input.ids !== undefined, (qb) => qb.where('id', 'in', input.ids!))
    .$if(input.value !== undefined, (qb) => qb.where('remaining', '=', input.value!))
    .$if(input.currency !== undefined, (qb) => qb.where('currency', '=', input.currency!))
    .orderBy('expires_at')
    .orderBy('id')
    .$if(input.count !== undefined, (qb) => qb.limit(input.count!))
    .forUpdate()
    .execute();
/** Which of `ids` are the member's cards, in any state. */
export const findMemberGiftCardIds = async (db: Executor, userId: number, ids: number[]): Promise<number[]> =>
  (await db.selectFrom('gift_cards').select('id').where('owner_id', '=', userId).where('id', 'in', ids).execute()).map((r) => r.id);
export const setGiftCardsOwner = (db: Executor, ids: number[], from: number, to: number) =>
  db.updateTable('gift_cards').set({ owner_id: to, received_from: from }).where('id', 'in', ids).where('owner_id', '=', from).where('status', '=', 'active').returning('id').execute();
/** Spends a card's whole remaining value, once: undefined when it was not usable any more. */
export const redeemGiftCardOnce = (db: Executor, id: number, userId: number) =>
  db
    .updateTable('gift_cards')
    .set({ status: 'redeemed', remaining: 0, redeemed_at: new Date() })
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .where('status', '=', 'active')
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
export const findGiftCard = (db: Executor, id: number) => db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst();
/** One of the member's gift cards with who gave it. */
export const findMemberGiftCard = (db: Executor, userId: number, id: number) =>
  db
    .selectFrom('gift_cards as g')
    .leftJoin('users as f', 'f.id', 'g.received_from')
    .selectAll('g')
    .select(['f.user_name as from_name', 'f.nickname as from_nickname'])
    .where('g.owner_id', '=', userId)
    .where('g.id', '=', id)
    .executeTakeFirst();
