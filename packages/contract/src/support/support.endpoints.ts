import { endpoint } from '../common/endpoint.js';
import * as s from './support.schemas.js';

// Calls of the support area. Request and response shapes are filled in by the issue that builds it.
export const createFeedback = endpoint({ method: 'POST', path: '/user/feedback/create', auth: 'member', area: 'support' });
export const listFeedback = endpoint({ method: 'GET', path: '/user/feedback/list', auth: 'member', area: 'support' });
export const getFeedback = endpoint({ method: 'GET', path: '/user/feedback/info', auth: 'member', area: 'support' });
export const listFeedbackCategories = endpoint({ method: 'GET', path: '/user/feedback/cate', auth: 'member', area: 'support' });
/** The member's unread messages (the personal tab's badge). */
export const countUnreadMessages = endpoint({ method: 'GET', path: '/user/message/total', auth: 'member', area: 'support', data: s.unreadMessagesData });
/** The member's messages, newest first; the page read is marked read. */
export const listMessages = endpoint({ method: 'GET', path: '/user/message/list', auth: 'member', area: 'support', query: s.messageListQuery, data: s.messageListData });
