import { useQuery } from '@tanstack/react-query';
import { countUnreadMessages } from '@shop/contract/support';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { unreadCountOf } from '../unread-count';

/**
 * Unread messages of the member (the personal page's entry; the tab badge reads the same answer).
 * A background read: a failure code shows no toast; an expired session still leads to login.
 */
export function useUnreadCount() {
  const scope = useQueryScope();
  return useQuery({ ...endpointQuery(countUnreadMessages, undefined, scope), select: unreadCountOf, staleTime: 60_000, retry: false, enabled: Boolean(scope.token) });
}
