import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { languageSchema } from '../common/language-schema.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { isAppPageLink } from '../common/pages.js';
import { freeText } from '../common/text.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';
import { CHAT_MESSAGE_KINDS, CHAT_MESSAGE_MAX_LENGTH, chatMessageSchema, chatMessagesQuery, FEEDBACK_STATUSES, feedbackStatus } from '../support/support.schemas.js';

// Support as operators see it: messages to all members or a segment, the support settings, the
// feedback queue with replies, and the feedback categories.

// What operators write that members read (messages, answers, chat replies) follows the rule of what
// members write (`freeText`): no controls that turn text around, nothing blank.

/** A message's texts in one language. */
export const broadcastTextSchema = z.object({ title: freeText(60).min(1), text: freeText(500).min(1) });
/** Language → texts; English is required (members whose language is missing read it). */
export const broadcastTextsSchema = z
  .partialRecord(languageSchema, broadcastTextSchema)
  .refine((texts) => !!texts['en-us'], { message: 'The English text is required', path: ['en-us'] });

const BROADCAST_LINK = /^(\/pages(\/(?!\.\.?(?:[/?]|$))[A-Za-z0-9_.-]+)+\/?(\?[A-Za-z0-9_/?=&.-]*)?)?$/;
export const broadcastBody = z.object({
  texts: broadcastTextsSchema,
  /**
   * The app page the message opens (`/pages/...`), or empty: named segments only (no `.`, `..` or
   * empty one, which could lead out of the app's pages), and a page the app has (the contract's
   * APP_PATHS), else the member would land on "Page not found".
   */
  link: z
    .string()
    .trim()
    .max(500)
    .regex(BROADCAST_LINK)
    .refine((v) => v === '' || !BROADCAST_LINK.test(v) || isAppPageLink(v), { message: 'admin.validation.appPageUnknown' })
    .default(''),
  /** Members of these countries only (ISO 3166 alpha-2); empty: every country. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(50).default([]),
  /** Members who read their messages in these languages only; empty: every language. */
  langs: z.array(languageSchema).max(9).default([]),
  /** Members of these star ranks only, 0 for members without a star; empty: every rank. */
  stars: z.array(z.number().min(0).max(99).int()).max(100).default([]),
});
export const broadcastSchema = z.object({
  id: z.number().int(),
  texts: z.record(z.string(), broadcastTextSchema),
  link: z.string(),
  countries: z.array(z.string()),
  langs: z.array(z.string()),
  stars: z.array(z.number().int()),
  /** How many members it was written to. */
  recipients: z.number().int().min(0),
  created_by: z.string(),
  created_at: z.string(),
});
export const supportSettingsSchema = z.object({
  /** Messages older than this many days are removed. */
  message_retention_days: z.number().min(7).max(3650).int(),
  /** The most feedback a member may send in 24 hours. */
  feedback_daily_limit: z.number().min(1).max(100).int(),
  /** Members chat with support here, or on an outside chat service. */
  chat_mode: z.enum(['builtin', 'external']),
  /** The outside chat's https address; `{member_id}` in it becomes the member's id (else it is added as `customer_id`). */
  external_chat_url: z.string(),
  /** Who changed them last, and when: the version the card's save names. */
  updated_by: z.string(),
  updated_at: z.string(),
});
/**
 * The outside chat's https address, and one a browser can open once `{member_id}` is filled in (a
 * ten-digit sample id: in the port it would not fit): the pattern alone lets through a port out of
 * range or a broken host, and members' chat would then fail. Refused as a wrong pattern is.
 */
const externalChatUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s"'<>]+$/)
  .refine((v) => URL.canParse(v.replaceAll('{member_id}', '2147483647')));
/** Only the settings given change; `base_updated_at` is `updated_at` as the card read it (from a copy changed since: refused, 4020). */
export const supportSettingsBody = z.object({
  base_updated_at: baseUpdatedAt,
  message_retention_days: wholeNumber(7, 3650).optional(),
  feedback_daily_limit: wholeNumber(1, 100).optional(),
  chat_mode: z.enum(['builtin', 'external']).optional(),
  external_chat_url: z.union([z.literal(''), externalChatUrl]).optional(),
});

const id = wholeNumber(1, 2_147_483_647);
/** Language → name; English is required. */
const categoryNames = z
  .partialRecord(languageSchema, freeText(40).min(1))
  .refine((names) => !!names['en-us'], { message: 'The English name is required', path: ['en-us'] });
/** `updated_at`: the version the category's editor names when saving it (`base_updated_at`). */
export const adminFeedbackCategorySchema = z.object({ id: z.number().int(), names: z.record(z.string(), z.string()), sort: z.number().int(), enabled: z.boolean(), updated_at: z.string() });
/** A change (`id`) names the category's `updated_at` as loaded: changed since, it is refused (4020) and nothing changes. */
export const saveFeedbackCategoryBody = z.object({ id: id.optional(), base_updated_at: baseUpdatedAt, names: categoryNames, sort: wholeNumber(0, 9999).default(0), enabled: z.boolean().default(true) });
export const adminFeedbackQuery = pageQuery.extend({ status: z.enum(FEEDBACK_STATUSES).optional(), user_id: id.optional() });
export const adminFeedbackSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  cate: z.object({ id: z.number().int(), name: z.string() }),
  content: z.string(),
  images: z.array(z.string()),
  contact: z.string(),
  status: feedbackStatus,
  reply: z.string().nullable(),
  replied_by: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export const replyFeedbackBody = z.object({ id, reply: freeText(1000).min(1) });
export const closeFeedbackBody = z.object({ id, reason: z.string().trim().max(300).optional() });

/** Writes a message to every active member of the segment, once each; answers how many got it. */
export const adminSendBroadcast = endpoint({ method: 'POST', path: '/admin/api/messages/broadcast', auth: 'operator', permission: 'messages.broadcast', area: 'admin', idempotent: true, body: broadcastBody, data: broadcastSchema });
/** The messages sent to members, newest first. */
export const adminListBroadcasts = endpoint({ method: 'GET', path: '/admin/api/messages/broadcasts', auth: 'operator', permission: 'messages.broadcast', area: 'admin', query: pageQuery, data: pageOf(broadcastSchema) });
/** The support settings. */
export const adminSupportSettings = endpoint({ method: 'GET', path: '/admin/api/messages/settings', auth: 'operator', permission: 'messages.broadcast', area: 'admin', data: supportSettingsSchema });
/** Changes the support settings. */
export const adminSetSupportSettings = endpoint({ method: 'POST', path: '/admin/api/messages/settings/save', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: supportSettingsBody, data: supportSettingsSchema });

/** Members' feedback, oldest pending first (or by state, newest first), with the member. */
export const adminListFeedback = endpoint({ method: 'GET', path: '/admin/api/feedback/list', auth: 'operator', permission: 'support.feedback', area: 'admin', query: adminFeedbackQuery, data: pageOf(adminFeedbackSchema) });
/** Answers a pending feedback once; the member gets a message. */
export const adminReplyFeedback = endpoint({ method: 'POST', path: '/admin/api/feedback/reply', auth: 'operator', permission: 'support.feedback', area: 'admin', idempotent: true, body: replyFeedbackBody, data: adminFeedbackSchema });
/** Closes a feedback that needs no (further) answer. */
export const adminCloseFeedback = endpoint({ method: 'POST', path: '/admin/api/feedback/close', auth: 'operator', permission: 'support.feedback', area: 'admin', idempotent: true, body: closeFeedbackBody, data: adminFeedbackSchema });
/** Every feedback category, offered or not, with its names in each language. */
export const adminFeedbackCategories = endpoint({ method: 'GET', path: '/admin/api/feedback/categories', auth: 'operator', permission: 'support.feedback', area: 'admin', data: z.object({ list: z.array(adminFeedbackCategorySchema) }) });
/** Adds a feedback category or changes one (names, order, offered). */
export const adminSaveFeedbackCategory = endpoint({ method: 'POST', path: '/admin/api/feedback/categories/save', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: saveFeedbackCategoryBody, data: adminFeedbackCategorySchema });

export const CHAT_CONVERSATION_STATUSES = ['waiting', 'open', 'closed'] as const;
export const adminConversationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  /** Waiting: no agent yet; open: an agent answers; closed. */
  status: z.enum(CHAT_CONVERSATION_STATUSES),
  agent_id: z.number().int().nullable(),
  agent_name: z.string().nullable(),
  /** The member's messages the agents have not read. */
  unread: z.number().int(),
  /** The last line: text as written; a picture's is empty, goods' their name, an order's its number; worded by `last_message_kind`. */
  last_message: z.string(),
  /** What kind of message the last line was, for the reader's language to word ("Picture", "Goods: …"). */
  last_message_kind: z.enum(CHAT_MESSAGE_KINDS),
  last_message_at: z.string(),
  created_at: z.string(),
});
export const adminConversationsQuery = pageQuery.extend({ status: z.enum(CHAT_CONVERSATION_STATUSES).default('waiting'), mine: z.enum(['true', 'false']).transform((v) => v === 'true').optional() });
export const adminChatMessagesQuery = chatMessagesQuery.extend({ conversation_id: id });
export const adminChatReplyBody = z.object({ conversation_id: id, text: freeText(CHAT_MESSAGE_MAX_LENGTH).min(1) });
export const adminChatTransferBody = z.object({ conversation_id: id, operator_id: id });

/** `updated_at`: the version a change or a removal of the reply names (`base_updated_at`). */
export const cannedReplySchema = z.object({ id: z.number().int(), lang: z.string(), title: z.string(), text: z.string(), sort: z.number().int(), updated_at: z.string() });
/** A change (`id`) names the reply's `updated_at` as loaded: changed since, it is refused (4020) and nothing changes. */
export const saveCannedReplyBody = z.object({ id: id.optional(), base_updated_at: baseUpdatedAt, lang: languageSchema, title: freeText(60).min(1), text: freeText(CHAT_MESSAGE_MAX_LENGTH).min(1), sort: wholeNumber(0, 9999).default(0) });

/** The desk's canned replies, of one language or all. */
export const adminCannedReplies = endpoint({ method: 'GET', path: '/admin/api/chat/canned', auth: 'operator', permission: 'support.chat', area: 'admin', query: z.object({ lang: languageSchema.optional() }), data: z.object({ list: z.array(cannedReplySchema) }) });
/** Adds a canned reply or changes one. */
export const adminSaveCannedReply = endpoint({ method: 'POST', path: '/admin/api/chat/canned/save', auth: 'operator', permission: 'support.chat', area: 'admin', idempotent: true, body: saveCannedReplyBody, data: cannedReplySchema });
/** Removes a canned reply as the list showed it (`base_updated_at`): one changed since is refused (4020) and stays. */
export const deleteCannedReplyBody = z.object({ id, base_updated_at: baseUpdatedAt });
/** Removes a canned reply. */
export const adminDeleteCannedReply = endpoint({ method: 'POST', path: '/admin/api/chat/canned/delete', auth: 'operator', permission: 'support.chat', area: 'admin', idempotent: true, body: deleteCannedReplyBody, data: z.object({ deleted: z.boolean() }) });

/** Support conversations: waiting for an agent (oldest first), open (the caller's with `mine`) or closed; being here marks the caller online. */
export const adminListConversations = endpoint({ method: 'GET', path: '/admin/api/chat/conversations', auth: 'operator', permission: 'support.chat', area: 'admin', query: adminConversationsQuery, data: pageOf(adminConversationSchema) });
/** A conversation's messages after the last one the desk has, or older ones; reading marks the member's read. */
export const adminListChatMessages = endpoint({ method: 'GET', path: '/admin/api/chat/messages', auth: 'operator', permission: 'support.chat', area: 'admin', query: adminChatMessagesQuery, data: z.object({ list: z.array(chatMessageSchema), has_more: z.boolean() }) });
/** Answers a conversation (taking it when it is waiting); an offline member gets a message. */
export const adminChatReply = endpoint({ method: 'POST', path: '/admin/api/chat/reply', auth: 'operator', permission: 'support.chat', area: 'admin', idempotent: true, body: adminChatReplyBody, data: chatMessageSchema });
/** Hands a conversation to another support operator. */
export const adminChatTransfer = endpoint({ method: 'POST', path: '/admin/api/chat/transfer', auth: 'operator', permission: 'support.chat', area: 'admin', idempotent: true, body: adminChatTransferBody, data: adminConversationSchema });
/** An operator a conversation can be handed to: the number the transfer takes and the name the desk shows. */
export const chatAgentSchema = z.object({ id: z.number().int(), name: z.string() });
/** The operators who may take chats (active, with the support chat permission) but the caller, by name: whom the desk can hand a conversation to. */
export const adminChatAgents = endpoint({ method: 'GET', path: '/admin/api/chat/agents', auth: 'operator', permission: 'support.chat', area: 'admin', data: z.object({ list: z.array(chatAgentSchema) }) });
/** Closes a conversation; the member's next message opens a new one. */
export const adminChatClose = endpoint({ method: 'POST', path: '/admin/api/chat/close', auth: 'operator', permission: 'support.chat', area: 'admin', idempotent: true, body: z.object({ conversation_id: id }), data: adminConversationSchema });

export const supportConsoleEndpoints = [
  adminSendBroadcast, adminListBroadcasts, adminSupportSettings, adminSetSupportSettings,
  adminListFeedback, adminReplyFeedback, adminCloseFeedback, adminFeedbackCategories, adminSaveFeedbackCategory,
  adminListConversations, adminListChatMessages, adminChatReply, adminChatTransfer, adminChatAgents, adminChatClose, adminCannedReplies, adminSaveCannedReply, adminDeleteCannedReply,
] as const;
