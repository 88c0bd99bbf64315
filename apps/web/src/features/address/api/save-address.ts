import { createAddress, getAddress, listAddresses, updateAddress } from '@shop/contract/address';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Adds an address. */
export const useCreateAddress = () => useEndpointMutation(createAddress, { invalidates: [listAddresses] });

/** Changes an address. */
export const useUpdateAddress = () => useEndpointMutation(updateAddress, { invalidates: [listAddresses, getAddress] });
