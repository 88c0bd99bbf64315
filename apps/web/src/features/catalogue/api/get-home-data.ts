import { getHomeData } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The home page in one call: banners, category grid, notices and goods shelves. */
export const useHomeData = () => useEndpointQuery(getHomeData, undefined);
