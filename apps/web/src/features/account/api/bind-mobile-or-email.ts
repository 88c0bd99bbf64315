import { bindMobileOrEmail, getProfile } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Binds or changes the e-mail or phone with the code sent to it (and the step-up proof). */
export const useBindMobileOrEmail = () => useEndpointMutation(bindMobileOrEmail, { invalidates: [getProfile] });
