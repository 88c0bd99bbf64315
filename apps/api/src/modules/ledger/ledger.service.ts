import type { Transaction } from 'kysely';
import { ResponseCode, type LedgerEntryKind, type LedgerReferenceType } from '@shop/contract';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../lib/actor.js';
import { announce } from '../../lib/changes.js';
import { AppError } from '../../lib/errors.js';
import { isTx } from '../../lib/transaction.js';
import { convertAmount, type RateQuote } from '../rates/rates.service.js';
import {
  findAccountsByKey,
  findAccountProblems,
  findEntry,
  findEntryByKey,
  findHold,
  findHoldByReserveEntry,
  findLedgerAccount,
  findHoldsResolvedTwice,
  findPostings,
  findReversalOf,
  findUnbalancedEntries,
  insertHold,
  insertMissingAccounts,
  postEntry,
  resolvePendingHold,
  setHoldResolveEntry,
  type AccountKey,
  type PostingRow,
} from './ledger.queries.js';
import type { Asset, HoldRow } from './ledger.table.js';

/**
 * System accounts by their nature: where value comes from or goes to outside the members.
 * `allowNegative` where the account mirrors money owed to or by the outside world.
 */
export const SYSTEM_ACCOUNTS = {
  /** Money received through (negative) or paid out through (positive) a gateway: one per gateway. */
  gateway_clearing: { allowNegative: true },
  /** Withdrawals approved and sent, not yet confirmed by the gateway. */
  payouts_in_flight: { allowNegative: false },
  /** Funds reserved from members pending a decision. */
  holds: { allowNegative: false },
  fees: { allowNegative: false },
  /** The shop's position in each currency when members convert between them. */
  fx_liquidity: { allowNegative: true },
  sales: { allowNegative: false },
  refunds: { allowNegative: true },
  commission_expense: { allowNegative: true },
  /** Value the shop gives away: gift cards issued, points granted by operators. */
  promotions: { allowNegative: true },
  /** The other side of operators' manual adjustments of members' balances. */
  manual_adjustments: { allowNegative: true },
  /** Points and shopping points members gave up by closing their accounts. */
  forfeited: { allowNegative: false },
} as const;
export type SystemAccountKind = keyof typeof SYSTEM_ACCOUNTS;

/** Which account a posting goes to: a member's, a system account (created on first use), or one by id. */
export type AccountRef =
  | { member: number; asset: Asset; currency: string }
  | { system: SystemAccountKind; gateway?: string; asset?: Asset; currency: string }
  | { id: number };

export interface PostingInput {
  account: AccountRef;
  /** Signed minor units: positive adds to the account, negative takes from it. */
  amount: number;
  /** Needed only with `{ id }` refs (else the ref's currency). */
  currency?: string;
}

/** What tests post by hand (`test.spend`, `test-order`): never written by the shop, so never named for operators. */
type TestOnly<P extends string> = `${P}${string}`;

export interface PostInput {
  /** What happened: one of the contract's kinds (each named in the console's languages); a reversal is `<kind>.reversal`. */
  kind: LedgerEntryKind | `${LedgerEntryKind}.reversal` | TestOnly<'test.'>;
  /** The business object behind it (order, withdrawal, transfer, payment …), named in the console's languages. */
  reference: { type: LedgerReferenceType | TestOnly<'test-'>; id: string | number };
  /** The key of what caused it; a second post with the same key changes nothing and answers the first entry. */
  idempotencyKey: string;
  actor: Actor;
  postings: PostingInput[];
  reversesEntryId?: number;
  rate?: RateQuote;
  memo?: string;
}

export interface Posted {
  entryId: number;
  /** True when the idempotency key had already been used: nothing was written this time. */
  replayed: boolean;
}

const accountKeyOf = (ref: Exclude<AccountRef, { id: number }>): AccountKey => {
  if ('member' in ref) return { owner: 'member', memberId: ref.member, asset: ref.asset, currency: ref.currency };
  const code = ref.system === 'gateway_clearing' ? `gateway_clearing:${ref.gateway ?? 'unknown'}` : ref.system;
  return { owner: 'system', code, asset: ref.asset ?? 'cash', currency: ref.currency, allowNegative: SYSTEM_ACCOUNTS[ref.system].allowNegative };
};

/** An account key as text, from its parts (a key's or a row's). */
const keyText = (owner: 'member' | 'system', who: number | string | null, asset: string, currency: string) => `${owner === 'member' ? 'm' : 's'}:${who}:${asset}:${currency}`;
const keyString = (k: AccountKey) => keyText(k.owner, k.owner === 'member' ? k.memberId : k.code, k.asset, k.currency);

const actorId = (a: Actor): string => String(a.memberId ?? a.operatorId ?? a.name ?? 'system');

/** The code members see when an account of `asset` lacks the funds (spec §8's messages). */
export function insufficientCode(asset: Asset): number {
  if (asset === 'points') return ResponseCode.insufficientPoints;
  if (asset === 'shopping_points') return ResponseCode.insufficientShoppingPoints;
  return ResponseCode.insufficientBalance;
}

/**
 * Account ids by natural key, per database handle: an account's id never changes, and each entry
 * checks the key at the id anyway (`postEntry`), so a wrong one costs a second try, never a wrong posting.
 */
const knownAccounts = new WeakMap<object, Map<string, number>>();
const KNOWN_ACCOUNTS_MAX = 100_000;

function knownAccountsOf(trx: Transaction<DB>): Map<string, number> | undefined {
  if (!isTx(trx)) return undefined;
  let known = knownAccounts.get(trx.database);
  if (!known) knownAccounts.set(trx.database, (known = new Map()));
  if (known.size > KNOWN_ACCOUNTS_MAX) known.clear();
  return known;
}

/** The ids of the accounts of `keys` (by their text; kept ones unless told not to), the accounts not opened yet opened first. */
async function accountIdsOf(trx: Transaction<DB>, keys: Map<string, AccountKey>, known: Map<string, number> | undefined): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const unknown: AccountKey[] = [];
  for (const [text, k] of keys) {
    const id = known?.get(text);
    if (id === undefined) unknown.push(k);
    else ids.set(text, id);
  }
  if (!unknown.length) return ids;
  let rows = await findAccountsByKey(trx, unknown);
  if (rows.length < unknown.length) {
    await insertMissingAccounts(trx, unknown);
    rows = await findAccountsByKey(trx, unknown);
  }
  for (const row of rows) {
    const text = keyText(row.owner_kind, row.owner_kind === 'member' ? row.member_id : row.system_code, row.asset, row.currency);
    ids.set(text, row.id);
    known?.set(text, row.id);
  }
  return ids;
}

/**
 * Writes one balanced journal entry in one statement (`postEntry`): locks every touched account in
 * ascending id order, refuses to take an account below zero unless it may go there, then claims the
 * idempotency key, writes the postings and moves the cached balances, all in the caller's
 * transaction (a `Tx` of `withTransaction`). Accounts named by key are found by the ids each
 * database handle keeps, and opened when they do not exist yet. The database re-checks the balance
 * of the entry at commit; after it, the members whose accounts it touched are announced as changed
 * (`lib/changes.ts`). Also answers the account of each posting, in the order given.
 */
export async function post(trx: Transaction<DB>, input: PostInput): Promise<Posted & { accountIds: number[] }> {
  if (input.postings.length < 2) throw new Error('a journal entry needs at least two postings');
  const perCurrency = new Map<string, number>();
  const wanted = input.postings.map((p) => {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`posting amounts are non-zero integer minor units (got ${p.amount})`);
    const ref = p.account;
    const currency = 'id' in ref ? p.currency : (p.currency ?? ref.currency);
    if (!currency) throw new Error(`a posting to account ${'id' in ref ? ref.id : ''} by id names its currency`);
    if ('currency' in ref && currency !== ref.currency) throw new Error(`posting in ${currency} to an account kept in ${ref.currency}`);
    perCurrency.set(currency, (perCurrency.get(currency) ?? 0) + p.amount);
    const key = 'id' in ref ? undefined : accountKeyOf(ref);
    return { id: 'id' in ref ? ref.id : undefined, key, text: key && keyString(key), amount: p.amount, currency };
  });
  for (const [currency, total] of perCurrency) {
    if (total !== 0) throw new Error(`journal entry ${input.kind} does not balance in ${currency} (${total})`);
  }
  const entry = {
    kind: input.kind,
    reference_type: input.reference.type,
    reference_id: String(input.reference.id),
    idempotency_key: input.idempotencyKey,
    actor_kind: input.actor.kind,
    actor_id: actorId(input.actor),
    request_id: input.actor.requestId || null,
    reverses_entry_id: input.reversesEntryId ?? null,
    rate: input.rate?.rate ?? null,
    rate_source: input.rate?.source ?? null,
    rate_date: input.rate?.date ?? null,
    memo: input.memo ?? null,
  };
  const keys = new Map(wanted.flatMap((w) => (w.key ? [[w.text!, w.key] as const] : [])));
  const attempt = async (known: Map<string, number> | undefined) => {
    const ids = await accountIdsOf(trx, keys, known);
    const postings = wanted.map((w): PostingRow => {
      const accountId = w.key ? ids.get(w.text!) : w.id;
      if (accountId === undefined) throw new Error(`ledger account ${w.text} could not be opened`);
      return { accountId, key: w.key, amount: w.amount, currency: w.currency };
    });
    return { postings, posted: await postEntry(trx, entry, postings) };
  };
  const known = knownAccountsOf(trx);
  let { postings, posted } = await attempt(known);
  if (!posted.accountsFound && known) {
    // A kept id that no longer holds its key: forget them and find the accounts again.
    for (const text of keys.keys()) known.delete(text);
    ({ postings, posted } = await attempt(undefined));
  }
  if (!posted.accountsFound) throw new Error(`an account of journal entry ${input.kind} does not exist`);
  const accountIds = postings.map((p) => p.accountId);
  const replay = async () => {
    const first = await findEntryByKey(trx, input.idempotencyKey);
    return first ? { entryId: first.id, replayed: true, accountIds } : undefined;
  };
  // A repeated request whose first run already spent the funds answers that first run.
  if (posted.shortAsset) return (await replay()) ?? Promise.reject(new AppError(insufficientCode(posted.shortAsset)));
  if (posted.entryId === null) return (await replay())!;
  // Every cached reading of these members' balances is dropped after the commit, whatever path posted.
  if (posted.memberIds.length) announce(trx, { kind: 'balances', memberIds: posted.memberIds });
  return { entryId: posted.entryId, replayed: false, accountIds };
}

/** Undoes an entry with one that negates each of its postings and names it; an entry is reversed at most once. */
export async function reverse(trx: Transaction<DB>, entryId: number, input: { actor: Actor; memo?: string; idempotencyKey?: string }): Promise<Posted> {
  const already = await findReversalOf(trx, entryId);
  if (already) return { entryId: already.id, replayed: true };
  const entry = await findEntry(trx, entryId);
  if (!entry) throw new AppError(ResponseCode.notFound);
  const postings = await findPostings(trx, entryId);
  return post(trx, {
    // Written through `post`, so of the contract's kinds and reference types.
    kind: `${entry.kind as LedgerEntryKind}.reversal`,
    reference: { type: entry.reference_type as LedgerReferenceType, id: entry.reference_id },
    idempotencyKey: input.idempotencyKey ?? `reversal:${entryId}`,
    actor: input.actor,
    reversesEntryId: entryId,
    ...(entry.rate && entry.rate_source && entry.rate_date ? { rate: { rate: entry.rate, source: entry.rate_source as RateQuote['source'], date: entry.rate_date } } : {}),
    memo: input.memo,
    postings: postings.map((p) => ({ account: { id: p.account_id }, amount: -p.amount, currency: p.currency })),
  });
}

/** Reserves funds of a member account (withdrawal under review, order paid partly by balance) until posted or released. */
export async function reserveHold(
  trx: Transaction<DB>,
  input: { account: { member: number; asset: Asset; currency: string }; amount: number; reference: PostInput['reference']; idempotencyKey: string; actor: Actor },
): Promise<HoldRow> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new Error('a hold is a positive amount of minor units');
  const { entryId, replayed, accountIds } = await post(trx, {
    kind: 'hold.reserve',
    reference: input.reference,
    idempotencyKey: input.idempotencyKey,
    actor: input.actor,
    postings: [
      { account: input.account, amount: -input.amount },
      { account: { system: 'holds', asset: input.account.asset, currency: input.account.currency }, amount: input.amount },
    ],
  });
  if (replayed) {
    const existing = await findHoldByReserveEntry(trx, entryId);
    if (existing) return existing;
  }
  return insertHold(trx, { account_id: accountIds[0]!, amount: input.amount, currency: input.account.currency, reference_type: input.reference.type, reference_id: String(input.reference.id), reserve_entry_id: entryId });
}

/** Settles a pending hold exactly once: `post` moves the funds to `to`, `release` gives them back. */
async function settleHold(trx: Transaction<DB>, holdId: number, outcome: 'posted' | 'released', actor: Actor, to?: AccountRef): Promise<HoldRow & { entryId: number }> {
  const hold = await resolvePendingHold(trx, holdId, outcome);
  if (!hold) {
    if (!(await findHold(trx, holdId))) throw new AppError(ResponseCode.notFound);
    throw new AppError(ResponseCode.holdSettled);
  }
  const account = await findLedgerAccount(trx, hold.account_id);
  if (!account) throw new Error(`ledger account ${hold.account_id} of hold ${hold.id} does not exist`);
  const { entryId } = await post(trx, {
    kind: outcome === 'posted' ? 'hold.post' : 'hold.release',
    reference: { type: 'hold', id: hold.id },
    // One key for either outcome: the database itself refuses a second settlement.
    idempotencyKey: `hold:${hold.id}:settle`,
    actor,
    postings: [
      { account: { system: 'holds', asset: account.asset, currency: hold.currency }, amount: -hold.amount },
      { account: outcome === 'posted' ? to! : { id: hold.account_id }, amount: hold.amount, currency: hold.currency },
    ],
  });
  await setHoldResolveEntry(trx, hold.id, entryId);
  // Posted elsewhere, the entry touches no account of the member: their frozen amount changed all the same.
  if (account.member_id !== null) announce(trx, { kind: 'balances', memberIds: [Number(account.member_id)] });
  return { ...hold, resolve_entry_id: entryId, entryId };
}

/** Posts a pending hold to its destination (a payout in flight, a sale …). */
export const postHold = (trx: Transaction<DB>, holdId: number, input: { to: AccountRef; actor: Actor }) => settleHold(trx, holdId, 'posted', input.actor, input.to);

/** Releases a pending hold back to the member's account. */
export const releaseHold = (trx: Transaction<DB>, holdId: number, input: { actor: Actor }) => settleHold(trx, holdId, 'released', input.actor);

/**
 * Converts a member's funds between currencies at `rate`: the source leaves through the source
 * currency's FX liquidity account, the target arrives from the target's; the target amount is
 * rounded half-up once, and the rate with its source and date is kept on the entry.
 */
export async function convert(
  trx: Transaction<DB>,
  input: { member: number; asset?: Asset; amount: number; from: string; to: string; rate: RateQuote; idempotencyKey: string; actor: Actor; reference?: PostInput['reference'] },
): Promise<Posted & { amount: number; converted: number; rate: RateQuote }> {
  const asset = input.asset ?? 'cash';
  const converted = await convertAmount(trx, input.amount, input.from, input.to, input.rate.rate);
  if (converted <= 0) throw new AppError(ResponseCode.amountTooSmall);
  const posted = await post(trx, {
    kind: 'fx.convert',
    reference: input.reference ?? { type: 'conversion', id: input.idempotencyKey },
    idempotencyKey: input.idempotencyKey,
    actor: input.actor,
    rate: input.rate,
    postings: [
      { account: { member: input.member, asset, currency: input.from }, amount: -input.amount },
      { account: { system: 'fx_liquidity', asset, currency: input.from }, amount: input.amount },
      { account: { system: 'fx_liquidity', asset, currency: input.to }, amount: -converted },
      { account: { member: input.member, asset, currency: input.to }, amount: converted },
    ],
  });
  return { ...posted, amount: input.amount, converted, rate: input.rate };
}

/** A member's balance of one asset and currency (0 when the account does not exist yet). */
export async function balanceOf(db: Executor, memberId: number, asset: Asset, currency: string): Promise<number> {
  const [row] = await findAccountsByKey(db, [{ owner: 'member', memberId, asset, currency }]);
  return row?.balance ?? 0;
}

/** A member's balances of several assets and currencies in one read: `get(asset, currency)` answers 0 for an account not opened yet. */
export async function balancesOf(db: Executor, memberId: number, keys: ReadonlyArray<{ asset: Asset; currency: string }>): Promise<Balances> {
  return balancesFromRows(keys.length ? await findAccountsByKey(db, keys.map((k) => ({ owner: 'member' as const, memberId, asset: k.asset, currency: k.currency }))) : []);
}

/** A member's balances by asset and currency: `get` answers 0 for an account not opened yet. */
export type Balances = { get(asset: Asset, currency: string): number };

/** The balances of the accounts read (`memberBalancesQuery`'s rows, as the database or JSON gives them). */
export function balancesFromRows(rows: ReadonlyArray<{ asset: string; currency: string; balance: number | string }>): Balances {
  const held = new Map(rows.map((r) => [`${r.asset}:${r.currency}`, Number(r.balance)]));
  return { get: (asset, currency) => held.get(`${asset}:${currency}`) ?? 0 };
}

export type LedgerFinding =
  | { kind: 'unbalanced-entry'; entryId: number; currency: string | null; total: number; postings: number }
  | { kind: 'balance-mismatch'; accountId: number; cached: number; posted: number }
  | { kind: 'negative-member-balance'; accountId: number; memberId: number; balance: number; posted: number }
  | { kind: 'hold-resolved-twice'; holdId: number; status: string; resolutions: number };

/**
 * Verifies every invariant of the ledger: entries balance per currency (with two or more postings),
 * cached balances equal the sum of postings, no member balance is negative, no hold is settled
 * twice. An empty list means all is well.
 */
export async function ledgerCheck(db: Executor): Promise<LedgerFinding[]> {
  const [unbalanced, accounts, holds] = await Promise.all([findUnbalancedEntries(db), findAccountProblems(db), findHoldsResolvedTwice(db)]);
  const mismatches = accounts.filter((a) => a.mismatch).map((a) => ({ account_id: a.account_id, cached: a.balance, posted: a.posted }));
  const negative = accounts.filter((a) => a.negative).map((a) => ({ account_id: a.account_id, member_id: a.member_id!, balance: a.balance, posted: a.posted }));
  return [
    ...unbalanced.map((r) => ({ kind: 'unbalanced-entry' as const, entryId: r.entry_id, currency: r.currency, total: r.total, postings: r.postings })),
    ...mismatches.map((r) => ({ kind: 'balance-mismatch' as const, accountId: r.account_id, cached: r.cached, posted: r.posted })),
    ...negative.map((r) => ({ kind: 'negative-member-balance' as const, accountId: r.account_id, memberId: r.member_id, balance: r.balance, posted: r.posted })),
    ...holds.map((r) => ({ kind: 'hold-resolved-twice' as const, holdId: r.hold_id, status: r.status, resolutions: r.resolutions })),
  ];
}

/** One line per finding, for the operator command. */
export function describeFinding(f: LedgerFinding): string {
  switch (f.kind) {
    case 'unbalanced-entry':
      return f.currency ? `entry ${f.entryId} does not balance in ${f.currency}: postings sum to ${f.total}` : `entry ${f.entryId} has ${f.postings} posting(s), fewer than two`;
    case 'balance-mismatch':
      return `account ${f.accountId}: cached balance ${f.cached} but its postings sum to ${f.posted}`;
    case 'negative-member-balance':
      return `member ${f.memberId}'s account ${f.accountId} is below zero (cached ${f.balance}, posted ${f.posted})`;
    case 'hold-resolved-twice':
      return `hold ${f.holdId} (${f.status}) has ${f.resolutions} settling entries`;
  }
}
