import { AFTER_SALE_OPEN_STATUSES, ResponseCode, type createOrderReview, type editOrderReview, type EndpointBody, type EndpointData, type EndpointQuery, type getOrderReview } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { editLineReviewOnce, findMemberLineReview, findReviewsOfLines, insertLineReview, takeDownReviewsOfLines } from '../catalogue/catalogue.queries.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { pick } from '../catalogue/texts.js';
import { findUserById } from '../members/members.queries.js';
import { ordersChanged } from '../orders/order-lists.js';
import { findMemberOrder, findOrderLinesById, findOrderLinesWithReturns } from '../orders/orders.queries.js';
import { uploadKeyOf } from '../uploads/file-addresses.js';
import { findOwnUpload, markUploadPublic, markUploadsPrivateWhenUnused } from '../uploads/uploads.queries.js';
import * as q from './after-sales.queries.js';

// Reviews ("praise") of bought order lines: one per line of a completed order, by its buyer, shown
// on the goods' page with the SKU bought (the catalogue's reviews); a review may be changed once,
// within the days the operators allow. Reviews are of goods the member keeps: units returned or in an
// open return are not kept, and a line that ends fully returned has its review taken off the goods page.

const DAY = 86_400_000;
type Review = EndpointData<typeof createOrderReview>;
type LineRow = Awaited<ReturnType<typeof findOrderLinesById>>[number];
type ReviewRow = Awaited<ReturnType<typeof findReviewsOfLines>>[number];

/** Until when a review may be changed (once), or null when it may not be: changed already, or taken down because the goods came back. */
function editableUntil(r: { created_at: Date | string; edited_at: Date | string | null; returned_at: Date | string | null }, editDays: number): Date | null {
  const until = new Date(new Date(r.created_at).getTime() + editDays * DAY);
  return !r.edited_at && !r.returned_at && until.getTime() >= Date.now() ? until : null;
}

/**
 * A line as the member's review page shows it, with its review when there is one; `reviewable`: of a
 * completed order, and goods the member kept (else, of a completed order, why not: `notKept`).
 */
function shape(lang: Actor['lang'], line: LineRow, reviewable: boolean, editDays: number, r: ReviewRow | undefined, notKept: 'returned' | 'returning' | null = null): Review {
  const until = r ? new Date(new Date(r.created_at).getTime() + editDays * DAY) : null;
  const canEdit = !!r && editableUntil(r, editDays) !== null;
  return {
    order_line_id: line.id,
    goods_id: line.goods_id,
    name: pick(line.name, lang),
    spec_text: pick(line.spec_text, lang),
    image: line.image,
    review_id: r?.id ?? null,
    rating: r?.rating ?? null,
    content: r?.content ?? '',
    images: r?.images ?? [],
    created_at: r ? iso(r.created_at) : null,
    editable_until: canEdit ? iso(until) : null,
    edited: !!r?.edited_at,
    reply: r?.reply ?? '',
    can_review: reviewable && !r,
    can_edit: canEdit,
    hidden: r?.returned_at && !r.is_visible ? 'returned' : null,
    not_reviewable: r ? null : notKept,
  };
}

/** The member's own images of a review, as stored paths, or "evidence not yours". */
async function ownImages(db: Executor, userId: number, images: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const ref of [...new Set(images)]) {
    const key = uploadKeyOf(ref);
    if (!key || !(await findOwnUpload(db, userId, key, 'image'))) {
      // The member's own video given as a picture is told as such, not as someone else's file.
      if (key && (await findOwnUpload(db, userId, key, 'video'))) throw new AppError(ResponseCode.afterSaleEvidence, undefined, { messageKey: 'afterSales.code.afterSaleEvidenceNotImage' });
      throw new AppError(ResponseCode.afterSaleEvidence);
    }
    // A review is shown on the goods page: its pictures become public.
    await markUploadPublic(db, userId, key);
    out.push(`/uploads/${key}`);
  }
  return out;
}

/** The member's line and its order, or "order not found" for a line not theirs. */
async function memberLine(db: Executor, userId: number, lineId: number) {
  const [line] = await findOrderLinesById(db, lineId);
  const order = line ? await findMemberOrder(db, userId, line.order_id) : undefined;
  if (!line || !order) throw new AppError(ResponseCode.orderNotFound);
  return { line, order };
}

/** Units of an order's lines in return cases still open (line id → units): goods on their way back are not kept. */
async function unitsBeingReturned(db: Executor, orderId: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const u of await q.findUnitsInCases(db, { kind: 'order', id: orderId }, AFTER_SALE_OPEN_STATUSES)) {
    if (u.kind === 'return') out.set(u.order_line_id, (out.get(u.order_line_id) ?? 0) + Number(u.qty));
  }
  return out;
}

/**
 * Whether the member still holds some units of the line: not every unit returned (refunded) or in an
 * open return. Exchanges and repairs give the goods back: they do not count.
 */
const kept = (l: { id: number; quantity: number; returned_quantity: number }, beingReturned: Map<number, number>) => l.returned_quantity + (beingReturned.get(l.id) ?? 0) < l.quantity;
/** Why a line not kept is not: every unit came back (refunded), or some are still on their way back. */
const notKeptReason = (l: { quantity: number; returned_quantity: number }) => (l.returned_quantity >= l.quantity ? ('returned' as const) : ('returning' as const));

/** The member's reviews of an order's lines (or of one line), with what may be reviewed or changed. */
export async function orderReviews(deps: Pick<AppDeps, 'db'>, actor: Actor, input: EndpointQuery<typeof getOrderReview>): Promise<EndpointData<typeof getOrderReview>> {
  const userId = memberIdOf(actor);
  const order = input.order_line_id ? (await memberLine(deps.db, userId, input.order_line_id)).order : await findMemberOrder(deps.db, userId, input.order_id!);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  const lines = (await findOrderLinesWithReturns(deps.db, order.id)).filter((l) => !input.order_line_id || l.id === input.order_line_id);
  const [reviews, beingReturned, { review_edit_days }] = await Promise.all([findReviewsOfLines(deps.db, lines.map((l) => l.id)), unitsBeingReturned(deps.db, order.id), q.findAfterSaleSettings(deps.db)]);
  const completed = order.status === 'completed';
  return {
    list: lines.map((l) => {
      const keeps = kept(l, beingReturned);
      return shape(actor.lang, l, completed && keeps, review_edit_days, reviews.find((r) => r.order_line_id === l.id), completed && !keeps ? notKeptReason(l) : null);
    }),
  };
}

/**
 * Of these orders, the completed ones with something to review: a line the member keeps without a
 * review, or a review still to be changed (the order list's and order page's `can_review`, by the same
 * rules as the review page, for a whole page in one statement). `until`: the first moment one of those
 * answers changes by time alone (a review's days for its change ending).
 */
export async function ordersToReview(db: Executor, orderIds: number[]): Promise<{ orders: Set<number>; until: Date | undefined }> {
  const rows = await q.findLinesForReview(db, orderIds, AFTER_SALE_OPEN_STATUSES);
  const orders = new Set<number>();
  let until: Date | undefined;
  for (const l of rows) {
    const review = l.review_created_at ? { created_at: l.review_created_at, edited_at: l.review_edited_at, returned_at: l.review_returned_at } : null;
    const editable = review ? editableUntil(review, l.review_edit_days) : null;
    if (editable && (!until || editable < until)) until = editable;
    if (editable || (!review && kept(l, new Map([[l.id, l.being_returned]])))) orders.add(l.order_id);
  }
  return { orders, until };
}

/** Reviews a line of the member's completed order, once. */
export async function createReview(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof createOrderReview>): Promise<Review> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const { line, order } = await memberLine(tx, userId, input.order_line_id);
    if (order.status !== 'completed') throw new AppError(ResponseCode.reviewNotAllowed);
    const returned = (await findOrderLinesWithReturns(tx, order.id)).find((l) => l.id === line.id);
    const beingReturned = await unitsBeingReturned(tx, order.id);
    if (returned && !kept(returned, beingReturned)) {
      // Every unit came back, or some are still on their way back: each is said as it is.
      const messageKey = notKeptReason(returned) === 'returned' ? 'orders.code.reviewReturned' : 'orders.code.reviewReturning';
      throw new AppError(ResponseCode.reviewNotAllowed, undefined, { messageKey });
    }
    const images = await ownImages(tx, userId, input.images);
    const user = await findUserById(tx, userId);
    const row = await insertLineReview(tx, {
      goods_id: line.goods_id,
      user_id: userId,
      author_name: user?.nickname || user?.user_name || '',
      rating: input.rating,
      content: input.content,
      images,
      sku_text: pick(line.spec_text, actor.lang),
      order_line_id: line.id,
    });
    if (!row) throw new AppError(ResponseCode.reviewExists);
    catalogueChangedOnCommit(tx, deps, [line.goods_id]);
    // The order's "Review" may go: the member's cached order lists are dropped.
    ordersChanged(tx, [userId]);
    return shape(actor.lang, line, true, (await q.findAfterSaleSettings(tx)).review_edit_days, row);
  });
}

/** Changes the member's review once, within the days allowed. */
export async function editReview(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof editOrderReview>): Promise<Review> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const before = await findMemberLineReview(tx, userId, input.review_id);
    if (!before) throw new AppError(ResponseCode.reviewNotFound);
    if (before.returned_at) throw new AppError(ResponseCode.reviewNotEditable, undefined, { messageKey: 'orders.code.reviewReturned' });
    const { line } = await memberLine(tx, userId, before.order_line_id!);
    // No `images` keeps the review's pictures; an empty list removes them.
    const images = input.images === undefined ? before.images : await ownImages(tx, userId, input.images);
    const { review_edit_days } = await q.findAfterSaleSettings(tx);
    const row = await editLineReviewOnce(tx, { id: before.id, userId, since: new Date(Date.now() - review_edit_days * DAY), rating: input.rating, content: input.content, images });
    if (!row) throw new AppError(ResponseCode.reviewNotEditable);
    // Pictures taken off the review are no longer public, unless still shown elsewhere.
    const removed = before.images.filter((p) => !images.includes(p)).map(uploadKeyOf).filter((k): k is string => !!k);
    await markUploadsPrivateWhenUnused(tx, userId, removed);
    catalogueChangedOnCommit(tx, deps, [line.goods_id]);
    ordersChanged(tx, [userId]);
    return shape(actor.lang, line, true, review_edit_days, row);
  });
}

/**
 * Takes the reviews of an order's lines whose every unit came back (returned and refunded) off the
 * goods page, in the transaction that marks a return refunded: hidden and flagged as returned, which
 * operators see in review moderation and the member on their review. A line partly returned keeps its
 * review; exchanges and repairs never come here.
 */
export async function takeDownReviewsOfReturnedLines(deps: Pick<AppDeps, 'config' | 'redis'>, tx: Tx, orderId: number): Promise<void> {
  const gone = (await findOrderLinesWithReturns(tx, orderId)).filter((l) => l.returned_quantity >= l.quantity).map((l) => l.id);
  if (!gone.length) return;
  const taken = await takeDownReviewsOfLines(tx, gone);
  if (taken.length) catalogueChangedOnCommit(tx, deps, [...new Set(taken.map((r) => r.goods_id))]);
  // Their pictures are no longer shown: private again, unless something still shown uses them.
  for (const r of taken) {
    if (r.user_id !== null) await markUploadsPrivateWhenUnused(tx, Number(r.user_id), r.images.map(uploadKeyOf).filter((k): k is string => !!k));
  }
}
