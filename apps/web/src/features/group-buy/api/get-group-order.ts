import { getOrder } from '@shop/contract/orders';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** A group-buy order with its group and how full it is. */
export const useGroupOrder = (id: number) => useEndpointQuery(getOrder, { id }, { enabled: id > 0, staleTime: 0 });
