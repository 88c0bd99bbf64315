import { shopAddressCreate, shopAddressInfo, shopAddressList, shopAddressUpdate } from '@shop/contract/address';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Adds an address. */
export const useCreateAddress = () => useEndpointMutation(shopAddressCreate, { invalidates: [shopAddressList] });

/** Changes an address. */
export const useUpdateAddress = () => useEndpointMutation(shopAddressUpdate, { invalidates: [shopAddressList, shopAddressInfo] });
