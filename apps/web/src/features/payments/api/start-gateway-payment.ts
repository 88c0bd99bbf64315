import { createAirwallexPaymentIntent, createOnlinePaymentToken } from '@shop/contract/payments';
import { getCheckoutPayment, getOrder, getPaymentMethodTotal, listOrders } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

const changes = [getCheckoutPayment, getOrder, listOrders, getPaymentMethodTotal];

/** Starts (or answers the open) Airwallex payment of a payable: its intent and, in the sandbox, its page. */
export const useStartAirwallexPayment = (idempotencyKey: string) => useEndpointMutation(createAirwallexPaymentIntent, { call: { idempotencyKey }, invalidates: changes });

/** Starts (or answers the open) 2C2P payment of a payable: its payment token and payment page. */
export const useCreate2c2pToken = (idempotencyKey: string) => useEndpointMutation(createOnlinePaymentToken, { call: { idempotencyKey }, invalidates: changes });
