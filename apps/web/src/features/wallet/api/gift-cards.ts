import { getWalletAssets, giveGiftCard, listGiftCards } from '@shop/contract/wallet';
import { useEndpointInfiniteQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** The member's gift cards of one state, soonest-expiring first. */
export const useGiftCardPages = (status: 'active' | 'redeemed' | 'expired') => useEndpointInfiniteQuery(listGiftCards, { status });

/** Gives chosen gift cards to another member; one idempotency key per visit of the page. */
export const useGiveGiftCards = (idempotencyKey: string) => useEndpointMutation(giveGiftCard, { call: { idempotencyKey }, invalidates: [listGiftCards, getWalletAssets] });
