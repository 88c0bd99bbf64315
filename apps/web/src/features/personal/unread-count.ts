import { countUnreadMessages } from '@shop/contract/support';
import { useCachedAnswer, useQueryScope } from '@/lib/endpoint-key';
import { queryClient } from '@/lib/query-client';
import { unreadCountOf, useAskedAgainElsewhere } from './unread-signals';

/**
 * The unread count the personal page read last, for the tab bar's badge: read from the query
 * cache without asking, so the first screen carries no query machinery.
 */
export function useUnreadBadge(): number {
  const scope = useQueryScope();
  const cached = useCachedAnswer(countUnreadMessages, undefined, Boolean(scope.token));
  // A count shown here follows messages read in another tab, and is asked again when this tab comes back.
  // (A page reading the count, the personal page, asks it again itself.)
  useAskedAgainElsewhere(() => void import('./api/get-unread-count').then((m) => (m.unreadCountObserved(queryClient, scope) ? undefined : m.refreshUnreadCount(queryClient, scope))), cached !== undefined);
  return unreadCountOf(cached);
}
