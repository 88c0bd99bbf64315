import { listRealNameCountries } from '@shop/contract/account';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The countries an international real-name request may name. */
export const useRealNameCountries = () => useEndpointQuery(listRealNameCountries, undefined, { staleTime: Infinity });
