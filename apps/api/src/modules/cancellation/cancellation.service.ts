import { LANGUAGE_TAGS, ResponseCode, type ClosingBalances, type Language } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import { iso } from '../../lib/dates.js';
import { Amount, type Translator } from '../../lib/i18n.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { notifyMember } from '../messages/messages.service.js';
import { AppError, alreadyDecided, notFound } from '../../lib/errors.js';
import { cancellationBlockersOf, type CancellationBlocker } from '../members/member-hooks.js';
import { findUserById, lockUserForUpdate, revokeAllSessions, updateUser } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { primaryDestination } from '../members/identity.js';
import { consumeCode, verifyCode } from '../verification/verification.service.js';
import * as q from './cancellation.queries.js';
import type { CancellationRow } from './cancellation.table.js';
import { withTransaction } from '../../lib/transaction.js';
import { closingHooks } from './closing-hooks.js';

type Deps = Pick<AppDeps, 'db' | 'i18n'>;

const toRequest = (row: CancellationRow) => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  created_at: iso(row.created_at),
  reviewed_at: row.reviewed_at ? iso(row.reviewed_at) : null,
});

/**
 * "Withdraw or spend your balance first: USD 20.00 gift card and USD 5.00 balance": the money left,
 * each amount with its currency and what it is, in the member's language (`data.money` as amounts).
 */
function moneyLeft(i18n: Translator, lang: Language, money: ClosingBalances['money']): AppError {
  const items = money.map((m) => i18n.t(lang, `account.cancel.money.${m.kind}`, { amount: `${m.currency} ${new Amount(m.amount, m.currency).in(lang)}` }));
  const amounts = new Intl.ListFormat(LANGUAGE_TAGS[lang] ?? 'en-US', { type: 'conjunction' }).format(items);
  return new AppError(ResponseCode.moneyLeft, { amounts }, { data: { money } });
}

/** The refusal of each reason that keeps an account open, in the order the member is told the first. */
const BLOCKER_CODES: ReadonlyArray<[CancellationBlocker, number]> = [
  ['open_orders', ResponseCode.ordersNotConfirmed],
  ['open_after_sales', ResponseCode.afterSalesOpen],
  ['open_shop', ResponseCode.memberShopOpen],
];

/** Refuses closing while anything (open orders, an open after-sales case, an open member shop) keeps the account open, saying which. */
async function refuseWhileBlocked(db: Executor, userId: number): Promise<void> {
  const blockers = await cancellationBlockersOf(db, userId);
  for (const [reason, code] of BLOCKER_CODES) if (blockers.has(reason)) throw new AppError(code);
}

/** The member's latest cancellation request, what stops closing the account (open orders, after-sales cases, a member shop, money left) and the points closing gives up. */
export async function cancellationInfo(db: Executor, actor: Actor) {
  const userId = memberIdOf(actor);
  const [row, blockers, balances] = await Promise.all([q.findLatestCancellation(db, userId), cancellationBlockersOf(db, userId), closingHooks.balances(db, userId)]);
  return {
    request: row ? toRequest(row) : null,
    blocked: blockers.size > 0 || balances.money.length > 0,
    open_orders: blockers.has('open_orders'),
    open_after_sales: blockers.has('open_after_sales'),
    open_shop: blockers.has('open_shop'),
    ...balances,
  };
}

/**
 * Applies for closing the account (the agreement ticked, no unconfirmed orders, no open after-sales
 * case, no member shop open, no money left: it is withdrawn or spent first), or withdraws a request
 * still under review.
 */
export async function applyOrWithdraw(deps: Deps, actor: Actor, input: { action: 'apply' | 'withdraw'; agree?: boolean }) {
  const { db } = deps;
  const userId = memberIdOf(actor);
  await withTransaction(db, async (trx) => {
    await lockUserForUpdate(trx, userId);
    const latest = await q.findLatestCancellation(trx, userId);
    if (input.action === 'withdraw') {
      if (latest?.status !== 'pending') throw new AppError(ResponseCode.cancellationState);
      await q.setCancellationWithdrawn(trx, latest.id);
      return;
    }
    if (!input.agree) throw new AppError(ResponseCode.agreementRequired);
    if (latest && (latest.status === 'pending' || latest.status === 'approved')) throw new AppError(ResponseCode.cancellationState);
    await refuseWhileBlocked(trx, userId);
    const { money } = await closingHooks.balances(trx, userId);
    if (money.length) throw moneyLeft(deps.i18n, actor.lang, money);
    await q.insertCancellation(trx, userId);
  });
  return cancellationInfo(db, actor);
}

/**
 * After approval: the code sent to the member's e-mail closes the account and ends every session.
 * Money may have arrived since the request: it is weighed again, with the member's row and then their
 * accounts locked, and closing is refused while any is left or on its way (open orders, after-sales
 * cases, a member shop); the points and shopping points are given up with it.
 */
export async function confirmCancellation(deps: Deps, actor: Actor, input: { code: string }): Promise<{ ok: true }> {
  const { db } = deps;
  const userId = memberIdOf(actor);
  const { code } = input;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  const latest = await q.findLatestCancellation(db, userId);
  if (latest?.status !== 'approved') throw new AppError(ResponseCode.cancellationState);
  await refuseWhileBlocked(db, userId);
  const before = await closingHooks.balances(db, userId);
  if (before.money.length) throw moneyLeft(deps.i18n, actor.lang, before.money);
  const to = primaryDestination(user);
  if (!to) throw new AppError(ResponseCode.noContact);
  await verifyCode(db, { purpose: 'cancel', destination: to.address, code, consume: false });
  await withTransaction(db, async (trx) => {
    // The member's row first: whatever credits a member locks it (for share) before their accounts, so
    // it either committed before this weighs the account, or waits and then finds the account closed.
    await lockUserForUpdate(trx, userId);
    await refuseWhileBlocked(trx, userId);
    // Used up with the closing itself: if the request changed state meanwhile, the code stays usable.
    await consumeCode(trx, { purpose: 'cancel', destination: to.address, code });
    const now = new Date();
    if (!(await q.completeApprovedCancellation(trx, latest.id, now))) throw new AppError(ResponseCode.cancellationState);
    const left = await closingHooks.forfeit(trx, actor, { userId, cancellationId: latest.id });
    if (left.money.length) throw moneyLeft(deps.i18n, actor.lang, left.money);
    await updateUser(trx, userId, { status: 'closed', pay_password_hash: null, totp_secret: null, totp_pending_secret: null });
    await revokeAllSessions(trx, userId);
  });
  return { ok: true };
}

/** An operator's decision on a request under review, recorded with who and when. */
export async function reviewCancellation(db: Database, actor: Actor, input: { id: number; decision: 'approve' | 'reject'; reason?: string }) {
  const operator = operatorNameOf(actor);
  const { id, decision, reason } = input;
  return withTransaction(db, async (trx) => {
    const row = await q.lockCancellationForUpdate(trx, id);
    if (!row) throw notFound('cancellation');
    refuseOwnAccount(actor, row.user_id);
    if (row.status !== 'pending') throw alreadyDecided(row.status);
    if (decision === 'reject' && !reason?.trim()) throw new AppError(ResponseCode.reasonRequired);
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const now = new Date();
    await q.setCancellationDecision(trx, id, { status, reason: reason ?? null, reviewedBy: operator, at: now });
    await notifyMember(trx, { memberId: row.user_id, kind: `account.cancellation_${status}`, params: { reason: reason ?? '' }, link: '/pages/login/logOff/index', eventKey: `cancellation:${id}:${status}` });
    await insertOperatorAction(trx, { operator, action: `cancel.${decision}`, target_type: 'cancellation', target_id: id, reason });
    return { id, user_id: row.user_id, status };
  });
}

/** Requests waiting for an operator's decision, oldest first. */
export async function pendingCancellations(db: Executor, actor: Actor) {
  operatorNameOf(actor);
  return q.findPendingCancellations(db);
}
