import {
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
  transferToDownline,
} from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import { moveRewardsToCash } from '../wallet/wallet.service.js';
import * as applications from './applications.service.js';
import * as consoleCalls from './referral.console.js';
import * as service from './referral.service.js';

const moneyLimit = { rateLimit: { max: 60, timeWindow: 60_000 } };
/** A decision's idempotency keys belong to the operator who sent it. */
const operatorCaller = (input: { actor: { operatorId?: number } }) => (input.actor.operatorId ? { kind: 'operator' as const, id: input.actor.operatorId } : undefined);

/** The referral team: placement (anzhi), legs and PV, the pair bonus, the sponsor team, stars, applications. */
export function referralRoutes({ handle, deps }: Api): void {
  handle(placeDownlineMember, ({ actor, body }) => service.placeDownline(deps, actor, body));
  handle(listDownlineMembers, ({ actor, query }) => service.listInvitees(deps, actor, query));
  handle(getPlacementTree, ({ actor, query }) => service.placementTree(deps, actor, query));
  handle(getDownlineDepth, ({ actor }) => service.legsOf(deps, actor));
  handle(getPvSettings, ({ actor, query }) => service.pvRecords(deps, actor, query));
  handle(listPairingBonuses, ({ actor, query }) => service.pairingResults(deps, actor, query));
  handle(getReferralTotals, ({ actor }) => service.referralTotals(deps, actor));
  handle(listReferredMembers, ({ actor, query }) => service.referredMembers(deps, actor, query));
  handle(listReferralTeam, ({ actor, query }) => service.referralTeam(deps, actor, query));
  handle(getStarProgress, ({ actor }) => service.starProgress(deps, actor));
  handle(applyForDealer, ({ actor, body }) => applications.applyForRole(deps, actor, 'dealer', body));
  handle(applyForServiceCentre, ({ actor, body }) => applications.applyForRole(deps, actor, 'service_centre', body));
  handle(applyForMembership, ({ actor, body }) => applications.applyForRole(deps, actor, 'shop_owner', body));
  handle(getAgent, ({ actor }) => applications.agentInfo(deps, actor));
  // changeUserMoney: the member's own rewards to cash, the same use case as /attractive/reward/toBalance.
  handle(transferToDownline, ({ actor, body }) => moveRewardsToCash(deps.db, actor, body), moneyLimit);

  handle(adminReferralMember, ({ actor, query }) => consoleCalls.referralMember(deps, actor, query));
  handle(adminPlacementTree, ({ actor, query }) => consoleCalls.placementTreeForOperator(deps, actor, query));
  handle(adminMoveSubtree, ({ actor, body }) => consoleCalls.moveSubtreeByOperator(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminListCommissions, ({ actor, query }) => consoleCalls.listCommissions(deps, actor, query));
  handle(adminVoidCommission, ({ actor, body }) => consoleCalls.voidCommissionByOperator(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminReverseCommission, ({ actor, body }) => consoleCalls.reverseCommissionByOperator(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminListPairRuns, ({ actor, query }) => consoleCalls.pairRuns(deps, actor, query));
  handle(adminRunPairDay, ({ actor, body }) => consoleCalls.runDayByOperator(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminReferralPlan, ({ actor }) => consoleCalls.referralPlan(deps, actor));
  handle(adminSetReferralPlan, ({ actor, body }) => consoleCalls.setReferralPlan(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminHouseCode, ({ actor }) => consoleCalls.houseCode(deps, actor));
  handle(adminSetHouseCode, ({ actor, body }) => consoleCalls.setHouseCode(deps, actor, body), { idempotencyCaller: operatorCaller });
  handle(adminListApplications, ({ actor, query }) => consoleCalls.listApplications(deps, actor, query));
  handle(adminDecideApplication, ({ actor, body }) => consoleCalls.decideApplication(deps, actor, body), { idempotencyCaller: operatorCaller });
}
