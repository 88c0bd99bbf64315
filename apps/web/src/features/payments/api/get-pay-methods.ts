import { getPaymentMethodFee, getPaymentMethodTotal } from '@shop/contract/orders';
import type { Payable } from '../payable';
import { useEndpointQuery } from '@/lib/endpoint-query';


/** The payable's amount and every method of the member with its fee, total and whether it is usable. */
export const usePayMethods = (payable: Payable) => useEndpointQuery(getPaymentMethodTotal, payable, { enabled: payable.order_id > 0, staleTime: 0 });

/** The fee and total of the chosen method, as the server counts them. */
export const usePayMethodFee = (payable: Payable, payWay: string | undefined) =>
  useEndpointQuery(getPaymentMethodFee, { ...payable, pay_way: payWay ?? '' }, { enabled: payable.order_id > 0 && Boolean(payWay), staleTime: 0 });
