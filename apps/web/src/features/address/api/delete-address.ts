import { deleteAddress, getAddress, listAddresses } from '@shop/contract/address';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Removes an address (the server moves the default when it was the default). */
export const useDeleteAddress = () => useEndpointMutation(deleteAddress, { invalidates: [listAddresses, getAddress] });
