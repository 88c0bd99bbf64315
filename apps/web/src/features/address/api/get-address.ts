import { getAddress } from '@shop/contract/address';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** One of the member's addresses (for editing); nothing is asked when `id` is undefined. */
export const useAddress = (id: number | undefined) => useEndpointQuery(getAddress, { id: id ?? 0 }, { enabled: id !== undefined });
