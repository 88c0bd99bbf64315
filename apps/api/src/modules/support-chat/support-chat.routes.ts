import { adminCannedReplies, adminDeleteCannedReply, adminSaveCannedReply, adminChatClose, adminChatReply, adminChatTransfer, adminChatAgents, adminListChatMessages, adminListConversations, getChatState, listChatMessages, sendChatMessage } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { chatSocketRoutes } from './chat-socket.js';
import * as service from './support-chat.service.js';

/** The built-in support chat: the member's conversation and the operators' desk. */
export function supportChatRoutes(api: Api): void {
  const { handle, deps } = api;
  chatSocketRoutes(api);
  handle(getChatState, ({ actor }) => service.chatState(deps, actor));
  handle(sendChatMessage, ({ actor, body }) => service.sendMemberMessage(deps, actor, body));
  handle(listChatMessages, ({ actor, query }) => service.memberMessages(deps, actor, query));
  handle(adminListConversations, ({ actor, query }) => service.listConversations(deps.db, actor, query));
  handle(adminListChatMessages, ({ actor, query }) => service.conversationMessages(deps, actor, query));
  handle(adminChatReply, ({ actor, body }) => service.replyAsAgent(deps, actor, body));
  handle(adminChatTransfer, ({ actor, body }) => service.transferConversation(deps, actor, body));
  handle(adminChatAgents, ({ actor }) => service.transferTargets(deps.db, actor));
  handle(adminChatClose, ({ actor, body }) => service.closeConversation(deps, actor, body));
  handle(adminCannedReplies, ({ actor, query }) => service.cannedReplies(deps.db, actor, query));
  handle(adminSaveCannedReply, ({ actor, body }) => service.saveCannedReply(deps.db, actor, body));
  handle(adminDeleteCannedReply, ({ actor, body }) => service.deleteCannedReply(deps.db, actor, body));
}
