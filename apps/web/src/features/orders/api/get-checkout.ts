import type { EndpointQueryInput } from '@shop/contract/common';
import { getCheckoutGoods } from '@shop/contract/orders';
import { useEndpointQuery } from '@/lib/endpoint-query';

export type CheckoutSource = NonNullable<EndpointQueryInput<typeof getCheckoutGoods>>;

/** The order as it would be placed now: lines, address, fees and total. */
export const useCheckout = (source: CheckoutSource) => useEndpointQuery(getCheckoutGoods, source, { staleTime: 0, retry: false });
