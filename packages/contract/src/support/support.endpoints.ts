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
