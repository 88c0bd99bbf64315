import { getOrder } from '@shop/contract/orders';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** One of the member's orders. */
export const useOrder = (id: number) => useEndpointQuery(getOrder, { id }, { enabled: id > 0, staleTime: 0 });
