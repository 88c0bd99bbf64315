import { applyForCancellation, getCancellation } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Applies to close the account (`{ action: 'apply', agree: true }`) or withdraws the request (`{ action: 'withdraw' }`). */
export const useApplyForCancellation = () => useEndpointMutation(applyForCancellation, { invalidates: [getCancellation] });
