import { acknowledgePaymentNotice } from '@shop/contract/payments';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** The notice read before paying with a method; the server records the reading. */
export const useReadPayNotice = () => useEndpointMutation(acknowledgePaymentNotice);
