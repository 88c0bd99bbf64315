import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { countUnreadMessages } from '@shop/contract/support';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';
import type { QueryScope } from '@/lib/endpoint-key';
import { unreadCountOf, useAskedAgainElsewhere } from '../unread-signals';

/** Asks the unread count again now for a screen showing it (a read already on its way is waited for, not sent twice). */
export const refreshUnreadCount = (client: QueryClient, scope: QueryScope) => client.fetchQuery({ ...endpointQuery(countUnreadMessages, undefined, scope), staleTime: 0 }).catch(() => undefined);

/** Whether a mounted screen reads the count (and asks it again itself). */
export const unreadCountObserved = (client: QueryClient, scope: QueryScope) => (client.getQueryCache().find({ queryKey: endpointQuery(countUnreadMessages, undefined, scope).queryKey })?.getObserversCount() ?? 0) > 0;

/**
 * Unread messages of the member (the personal page's entry; the tab badge reads the same answer).
 * A background read: a failure code shows no toast; an expired session still leads to login. Fresh
 * for a minute, but asked again at once when another tab reads messages or this one comes back to
 * the screen.
 */
export function useUnreadCount() {
  const scope = useQueryScope();
  const client = useQueryClient();
  const enabled = Boolean(scope.token);
  useAskedAgainElsewhere(() => void refreshUnreadCount(client, scope), enabled);
  return useQuery({ ...endpointQuery(countUnreadMessages, undefined, scope), select: unreadCountOf, staleTime: 60_000, retry: false, enabled });
}
