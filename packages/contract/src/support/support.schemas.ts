import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { isEmail, isPhoneNumber } from '../common/validators.js';

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

const id = wholeNumber(1, 2_147_483_647);

/** A feedback category, named in the member's language. */
export const feedbackCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export const feedbackCategoriesData = z.object({ list: z.array(feedbackCategorySchema) });

export const createFeedbackBody = z.object({
  cate_id: id,
  /** Stored as typed (plain text, never HTML). */
  content: freeText(FEEDBACK_MAX_LENGTH).min(1),
  /** Ids of the member's own image uploads (`/upload2`). */
  images: z.array(id).max(50).default([]),
  /** How to reach the member besides the app (e-mail or phone), optional; anything else is refused. */
  contact: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || isEmail(v) || isPhoneNumber(v), { error: 'support.feedback.contactInvalid' })
    .optional(),
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

// ── Support chat ────────────────────────────────────────────────────────────────────────────

/** The most characters of one chat message. */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
export const CHAT_MESSAGE_KINDS = ['text', 'image', 'goods', 'order'] as const;

/** One message of a support conversation. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  /** Who wrote it: the member, a support agent, or the shop (assignment, closing). */
  sender: z.enum(['member', 'agent', 'system']),
  /** Who answered, for agents' messages: to members the shop's neutral label (never an operator's sign-in name), at the desk the operator's user name. */
  agent_name: z.string().nullable(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  /** The text, or for a card its label (goods name, order number). */
  body: z.string(),
  /** An image's address. */
  image: z.string().nullable(),
  /** The goods or order a card shows. */
  ref_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The chat socket's own close codes, which its clients act on (1000–1015 are WebSocket's: a client opens the socket again). */
export const ChatSocketClose = {
  /** The session ended (signed out, expired, banned): the socket is not opened again. */
  sessionEnded: 4001,
  /** The same member (or operator) opened more chat sockets than one may hold: the oldest is closed, and its page asks over HTTP until it is looked at again. */
  replaced: 4002,
} as const;

export const chatSendBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: freeText(CHAT_MESSAGE_MAX_LENGTH).min(1) }),
  /** One of the member's own image uploads. */
  z.object({ kind: z.literal('image'), upload_id: id }),
  z.object({ kind: z.literal('goods'), goods_id: id }),
  /** One of the member's own orders. */
  z.object({ kind: z.literal('order'), order_id: id }),
]);

/** Messages after the last one the client has (`after_id`, oldest first: what a reconnecting client asks), or a page of older ones before `before_id` (newest first). */
export const chatMessagesQuery = z.object({
  after_id: z.coerce.number().int().min(0).optional(),
  before_id: z.coerce.number().int().min(1).optional(),
  limit: wholeNumber(1, 100).default(50),
});

export const chatStateData = z.object({
  conversation_id: z.number().int().nullable(),
  status: z.enum(['none', 'waiting', 'open', 'closed']),
  /** The agent answering (named by the shop's neutral label), and whether one is online now. */
  agent: z.object({ name: z.string(), online: z.boolean() }).nullable(),
  /** Whether any agent is online (else the page says when to expect an answer). */
  agents_online: z.boolean(),
  unread: z.number().int().min(0),
  /** Whether the agents have read every message of the member (the page shows "Read" under the last one). */
  read_by_agent: z.boolean(),
  /** When the shop uses an outside chat service: its address for this member (the page opens it instead). */
  external_url: z.string().nullable(),
});

export const chatMessagesData = z.object({ list: z.array(chatMessageSchema), has_more: z.boolean() });
