import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getReviewTotals, listReviews } from '@shop/contract';
import { call } from '@/lib/request';

export const useReviewTotals = (goodsId: number) =>
  useQuery({ queryKey: ['review-totals', goodsId], queryFn: () => call(getReviewTotals, { goods_id: goodsId }, { quiet: true }), enabled: goodsId > 0 });

export const useReviewPages = (goodsId: number, filter: 'all' | 'good' | 'medium' | 'bad' | 'images', limit = 10) =>
  useInfiniteQuery({
    queryKey: ['reviews', goodsId, filter, limit],
    queryFn: ({ pageParam }) => call(listReviews, { goods_id: goodsId, filter, page: pageParam, limit }, { quiet: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: goodsId > 0,
  });
