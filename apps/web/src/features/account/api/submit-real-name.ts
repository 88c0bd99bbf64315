import { getRealName, submitRealName } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Sends mainland real-name details for review. */
export const useSubmitRealName = () => useEndpointMutation(submitRealName, { invalidates: [getRealName] });
