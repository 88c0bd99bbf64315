import { listNewsComments } from '@shop/contract/content';
import { useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/** Top-level comments of a news article, newest first, ten at a time. */
export const useCommentPages = (newsId: number) => useEndpointInfiniteQuery(listNewsComments, { news_id: newsId, limit: 10 }, { enabled: newsId > 0 });
