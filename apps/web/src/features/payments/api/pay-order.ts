import { getCheckoutPayment, getOrder, getPaymentMethodTotal, listOrders, payOrder } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Starts (or answers the open) payment of the payable; one key per attempt on the page. */
export const usePayOrder = (idempotencyKey: string) =>
  useEndpointMutation(payOrder, { call: { idempotencyKey }, invalidates: [getCheckoutPayment, getOrder, listOrders, getPaymentMethodTotal] });
