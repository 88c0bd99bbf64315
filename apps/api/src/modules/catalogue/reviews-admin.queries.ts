import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { containing } from '../../lib/like.js';
import { executePage } from '../../lib/paging.js';

// Goods reviews as operators moderate them: every review, shown or hidden, with its goods and the
// member who wrote it. The goods page's reads of reviews are in catalogue.queries.ts.

export interface AdminReviewFilter {
  /** The goods number, or part of its name in any language. */
  goods?: string;
  rating?: number;
  visible?: boolean;
  /** With a reply (true) or without one (false). */
  replied?: boolean;
  limit: number;
  offset: number;
}

/** Reviews with their goods' name and the member's user name. */
const reviewsWithGoods = (db: Executor) =>
  db
    .selectFrom('goods_reviews as r')
    .innerJoin('goods as g', 'g.id', 'r.goods_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['g.name as goods_name', 'u.user_name']);

/** One page of reviews matching the filter, newest first, each row with the total count. */
export function findAdminReviewsPage(db: Executor, f: AdminReviewFilter) {
  let q = reviewsWithGoods(db).select(sql<string>`count(*) over ()`.as('total'));
  if (f.goods) {
    const pattern = containing(f.goods);
    const asId = /^\d{1,9}$/.test(f.goods) ? Number(f.goods) : -1;
    q = q.where(sql<boolean>`(g.id = ${asId} or exists (select 1 from jsonb_each_text(g.name) n where n.value ilike ${pattern}))`);
  }
  if (f.rating !== undefined) q = q.where('r.rating', '=', f.rating);
  if (f.visible !== undefined) q = q.where('r.is_visible', '=', f.visible);
  if (f.replied !== undefined) q = q.where('r.reply', f.replied ? '<>' : '=', '');
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(f.limit).offset(f.offset).$call(executePage);
}

/** One review with its goods and member, shown or hidden. */
export const findAdminReview = (db: Executor, id: number) => reviewsWithGoods(db).where('r.id', '=', id).executeTakeFirst();

/**
 * Hides a review or shows it again, with who and why, only when it is not so already (two operators
 * at once: one changes it). Answers the review's goods when it changed, nothing otherwise.
 */
export const updateReviewVisibility = (db: Executor, input: { id: number; visible: boolean; by: string; reason: string }) =>
  db
    .updateTable('goods_reviews')
    .set({ is_visible: input.visible, moderated_by: input.by, moderated_at: new Date(), moderation_reason: input.reason })
    .where('id', '=', input.id)
    .where('is_visible', '=', !input.visible)
    .returning(['id', 'goods_id'])
    .executeTakeFirst();

/**
 * Sets the shop's reply to a review (empty: none, and no author), only when it differs from the one
 * it has. Answers the review's goods when it changed, nothing otherwise.
 */
export const updateReviewReply = (db: Executor, input: { id: number; reply: string; by: string }) =>
  db
    .updateTable('goods_reviews')
    .set({ reply: input.reply, replied_by: input.reply ? input.by : null, replied_at: input.reply ? new Date() : null })
    .where('id', '=', input.id)
    .where('reply', '<>', input.reply)
    .returning(['id', 'goods_id'])
    .executeTakeFirst();
