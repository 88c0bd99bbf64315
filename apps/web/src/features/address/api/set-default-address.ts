import { getAddress, listAddresses, setDefaultAddress } from '@shop/contract/address';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Makes one address the default. */
export const useSetDefaultAddress = () => useEndpointMutation(setDefaultAddress, { invalidates: [listAddresses, getAddress] });
