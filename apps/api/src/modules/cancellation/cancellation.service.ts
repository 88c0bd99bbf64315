import { ResponseCode } from '@shop/contract';
import type { Database, Executor } from '../../db/database.js';
import { AppError, notFound } from '../../lib/errors.js';
import { hasCancellationBlocker } from '../members/member-hooks.js';
import { lockUserForUpdate, revokeAllSessions, updateUser } from '../members/members.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { iso, primaryDestination } from '../members/identity.js';
import { consumeCode, verifyCode } from '../verification/verification.service.js';
import type { CancellationRow } from './cancellation.table.js';
import { withTransaction } from '../../lib/transaction.js';

const latestRequest = (db: Executor, userId: number) =>
  db.selectFrom('account_cancellations').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();

const toRequest = (row: CancellationRow) => ({
  id: row.id,
  status: row.status,
  reason: row.reason,
  created_at: iso(row.created_at),
  reviewed_at: row.reviewed_at ? iso(row.reviewed_at) : null,
});

/** The member's latest cancellation request and whether something blocks closing the account. */
export async function cancellationInfo(db: Executor, userId: number) {
  const row = await latestRequest(db, userId);
  return { request: row ? toRequest(row) : null, blocked: await hasCancellationBlocker(db, userId) };
}

/**
 * Applies for closing the account (the agreement ticked, no unconfirmed orders, nothing open), or
 * withdraws a request still under review.
 */
export async function applyOrWithdraw(db: Database, userId: number, input: { action: 'apply' | 'withdraw'; agree?: boolean }) {
  await withTransaction(db, async (trx) => {
    await lockUserForUpdate(trx, userId);
    const latest = await latestRequest(trx, userId);
    if (input.action === 'withdraw') {
      if (latest?.status !== 'pending') throw new AppError(ResponseCode.cancellationState);
      await trx.updateTable('account_cancellations').set({ status: 'withdrawn', updated_at: new Date() }).where('id', '=', latest.id).execute();
      return;
    }
    if (!input.agree) throw new AppError(ResponseCode.agreementRequired);
    if (latest && (latest.status === 'pending' || latest.status === 'approved')) throw new AppError(ResponseCode.cancellationState);
    if (await hasCancellationBlocker(trx, userId)) throw new AppError(ResponseCode.ordersNotConfirmed);
    await trx.insertInto('account_cancellations').values({ user_id: userId }).execute();
  });
  return cancellationInfo(db, userId);
}

/** After approval: the code sent to the member's e-mail closes the account and ends every session. */
export async function confirmCancellation(db: Database, userId: number, code: string): Promise<{ ok: true }> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const latest = await latestRequest(db, userId);
  if (latest?.status !== 'approved') throw new AppError(ResponseCode.cancellationState);
  if (await hasCancellationBlocker(db, userId)) throw new AppError(ResponseCode.ordersNotConfirmed);
  const to = primaryDestination(user);
  if (!to) throw new AppError(ResponseCode.noContact);
  await verifyCode(db, { purpose: 'cancel', destination: to.address, code, consume: false });
  await withTransaction(db, async (trx) => {
    // Used up with the closing itself: if the request changed state meanwhile, the code stays usable.
    await consumeCode(trx, { purpose: 'cancel', destination: to.address, code });
    const now = new Date();
    const done = await trx
      .updateTable('account_cancellations')
      .set({ status: 'completed', completed_at: now, updated_at: now })
      .where('id', '=', latest.id)
      .where('status', '=', 'approved')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError(ResponseCode.cancellationState);
    await updateUser(trx, userId, { status: 'closed', pay_password_hash: null, totp_secret: null, totp_pending_secret: null });
    await revokeAllSessions(trx, userId);
  });
  return { ok: true };
}

/** An operator's decision on a request under review, recorded with who and when. */
export async function reviewCancellation(db: Database, operator: string, id: number, decision: 'approve' | 'reject', reason?: string) {
  return withTransaction(db, async (trx) => {
    const row = await trx.selectFrom('account_cancellations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound('cancellation');
    if (row.status !== 'pending') throw new AppError(ResponseCode.requestNotPending, { status: row.status });
    if (decision === 'reject' && !reason?.trim()) throw new AppError(ResponseCode.reasonRequired);
    const status = decision === 'approve' ? 'approved' : 'rejected';
    const now = new Date();
    await trx
      .updateTable('account_cancellations')
      .set({ status, reason: reason ?? null, reviewed_by: operator, reviewed_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    await insertOperatorAction(trx, { operator, action: `cancel.${decision}`, target_type: 'cancellation', target_id: id, reason });
    return { id, user_id: row.user_id, status };
  });
}
