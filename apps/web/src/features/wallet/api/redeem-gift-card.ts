import { getWalletAssets, getWalletTotals, listGiftCards, redeemGiftCardToBalance } from '@shop/contract/wallet';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Adds one gift card's whole remaining value to the cash balance (each ask has its own idempotency key, kept through retries). */
export const useRedeemGiftCard = () => useEndpointMutation(redeemGiftCardToBalance, { invalidates: [listGiftCards, getWalletAssets, getWalletTotals] });
