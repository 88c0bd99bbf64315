import { ResponseCode } from '@shop/contract';
import { iso } from '../../lib/dates.js';
import type { Database, Executor } from '../../db/database.js';
import { memberIdOf, operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { notifyMember } from '../messages/messages.service.js';
import { AppError, alreadyDecided, notFound } from '../../lib/errors.js';
import { hasCancellationBlocker } from '../members/member-hooks.js';
import { findUserById, lockUserForUpdate, revokeAllSessions, updateUser } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { primaryDestination } from '../members/identity.js';
import { consumeCode, verifyCode } from '../verification/verification.service.js';
import * as q from './cancellation.queries.js';
import type { CancellationRow } from './cancellation.table.js';
import { withTransaction } from '../../lib/transaction.js';

const toRequest = (row: CancellationRow) => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  created_at: iso(row.created_at),
  reviewed_at: row.reviewed_at ? iso(row.reviewed_at) : null,
});

/** The member's latest cancellation request and whether something blocks closing the account. */
export async function cancellationInfo(db: Executor, actor: Actor) {
  const userId = memberIdOf(actor);
  const row = await q.findLatestCancellation(db, userId);
  return { request: row ? toRequest(row) : null, blocked: await hasCancellationBlocker(db, userId) };
}

/**
 * Applies for closing the account (the agreement ticked, no unconfirmed orders, nothing open), or
 * withdraws a request still under review.
 */
export async function applyOrWithdraw(db: Database, actor: Actor, input: { action: 'apply' | 'withdraw'; agree?: boolean }) {
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
    if (await hasCancellationBlocker(trx, userId)) throw new AppError(ResponseCode.ordersNotConfirmed);
    await q.insertCancellation(trx, userId);
  });
  return cancellationInfo(db, actor);
}

/** After approval: the code sent to the member's e-mail closes the account and ends every session. */
export async function confirmCancellation(db: Database, actor: Actor, input: { code: string }): Promise<{ ok: true }> {
  const userId = memberIdOf(actor);
  const { code } = input;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError(ResponseCode.userNotFound);
  const latest = await q.findLatestCancellation(db, userId);
  if (latest?.status !== 'approved') throw new AppError(ResponseCode.cancellationState);
  if (await hasCancellationBlocker(db, userId)) throw new AppError(ResponseCode.ordersNotConfirmed);
  const to = primaryDestination(user);
  if (!to) throw new AppError(ResponseCode.noContact);
  await verifyCode(db, { purpose: 'cancel', destination: to.address, code, consume: false });
  await withTransaction(db, async (trx) => {
    // Used up with the closing itself: if the request changed state meanwhile, the code stays usable.
    await consumeCode(trx, { purpose: 'cancel', destination: to.address, code });
    const now = new Date();
    if (!(await q.completeApprovedCancellation(trx, latest.id, now))) throw new AppError(ResponseCode.cancellationState);
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
