import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countUnreadMessages, listMessages } from '@shop/contract/support';
import { invalidateEndpoints, useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/**
 * The member's messages, newest first, a page at a time. Reading a page marks its messages read on
 * the server, so the unread count (the personal tab's badge) is asked again after each page.
 */
export function useMessagePages() {
  const client = useQueryClient();
  const pages = useEndpointInfiniteQuery(listMessages, {});
  const read = pages.data?.pages.length ?? 0;
  useEffect(() => {
    if (read) void invalidateEndpoints(client, [countUnreadMessages]);
  }, [client, read]);
  return pages;
}
