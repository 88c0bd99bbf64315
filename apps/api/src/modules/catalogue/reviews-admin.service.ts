import { ResponseCode, type adminListReviews, type adminReplyToReview, type adminSetReviewVisibility, type EndpointBody, type EndpointData, type EndpointQuery, type Language } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf, totalOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { uploadKeyOf } from '../uploads/file-addresses.js';
import { markUploadPublic, markUploadsPrivateWhenUnused } from '../uploads/uploads.queries.js';
import * as q from './reviews-admin.queries.js';
import { catalogueChangedOnCommit } from './response-cache.js';
import { pick } from './texts.js';

// The console's moderation of goods reviews: operators hide a review (or show it again) with a
// reason, and write, change or remove the shop's reply under it. Each change is a conditional update
// (a repeat, or a second operator at the same moment, changes nothing), recorded as an operator
// action, and drops the goods' cached answers after the commit: the goods page's comments, their
// totals and the goods' review count show it at once.

type AdminReview = EndpointData<typeof adminSetReviewVisibility>;
type Row = NonNullable<Awaited<ReturnType<typeof q.findAdminReview>>>;

const toAdminReview = (r: Row, lang: Language): AdminReview => ({
  id: r.id,
  goods_id: r.goods_id,
  goods_name: pick(r.goods_name, lang),
  member_id: r.user_id === null ? null : Number(r.user_id),
  member: r.user_name ?? '',
  author_name: r.author_name,
  rating: r.rating,
  content: r.content,
  images: r.images,
  sku_text: r.sku_text,
  order_line_id: r.order_line_id,
  created_at: iso(r.created_at),
  edited_at: iso(r.edited_at),
  visible: r.is_visible,
  moderation: r.moderated_by && r.moderated_at ? { by: r.moderated_by, at: iso(r.moderated_at), reason: r.moderation_reason } : null,
  returned_at: iso(r.returned_at),
  reply: r.reply,
  replied_by: r.reply ? r.replied_by : null,
  replied_at: r.reply ? iso(r.replied_at) : null,
});

/** The review, or "review not found"; never one the deciding operator wrote with their own member account. */
async function reviewOrRefuse(db: Executor, actor: Actor, id: number): Promise<Row> {
  const r = await q.findAdminReview(db, id);
  if (!r) throw new AppError(ResponseCode.reviewNotFound);
  refuseOwnAccount(actor, r.user_id);
  return r;
}

/** Records a moderation decision about a review in the audit log. */
const recordDecision = (tx: Tx, actor: Actor, reviewId: number, action: 'hide' | 'show' | 'reply' | 'reply_removed', reason: string) =>
  insertOperatorAction(tx, { operator: operatorNameOf(actor), action: `review.${action}`, target_type: 'review', target_id: reviewId, reason: reason || null });

/** Reviews of every goods, newest first, by goods (number or name), rating, shown or hidden, with or without a reply. */
export async function listReviews(db: Executor, actor: Actor, input: EndpointQuery<typeof adminListReviews>): Promise<EndpointData<typeof adminListReviews>> {
  operatorNameOf(actor);
  const rows = await q.findAdminReviewsPage(db, {
    goods: input.goods || undefined,
    rating: input.rating,
    visible: input.visibility === undefined ? undefined : input.visibility === 'visible',
    replied: input.reply === undefined ? undefined : input.reply === 'with',
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return pageOf(rows.map((r) => toAdminReview(r, actor.lang)), totalOf(rows), input);
}

/**
 * The review's pictures follow it: public at their bare address while it is shown, private again once
 * hidden unless something still shown uses them (another review on show, the member's avatar or logo).
 */
async function reviewPicturesFollow(tx: Tx, review: Row, visible: boolean): Promise<void> {
  if (review.user_id === null) return;
  const keys = review.images.map(uploadKeyOf).filter((k): k is string => !!k);
  if (!visible) return markUploadsPrivateWhenUnused(tx, Number(review.user_id), keys);
  for (const key of keys) await markUploadPublic(tx, Number(review.user_id), key);
}

/** Hides a review from the goods page or shows it again, with the reason; a review already so is answered as it is, nothing recorded. */
export async function setReviewVisibility(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminSetReviewVisibility>): Promise<AdminReview> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const review = await reviewOrRefuse(tx, actor, input.id);
    const changed = await q.updateReviewVisibility(tx, { id: input.id, visible: input.visible, by: operator, reason: input.reason });
    if (changed) {
      await reviewPicturesFollow(tx, review, input.visible);
      await recordDecision(tx, actor, input.id, input.visible ? 'show' : 'hide', input.reason);
      catalogueChangedOnCommit(tx, deps, [changed.goods_id]);
    }
    return toAdminReview((await q.findAdminReview(tx, input.id))!, actor.lang);
  });
}

/** Writes or changes the shop's reply under a review, or removes it (empty); the same reply again changes nothing. */
export async function replyToReview(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof adminReplyToReview>): Promise<AdminReview> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    await reviewOrRefuse(tx, actor, input.id);
    const changed = await q.updateReviewReply(tx, { id: input.id, reply: input.reply, by: operator });
    if (changed) {
      await recordDecision(tx, actor, input.id, input.reply ? 'reply' : 'reply_removed', input.reply);
      catalogueChangedOnCommit(tx, deps, [changed.goods_id]);
    }
    return toAdminReview((await q.findAdminReview(tx, input.id))!, actor.lang);
  });
}
