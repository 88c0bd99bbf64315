import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { idParam } from './catalogue.schemas.js';

// The console's moderation of goods reviews (under /admin/api/catalogue/reviews/): operators whose
// role grants `reviews.moderate` (catalogue, reviewer, owner) hide a review or show it again, with a
// reason, and reply to it. The goods page's comments (`/shop/goods_comment/…`) show the change at once.

export const REVIEW_VISIBILITIES = ['visible', 'hidden'] as const;
export const REVIEW_REPLY_FILTERS = ['with', 'without'] as const;
/** The longest reply, in characters as the app counts them. */
export const REVIEW_REPLY_MAX = 500;

export const adminReviewListQuery = pageQuery.extend({
  /** The goods number, or part of the goods' name in any language. */
  goods: z.string().trim().max(100).optional(),
  rating: wholeNumber(1, 5).optional(),
  visibility: z.enum(REVIEW_VISIBILITIES).optional(),
  /** Reviews with a reply of the shop's, or without one. */
  reply: z.enum(REVIEW_REPLY_FILTERS).optional(),
});

export const adminReviewSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  goods_name: z.string(),
  /** The member who wrote it and their user name (null and empty: a review not written through an order, or of a member since removed). */
  member_id: z.number().int().nullable(),
  member: z.string(),
  /** The name the goods page shows (masked there). */
  author_name: z.string(),
  rating: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  /** The SKU bought, as the goods page shows it. */
  sku_text: z.string(),
  order_line_id: z.number().int().nullable(),
  created_at: z.string(),
  /** When the member changed it (once at most). */
  edited_at: z.string().nullable(),
  /** Shown on the goods page. */
  visible: z.boolean(),
  /** The last hide or show: by whom, when and why (null: never moderated). */
  moderation: z.object({ by: z.string(), at: z.string(), reason: z.string() }).nullable(),
  /** When every unit of the reviewed line came back (a return refunded): the review was taken off the goods page then (null: the member kept the goods). */
  returned_at: z.string().nullable(),
  /** The shop's reply, shown under the review ('' for none), and who wrote it when. */
  reply: z.string(),
  replied_by: z.string().nullable(),
  replied_at: z.string().nullable(),
});

export const setReviewVisibilityBody = z.object({
  id: idParam,
  visible: z.boolean(),
  /** Why (kept with the review and in the audit log). */
  reason: z.string().trim().min(1, 'validation.required').max(300),
});
export const replyToReviewBody = z.object({
  id: idParam,
  /** The reply shown under the review; empty removes it. */
  reply: freeText(REVIEW_REPLY_MAX),
});

const op = { auth: 'operator', permission: 'reviews.moderate', area: 'admin' } as const;

/** Reviews of every goods, newest first, by goods (number or name), rating, shown or hidden, with or without a reply. */
export const adminListReviews = endpoint({ method: 'GET', path: '/admin/api/catalogue/reviews', ...op, query: adminReviewListQuery, data: pageOf(adminReviewSchema) });
/** Hides a review from the goods page, or shows it again, with the reason (recorded); repeating it changes nothing. */
export const adminSetReviewVisibility = endpoint({ method: 'POST', path: '/admin/api/catalogue/reviews/visibility', ...op, idempotent: true, body: setReviewVisibilityBody, data: adminReviewSchema });
/** Writes or changes the shop's reply under a review (recorded); an empty reply removes it. */
export const adminReplyToReview = endpoint({ method: 'POST', path: '/admin/api/catalogue/reviews/reply', ...op, idempotent: true, body: replyToReviewBody, data: adminReviewSchema });

export const reviewsAdminEndpoints = [adminListReviews, adminSetReviewVisibility, adminReplyToReview] as const;
