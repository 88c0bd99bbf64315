import {
  fromMinorUnits, ResponseCode, type EndpointBody, type EndpointData, type EndpointQuery, type adminCryptoAddressPool, type adminGiftCardBatches, type adminLedgerJournal, type adminListAdjustments, type adminRequestAdjustment,
  type adminSetPayMethod,
} from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError, alreadyDecided, notFound } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { assertLoadedVersion } from '../../lib/row-version.js';
import { checkDailyLimit, refusePastSoloCeiling, requestApproval, setThreshold, thresholdOf, thresholdsOf, withinSoloCeiling } from '../approvals/approvals.service.js';
import { describeFinding, ledgerCheck, post } from '../ledger/ledger.service.js';
import { findUserById, lockUserForShare } from '../members/members.queries.js';
import { findLatestRates } from '../rates/rates.queries.js';
import { checkOperatorRate, rateFor, setOperatorRate } from '../rates/rates.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { deciderRefOf, fourEyes, operatorRefOf } from '../operators/four-eyes.js';
import { payMethodsChangedOnCommit } from '../payments/payments.service.js';
import type { AppDeps } from '../../app-deps.js';
import type { AdjustableAsset, LedgerAdjustmentRow } from './money-console.table.js';
import type { ListExport } from '../../lib/list-export.js';
import * as q from './money-console.queries.js';
import { pageOf } from '../../lib/paging.js';
import { walletCurrencies } from '../wallet/wallet.rules.js';

/** The ledger's currency of points and shopping points ("no currency"). */
const POINTS_CURRENCY = 'XXX';

/** An amount as the audit log writes it: "0.30 USD" in currency units, "-25 points" (never minor units, never "XXX"). */
const auditAmount = (minor: number, currency: string): string => (currency === POINTS_CURRENCY ? `${minor} points` : `${fromMinorUnits(minor, currency)} ${currency}`);


/** Journal entries with their postings, newest first, by member, kind and date. */
export async function journal(db: Executor, actor: Actor, input: EndpointQuery<typeof adminLedgerJournal>) {
  operatorNameOf(actor);
  const { rows, total } = await q.pageJournal(db, input);
  return pageOf(rows, total, input);
}

/** Every kind of entry the journal holds. */
export async function entryKinds(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: await q.findEntryKinds(db) };
}

/** A member's ledger accounts with balance, held amount and number of postings. */
export async function memberAccounts(db: Executor, actor: Actor, input: { member_id: number }) {
  operatorNameOf(actor);
  if (!(await findUserById(db, input.member_id))) throw notFound('member');
  return { list: await q.findMemberAccounts(db, input.member_id) };
}

/** One member account's postings, newest first, with the balance after each. */
export async function accountEntries(db: Executor, actor: Actor, input: { account_id: number; page: number; limit: number }) {
  operatorNameOf(actor);
  if (!(await q.findMemberAccount(db, input.account_id))) throw notFound('account');
  const { rows, total } = await q.pageAccountLines(db, input);
  return pageOf(rows, total, input);
}

/** The adjustment as the console shows it (after the transaction that wrote it). */
async function shown(db: Executor, id: number) {
  const row = await q.findAdjustment(db, id);
  if (!row) throw new Error(`adjustment ${id} vanished`);
  return row;
}

/** Posts an adjustment's entry: the member's account against the manual-adjustments account, keyed by the adjustment. */
const postAdjustment = (tx: Parameters<typeof post>[0], actor: Actor, a: Pick<LedgerAdjustmentRow, 'id' | 'user_id' | 'asset' | 'currency' | 'amount' | 'reason'>) =>
  post(tx, {
    kind: 'adjustment',
    reference: { type: 'adjustment', id: a.id },
    idempotencyKey: `adjustment:${a.id}`,
    actor,
    memo: a.reason,
    postings: [
      { account: { member: a.user_id, asset: a.asset, currency: a.currency }, amount: a.amount },
      { account: { system: 'manual_adjustments', asset: a.asset, currency: a.currency }, amount: -a.amount },
    ],
  });

/**
 * Refuses a credit to a member who closed the account, when it is carried out: their row locked for
 * share, as a closing locks it first (it either committed before, or waits and finds the money).
 */
async function refuseCreditToClosed(tx: Tx, a: { user_id: number; amount: number }): Promise<void> {
  if (a.amount > 0 && (await lockUserForShare(tx, a.user_id))?.status === 'closed') throw new AppError(ResponseCode.memberClosed);
}

/** Refuses a cash credit in a currency the wallet does not offer. */
async function refuseOutsideWallet(db: Executor, currency: string): Promise<void> {
  if (!(await walletCurrencies(db)).enabled.includes(currency)) throw new AppError(ResponseCode.currencyUnsupported, { currency }, { messageKey: 'admin.code.adjustmentCurrencyNotInWallet' });
}

/**
 * The approval limit of a currency: the threshold of balance adjustments (`ledger.adjust`, set on
 * the Approvals page or the Adjustments page); a currency without one has none (every adjustment
 * needs a second operator).
 */
async function approvalLimit(db: Executor, currency: string): Promise<number> {
  return (await thresholdOf(db, 'ledger.adjust', currency)) ?? 0;
}

/**
 * An operator asks for a manual adjustment of a member's balance, with a reason. Up to the
 * currency's approval limit (either sign) it is posted at once; above it, it waits in the queue for
 * a second operator. Recorded in the audit log either way.
 */
export async function requestAdjustment(db: Database, actor: Actor, input: EndpointBody<typeof adminRequestAdjustment>) {
  const operator = operatorNameOf(actor);
  const asset: AdjustableAsset = input.asset;
  const currency = asset === 'cash' ? input.currency : POINTS_CURRENCY;
  if (asset !== 'cash' && input.currency !== undefined && input.currency !== POINTS_CURRENCY) throw new AppError(ResponseCode.currencyUnsupported, undefined, { messageKey: 'admin.code.adjustmentPointsCurrency' });
  if (!currency) throw new AppError(ResponseCode.currencyUnsupported, undefined, { messageKey: 'admin.code.adjustmentCurrencyRequired' });
  if (!(await q.currencyExists(db, currency))) throw new AppError(ResponseCode.currencyUnsupported, { currency });
  // Cash is credited only in a currency the wallet offers: elsewhere it could be neither spent, moved nor withdrawn.
  // Taking cash away stays possible in any currency (to clear what is stuck).
  if (asset === 'cash' && input.amount > 0) await refuseOutsideWallet(db, currency);
  const member = await findUserById(db, input.user_id);
  if (!member) throw notFound('member');
  refuseOwnAccount(actor, input.user_id);
  // Nothing is credited to a closed account (taking away stays possible, to clear what is stuck).
  if (input.amount > 0 && member.status === 'closed') throw new AppError(ResponseCode.memberClosed);
  const overLimit = Math.abs(input.amount) > (await approvalLimit(db, currency));
  const id = await withTransaction(db, async (tx) => {
    await checkDailyLimit(tx, operator, 'ledger.adjust', currency, Math.abs(input.amount), () => q.sumOperatorAdjustmentsToday(tx, operator, currency));
    // Within the limit, still never past what one operator may post alone in a day.
    const needsApproval = overLimit || !(await withinSoloCeiling(tx, operator, 'ledger.adjust', currency, Math.abs(input.amount), () => q.sumOperatorAdjustmentsToday(tx, operator, currency, 'alone')));
    const row = { user_id: input.user_id, asset, currency, amount: input.amount, reason: input.reason, requested_by: operator };
    const { id } = await q.insertAdjustment(tx, { ...row, status: 'pending' });
    await insertOperatorAction(tx, {
      operator,
      action: `adjustment.${needsApproval ? 'request' : 'post'} #${id} ${asset} ${auditAmount(input.amount, currency)}`,
      target_type: 'user',
      target_id: input.user_id,
      reason: input.reason,
    });
    if (!needsApproval) {
      await refuseCreditToClosed(tx, row);
      const { entryId } = await postAdjustment(tx, actor, { id, ...row });
      await q.setAdjustmentPosted(tx, id, entryId);
    }
    return id;
  });
  return shown(db, id);
}

/** Adjustments by state, optionally of one member. */
export async function adjustments(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListAdjustments>) {
  operatorNameOf(actor);
  const { rows, total } = await q.pageAdjustments(db, input);
  return pageOf(rows, total, input);
}

/**
 * A second operator decides a pending adjustment: approving posts it (never by the operator who
 * asked for it, nor by one who received their way in or gave them theirs), rejecting needs a reason. The row is locked, so of two decisions at once the
 * second finds it decided.
 */
export async function decideAdjustment(db: Database, actor: Actor, input: { id: number; decision: 'approve' | 'reject'; reason?: string }) {
  const operator = operatorNameOf(actor);
  const reason = input.reason?.trim() || null;
  if (input.decision === 'reject' && !reason) throw new AppError(ResponseCode.reasonRequired);
  await withTransaction(db, async (tx) => {
    const a = await q.lockAdjustmentForUpdate(tx, input.id);
    if (!a) throw notFound('adjustment');
    if (a.status !== 'pending') throw alreadyDecided(a.status);
    if (input.decision === 'approve') {
      // Never the operator who asked, nor one who counts as the same person (one received the other's way in).
      const eyes = await fourEyes(tx, operatorRefOf(a.requested_by), deciderRefOf(actor));
      if (eyes === 'same') throw new AppError(ResponseCode.adjustmentOwnApproval);
      if (eyes === 'linked') throw new AppError(ResponseCode.fourEyesLinkedOperator);
    }
    refuseOwnAccount(actor, a.user_id);
    if (input.decision === 'approve' && a.asset === 'cash' && a.amount > 0) await refuseOutsideWallet(tx, a.currency);
    // The member may have closed since it was asked.
    if (input.decision === 'approve') await refuseCreditToClosed(tx, a);
    const entryId = input.decision === 'approve' ? (await postAdjustment(tx, actor, a)).entryId : null;
    const decided = await q.decidePendingAdjustment(tx, a.id, { status: entryId ? 'posted' : 'rejected', decided_by: operator, decision_reason: reason, entry_id: entryId });
    if (!decided) throw alreadyDecided(a.status);
    await insertOperatorAction(tx, { operator, action: `adjustment.${input.decision} #${a.id} ${a.asset} ${auditAmount(a.amount, a.currency)}`, target_type: 'user', target_id: a.user_id, reason });
  });
  return shown(db, input.id);
}

/** The approval limit of every currency that has one: the `ledger.adjust` thresholds, as `approvalLimit` reads them. */
export async function adjustmentLimits(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: await thresholdsOf(db, 'ledger.adjust') };
}

/** Sets a currency's approval limit (minor units; `XXX` for points), recorded with the reason. */
export async function setAdjustmentLimit(db: Database, actor: Actor, input: { currency: string; amount: number; reason: string }) {
  const operator = operatorNameOf(actor);
  if (!(await q.currencyExists(db, input.currency))) throw new AppError(ResponseCode.currencyUnsupported, { currency: input.currency });
  refusePastSoloCeiling('ledger.adjust', input.currency, input.amount);
  await withTransaction(db, async (tx) => {
    // One setting: the Approvals page shows (and may change) the same threshold.
    await setThreshold(tx, 'ledger.adjust', input.currency, input.amount, operator);
    await insertOperatorAction(tx, { operator, action: 'setting.adjustment_limit', target_type: 'setting', target_id: 0, reason: input.reason, facts: { key: 'adjustment_limit', currency: input.currency, amount: input.amount } });
  });
  return adjustmentLimits(db, actor);
}

/** Gift-card batches, newest first, optionally of one member. */
export async function giftCardBatches(db: Executor, actor: Actor, input: EndpointQuery<typeof adminGiftCardBatches>) {
  operatorNameOf(actor);
  const { rows, total } = await q.pageGiftCardBatches(db, input);
  return pageOf(rows, total, input);
}

// ── Money settings ─────────────────────────────────────────────────────────────────────────

/** Each pair's latest feed and operator rate today, and which one a conversion uses (the operator's wins). */
export async function rates(db: Executor, actor: Actor, date = new Date().toISOString().slice(0, 10)) {
  operatorNameOf(actor);
  const pairs = new Map<string, { base: string; quote: string; ecb: { rate: string; date: string } | null; operator: { rate: string; date: string } | null }>();
  for (const r of await findLatestRates(db, date)) {
    const key = `${r.base}/${r.quote}`;
    const pair = pairs.get(key) ?? { base: r.base, quote: r.quote, ecb: null, operator: null };
    pair[r.source] = { rate: r.rate, date: r.rate_date };
    pairs.set(key, pair);
  }
  return { date, list: [...pairs.values()].map((p) => ({ ...p, effective: p.operator ? ('operator' as const) : ('ecb' as const) })) };
}

/** Every payment method with its fee, on or off. */
export async function payMethods(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: await q.findPayMethods(db) };
}

/**
 * Changes a payment method's fee, order or whether it is offered, recorded with the reason. The form
 * names the version of the row it read (`base_updated_at`, checked under the row's lock): saved from a
 * copy changed since, it is refused and nothing changes.
 */
export async function setPayMethod(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminSetPayMethod>) {
  const operator = operatorNameOf(actor);
  const { db } = deps;
  await withTransaction(db, async (tx) => {
    payMethodsChangedOnCommit(tx, deps);
    const { id, reason, base_updated_at, ...changes } = input;
    const current = await q.lockPayMethodForUpdate(tx, id);
    if (!current) throw notFound('pay method');
    assertLoadedVersion(current.updated_at, base_updated_at);
    const saved = await q.updatePayMethod(tx, id, { ...changes, updated_by: operator });
    if (!saved) throw notFound('pay method');
    await insertOperatorAction(tx, {
      operator,
      action: 'setting.pay_method',
      target_type: 'setting',
      target_id: id,
      reason,
      facts: { key: 'pay_method', code: saved.code, currency: saved.currency, fee_bp: changes.fee_bp, fee_fixed: changes.fee_fixed_minor, enabled: changes.enabled, sort: changes.sort },
    });
  });
  return (await q.findPayMethods(db)).find((m) => m.id === input.id)!;
}

/** Withdrawal and transfer fees and limits per currency. */
export async function walletLimits(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: await q.findWalletLimits(db) };
}

/** Every top-up channel, on or off. */
export async function rechargeChannels(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: await q.findAllRechargeChannels(db) };
}

/** Every company collection account, on or off. */
export async function collectionAccounts(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return { list: await q.findAllCollectionAccounts(db) };
}

/** Banks, e-wallets and branches, optionally of one country. */
export async function bankList(db: Executor, actor: Actor, input: { country_code?: string }) {
  operatorNameOf(actor);
  return { list: await q.findAllBanks(db, input.country_code) };
}

/** The stablecoin deposit address pool and what is left of it per network. */
export async function cryptoAddressPool(db: Executor, actor: Actor, input: EndpointQuery<typeof adminCryptoAddressPool>) {
  operatorNameOf(actor);
  const { rows, total, networks } = await q.pageCryptoAddresses(db, input);
  return { ...pageOf(rows, total, input), networks };
}

// ── The lists as CSV files ───────────────────────────────────────────────────────────────────

type Row<E> = EndpointData<E> extends { list: Array<infer R> } ? R : never;
/** An amount of the ledger: money in its currency's units, points as a count. */
const units = (minor: number, currency: string) => (currency === POINTS_CURRENCY ? minor : fromMinorUnits(minor, currency));

export const journalExport: ListExport<EndpointQuery<typeof adminLedgerJournal>, Row<typeof adminLedgerJournal>> = {
  name: 'journal',
  page: journal,
  columns: [
    ['id', (r) => r.id], ['created_at', (r) => r.created_at], ['kind', (r) => r.kind], ['journal_reference', (r) => `${r.reference_type}:${r.reference_id}`], ['memo', (r) => r.memo],
    ['postings', (r) => r.postings.map((p) => `${p.owner} ${p.asset} ${units(p.amount, p.currency)} ${p.currency}`).join('; ')],
  ],
};

export const adjustmentsExport: ListExport<EndpointQuery<typeof adminListAdjustments>, Row<typeof adminListAdjustments>> = {
  name: 'adjustments',
  page: adjustments,
  columns: [
    ['id', (r) => r.id], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['asset', (r) => r.asset], ['currency', (r) => r.currency], ['amount', (r) => units(r.amount, r.currency)],
    ['reason', (r) => r.reason], ['status', (r) => r.status], ['requested_by', (r) => r.requested_by], ['created_at', (r) => r.created_at], ['reviewed_by', (r) => r.decided_by], ['reviewed_at', (r) => r.decided_at],
  ],
};

export const giftCardBatchesExport: ListExport<EndpointQuery<typeof adminGiftCardBatches>, Row<typeof adminGiftCardBatches>> = {
  name: 'gift-card-batches',
  page: giftCardBatches,
  columns: [
    ['id', (r) => r.id], ['member_id', (r) => r.user_id], ['user_name', (r) => r.user_name], ['currency', (r) => r.currency], ['value', (r) => fromMinorUnits(r.value, r.currency)], ['count', (r) => r.count],
    ['redeemed', (r) => r.redeemed], ['expires_at', (r) => r.expires_at], ['reason', (r) => r.reason], ['requested_by', (r) => r.requested_by ?? ''], ['created_by', (r) => r.created_by], ['created_at', (r) => r.created_at],
  ],
};

/** A rate between two currencies on a date (today by default), as conversions use it. */
export const rateQuote = async (db: Executor, input: { from: string; to: string; date?: string }) => ({ from: input.from, to: input.to, ...(await rateFor(db, input.from, input.to, input.date)) });

/** What setting an operator's rate carries out once approved. */
export interface RateChange {
  base: string;
  quote: string;
  rate: string;
  date?: string;
  reason: string;
}

/** An operator asks to set a rate (it wins over the feed and moves members' money), with the reason: a second operator approves it. */
export async function setRate(db: Database, actor: Actor, input: RateChange) {
  operatorNameOf(actor);
  await checkOperatorRate(db, input);
  return requestApproval<RateChange, { from: string; to: string; rate: string; source: 'ecb' | 'operator' | 'identity'; date: string }>(db, actor, {
    kind: 'rate.set',
    memberId: null,
    currency: input.quote,
    amount: null,
    payload: input,
    summary: `1 ${input.base} = ${input.rate} ${input.quote}${input.date ? ` from ${input.date}` : ''}`,
    subject: `rate:${input.base}:${input.quote}:${input.date ?? 'today'}`,
    reason: input.reason,
  });
}

/** Carries out an approved rate, recorded with the reason. */
export async function saveApprovedRate(tx: Tx, actor: Actor, input: RateChange) {
  const set = await setOperatorRate(tx, actor, input);
  return { from: input.base, to: input.quote, rate: set.rate, source: set.source, date: set.date };
}

/** The ledger check: ok, or each problem found, in English words and as facts the console words in the operator's language. */
export async function checkLedger(db: Executor) {
  const findings = await ledgerCheck(db);
  const accounts = new Map((await q.findAccountsByIds(db, findings.flatMap((f) => ('accountId' in f ? [f.accountId] : [])))).map((a) => [a.id, a]));
  const of = (id: number) => ({ asset: accounts.get(id)?.asset ?? '', currency: accounts.get(id)?.currency ?? '' });
  const problems = findings.map((f) => {
    switch (f.kind) {
      case 'unbalanced-entry':
        return { kind: f.kind, entry_id: f.entryId, currency: f.currency, total: Number(f.total), postings: f.postings };
      case 'balance-mismatch':
        return { kind: f.kind, account_id: f.accountId, member_id: accounts.get(f.accountId)?.member_id ?? null, ...of(f.accountId), cached: Number(f.cached), posted: Number(f.posted) };
      case 'negative-member-balance':
        return { kind: f.kind, account_id: f.accountId, member_id: f.memberId, ...of(f.accountId), balance: Number(f.balance), posted: Number(f.posted) };
      case 'hold-resolved-twice':
        return { kind: f.kind, hold_id: f.holdId, status: f.status, resolutions: f.resolutions };
    }
  });
  return { ok: findings.length === 0, findings: findings.map(describeFinding), problems };
}
