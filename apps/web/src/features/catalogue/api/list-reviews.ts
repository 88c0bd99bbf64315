import { listReviews } from '@shop/contract/catalogue';
import { useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/** Reviews of one goods, newest first, a page at a time. */
export const useReviewPages = (goodsId: number, filter: 'all' | 'good' | 'medium' | 'bad' | 'images', limit = 10) =>
  useEndpointInfiniteQuery(listReviews, { goods_id: goodsId, filter, limit }, { enabled: goodsId > 0 });
