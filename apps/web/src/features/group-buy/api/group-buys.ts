import { getGroupBuyGoods, listGroupBuyGoods, listGroupBuyGroups, previewGroupBuy } from '@shop/contract/orders';
import { listAddresses } from '@shop/contract/address';
import { useEndpointInfiniteQuery, useEndpointQuery } from '@/lib/endpoint-query';

/** Group-buy activities running now, a page at a time. */
export const useGroupBuyPages = () => useEndpointInfiniteQuery(listGroupBuyGoods, { limit: 10 });

/** One group-buy activity. */
export const useGroupBuy = (id: number) => useEndpointQuery(getGroupBuyGoods, { id }, { enabled: id > 0, staleTime: 0 });

/** The open groups of an activity, with how many are still needed and the time left. */
export const useOpenGroups = (activityId: number) => useEndpointQuery(listGroupBuyGroups, { activity_id: activityId }, { enabled: activityId > 0, staleTime: 0 });

/** The member's addresses; a group-buy order ships to the default one. */
export const useShippingAddresses = () => useEndpointQuery(listAddresses, undefined, { staleTime: 0 });

/** The order a group-buy tap would place (goods, freight, operating fee, total), read fresh for the member to confirm. */
export const useGroupBuyPreview = (query: { activity_id: number; group_id?: number; num: number; address_id: number } | undefined) =>
  useEndpointQuery(previewGroupBuy, query ?? { activity_id: 0, num: 1, address_id: 0 }, { enabled: query !== undefined, staleTime: 0 });
