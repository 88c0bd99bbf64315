import { getRewardTotals, getWalletAssets, getWalletTotals, listRewards, moveRewardsToCash } from '@shop/contract/wallet';
import { useEndpointMutation } from '@/lib/endpoint-query';

/** Moves rewards to the cash balance of the same currency; one idempotency key per move (a repeated tap after a lost answer moves once). */
export const useMoveRewards = (idempotencyKey: string) =>
  useEndpointMutation(moveRewardsToCash, { call: { idempotencyKey }, invalidates: [getRewardTotals, listRewards, getWalletAssets, getWalletTotals] });
