import { endpoint } from '../common/endpoint.js';
import * as s from './support.schemas.js';

// Calls of the support area: feedback and the member's messages.
/** Feedback categories offered to members, in the member's language. */
export const listFeedbackCategories = endpoint({ method: 'GET', path: '/user/feedback/cate', auth: 'member', area: 'support', data: s.feedbackCategoriesData });
/** Sends feedback: a category, up to 140 characters, up to 9 of the member's own images, a contact; at most a set number a day. */
export const createFeedback = endpoint({ method: 'POST', path: '/user/feedback/create', auth: 'member', area: 'support', idempotent: true, body: s.createFeedbackBody, data: s.createFeedbackData });
/** The member's feedback, newest first, with its state. */
export const listFeedback = endpoint({ method: 'GET', path: '/user/feedback/list', auth: 'member', area: 'support', query: s.feedbackListQuery, data: s.feedbackListData });
/** One of the member's feedback, with the operator's reply. */
export const getFeedback = endpoint({ method: 'GET', path: '/user/feedback/info', auth: 'member', area: 'support', query: s.feedbackInfoQuery, data: s.feedbackDetailSchema });
/** The member's unread messages (the personal tab's badge). */
export const countUnreadMessages = endpoint({ method: 'GET', path: '/user/message/total', auth: 'member', area: 'support', data: s.unreadMessagesData });
/** The member's messages, newest first; the page read is marked read. */
export const listMessages = endpoint({ method: 'GET', path: '/user/message/list', auth: 'member', area: 'support', query: s.messageListQuery, data: s.messageListData });
/** The member's support conversation: its state, the agent and whether one is online, unread replies. */
export const getChatState = endpoint({ method: 'GET', path: '/user/chat/state', auth: 'member', area: 'support', data: s.chatStateData });
/** Writes to support (text up to 1,000 characters, an own image, a goods or own order card); opens a conversation when none is open. */
export const sendChatMessage = endpoint({ method: 'POST', path: '/user/chat/send', auth: 'member', area: 'support', idempotent: true, body: s.chatSendBody, data: s.chatMessageSchema });
/** The member's conversation: messages after the last one the app has (reconnecting), or older ones; reading marks the agent's read. */
export const listChatMessages = endpoint({ method: 'GET', path: '/user/chat/messages', auth: 'member', area: 'support', query: s.chatMessagesQuery, data: s.chatMessagesData });
