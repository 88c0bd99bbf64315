import { listNotices } from '@shop/contract/content';
import { useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/** Notices, newest first, ten at a time. */
export const useNoticePages = () => useEndpointInfiniteQuery(listNotices, { limit: 10 });
