import { useQuery } from '@tanstack/react-query';
import { getCheckoutPayment } from '@shop/contract/orders';
import type { EndpointQueryInput } from '@shop/contract/common';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';

/** Waits between two readings of a payment in progress: 1 s, doubling up to 15 s. */
export const pollDelay = (readings: number): number => Math.min(1000 * 2 ** Math.max(0, readings - 1), 15_000);

/**
 * A payment as the pay pages show it, read again with back-off while it is in progress (each
 * reading makes the server ask its gateway); reading stops once the server says it ended.
 */
export function usePayment(params: EndpointQueryInput<typeof getCheckoutPayment>, enabled: boolean) {
  return useQuery({
    ...endpointQuery(getCheckoutPayment, params, useQueryScope()),
    enabled,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'in_progress' ? pollDelay(query.state.dataUpdateCount) : false),
  });
}
