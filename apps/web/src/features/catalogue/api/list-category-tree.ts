import { listCategoryTree } from '@shop/contract/catalogue';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The whole category tree (the all-categories page). */
export const useCategoryTree = () => useEndpointQuery(listCategoryTree, undefined, { staleTime: 10 * 60_000 });
