import { choosePaymentMethod } from '@shop/contract/orders';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Fixes the method the member chose (and its fee) on the payable: the server remembers it, and the pay page starts with it next time. */
export const useChoosePayMethod = () => useEndpointMutation(choosePaymentMethod);
