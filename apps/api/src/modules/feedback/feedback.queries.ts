import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import { nextUpdatedAt } from '../../lib/row-version.queries.js';
import { executePage } from '../../lib/paging.js';

// ── Categories ──────────────────────────────────────────────────────────────────────────────

export const findCategories = (db: Executor, onlyEnabled: boolean) => {
  let q = db.selectFrom('feedback_categories').selectAll();
  if (onlyEnabled) q = q.where('enabled', '=', true);
  return q.orderBy('sort').orderBy('id').execute();
};

export const findCategory = (db: Executor, id: number) => db.selectFrom('feedback_categories').selectAll().where('id', '=', id).executeTakeFirst();

export const insertCategory = (db: Executor, row: { names: Record<string, string>; sort: number; enabled: boolean }) =>
  db.insertInto('feedback_categories').values({ names: JSON.stringify(row.names) as unknown as Record<string, string>, sort: row.sort, enabled: row.enabled }).returningAll().executeTakeFirstOrThrow();

/** Locks one category for a save of its form (two operators saving it take turns); with the version it is at. */
export const lockCategoryForUpdate = (tx: Tx, id: number) => tx.selectFrom('feedback_categories').select('updated_at').where('id', '=', id).forUpdate().executeTakeFirst();

export const updateCategory = (db: Executor, id: number, row: { names: Record<string, string>; sort: number; enabled: boolean }) =>
  db.updateTable('feedback_categories').set({ names: JSON.stringify(row.names) as unknown as Record<string, string>, sort: row.sort, enabled: row.enabled, updated_at: nextUpdatedAt }).where('id', '=', id).returningAll().executeTakeFirst();

// ── Feedback ────────────────────────────────────────────────────────────────────────────────

/** Serializes one member's feedback writes until the transaction ends (the daily limit holds under concurrency). */
export const lockMemberFeedback = (tx: Tx, memberId: number) => sql`select pg_advisory_xact_lock(hashtextextended(${`feedback:${memberId}`}, 0))`.execute(tx);

/** When the member sent feedback since `since`, oldest first. */
export const findFeedbackTimesSince = async (db: Executor, memberId: number, since: Date): Promise<Date[]> =>
  (await db.selectFrom('feedbacks').select('created_at').where('member_id', '=', memberId).where('created_at', '>=', since).orderBy('created_at').execute()).map((r) => new Date(r.created_at));

export const insertFeedback = (db: Executor, row: { member_id: number; category_id: number; content: string; image_ids: number[]; contact: string }) =>
  db.insertInto('feedbacks').values(row).returning(['id', 'status']).executeTakeFirstOrThrow();

const withCategory = (db: Executor) =>
  db
    .selectFrom('feedbacks as f')
    .innerJoin('feedback_categories as c', 'c.id', 'f.category_id')
    .select(['f.id', 'f.member_id', 'f.category_id', 'c.names as category_names', 'f.content', 'f.image_ids', 'f.contact', 'f.status', 'f.reply', 'f.replied_by', 'f.replied_at', 'f.closed_at', 'f.created_at']);

/** A page of the member's feedback, newest first, with the total. */
export const findMemberFeedbackPage = (db: Executor, memberId: number, limit: number, offset: number) =>
  withCategory(db).select(sql<string>`count(*) over ()`.as('total')).where('f.member_id', '=', memberId).orderBy('f.id', 'desc').limit(limit).offset(offset).$call(executePage);

/** One of the member's feedback. */
export const findMemberFeedback = (db: Executor, memberId: number, id: number) => withCategory(db).where('f.member_id', '=', memberId).where('f.id', '=', id).executeTakeFirst();

/** Feedback for operators: pending oldest first, otherwise newest first; with the member's user name. */
export const findFeedbackPage = (db: Executor, filter: { status?: string; user_id?: number }, limit: number, offset: number) => {
  let q = withCategory(db).innerJoin('users as u', 'u.id', 'f.member_id').select(['u.user_name', sql<string>`count(*) over ()`.as('total')]);
  if (filter.status) q = q.where('f.status', '=', filter.status as 'pending');
  if (filter.user_id) q = q.where('f.member_id', '=', filter.user_id);
  return q.orderBy('f.id', filter.status === 'pending' ? 'asc' : 'desc').limit(limit).offset(offset).$call(executePage);
};

/** One feedback with its member's user name. */
export const findFeedback = (db: Executor, id: number) => withCategory(db).innerJoin('users as u', 'u.id', 'f.member_id').select('u.user_name').where('f.id', '=', id).executeTakeFirst();

/** Writes the one reply of a pending feedback; answers the row when this call replied. */
export const replyToFeedback = (db: Executor, id: number, reply: { text: string; by: string }) =>
  db.updateTable('feedbacks').set({ status: 'replied', reply: reply.text, replied_by: reply.by, replied_at: sql`now()` }).where('id', '=', id).where('status', '=', 'pending').returning(['id', 'member_id']).executeTakeFirst();

/** Closes a feedback not closed yet; answers the row when this call closed it. */
export const closeFeedback = (db: Executor, id: number, by: string) =>
  db.updateTable('feedbacks').set({ status: 'closed', closed_by: by, closed_at: sql`now()` }).where('id', '=', id).where('status', '<>', 'closed').returning(['id', 'member_id']).executeTakeFirst();
