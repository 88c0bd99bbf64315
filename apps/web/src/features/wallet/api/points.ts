import { getPointsEntry, getRewardTotals, listPointsLog, listRewards } from '@shop/contract/wallet';
import { useEndpointInfiniteQuery, useEndpointQuery } from '@/lib/endpoint-query';

/** The member's points and shopping points, with the rules of earning and spending them. */
export const usePointsInfo = () => useEndpointQuery(getPointsEntry, undefined, { staleTime: 10_000 });

/** Movements of points or shopping points, with reason and balance after, newest first. */
export const usePointsLogPages = (kind: 'points' | 'shopping_points') => useEndpointInfiniteQuery(listPointsLog, { kind });

/** Rewards per currency: what is held and what was earned in all. */
export const useRewardTotals = () => useEndpointQuery(getRewardTotals, undefined, { staleTime: 10_000 });

/** Reward movements, newest first. */
export const useRewardPages = () => useEndpointInfiniteQuery(listRewards, {});
