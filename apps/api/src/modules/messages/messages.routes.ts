import { countUnreadMessages, listMessages } from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './messages.service.js';

/** The member's messages: the unread count (cached per member) and the list. */
export function messagesRoutes({ handle, deps, app }: Api): void {
  const stopDropping = service.dropUnreadCountsOnChanges(deps);
  app.addHook('onClose', async () => stopDropping());
  handle(countUnreadMessages, ({ actor }) => service.unreadCount(deps, actor));
  handle(listMessages, ({ actor, query }) => service.listMemberMessages(deps, actor, query));
}
