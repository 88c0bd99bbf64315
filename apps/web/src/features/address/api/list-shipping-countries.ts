import { listCountriesShippedTo } from '@shop/contract/geo';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The countries the shop ships to, named in the app's language. */
export const useShippingCountries = () => useEndpointQuery(listCountriesShippedTo, undefined, { staleTime: 10 * 60_000 });
