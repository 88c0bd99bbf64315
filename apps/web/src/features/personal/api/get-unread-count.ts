import { queryOptions, useQuery } from '@tanstack/react-query';
import { countUnreadMessages } from '@shop/contract';
import { call } from '@/lib/request';

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

// A background read: a failure code shows no toast; an expired session still leads to login.
export const fetchUnreadCount = async () => countOf(await call(countUnreadMessages, undefined, { quiet: true }));

export const unreadCountQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['messages', 'unread', token], queryFn: fetchUnreadCount, staleTime: 60_000, retry: false });

export const useUnreadCountQuery = (token: string) => useQuery({ ...unreadCountQueryOptions(token), enabled: Boolean(token) });
