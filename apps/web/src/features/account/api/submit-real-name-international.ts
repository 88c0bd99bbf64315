import { getRealName, submitRealNameInternational } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Sends international real-name details (with the country) for review. */
export const useSubmitRealNameInternational = () => useEndpointMutation(submitRealNameInternational, { invalidates: [getRealName] });
