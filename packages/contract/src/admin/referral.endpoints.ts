import { endpoint } from '../common/endpoint.js';
import * as s from '../referral/referral.schemas.js';

// The console's referral calls (under /admin/api/referral/): a member's team figures, the tree browser
// and subtree moves, commissions, pair-bonus runs, the plan's settings and the applications queue.

/** A member's sponsor chain, placement, legs, star, commissions and roles. */
export const adminReferralMember = endpoint({ method: 'GET', path: '/admin/api/referral/member', auth: 'operator', permission: 'referral.read', area: 'admin', query: s.adminMemberQuery, data: s.adminReferralMemberData });
/** The placement tree from a node (default the root) four levels deep, or from the first match of a name. */
export const adminPlacementTree = endpoint({ method: 'GET', path: '/admin/api/referral/tree', auth: 'operator', permission: 'referral.read', area: 'admin', query: s.adminTreeQuery, data: s.adminTreeData });
/** Moves a member's whole subtree into an empty slot outside it, with a reason and a second confirmation (recorded). */
export const adminMoveSubtree = endpoint({ method: 'POST', path: '/admin/api/referral/move', auth: 'operator', permission: 'referral.move', area: 'admin', idempotent: true, body: s.adminMoveBody, data: s.adminMoveData });
/** Commissions by state, member or order, newest first. */
export const adminListCommissions = endpoint({ method: 'GET', path: '/admin/api/referral/commissions', auth: 'operator', permission: 'referral.read', area: 'admin', query: s.adminCommissionsQuery, data: s.adminCommissionsData });
/** Voids a pending commission with a reason. */
export const adminVoidCommission = endpoint({ method: 'POST', path: '/admin/api/referral/commissions/void', auth: 'operator', permission: 'referral.settings', area: 'admin', idempotent: true, body: s.adminCommissionDecisionBody, data: s.adminCommissionDecisionData });
/** Reverses a settled commission (a refund after settling): what the rewards cover, the rest as the member's debt. */
export const adminReverseCommission = endpoint({ method: 'POST', path: '/admin/api/referral/commissions/reverse', auth: 'operator', permission: 'referral.settings', area: 'admin', idempotent: true, body: s.adminCommissionDecisionBody, data: s.adminCommissionDecisionData });
/** The pair-bonus runs per day, newest first, with their totals. */
export const adminListPairRuns = endpoint({ method: 'GET', path: '/admin/api/referral/pair-runs', auth: 'operator', permission: 'referral.read', area: 'admin', query: s.adminCommissionsQuery.pick({ page: true, limit: true }), data: s.adminPairRunsData });
/** Runs a day's pairing now (a re-run changes nothing), recorded. */
export const adminRunPairDay = endpoint({ method: 'POST', path: '/admin/api/referral/pair-runs/run', auth: 'operator', permission: 'referral.settings', area: 'admin', idempotent: true, body: s.adminRunDayBody, data: s.adminRunDayData });
/** The plan's settings and star ladder. */
export const adminReferralPlan = endpoint({ method: 'GET', path: '/admin/api/referral/plan', auth: 'operator', permission: 'referral.read', area: 'admin', data: s.adminPlanData });
/** Asks to change the plan's settings and ladder: a second operator approves (it shapes what members earn). */
export const adminSetReferralPlan = endpoint({ method: 'POST', path: '/admin/api/referral/plan', auth: 'operator', permission: 'referral.settings', area: 'admin', idempotent: true, body: s.adminPlanBody, data: s.adminPlanRequestData });
/** The shop's own invitation code (the house code). */
export const adminHouseCode = endpoint({ method: 'GET', path: '/admin/api/referral/house-code', auth: 'operator', permission: 'referral.read', area: 'admin', data: s.adminHouseCodeData });
/** Changes the house code with a reason (recorded); never to a member's code. */
export const adminSetHouseCode = endpoint({ method: 'POST', path: '/admin/api/referral/house-code', auth: 'operator', permission: 'referral.settings', area: 'admin', idempotent: true, body: s.adminHouseCodeBody, data: s.adminHouseCodeData });
/** Applications for roles, oldest waiting first. */
export const adminListApplications = endpoint({ method: 'GET', path: '/admin/api/referral/applications', auth: 'operator', permission: 'applications.review', area: 'admin', query: s.adminApplicationsQuery, data: s.adminApplicationsData });
/** Approves (granting the role) or rejects an application with a reason. */
export const adminDecideApplication = endpoint({ method: 'POST', path: '/admin/api/referral/applications/decide', auth: 'operator', permission: 'applications.review', area: 'admin', idempotent: true, body: s.adminDecideApplicationBody, data: s.adminDecideApplicationData });
