import { collectGoods, getGoods } from '@shop/contract/catalogue';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Collects or un-collects goods (`{ goods_id, collect }`); the detail page is read again with the answer. */
export const useCollectGoods = () => useEndpointMutation(collectGoods, { invalidates: [getGoods] });
