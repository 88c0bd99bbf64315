import { getOrderTracking, listOrderPackages } from '@shop/contract/orders';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The packages of an order. */
export const useOrderPackages = (orderId: number) => useEndpointQuery(listOrderPackages, { order_id: orderId }, { enabled: orderId > 0 });
/** Every package's tracking events, newest first. */
export const useOrderTracking = (orderId: number) => useEndpointQuery(getOrderTracking, { order_id: orderId }, { enabled: orderId > 0, staleTime: 0 });
