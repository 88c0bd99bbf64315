import { shopAddressInfo, shopAddressList, shopAddressSetDefault } from '@shop/contract/address';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Makes one address the default. */
export const useSetDefaultAddress = () => useEndpointMutation(shopAddressSetDefault, { invalidates: [shopAddressList, shopAddressInfo] });
