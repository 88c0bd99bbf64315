import { listCountryCodes } from '@shop/contract/account';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** Every country with its calling code, named in the app's language. */
export const useCountryCodes = () => useEndpointQuery(listCountryCodes, undefined, { staleTime: Infinity });
