import { getPaymentMethodFee, getPaymentMethodTotal } from '@shop/contract/orders';
import type { Payable } from '../payable';
import { useEndpointQuery } from '@/lib/endpoint-query';


/** The payable's amount and every method of the member with its fee, total and whether it is usable. */
export const usePayMethods = (payable: Payable) => useEndpointQuery(getPaymentMethodTotal, payable, { enabled: payable.order_id > 0, staleTime: 0 });

/** What the chosen method takes (beside the wallet balance with `useBalance`): the balance part, the method's part, its fee and the total, as the server counts them. */
export const usePayMethodFee = (payable: Payable, payWay: string | undefined, useBalance = false) =>
  useEndpointQuery(getPaymentMethodFee, { ...payable, pay_way: payWay ?? '', ...(useBalance ? { use_balance: true } : {}) }, { enabled: payable.order_id > 0 && Boolean(payWay), staleTime: 0 });
