import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { createNewsComment, getNewsCommentThread, likeNewsComment, listNewsComments } from '@shop/contract';
import { call } from '@/lib/request';
import { useSession } from '@/stores/session';

export const useCommentPages = (newsId: number) => {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['comments', newsId, token],
    queryFn: ({ pageParam }) => call(listNewsComments, { news_id: newsId, page: pageParam, limit: 10 }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: newsId > 0,
  });
};

export const useCommentThread = (commentId: number) => {
  const token = useSession((s) => s.token);
  return useInfiniteQuery({
    queryKey: ['comment-thread', commentId, token],
    queryFn: ({ pageParam }) => call(getNewsCommentThread, { id: commentId, page: pageParam, limit: 20 }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.replies.has_more ? last.replies.page + 1 : undefined),
    enabled: commentId > 0,
  });
};

export function useCommentActions() {
  const client = useQueryClient();
  const done = () => Promise.all([client.invalidateQueries({ queryKey: ['comments'] }), client.invalidateQueries({ queryKey: ['comment-thread'] }), client.invalidateQueries({ queryKey: ['news-info'] })]);
  return {
    create: useMutation({ mutationFn: (input: { news_id: number; parent_id?: number; content: string }) => call(createNewsComment, input), onSuccess: done }),
    like: useMutation({ mutationFn: (input: { comment_id: number; like: boolean }) => call(likeNewsComment, input), onSuccess: done }),
  };
}
