import { countUnreadMessages } from '@shop/contract/support';
import { useCachedAnswer, useQueryScope } from '@/lib/endpoint-key';

/** The answer's shape is the messages area's to declare; until then any of the usual spellings is read. */
export const unreadCountOf = (data: unknown): number => {
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
 * The unread count the personal page read last, for the tab bar's badge: read from the query
 * cache without asking, so the first screen carries no query machinery.
 */
export function useUnreadBadge(): number {
  const { token } = useQueryScope();
  return unreadCountOf(useCachedAnswer(countUnreadMessages, undefined, Boolean(token)));
}
