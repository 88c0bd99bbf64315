import { listNews } from '@shop/contract/content';
import { useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/** Published news, newest first, ten at a time. */
export const useNewsPages = () => useEndpointInfiniteQuery(listNews, { limit: 10 });
