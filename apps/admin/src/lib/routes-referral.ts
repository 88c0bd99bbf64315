import { routeOf } from '@shop/contract/common';
import type {
  adminDecideApplication,
  adminHouseCode,
  adminListApplications,
  adminListCommissions,
  adminListPairRuns,
  adminMoveSubtree,
  adminPlacementTree,
  adminReferralMember,
  adminReferralPlan,
  adminReverseCommission,
  adminRunPairDay,
  adminSetHouseCode,
  adminSetReferralPlan,
  adminVoidCommission,
} from '@shop/contract/admin';

// The referral console's calls as the contract declares them (types checked against the entries), without their schemas.
const op = { auth: 'operator', area: 'admin' } as const;
const base = '/admin/api/referral';
export const referralMemberRoute = routeOf<typeof adminReferralMember>({ method: 'GET', path: `${base}/member`, ...op });
export const placementTreeRoute = routeOf<typeof adminPlacementTree>({ method: 'GET', path: `${base}/tree`, ...op });
export const moveSubtreeRoute = routeOf<typeof adminMoveSubtree>({ method: 'POST', path: `${base}/move`, ...op });
export const commissionsRoute = routeOf<typeof adminListCommissions>({ method: 'GET', path: `${base}/commissions`, ...op });
export const voidCommissionRoute = routeOf<typeof adminVoidCommission>({ method: 'POST', path: `${base}/commissions/void`, ...op });
export const reverseCommissionRoute = routeOf<typeof adminReverseCommission>({ method: 'POST', path: `${base}/commissions/reverse`, ...op });
export const pairRunsRoute = routeOf<typeof adminListPairRuns>({ method: 'GET', path: `${base}/pair-runs`, ...op });
export const runPairDayRoute = routeOf<typeof adminRunPairDay>({ method: 'POST', path: `${base}/pair-runs/run`, ...op });
export const referralPlanRoute = routeOf<typeof adminReferralPlan>({ method: 'GET', path: `${base}/plan`, ...op });
export const setReferralPlanRoute = routeOf<typeof adminSetReferralPlan>({ method: 'POST', path: `${base}/plan`, ...op });
export const houseCodeRoute = routeOf<typeof adminHouseCode>({ method: 'GET', path: `${base}/house-code`, ...op });
export const setHouseCodeRoute = routeOf<typeof adminSetHouseCode>({ method: 'POST', path: `${base}/house-code`, ...op });
export const applicationsRoute = routeOf<typeof adminListApplications>({ method: 'GET', path: `${base}/applications`, ...op });
export const decideApplicationRoute = routeOf<typeof adminDecideApplication>({ method: 'POST', path: `${base}/applications/decide`, ...op });
/** What a commission decision makes stale. */
export const commissionAnswers = [commissionsRoute, referralMemberRoute] as const;
