import { getNewsCommentThread } from '@shop/contract/content';
import { useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/** One comment with its replies, twenty at a time. */
export const useCommentThread = (commentId: number) =>
  useEndpointInfiniteQuery(getNewsCommentThread, { id: commentId, limit: 20 }, { enabled: commentId > 0, nextPage: (last) => (last.replies.has_more ? last.replies.page + 1 : undefined) });
