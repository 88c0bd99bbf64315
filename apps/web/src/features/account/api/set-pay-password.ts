import { getProfile, setPayPassword } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Sets the 6-digit pay password with the e-mailed code and the step-up proof. */
export const useSetPayPassword = () => useEndpointMutation(setPayPassword, { invalidates: [getProfile] });
