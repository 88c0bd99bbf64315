import { listRegionChildren, listCountryRegions } from '@shop/contract/geo';
import { useEndpointQuery } from '@/lib/endpoint-query';

// The region lists change only with the datasets: kept for the whole visit.

/** The provinces, states or prefectures of a country; nothing is asked without a country. */
export const useTopRegions = (country: string | undefined) => useEndpointQuery(listCountryRegions, { country: country ?? '' }, { enabled: Boolean(country), staleTime: Infinity });

/** The children of a region; nothing is asked without a parent. */
export const useChildRegions = (parentId: number | undefined) => useEndpointQuery(listRegionChildren, { parent_id: parentId ?? 0 }, { enabled: parentId !== undefined, staleTime: Infinity });
