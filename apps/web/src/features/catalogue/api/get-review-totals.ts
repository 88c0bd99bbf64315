import { getReviewTotals } from '@shop/contract/catalogue';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Review counts of one goods. */
export const useReviewTotals = (goodsId: number) => useEndpointQuery(getReviewTotals, { goods_id: goodsId }, { enabled: goodsId > 0 });
