import { listGoodsShelves } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The goods shelves (hot, new, recommended): the tabs of the activity page. */
export const useGoodsShelves = () => useEndpointQuery(listGoodsShelves, undefined, { staleTime: 10 * 60_000 });
