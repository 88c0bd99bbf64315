import { getGoods } from '@shop/contract/catalogue';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** One goods with gallery, description, specs, SKUs and the member's collect flag. */
export const useGoodsInfo = (id: number) => useEndpointQuery(getGoods, { id }, { enabled: id > 0 });
