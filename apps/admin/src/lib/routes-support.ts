import { routeOf } from '@shop/contract/common';
import type {
  adminCannedReplies, adminChatAgents, adminChatClose, adminChatReply, adminChatTransfer, adminCloseFeedback, adminDeleteCannedReply, adminSaveCannedReply, adminFeedbackCategories, adminListBroadcasts, adminListChatMessages, adminListConversations, adminListFeedback, adminReplyFeedback,
  adminSaveFeedbackCategory, adminSendBroadcast, adminSetSupportSettings, adminSupportSettings,
} from '@shop/contract/admin';

// The support pages' calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
export const feedbackListRoute = routeOf<typeof adminListFeedback>({ method: 'GET', path: '/admin/api/feedback/list', ...op });
export const replyFeedbackRoute = routeOf<typeof adminReplyFeedback>({ method: 'POST', path: '/admin/api/feedback/reply', ...op });
export const closeFeedbackRoute = routeOf<typeof adminCloseFeedback>({ method: 'POST', path: '/admin/api/feedback/close', ...op });
export const feedbackCategoriesRoute = routeOf<typeof adminFeedbackCategories>({ method: 'GET', path: '/admin/api/feedback/categories', ...op });
export const saveFeedbackCategoryRoute = routeOf<typeof adminSaveFeedbackCategory>({ method: 'POST', path: '/admin/api/feedback/categories/save', ...op });
export const broadcastsRoute = routeOf<typeof adminListBroadcasts>({ method: 'GET', path: '/admin/api/messages/broadcasts', ...op });
export const sendBroadcastRoute = routeOf<typeof adminSendBroadcast>({ method: 'POST', path: '/admin/api/messages/broadcast', ...op });
export const supportSettingsRoute = routeOf<typeof adminSupportSettings>({ method: 'GET', path: '/admin/api/messages/settings', ...op });
export const saveSupportSettingsRoute = routeOf<typeof adminSetSupportSettings>({ method: 'POST', path: '/admin/api/messages/settings/save', ...op });
export const conversationsRoute = routeOf<typeof adminListConversations>({ method: 'GET', path: '/admin/api/chat/conversations', ...op });
export const chatMessagesRoute = routeOf<typeof adminListChatMessages>({ method: 'GET', path: '/admin/api/chat/messages', ...op });
export const chatReplyRoute = routeOf<typeof adminChatReply>({ method: 'POST', path: '/admin/api/chat/reply', ...op });
export const chatTransferRoute = routeOf<typeof adminChatTransfer>({ method: 'POST', path: '/admin/api/chat/transfer', ...op });
export const chatAgentsRoute = routeOf<typeof adminChatAgents>({ method: 'GET', path: '/admin/api/chat/agents', ...op });
export const chatCloseRoute = routeOf<typeof adminChatClose>({ method: 'POST', path: '/admin/api/chat/close', ...op });
export const cannedRepliesRoute = routeOf<typeof adminCannedReplies>({ method: 'GET', path: '/admin/api/chat/canned', ...op });
export const saveCannedReplyRoute = routeOf<typeof adminSaveCannedReply>({ method: 'POST', path: '/admin/api/chat/canned/save', ...op });
export const deleteCannedReplyRoute = routeOf<typeof adminDeleteCannedReply>({ method: 'POST', path: '/admin/api/chat/canned/delete', ...op });
