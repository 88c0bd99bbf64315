import { adminListBroadcasts, adminSendBroadcast, adminSetSupportSettings, adminSupportSettings, countUnreadMessages, listMessages } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './messages.service.js';

/** The member's messages: the unread count (cached per member) and the list; operators' messages to members and the support settings. */
export function messagesRoutes({ handle, deps, app }: Api): void {
  const stopDropping = service.dropUnreadCountsOnChanges(deps);
  app.addHook('onClose', async () => stopDropping());
  handle(countUnreadMessages, ({ actor }) => service.unreadCount(deps, actor));
  handle(listMessages, ({ actor, query }) => service.listMemberMessages(deps, actor, query));
  handle(adminSendBroadcast, ({ actor, body }) => service.sendBroadcast(deps, actor, body));
  handle(adminListBroadcasts, ({ actor, query }) => service.listBroadcasts(deps.db, actor, query));
  handle(adminSupportSettings, ({ actor }) => service.supportSettings(deps.db, actor));
  handle(adminSetSupportSettings, ({ actor, body }) => service.setSupportSettings(deps.db, actor, body));
}
