import type { EndpointData } from '@shop/contract/common';
import { getDefaultCallingCode, getShareImage } from '@shop/contract/account';
import { listSharePosters } from '@shop/contract/content';
import {
  applyForDealer,
  applyForMembership,
  applyForServiceCentre,
  getAgent,
  getDownlineDepth,
  getPlacementTree,
  getPvSettings,
  getReferralTotals,
  getStarProgress,
  listDownlineMembers,
  listPairingBonuses,
  listReferralTeam,
  listReferredMembers,
  placeDownlineMember,
} from '@shop/contract/referral';
import { useEndpointInfiniteQuery, useEndpointMutation, useEndpointQuery } from '@/lib/endpoint-query';

const placementReads = [listDownlineMembers, getPlacementTree, getDownlineDepth] as const;

/** The member's code, share link and its QR. */
export const useInviteShare = () => useEndpointQuery(getShareImage, undefined, { staleTime: 60_000 });
/** The member's invitation code, link and QR. */
export type InviteShare = EndpointData<typeof getShareImage>;
export const usePosters = () => useEndpointQuery(listSharePosters, undefined, { staleTime: 60_000 });
/** Totals of the sponsor team. */
export const useTeamTotals = () => useEndpointQuery(getReferralTotals, undefined);
export const useDirects = (q: string) => useEndpointInfiniteQuery(listReferredMembers, { limit: 20, ...(q ? { q } : {}) });
export const useTeam = (q: string) => useEndpointInfiniteQuery(listReferralTeam, { limit: 20, ...(q ? { q } : {}) });
/** The member's invitees, unplaced first. */
export const useInvitees = () => useEndpointInfiniteQuery(listDownlineMembers, { limit: 20 });
/** The placement tree from a node of the member's subtree, or from a name's first match, `levels` below it (as many as the phone shows whole; asked once known). */
export const usePlacementTree = (rootId: number | undefined, q: string, levels: number | undefined) =>
  useEndpointQuery(getPlacementTree, { levels: levels ?? 1, ...(rootId ? { root_id: rootId } : {}), ...(q ? { q } : {}) }, { staleTime: 0, enabled: levels !== undefined });
export const useLegs = () => useEndpointQuery(getDownlineDepth, undefined);
export const usePlace = () => useEndpointMutation(placeDownlineMember, { invalidates: placementReads });
export const usePairings = () => useEndpointInfiniteQuery(listPairingBonuses, { limit: 20 });
export const usePvRecords = () => useEndpointInfiniteQuery(getPvSettings, { limit: 20 });
export const useStarProgress = () => useEndpointQuery(getStarProgress, undefined, { staleTime: 0 });
export const useAgentInfo = () => useEndpointQuery(getAgent, undefined);
/** The calling code an application's phone starts with: the member's own country's, else the language's home country's. */
export const useHomeCallingCode = (country?: string | null) => useEndpointQuery(getDefaultCallingCode, country ? { country } : {}, { staleTime: Infinity });
const applyCalls = { dealer: applyForDealer, service_centre: applyForServiceCentre, shop_owner: applyForMembership } as const;
/** Sends an application of a kind; the page shows a refusal itself, next to the form (no toast). */
export const useApply = (kind: keyof typeof applyCalls) => useEndpointMutation(applyCalls[kind], { invalidates: [getAgent], call: { quiet: true } });
