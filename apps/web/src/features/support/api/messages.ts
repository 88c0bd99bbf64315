import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { countUnreadMessages, listMessages } from '@shop/contract/support';
import { invalidateEndpoints, useEndpointInfiniteQuery } from '@/lib/endpoint-query';
import { tellOtherTabs } from '@/lib/tab-signals';

/**
 * The member's messages, newest first, a page at a time. Reading a page marks its messages read on
 * the server, so the unread count (the personal tab's badge) is asked again after each page, here and
 * in the member's other tabs.
 */
export function useMessagePages() {
  const client = useQueryClient();
  const pages = useEndpointInfiniteQuery(listMessages, {});
  const read = pages.data?.pages.length ?? 0;
  useEffect(() => {
    if (!read) return;
    void invalidateEndpoints(client, [countUnreadMessages]);
    tellOtherTabs('messages-read');
  }, [client, read]);
  return pages;
}
