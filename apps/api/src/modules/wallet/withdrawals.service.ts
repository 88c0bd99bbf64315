import { ResponseCode, type EndpointBody, type EndpointQuery, type createCryptoWithdrawal, type createWithdrawal, type getWithdrawalRatio, type listWithdrawals, type adminListWithdrawals } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { AppError, alreadyDecided } from '../../lib/errors.js';
import { announce } from '../../lib/changes.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { thresholdOf } from '../approvals/approvals.service.js';
import { post, postHold, releaseHold, reserveHold } from '../ledger/ledger.service.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { deciderRefOf, fourEyes, operatorRefOf } from '../operators/four-eyes.js';
import * as q from './wallet.queries.js';
import type { LimitKind, WalletLimitRow, WithdrawalStatus } from './wallet.table.js';
import { businessNumber, startOfToday, checkDailyLimit, checkSingleLimit, feeOf, kindOffered, limitOf, maskAccount, parseAmount, printAmount, requestKey, requireMoneyOut, walletCurrencies, type MoneyOutProof } from './wallet.rules.js';
import { notifyMember } from '../messages/messages.service.js';
import { iso } from '../../lib/dates.js';
import { listCards } from './wallet.service.js';
import { lockUserForShare } from '../members/members.queries.js';
import { totalOf } from '../../lib/paging.js';

// Withdrawals: the member asks, the amount plus fee is held; an operator approves then marks it
// paid with the payout's reference, or rejects it with a reason and the hold goes back.

type Deps = Pick<AppDeps, 'db' | 'secrets'>;
type View = NonNullable<Awaited<ReturnType<typeof q.findWithdrawal>>>;

/** The member's view of a withdrawal, with the time of each state. */
export const toWithdrawal = (w: View) => ({
  id: w.id,
  withdraw_no: w.withdraw_no,
  method: w.method,
  status: w.status,
  currency: w.currency,
  amount: w.amount,
  fee: w.fee,
  bank_name: w.bank_name,
  account_masked: w.account_number ? maskAccount(w.account_number) : null,
  network: w.network,
  address: w.address,
  reason: w.reason,
  payout_reference: w.payout_reference,
  created_at: iso(w.created_at)!,
  approved_at: iso(w.approved_at),
  paid_at: iso(w.paid_at),
  rejected_at: iso(w.rejected_at),
  cancelled_at: iso(w.cancelled_at),
});
/**
 * The approvals needed by each withdrawal of a currency: one up to the owner's payout threshold there,
 * two above it; with no threshold (`null`: one approver never suffices, as the limits' contract says) always two.
 */
async function approvalRuleOf(db: Executor, currency: string): Promise<(amount: number) => number> {
  const threshold = await thresholdOf(db, 'withdrawal.payout', currency);
  return (amount) => (threshold === null || amount > threshold ? 2 : 1);
}
const approvalsNeeded = async (db: Executor, w: { currency: string; amount: number }) => (await approvalRuleOf(db, w.currency))(w.amount);

const toAdmin = (w: View, approvalsNeeded: number) => ({
  ...toWithdrawal(w),
  user_id: w.user_id,
  user_name: w.user_name,
  member_status: w.member_status,
  holder_name: w.holder_name,
  account_number: w.account_number,
  card_currency: w.card_currency,
  reviewed_by: w.reviewed_by,
  approvers: w.approvers,
  approvals_needed: approvalsNeeded,
  // Whoever rejects it decides its review last (an approved one too, when its payout failed).
  rejected_by: w.status === 'rejected' ? w.reviewed_by : null,
  paid_by: w.paid_by,
});

/**
 * The fee rules of each way of withdrawing in the currencies it can be made in now: those the wallet keeps, where the
 * way is offered (`kindOffered`). The wallet's currencies are read once for all the ways asked.
 */
async function offeredLimits(db: Executor, kinds: LimitKind[]): Promise<(kind: LimitKind) => WalletLimitRow[]> {
  const [limits, { enabled }, offered] = await Promise.all([q.findLimits(db, kinds), walletCurrencies(db), Promise.all(kinds.map((k) => kindOffered(db, k)))]);
  return (kind) => (offered[kinds.indexOf(kind)] ? limits.filter((l) => l.kind === kind && enabled.includes(l.currency)) : []);
}

/** The ways to withdraw, each in the currencies it can be made in now, and the member's cards. */
export async function withdrawalChannels(db: Executor, actor: Actor) {
  const offered = await offeredLimits(db, ['withdraw_bank', 'withdraw_crypto']);
  const currencies = (kind: LimitKind) => offered(kind).map((l) => l.currency);
  return {
    list: [
      { method: 'bank' as const, currencies: currencies('withdraw_bank'), networks: [] },
      { method: 'crypto' as const, currencies: currencies('withdraw_crypto'), networks: CRYPTO_NETWORKS },
    ],
    cards: (await listCards(db, actor)).list,
  };
}

/** Stablecoin networks withdrawals are paid out on. */
export const CRYPTO_NETWORKS = ['TRC20', 'ERC20'];

const KIND_OF: Record<EndpointQuery<typeof getWithdrawalRatio>['method'], LimitKind> = { bank: 'withdraw_bank', crypto: 'withdraw_crypto', transfer: 'transfer' };

/** Fees and limits of withdrawals (or of transfers, `method=transfer`), and with an amount the fee it costs and what leaves the balance. */
export async function withdrawalRatio(db: Executor, _actor: Actor, input: EndpointQuery<typeof getWithdrawalRatio>) {
  const kind = KIND_OF[input.method];
  // A withdrawal's rules are those of the currencies it is offered in now; a transfer's are all there are.
  const rules = kind === 'transfer' ? await q.findLimits(db, [kind]) : (await offeredLimits(db, [kind]))(kind);
  const rows = rules.filter((l) => !input.currency || l.currency === input.currency);
  let quote = null;
  if (input.amount && input.currency) {
    const limit = await limitOf(db, input.currency, kind);
    const amount = await parseAmount(db, input.amount, input.currency);
    const fee = feeOf(amount, limit);
    quote = { amount, fee, total: amount + fee };
  }
  return {
    rules: rows.map((l) => ({ currency: l.currency, method: input.method, fee_bp: l.fee_bp, fee_fixed: l.fee_fixed, min: l.min_minor, max: l.max_minor, daily_count: l.daily_count, daily_amount: l.daily_amount })),
    quote,
  };
}

/**
 * Refuses a card that is not the member's, or one held in a wallet currency when the withdrawal is in
 * another: money goes to a card in the card's currency. A card held in a currency the wallet does not
 * keep (its country's own) takes any wallet currency, which its bank converts.
 */
async function checkCard(db: Executor, card: { currency: string } | undefined, currency: string): Promise<void> {
  if (!card) throw new AppError(ResponseCode.bankCardNotFound);
  if (card.currency !== currency && (await walletCurrencies(db)).enabled.includes(card.currency)) throw new AppError(ResponseCode.bankCardCurrencyMismatch, { currency: card.currency });
}

async function createHeldWithdrawal(
  deps: Deps,
  actor: Actor,
  input: MoneyOutProof & { amount: string; currency: string },
  target: { method: 'bank'; cardId: number } | { method: 'crypto'; network: string; address: string },
) {
  const userId = memberIdOf(actor);
  const limit = await limitOf(deps.db, input.currency, target.method === 'bank' ? 'withdraw_bank' : 'withdraw_crypto');
  const amount = await parseAmount(deps.db, input.amount, input.currency);
  checkSingleLimit(amount, input.currency, limit);
  if (target.method === 'bank') await checkCard(deps.db, await q.findMemberCard(deps.db, userId, target.cardId), input.currency);
  await requireMoneyOut(deps, actor, userId, input);
  const fee = feeOf(amount, limit);
  const key = requestKey(actor, 'withdrawal', userId);
  return withTransaction(deps.db, async (tx) => {
    await q.lockMemberWallet(tx, userId);
    // Checked again on the locked card: it may have changed since.
    if (target.method === 'bank') await checkCard(tx, await q.lockMemberCardForUpdate(tx, userId, target.cardId), input.currency);
    checkDailyLimit(await q.todaysWithdrawals(tx, userId, input.currency, target.method, startOfToday()), amount, input.currency, limit);
    const withdrawNo = businessNumber('W');
    const hold = await reserveHold(tx, { account: { member: userId, asset: 'cash', currency: input.currency }, amount: amount + fee, reference: { type: 'withdrawal', id: withdrawNo }, idempotencyKey: `${key}:hold`, actor });
    const row = await q.insertWithdrawal(tx, {
      withdraw_no: withdrawNo,
      user_id: userId,
      method: target.method,
      bank_card_id: target.method === 'bank' ? target.cardId : null,
      network: target.method === 'crypto' ? target.network : null,
      address: target.method === 'crypto' ? target.address : null,
      currency: input.currency,
      amount,
      fee,
      hold_id: hold.id,
    });
    return toWithdrawal((await q.findWithdrawal(tx, row.id))!);
  });
}

/** A withdrawal to one of the member's bank cards: the amount and fee are held until an operator decides. */
export const withdrawToCard = (deps: Deps, actor: Actor, input: EndpointBody<typeof createWithdrawal>) => createHeldWithdrawal(deps, actor, input, { method: 'bank', cardId: input.bank_card_id });

/** A withdrawal to a stablecoin address, held like one to a card. */
export async function withdrawToCrypto(deps: Deps, actor: Actor, input: EndpointBody<typeof createCryptoWithdrawal>) {
  if (!CRYPTO_NETWORKS.includes(input.network)) throw new AppError(ResponseCode.channelUnavailable);
  return createHeldWithdrawal(deps, actor, input, { method: 'crypto', network: input.network, address: input.address });
}

/** The member's withdrawals, newest first. */
export async function listMemberWithdrawals(db: Executor, actor: Actor, input: EndpointQuery<typeof listWithdrawals>) {
  const rows = await q.findMemberWithdrawals(db, memberIdOf(actor), input.status, input.limit, (input.page - 1) * input.limit);
  const total = totalOf(rows);
  return { list: rows.map(toWithdrawal), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** One of the member's withdrawals; another member's id is "not found". */
export async function withdrawalInfo(db: Executor, actor: Actor, input: { id: number }) {
  const w = await q.findMemberWithdrawal(db, memberIdOf(actor), input.id);
  if (!w) throw new AppError(ResponseCode.withdrawalNotFound);
  return toWithdrawal(w);
}

/** The member cancels a withdrawal still pending: the hold of amount plus fee goes back, once; a decided one is refused. */
export async function cancelWithdrawal(db: AppDeps['db'], actor: Actor, input: { id: number }) {
  const userId = memberIdOf(actor);
  return withTransaction(db, async (tx) => {
    const w = await q.findMemberWithdrawal(tx, userId, input.id);
    if (!w) throw new AppError(ResponseCode.withdrawalNotFound);
    const moved = await q.transitionWithdrawal(tx, w.id, ['pending'], 'cancelled', { cancelled_at: new Date() });
    if (!moved) {
      // Read after the refused update: the state that won, so a repeat of the member's own cancel is named as such.
      const now = await q.findWithdrawal(tx, w.id);
      throw new AppError(ResponseCode.withdrawalNotPending, undefined, now?.status === 'cancelled' ? { messageKey: 'wallet.code.withdrawalAlreadyCancelled' } : {});
    }
    await releaseHold(tx, moved.hold_id, { actor });
    return toWithdrawal((await q.findWithdrawal(tx, w.id))!);
  });
}

// ── Operators ───────────────────────────────────────────────────────────────────────────────

/** The review queue: withdrawals in one state, oldest first. */
export async function adminWithdrawals(db: Executor, _actor: Actor, input: EndpointQuery<typeof adminListWithdrawals>) {
  const rows = await q.findWithdrawalsByStatus(db, input.status, input.limit, (input.page - 1) * input.limit, input);
  const total = totalOf(rows);
  const rules = new Map(await Promise.all([...new Set(rows.map((w) => w.currency))].map(async (c) => [c, await approvalRuleOf(db, c)] as const)));
  return { list: rows.map((w) => toAdmin(w, rules.get(w.currency)!(w.amount))), total, page: input.page, limit: input.limit, has_more: input.page * input.limit < total };
}

/** Locks a withdrawal for an operator's decision: nobody decides about their own member account. */
async function lockForDecision(tx: Tx, actor: Actor, id: number) {
  const w = await q.lockWithdrawalForUpdate(tx, id);
  if (!w) throw new AppError(ResponseCode.withdrawalNotFound);
  refuseOwnAccount(actor, w.user_id);
  return w;
}

/**
 * Refuses an operator who approved the withdrawal already (`same`) or counts as the same person as one
 * who did (`linked`: one received the other's way in), as the four-eyes check of every area decides.
 */
async function refuseOneOfApprovers(tx: Tx, approvers: string[], actor: Actor, errors: { same: AppError; linked: AppError }): Promise<void> {
  const decider = deciderRefOf(actor);
  for (const approver of approvers) {
    const eyes = await fourEyes(tx, operatorRefOf(approver), decider);
    if (eyes !== 'apart') throw errors[eyes];
  }
}

/** Marking paid before the approvals are all in: says how many are missing rather than "already decided". */
const stillNeedsApproval = (given: number, needed: number) =>
  new AppError(ResponseCode.requestNotPending, { given, needed }, { messageKey: given ? 'admin.code.withdrawalNeedsOneMoreApproval' : 'admin.code.withdrawalNeedsApproval' });

/** Moves a withdrawal to paid or rejected for an operator, settling its hold once; `reviewed_by` is the caller's to set (a payer is no reviewer). */
async function decide(db: AppDeps['db'], actor: Actor, id: number, from: WithdrawalStatus[], to: Extract<WithdrawalStatus, 'paid' | 'rejected'>, changes: Parameters<typeof q.transitionWithdrawal>[4], reason: string | null, settle?: 'post' | 'release') {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const current = await lockForDecision(tx, actor, id);
    if (to === 'paid' && current.status === 'pending') throw stillNeedsApproval(current.approvers.length, await approvalsNeeded(tx, current));
    // Separation of duties: whoever approved the withdrawal (or counts as the same person) does not also carry the money out.
    if (to === 'paid') await refuseOneOfApprovers(tx, current.approvers, actor, { same: new AppError(ResponseCode.payoutSameOperator), linked: new AppError(ResponseCode.fourEyesLinkedOperator, undefined, { messageKey: 'admin.code.fourEyesLinkedPayer' }) });
    const moved = await q.transitionWithdrawal(tx, id, from, to, changes);
    if (!moved) throw alreadyDecided(current.status);
    if (settle === 'release') await releaseHold(tx, moved.hold_id, { actor });
    if (settle === 'post') {
      const total = moved.amount + moved.fee;
      await postHold(tx, moved.hold_id, { to: { system: 'payouts_in_flight', currency: moved.currency }, actor });
      // The hold leaves to system accounts only: say the member's frozen amount changed, so their cached assets are dropped.
      announce(tx, { kind: 'balances', memberIds: [moved.user_id] });
      await post(tx, {
        kind: 'withdrawal.paid',
        reference: { type: 'withdrawal', id: moved.withdraw_no },
        idempotencyKey: `withdrawal:${moved.id}:paid`,
        actor,
        memo: moved.payout_reference ?? undefined,
        postings: [
          { account: { system: 'payouts_in_flight', currency: moved.currency }, amount: -total },
          { account: { system: 'gateway_clearing', gateway: moved.method === 'bank' ? 'bank_payout' : `crypto_${moved.network}`, currency: moved.currency }, amount: moved.amount },
          ...(moved.fee > 0 ? [{ account: { system: 'fees' as const, currency: moved.currency }, amount: moved.fee }] : []),
        ],
      });
    }
    await notifyMember(tx, { memberId: moved.user_id, kind: `wallet.withdrawal_${to}`, params: { withdraw_no: moved.withdraw_no, amount: await printAmount(tx, moved.amount, moved.currency), reason: reason ?? '' }, link: `/pages/my/withdrawInfo?id=${moved.id}`, eventKey: `withdrawal:${moved.id}:${to}` });
    await insertOperatorAction(tx, { operator, action: `withdrawal.${to}`, target_type: 'withdrawal', target_id: id, reason });
    const w = (await q.findWithdrawal(tx, id))!;
    return toAdmin(w, await approvalsNeeded(tx, w));
  });
}

/**
 * Refuses approving the withdrawal of a banned (6131) or closed (7005) member. The member's row is
 * read under a shared lock, so a ban made meanwhile is either seen here or waits until the approval
 * is in: never an approval from a stale read. Rejecting (the hold goes back) and marking an approved
 * one paid (its payout may be on its way) stay possible.
 */
async function refuseUnlessMemberActive(tx: Tx, userId: number): Promise<void> {
  const member = await lockUserForShare(tx, userId);
  if (member?.status === 'banned') throw new AppError(ResponseCode.withdrawalMemberBanned);
  if (member?.status !== 'active') throw new AppError(ResponseCode.memberClosed);
}

/**
 * Approves a pending withdrawal; the funds stay held until it is marked paid. Above the owner's
 * payout threshold it takes two different operators: the first approval is recorded and the
 * withdrawal waits for the second. Each approval is refused while the member is banned or closed.
 */
export async function approveWithdrawal(db: AppDeps['db'], actor: Actor, input: { id: number; reason?: string }) {
  const operator = operatorNameOf(actor);
  return withTransaction(db, async (tx) => {
    const w = await lockForDecision(tx, actor, input.id);
    if (w.status !== 'pending') throw alreadyDecided(w.status);
    await refuseUnlessMemberActive(tx, w.user_id);
    // They approved it already (a member asked for it), or count as the same person as who did: a different operator gives the second approval.
    await refuseOneOfApprovers(tx, w.approvers, actor, {
      same: new AppError(ResponseCode.approvalOwnRequest, undefined, { messageKey: 'admin.code.approvalAlreadyApproved' }),
      linked: new AppError(ResponseCode.fourEyesLinkedOperator, undefined, { messageKey: 'admin.code.fourEyesLinkedApprover' }),
    });
    const approvers = [...w.approvers, operator];
    const needed = await approvalsNeeded(tx, w);
    if (approvers.length < needed) await q.addWithdrawalApprover(tx, w.id, approvers);
    else {
      await q.transitionWithdrawal(tx, w.id, ['pending'], 'approved', { approvers, approved_at: new Date(), reviewed_by: approvers.join(', ') });
      await notifyMember(tx, { memberId: w.user_id, kind: 'wallet.withdrawal_approved', params: { withdraw_no: w.withdraw_no, amount: await printAmount(tx, w.amount, w.currency), reason: input.reason ?? '' }, link: `/pages/my/withdrawInfo?id=${w.id}`, eventKey: `withdrawal:${w.id}:approved` });
    }
    // One approval of several: how many are in, as facts the console words ("1 of 2 approvals").
    const partial = approvers.length < needed;
    await insertOperatorAction(tx, {
      operator,
      action: partial ? 'withdrawal.approve' : 'withdrawal.approved',
      target_type: 'withdrawal',
      target_id: w.id,
      reason: input.reason ?? null,
      facts: partial ? { key: 'approvals_given', given: approvers.length, needed } : null,
    });
    return toAdmin((await q.findWithdrawal(tx, w.id))!, needed);
  });
}

/** Marks an approved withdrawal paid with the payout's reference: the held funds leave through the payout clearing account, the fee to fees. Never by an operator who approved it. */
export const markWithdrawalPaid = (db: AppDeps['db'], actor: Actor, input: { id: number; payout_reference: string }) =>
  decide(db, actor, input.id, ['approved'], 'paid', { paid_at: new Date(), payout_reference: input.payout_reference, paid_by: operatorNameOf(actor) }, `payout ${input.payout_reference}`, 'post');

/**
 * Rejects a withdrawal with the reason the member reads: a pending one, or an approved one whose
 * payout was not made (it failed or bounced) until it is marked paid; the held funds go back once.
 * With `seen_status`, only from the state the operator saw, so a colleague's decision made
 * meanwhile is not overridden unseen.
 */
export const rejectWithdrawal = (db: AppDeps['db'], actor: Actor, input: { id: number; reason: string; seen_status?: 'pending' | 'approved' }) =>
  decide(db, actor, input.id, input.seen_status ? [input.seen_status] : ['pending', 'approved'], 'rejected', { rejected_at: new Date(), reason: input.reason, reviewed_by: operatorNameOf(actor) }, input.reason, 'release');
