import { getHomeCategories } from '@shop/contract/content';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The category entry grid of the home and activity pages. */
export const useHomeCategories = () => useEndpointQuery(getHomeCategories, undefined, { staleTime: 10 * 60_000 });
