import { createGoogleAuthenticator } from '@shop/contract/account';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** A new authenticator secret with its QR code, not bound until proven with a code. */
export const useCreateGoogleAuthenticator = () => useEndpointMutation(createGoogleAuthenticator);
