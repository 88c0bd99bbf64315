import { ResponseCode, type createOrderReview, type editOrderReview, type EndpointBody, type EndpointData, type EndpointQuery, type getOrderReview } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { withTransaction } from '../../lib/transaction.js';
import { editLineReviewOnce, findMemberLineReview, findReviewsOfLines, insertLineReview } from '../catalogue/catalogue.queries.js';
import { catalogueChangedOnCommit } from '../catalogue/response-cache.js';
import { pick } from '../catalogue/texts.js';
import { findUserById } from '../members/members.queries.js';
import { findMemberOrder, findOrderLinesById, findOrderLinesWithReturns } from '../orders/orders.queries.js';
import { uploadKeyOf } from '../uploads/file-addresses.js';
import { findOwnUpload, markUploadPublic, markUploadsPrivateWhenUnused } from '../uploads/uploads.queries.js';
import * as q from './after-sales.queries.js';

// Reviews ("praise") of bought order lines: one per line of a completed order, by its buyer, shown
// on the goods' page with the SKU bought (the catalogue's reviews); a review may be changed once,
// within the days the operators allow.

const DAY = 86_400_000;
type Review = EndpointData<typeof createOrderReview>;
type LineRow = Awaited<ReturnType<typeof findOrderLinesById>>[number];
type ReviewRow = Awaited<ReturnType<typeof findReviewsOfLines>>[number];

/** A line as the member's review page shows it, with its review when there is one; `reviewable`: of a completed order, and goods the member kept. */
function shape(lang: Actor['lang'], line: LineRow, reviewable: boolean, editDays: number, r: ReviewRow | undefined): Review {
  const until = r ? new Date(new Date(r.created_at).getTime() + editDays * DAY) : null;
  const canEdit = !!r && !r.edited_at && until!.getTime() >= Date.now();
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
  };
}

/** The member's own images of a review, as stored paths, or "evidence not yours". */
async function ownImages(db: Executor, userId: number, images: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const ref of [...new Set(images)]) {
    const key = uploadKeyOf(ref);
    if (!key || !(await findOwnUpload(db, userId, key, 'image'))) throw new AppError(ResponseCode.afterSaleEvidence);
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

/** Whether the member still holds some units of the line: one whose units all came back refunded is not reviewed. */
const kept = (l: { quantity: number; returned_quantity: number }) => l.returned_quantity < l.quantity;

/** The member's reviews of an order's lines (or of one line), with what may be reviewed or changed. */
export async function orderReviews(deps: Pick<AppDeps, 'db'>, actor: Actor, input: EndpointQuery<typeof getOrderReview>): Promise<EndpointData<typeof getOrderReview>> {
  const userId = memberIdOf(actor);
  const order = input.order_line_id ? (await memberLine(deps.db, userId, input.order_line_id)).order : await findMemberOrder(deps.db, userId, input.order_id!);
  if (!order) throw new AppError(ResponseCode.orderNotFound);
  const lines = (await findOrderLinesWithReturns(deps.db, order.id)).filter((l) => !input.order_line_id || l.id === input.order_line_id);
  const reviews = await findReviewsOfLines(deps.db, lines.map((l) => l.id));
  const { review_edit_days } = await q.findAfterSaleSettings(deps.db);
  return { list: lines.map((l) => shape(actor.lang, l, order.status === 'completed' && kept(l), review_edit_days, reviews.find((r) => r.order_line_id === l.id))) };
}

/** Reviews a line of the member's completed order, once. */
export async function createReview(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof createOrderReview>): Promise<Review> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const { line, order } = await memberLine(tx, userId, input.order_line_id);
    if (order.status !== 'completed') throw new AppError(ResponseCode.reviewNotAllowed);
    const returned = (await findOrderLinesWithReturns(tx, order.id)).find((l) => l.id === line.id);
    if (returned && !kept(returned)) throw new AppError(ResponseCode.reviewNotAllowed, undefined, { messageKey: 'orders.code.reviewReturned' });
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
    return shape(actor.lang, line, true, (await q.findAfterSaleSettings(tx)).review_edit_days, row);
  });
}

/** Changes the member's review once, within the days allowed. */
export async function editReview(deps: Pick<AppDeps, 'db' | 'config' | 'redis'>, actor: Actor, input: EndpointBody<typeof editOrderReview>): Promise<Review> {
  const userId = memberIdOf(actor);
  return withTransaction(deps.db, async (tx) => {
    const before = await findMemberLineReview(tx, userId, input.review_id);
    if (!before) throw new AppError(ResponseCode.reviewNotFound);
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
    return shape(actor.lang, line, true, review_edit_days, row);
  });
}
