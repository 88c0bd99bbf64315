import { cancelLoversOrder, getLoversCentre, listLoversOrders, payLoversOrder } from '@shop/contract/orders';
import { useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

/** What the member has given and the causes open for pledges. */
export const useCharityCentre = () => useEndpointQuery(getLoversCentre, undefined, { staleTime: 0 });

/** The member's pledges, newest first, a page at a time. */
export const useCharityOrderPages = () => useEndpointInfiniteQuery(listLoversOrders, { limit: 10 });

/** Pledges an amount to a cause, with the key of one pledge attempt (`useActionKey`: a new one once the server has answered). */
export const usePledge = (idempotencyKey: string) => useEndpointMutation(payLoversOrder, { call: { idempotencyKey }, invalidates: [getLoversCentre, listLoversOrders] });

/** Cancels an unpaid pledge. */
export const useCancelPledge = () => useEndpointMutation(cancelLoversOrder, { invalidates: [getLoversCentre, listLoversOrders] });
