import { useQuery } from '@tanstack/react-query';
import { countUnreadMessages } from '@shop/contract/support';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';

/** The answer's shape is the messages area's to declare; until then any of the usual spellings is read. */
const countOf = (data: unknown): number => {
  if (typeof data === 'number') return data;
  if (data && typeof data === 'object') {
    for (const field of ['unread', 'total', 'count', 'num']) {
      const v = (data as Record<string, unknown>)[field];
      if (typeof v === 'number') return v;
    }
  }
  return 0;
};

/**
 * Unread messages of the member: the personal tab's badge and the messages entry. A background
 * read: a failure code shows no toast; an expired session still leads to login.
 */
export function useUnreadCount() {
  const scope = useQueryScope();
  return useQuery({ ...endpointQuery(countUnreadMessages, undefined, scope), select: countOf, staleTime: 60_000, retry: false, enabled: Boolean(scope.token) });
}
