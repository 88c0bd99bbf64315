import { commissionTotalProblem, ResponseCode, type ApprovalChange, type EndpointBody, type EndpointData, type EndpointQuery, type PlanSettings } from '@shop/contract';
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
} from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import { operatorNameOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError, notFound, ValidationError } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import { requestApproval } from '../approvals/approvals.service.js';
import { findMemberRoles } from '../members/roles.queries.js';
import { insertOperatorAction } from '../operator-actions/operator-actions.queries.js';
import { decideRoleApplication } from './applications.service.js';
import { reverseCommission, runPairingDay, voidCommission } from './earnings.service.js';
import * as q from './referral.queries.js';
import { autoSlot, drawTree, ensureRoot, legsOf, refuseOwnLegs } from './referral.service.js';

// The console's referral screens: a member's team figures, the tree browser and moves, commissions,
// pair-bonus runs, the plan (changed with a second operator's approval) and the applications queue.
// Operators see user names whole (members see them masked).

type Deps = Pick<AppDeps, 'db'>;
const offsetOf = (p: { page: number; limit: number }) => (p.page - 1) * p.limit;
const same = (s: string) => s;

/** A member's sponsor chain, placement, legs, star, commissions, debts and roles. */
export async function referralMember(deps: Deps, actor: Actor, input: EndpointQuery<typeof adminReferralMember>): Promise<EndpointData<typeof adminReferralMember>> {
  operatorNameOf(actor);
  const member = await q.findMemberBrief(deps.db, input.member_id);
  if (!member) throw notFound('member');
  const [sponsors, placement, stats, commissions, debts, roles, legs, teamCount] = await Promise.all([
    q.findSponsorChain(deps.db, member.id),
    q.findPlacement(deps.db, member.id),
    q.findStats(deps.db, member.id),
    q.findCommissionTotals(deps.db, member.id),
    q.findDebts(deps.db, member.id),
    findMemberRoles(deps.db, member.id),
    legsOf(deps, { ...actor, kind: 'member', memberId: member.id }),
    q.findTeamSize(deps.db, member.id),
  ]);
  return {
    member_id: member.id,
    user_name: member.user_name,
    sponsors,
    placement: placement ? { parent_id: placement.parent_id, side: placement.side, depth: placement.depth, placed_at: iso(placement.placed_at), how: placement.how } : null,
    legs: [legs.left, legs.right],
    personal_pv: Number(stats?.personal_pv ?? 0),
    star: stats?.star ?? 0,
    direct_count: legs.direct_count,
    team_count: teamCount,
    commissions: commissions.map((c) => ({ currency: c.currency, status: c.status, amount: Number(c.amount) })),
    debts: debts.map((d) => ({ currency: d.currency, amount: Number(d.amount_minor) })),
    roles: roles.map((r) => ({ kind: r.kind, status: r.status, since: iso(r.since) })),
  };
}

/** The tree browser: from a node (default the root) or a name's first match, four levels deep. */
export async function placementTreeForOperator(deps: Deps, actor: Actor, input: EndpointQuery<typeof adminPlacementTree>): Promise<EndpointData<typeof adminPlacementTree>> {
  operatorNameOf(actor);
  const root = await ensureRoot(deps.db);
  if (root === undefined) return { root_id: null, up_id: null, tree: null };
  let from = input.root_id ?? root;
  if (input.q) from = (await q.findInSubtreeByName(deps.db, root, input.q, 'operator')) ?? from;
  if (!(await q.findPlacement(deps.db, from))) throw new AppError(ResponseCode.referralNotInTeam);
  const drawn = await drawTree(deps.db, from, input.levels, 0, same, true);
  return { root_id: root, up_id: drawn.parentId, tree: drawn.tree };
}

/**
 * Moves a member's whole subtree into an empty slot outside it (never under itself, never the root),
 * with a reason; PV already counted stays where it was. Recorded. An operator holding a member account
 * never moves it, a subtree it sits in, or anyone into or out of its legs.
 */
export async function moveSubtreeByOperator(deps: Deps, actor: Actor, input: EndpointBody<typeof adminMoveSubtree>): Promise<EndpointData<typeof adminMoveSubtree>> {
  const operator = operatorNameOf(actor);
  refuseOwnAccount(actor, input.member_id);
  return withTransaction(deps.db, async (tx) => {
    const node = await q.lockPlacementForUpdate(tx, input.member_id);
    const parent = await q.lockPlacementForUpdate(tx, input.parent_id);
    if (!node || !parent || node.parent_id === null || (await q.isInSubtree(tx, input.member_id, input.parent_id))) throw new AppError(ResponseCode.referralMoveInvalid);
    // The subtree carries the operator's own member account along.
    if (actor.kind === 'operator' && actor.operatorMemberId !== undefined && (await q.isInSubtree(tx, input.member_id, actor.operatorMemberId))) throw new AppError(ResponseCode.ownMemberAccount);
    // Out of their own account's legs (the old parent or above) or into them (the new parent or above).
    await refuseOwnLegs(tx, actor, input.member_id, [node.parent_id, input.parent_id]);
    // Placements under the subtree wait for the move (or it for them), so it carries every member along.
    await q.lockSubtreeForUpdate(tx, input.member_id);
    if (!(await q.moveSubtree(tx, { memberId: input.member_id, parentId: input.parent_id, side: input.side, newDepth: parent.depth + 1, oldDepth: node.depth }))) throw new AppError(ResponseCode.referralPositionTaken);
    const moved = (await q.findDescendantCount(tx, input.member_id)) + 1;
    await insertOperatorAction(tx, { operator, action: 'referral.move', target_type: 'placement', target_id: input.member_id, reason: input.reason, facts: { key: 'placement_move', member_id: input.member_id, parent_id: input.parent_id, side: input.side, moved } });
    return { member_id: input.member_id, parent_id: input.parent_id, side: input.side, moved };
  });
}

/** Commissions by state, beneficiary, order or shop order. */
export async function listCommissions(deps: Deps, actor: Actor, input: EndpointQuery<typeof adminListCommissions>): Promise<EndpointData<typeof adminListCommissions>> {
  operatorNameOf(actor);
  const page = await q.findCommissionsPage(deps.db, { status: input.status, beneficiaryId: input.member_id, orderId: input.order_id, shopOrderId: input.shop_order_id, limit: input.limit, offset: offsetOf(input) });
  const list = page.rows.map((c) => ({
    id: c.id,
    order_id: c.order_id,
    shop_order_id: c.shop_order_id,
    order_no: c.order_no,
    buyer_id: c.buyer_id,
    buyer_name: c.buyer_name,
    beneficiary_id: c.beneficiary_id,
    beneficiary_name: c.beneficiary_name,
    level: c.level,
    base: Number(c.base_minor),
    rate_bp: c.rate_bp,
    // Pending: what settling would pay now (less what refunds took back); otherwise what was pending at payment.
    amount: Number(c.due_minor),
    posted: Number(c.posted_minor),
    netted: Number(c.debt_netted_minor),
    reversed: Number(c.reversed_minor),
    debt: Number(c.debt_minor),
    currency: c.currency,
    status: c.status,
    reason: c.reason,
    created_at: iso(c.created_at),
    settled_at: c.settled_at ? iso(c.settled_at) : null,
  }));
  return pageOf(list, page.total, input);
}

/** Voids a pending commission with a reason (recorded); never one the operator's own member account earns. */
export async function voidCommissionByOperator(deps: Deps, actor: Actor, input: EndpointBody<typeof adminVoidCommission>): Promise<EndpointData<typeof adminVoidCommission>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    refuseOwnAccount(actor, (await q.lockCommissionForUpdate(tx, input.id))?.beneficiary_id);
    await voidCommission(tx, actor, input);
    await insertOperatorAction(tx, { operator, action: 'referral.commission.void', target_type: 'commission', target_id: input.id, reason: input.reason });
    return { id: input.id, status: 'void' as const, reversed: 0, debt: 0 };
  });
}

/** Reverses a settled commission with a reason (recorded): what the rewards cover, the rest as a debt; never one the operator's own member account earns. */
export async function reverseCommissionByOperator(deps: Deps, actor: Actor, input: EndpointBody<typeof adminReverseCommission>): Promise<EndpointData<typeof adminReverseCommission>> {
  const operator = operatorNameOf(actor);
  return withTransaction(deps.db, async (tx) => {
    refuseOwnAccount(actor, (await q.lockCommissionForUpdate(tx, input.id))?.beneficiary_id);
    const done = await reverseCommission(tx, actor, input);
    await insertOperatorAction(tx, { operator, action: 'referral.commission.reverse', target_type: 'commission', target_id: input.id, reason: input.reason });
    return { id: done.id, status: 'reversed' as const, reversed: done.reversed, debt: done.debt };
  });
}

/** The job that pairs the due days each night: runs stored before runs were named by kind carry its name. */
const PAIR_JOB = 'pair_due_days';

/**
 * Who ran a pair-bonus run, as the console names actors: an operator as `name#id` (as approvals and the
 * audit log do), the nightly job as `job`. Runs stored before named an operator `operator:<id>` (the name
 * is looked up, `operator` given when it is gone) or `operator:<name>` on the command line, and the job by
 * its task's name.
 */
function ranByOf(stored: string, operator: string | null): string {
  if (operator) return operator;
  if (stored === PAIR_JOB) return 'job';
  if (!stored.startsWith('operator:')) return stored;
  const who = stored.slice('operator:'.length);
  return /^\d+$/.test(who) ? 'operator' : who;
}

/** The pair-bonus runs, newest first, each with who ran it: what reached the members' rewards, and what paid off their debts instead. */
export async function pairRuns(deps: Deps, actor: Actor, input: EndpointQuery<typeof adminListPairRuns>): Promise<EndpointData<typeof adminListPairRuns>> {
  operatorNameOf(actor);
  const rows = await q.findPairRuns(deps.db, input.limit + 1, offsetOf(input));
  const list = rows.slice(0, input.limit).map((r) => ({ day: r.day, members: r.members, pairs: Number(r.pairs), paid: Number(r.paid_minor) - Number(r.debt_netted_minor), netted: Number(r.debt_netted_minor), flushed: Number(r.flushed_minor), currency: r.currency, ran_at: iso(r.ran_at), ran_by: ranByOf(r.ran_by, r.operator) }));
  return { list, total: offsetOf(input) + rows.length, page: input.page, limit: input.limit, has_more: rows.length > input.limit };
}

/** Runs a day's pairing now with a reason (a re-run changes nothing); recorded. */
export async function runDayByOperator(deps: Deps, actor: Actor, input: EndpointBody<typeof adminRunPairDay>): Promise<EndpointData<typeof adminRunPairDay>> {
  const operator = operatorNameOf(actor);
  const run = await runPairingDay(deps, actor, input.day);
  await insertOperatorAction(deps.db, { operator, action: 'referral.pair_run', facts: { key: 'pair_run', day: input.day, rerun: run.rerun }, target_type: 'pair_run', target_id: Number(input.day.replaceAll('-', '')), reason: input.reason });
  return { day: input.day, members: run.members, paid: Number(run.paid_minor) - Number(run.debt_netted_minor), netted: Number(run.debt_netted_minor), rerun: run.rerun };
}

/** The plan as the settings row and the ladder hold it. */
const planOf = (s: q.ReferralSettings, stars: q.StarLevel[]): PlanSettings => ({
  placement_deadline_days: s.placement_deadline_days,
  pair_unit_pv: s.pair_unit_pv,
  pair_rate_bp: s.pair_rate_bp,
  pv_value_minor: s.pv_value_minor,
  bonus_currency: s.bonus_currency,
  default_daily_cap_minor: Number(s.default_daily_cap_minor),
  time_zone: s.time_zone,
  commission_levels: s.commission_levels,
  level1_rate_bp: s.level1_rate_bp,
  level2_rate_bp: s.level2_rate_bp,
  level3_rate_bp: s.level3_rate_bp,
  keep_star: s.keep_star,
  stars: stars.map((l) => ({ star: l.star, personal_pv: l.personal_pv, direct_members: l.direct_members, weak_leg_pv: Number(l.weak_leg_pv), directs_at_star: l.directs_at_star, directs_at_star_count: l.directs_at_star_count, daily_cap: Number(l.daily_cap_minor) })),
});

/** The plan's settings and the star ladder. */
export async function referralPlan(deps: Deps, actor: Actor): Promise<EndpointData<typeof adminReferralPlan>> {
  operatorNameOf(actor);
  const [s, stars] = await Promise.all([q.findReferralSettings(deps.db), q.findStarLevels(deps.db)]);
  return { ...planOf(s, stars), updated_at: iso(s.updated_at), updated_by: s.updated_by };
}

/** A plan change as asked: the plan, and the `updated_at` of the plan it was asked from. */
export type PlanRequest = PlanSettings & { base_updated_at: string };

type StarLevelSettings = PlanSettings['stars'][number];
const PLAN_FIELDS = ['placement_deadline_days', 'pair_unit_pv', 'pair_rate_bp', 'pv_value_minor', 'bonus_currency', 'default_daily_cap_minor', 'time_zone', 'commission_levels', 'level1_rate_bp', 'level2_rate_bp', 'level3_rate_bp', 'keep_star'] as const;
const STAR_FIELDS = ['personal_pv', 'direct_members', 'weak_leg_pv', 'directs_at_star', 'directs_at_star_count', 'daily_cap'] as const;

/** Every field of `to` that differs from `from`, old → new; a star added or removed lists each of its fields with the other side null. */
export function planChanges(from: PlanSettings, to: PlanSettings): ApprovalChange[] {
  const changes: ApprovalChange[] = PLAN_FIELDS.filter((f) => from[f] !== to[f]).map((f) => ({ field: f, star: null, from: from[f], to: to[f] }));
  const byStar = (list: StarLevelSettings[]) => new Map(list.map((l) => [l.star, l]));
  const [before, after] = [byStar(from.stars), byStar(to.stars)];
  for (const star of [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b)) {
    const [was, will] = [before.get(star), after.get(star)];
    for (const f of STAR_FIELDS) if (was?.[f] !== will?.[f]) changes.push({ field: f, star, from: was?.[f] ?? null, to: will?.[f] ?? null });
  }
  return changes;
}

/** The ms a plan's `updated_at` names, or a refusal when it names none. */
function baseOf(stamp: string): number {
  const at = Date.parse(stamp);
  if (Number.isNaN(at)) throw new AppError(ResponseCode.settingInvalid, { allowed: 'base_updated_at: the updated_at of the plan the form was loaded from' });
  return at;
}

/**
 * Asks to change the plan: a second operator approves it (it shapes what members earn). The request
 * records the plan it was asked from and lists what it changes; asked from a plan changed since the
 * form was loaded, it is refused (it would undo that change).
 */
export async function setReferralPlan(deps: Pick<AppDeps, 'db'>, actor: Actor, input: EndpointBody<typeof adminSetReferralPlan>): Promise<EndpointData<typeof adminSetReferralPlan>> {
  operatorNameOf(actor);
  const { reason, base_updated_at, ...plan } = input;
  try {
    Intl.DateTimeFormat('en', { timeZone: plan.time_zone });
  } catch {
    throw new AppError(ResponseCode.settingInvalid, { field: 'time_zone' }, { messageKey: 'admin.code.timeZoneUnknown' });
  }
  // The body's schema refuses it too; said here as well for every caller of the service.
  const overpaid = commissionTotalProblem(plan);
  if (overpaid) throw new ValidationError([{ field: overpaid.field, key: 'referral.validation.commissionTotal', params: { field: overpaid.field, total: overpaid.total_percent, max: overpaid.max_percent } }]);
  const stars = plan.stars.map((s) => s.star);
  if (new Set(stars).size !== stars.length) throw new AppError(ResponseCode.settingInvalid, { field: 'stars' }, { messageKey: 'admin.code.starsRepeated' });
  const [current, ladder] = await Promise.all([q.findReferralSettings(deps.db), q.findStarLevels(deps.db)]);
  const base = baseOf(base_updated_at);
  if (current.updated_at.getTime() !== base) throw new AppError(ResponseCode.referralPlanChanged, undefined, { messageKey: 'referral.code.referralPlanChangedForm' });
  const changes = planChanges(planOf(current, ladder), plan);
  const { request } = await requestApproval<PlanRequest, { saved: true }>(deps.db as never, actor, {
    kind: 'referral.plan',
    memberId: null,
    currency: plan.bonus_currency,
    amount: null,
    // The base in one form, so the same request sent twice is recognised as the same.
    payload: { ...plan, base_updated_at: new Date(base).toISOString() },
    summary: `plan: ${changes.map((c) => `${c.star === null ? '' : `star ${c.star} `}${c.field} ${c.from ?? '—'} → ${c.to ?? '—'}`).join('; ') || 'no change'}`,
    changes,
    subject: 'referral.plan',
    reason,
  });
  return { request_id: request.id, status: request.status };
}

/**
 * Carries out an approved plan: the settings row and the ladder, recorded by the approval. Refused,
 * changing nothing, when the plan changed since the request was made (approving it would undo that
 * change); under the settings row's lock, so two approvals at once cannot both pass the check. A
 * request whose paid levels add up to more than the ceiling (asked before the ceiling, or written
 * by other means) is refused too, and can be rejected.
 */
export async function saveApprovedPlan(tx: Tx, actor: Actor, request: PlanRequest): Promise<{ saved: true }> {
  const { stars, base_updated_at, ...settings } = request;
  const overpaid = commissionTotalProblem(settings);
  if (overpaid) throw new AppError(ResponseCode.referralCommissionTotal, { total: overpaid.total_percent, max: overpaid.max_percent });
  const current = await q.lockReferralSettingsForUpdate(tx);
  // A request from before plans carried their base cannot be checked: asked again, it can.
  if (base_updated_at === undefined || current.updated_at.getTime() !== Date.parse(base_updated_at)) throw new AppError(ResponseCode.referralPlanChanged);
  // Strictly later than the base, so a request made from the plan before this change never matches it.
  await q.updateReferralSettings(tx, settings, operatorNameOf(actor), new Date(Math.max(Date.now(), current.updated_at.getTime() + 1)));
  await q.replaceStarLevels(tx, stars.map((s) => ({ star: s.star, personal_pv: s.personal_pv, direct_members: s.direct_members, weak_leg_pv: s.weak_leg_pv, directs_at_star: s.directs_at_star, directs_at_star_count: s.directs_at_star_count, daily_cap_minor: s.daily_cap })));
  return { saved: true };
}

/** The shop's own invitation code (who registers with it has no sponsor). */
export async function houseCode(deps: Deps, actor: Actor): Promise<EndpointData<typeof adminHouseCode>> {
  operatorNameOf(actor);
  return { house_code: await q.findHouseCode(deps.db) };
}

/** Changes the house code with a reason (recorded); a member's own code is refused, so a code always names one inviter. */
export async function setHouseCode(deps: Deps, actor: Actor, input: EndpointBody<typeof adminSetHouseCode>): Promise<EndpointData<typeof adminSetHouseCode>> {
  const operator = operatorNameOf(actor);
  const code = input.house_code.toUpperCase();
  const taken = () => new AppError(ResponseCode.settingInvalid, { field: 'house_code' }, { messageKey: 'referral.code.houseCodeTaken' });
  if (await q.isMemberInviteCode(deps.db, code)) throw taken();
  try {
    return await withTransaction(deps.db, async (tx) => {
      const was = await q.lockReferralSettingsForUpdate(tx);
      const saved = await q.updateHouseCode(tx, code);
      await insertOperatorAction(tx, { operator, action: 'referral.house_code', target_type: 'setting', target_id: 0, reason: input.reason, facts: { key: 'house_code', from: was.house_code, to: saved.house_code } });
      return { house_code: saved.house_code };
    });
  } catch (e) {
    // A member given the code meanwhile: the table's trigger refuses it as the check above would have.
    if ((e as { constraint?: string }).constraint === 'referral_settings_house_code_member') throw taken();
    throw e;
  }
}

/** The applications queue, with each applicant's account state (a banned member's application is not approved). */
export async function listApplications(deps: Deps, actor: Actor, input: EndpointQuery<typeof adminListApplications>): Promise<EndpointData<typeof adminListApplications>> {
  operatorNameOf(actor);
  const page = await q.findApplicationsPage(deps.db, { status: input.status, kind: input.kind, limit: input.limit, offset: offsetOf(input) });
  const list = page.rows.map((a) => ({ id: a.id, member_id: a.member_id, user_name: a.user_name, nickname: a.nickname ?? '', member_status: a.member_status, kind: a.kind, status: a.status, fields: a.fields, reason: a.reason, created_at: iso(a.created_at), decided_by: a.decided_by, decided_at: a.decided_at ? iso(a.decided_at) : null }));
  return pageOf(list, page.total, input);
}

/** Approves (granting the role) or rejects an application. */
export const decideApplication = (deps: Deps, actor: Actor, input: EndpointBody<typeof adminDecideApplication>): Promise<EndpointData<typeof adminDecideApplication>> => decideRoleApplication(deps, actor, input);

/** What an operator command shows before it acts (dry run): where an invitee would go, what a subtree move takes, a day's PV. */
export async function previewPlacement(deps: Deps, memberId: number, underId?: number) {
  await ensureRoot(deps.db);
  const member = await q.findMemberBrief(deps.db, memberId);
  if (!member) throw notFound('member');
  if (await q.findPlacement(deps.db, memberId)) throw new AppError(ResponseCode.referralAlreadyPlaced);
  const sponsor = underId ?? (member.referrer_id != null ? Number(member.referrer_id) : (await q.findRoot(deps.db))!.member_id);
  if (!(await q.findPlacement(deps.db, sponsor))) throw new AppError(ResponseCode.referralNotInTeam);
  return { sponsor, ...(await autoSlot(deps.db, sponsor)) };
}
export async function previewMove(deps: Deps, memberId: number, parentId: number) {
  const node = await q.findPlacement(deps.db, memberId);
  const parent = await q.findPlacement(deps.db, parentId);
  if (!node || !parent || node.parent_id === null || (await q.isInSubtree(deps.db, memberId, parentId))) throw new AppError(ResponseCode.referralMoveInvalid);
  return { members: (await q.findDescendantCount(deps.db, memberId)) + 1, from: { parent_id: node.parent_id, side: node.side } };
}
export async function previewDay(deps: Deps, day: string) {
  const [run, buckets] = await Promise.all([q.findPairRun(deps.db, day), q.findDayBuckets(deps.db, day)]);
  return { ran: !!run, ...buckets };
}
