import { listOrders, type OrderView } from '@shop/contract/orders';
import { useEndpointInfiniteQuery } from '@/lib/endpoint-query';

/** The member's orders of one view, a page at a time. */
export const useOrderPages = (view: OrderView) => useEndpointInfiniteQuery(listOrders, { view, limit: 10 });
