import { getShareInfo } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Share title, text, image and the member's share link for one goods. */
export const useShareInfo = (goodsId: number | undefined, enabled: boolean) => useEndpointQuery(getShareInfo, goodsId ? { goods_id: goodsId } : {}, { enabled });
