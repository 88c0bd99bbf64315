import { listAddresses } from '@shop/contract/address';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The member's addresses, the default first. */
export const useAddresses = () => useEndpointQuery(listAddresses, undefined);
