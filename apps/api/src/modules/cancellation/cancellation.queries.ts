import type { Transaction } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { CancellationStatus } from './cancellation.table.js';

/** The member's latest request to close their account. */
export const findLatestCancellation = (db: Executor, userId: number) =>
  db.selectFrom('account_cancellations').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst();

export const insertCancellation = (db: Executor, userId: number) => db.insertInto('account_cancellations').values({ user_id: userId }).execute();

export const setCancellationWithdrawn = (db: Executor, id: number) =>
  db.updateTable('account_cancellations').set({ status: 'withdrawn', updated_at: new Date() }).where('id', '=', id).execute();

/** Completes an approved request; answers whether it was still approved (conditional: one completion). */
export async function completeApprovedCancellation(db: Executor, id: number, now: Date): Promise<boolean> {
  const done = await db
    .updateTable('account_cancellations')
    .set({ status: 'completed', completed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export const lockCancellationForUpdate = (db: Transaction<DB>, id: number) =>
  db.selectFrom('account_cancellations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const setCancellationDecision = (db: Executor, id: number, d: { status: Extract<CancellationStatus, 'approved' | 'rejected'>; reason: string | null; reviewedBy: string; at: Date }) =>
  db.updateTable('account_cancellations').set({ status: d.status, reason: d.reason, reviewed_by: d.reviewedBy, reviewed_at: d.at, updated_at: d.at }).where('id', '=', id).execute();

/** Requests waiting for an operator, oldest first, with the member's user name. */
export const findPendingCancellations = (db: Executor) =>
  db
    .selectFrom('account_cancellations')
    .innerJoin('users', 'users.id', 'account_cancellations.user_id')
    .select(['account_cancellations.id', 'users.user_name', 'account_cancellations.created_at'])
    .where('account_cancellations.status', '=', 'pending')
    .orderBy('account_cancellations.id')
    .execute();
