import { getWalletAssets } from '@shop/contract/wallet';
import { useEndpointQuery } from '@/lib/endpoint-query';

/** The member's balances per currency, points, frozen amounts, rewards and the total in the display currency. */
export const useWalletAssets = () => useEndpointQuery(getWalletAssets, {}, { staleTime: 5_000 });
