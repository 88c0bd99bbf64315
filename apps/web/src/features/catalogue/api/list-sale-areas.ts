import { listSaleAreas } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Countries the shop sells in, with today's currency rates. */
export const useSaleAreas = () => useEndpointQuery(listSaleAreas, undefined);
