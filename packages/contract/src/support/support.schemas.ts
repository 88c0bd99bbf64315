import { z } from 'zod';
import { pageOf, pageQuery } from '../common/pagination.js';

/** What a message tells of: `<area>.<event>` (`order.shipped`, `withdrawal.approved` …); the app picks its icon by the area. */
export const messageKind = z.string().regex(/^[a-z][a-z0-9_.]{1,63}$/);

/** One message to the member, in the member's language as it was read. */
export const messageSchema = z.object({
  id: z.number().int().positive(),
  kind: messageKind,
  title: z.string(),
  text: z.string(),
  /** The app page concerned (`/pages/order/orderInfo?id=42`), or empty. */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type MemberMessage = z.infer<typeof messageSchema>;

/** Newest first, optionally of one area (`order`, `wallet` …) or one kind; reading a page marks its messages read. */
export const messageListQuery = pageQuery.extend({ kind: z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/).optional() });
export const messageListData = pageOf(messageSchema).extend({ unread: z.number().int().min(0) });

export const unreadMessagesData = z.object({ unread: z.number().int().min(0) });

// ── Feedback ────────────────────────────────────────────────────────────────────────────────

/** The most characters a feedback's text may have (the spec's textareas). */
export const FEEDBACK_MAX_LENGTH = 140;
/** The most images a feedback may carry. */
export const FEEDBACK_MAX_IMAGES = 9;
export const FEEDBACK_STATUSES = ['pending', 'replied', 'closed'] as const;
export const feedbackStatus = z.enum(FEEDBACK_STATUSES);

const id = z.coerce.number().int().min(1).max(2_147_483_647);

/** A feedback category, named in the member's language. */
export const feedbackCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export const feedbackCategoriesData = z.object({ list: z.array(feedbackCategorySchema) });

export const createFeedbackBody = z.object({
  cate_id: id,
  /** Stored as typed (plain text, never HTML). */
  content: z.string().trim().min(1).max(FEEDBACK_MAX_LENGTH),
  /** Ids of the member's own image uploads (`/upload2`). */
  images: z.array(id).max(50).default([]),
  /** How to reach the member besides the app (e-mail or phone), optional. */
  contact: z.string().trim().max(100).optional(),
});
export const createFeedbackData = z.object({ id: z.number().int(), status: feedbackStatus });

export const feedbackSummarySchema = z.object({
  id: z.number().int(),
  cate: feedbackCategorySchema,
  content: z.string(),
  status: feedbackStatus,
  created_at: z.string(),
  replied_at: z.string().nullable(),
});
export const feedbackListQuery = pageQuery;
export const feedbackListData = pageOf(feedbackSummarySchema);

export const feedbackInfoQuery = z.object({ id });
export const feedbackDetailSchema = feedbackSummarySchema.extend({
  /** Image addresses. */
  images: z.array(z.string()),
  contact: z.string(),
  /** The operator's answer, once replied. */
  reply: z.string().nullable(),
});
