import { bindGoogleAuthenticator, getProfile } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Binds the authenticator with one of its codes and the current password. */
export const useBindGoogleAuthenticator = () => useEndpointMutation(bindGoogleAuthenticator, { invalidates: [getProfile] });
