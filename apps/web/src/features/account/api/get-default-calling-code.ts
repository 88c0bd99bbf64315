import { getDefaultCallingCode } from '@shop/contract/account';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The calling code to start with (the language's home country). */
export const useDefaultCallingCode = () => useEndpointQuery(getDefaultCallingCode, {}, { staleTime: Infinity });
