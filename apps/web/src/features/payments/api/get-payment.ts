import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { PaymentInfo } from '@shop/contract/payments';
import { getCheckoutPayment, query2c2pPayment } from '@shop/contract/orders';
import type { EndpointQueryInput } from '@shop/contract/common';
import { endpointQuery, useQueryScope } from '@/lib/endpoint-query';
import { payableFrom } from '../payable';

/** Waits between two readings of a payment in progress: 1 s, doubling up to 15 s. */
export const pollDelay = (readings: number): number => Math.min(1000 * 2 ** Math.max(0, readings - 1), 15_000);

/**
 * A payment as the pay pages show it, read again with back-off while it is in progress (each
 * reading makes the server ask its gateway); reading stops once the server says it ended.
 */
export function usePayment(params: EndpointQueryInput<typeof getCheckoutPayment>, enabled: boolean) {
  return usePolled(endpointQuery(getCheckoutPayment, params, useQueryScope()), enabled);
}

/** After 2C2P's page: the payment its return names, asked of 2C2P while open, read again like `usePayment`. */
export function use2c2pReturn(params: EndpointQueryInput<typeof query2c2pPayment>, enabled: boolean) {
  return usePolled(endpointQuery(query2c2pPayment, params, useQueryScope()), enabled);
}

function usePolled(options: UseQueryOptions<PaymentInfo, Error, PaymentInfo, QueryKey>, enabled: boolean) {
  return useQuery({
    ...options,
    enabled,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'in_progress' ? pollDelay(query.state.dataUpdateCount) : false),
  });
}

/**
 * The payment a pay page's address names: `payment_no` (Alipay's return names it `out_trade_no`),
 * else the newest payment of the payable (`order_id`, `order_type`).
 */
export function usePaymentOfPage(params: URLSearchParams, enabled = true) {
  const paymentNo = params.get('payment_no') ?? params.get('out_trade_no') ?? undefined;
  const payable = payableFrom(params);
  const query = paymentNo ? { payment_no: paymentNo, order_type: payable.order_type } : { order_id: payable.order_id, order_type: payable.order_type };
  return usePayment(query, enabled && (Boolean(paymentNo) || payable.order_id > 0));
}

/** Whether a pay page's address names a payment or a payable at all (one opened without either has nothing to load). */
export const pageNamesPayment = (params: URLSearchParams): boolean => Boolean(params.get('payment_no') ?? params.get('out_trade_no') ?? params.get('paymentResponse')) || payableFrom(params).order_id > 0;
