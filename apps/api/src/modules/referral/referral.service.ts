import { ResponseCode, maskContact, type EndpointData, type EndpointQuery, type EndpointBody } from '@shop/contract';
import type { getDownlineDepth, getPlacementTree, getPvSettings, getReferralTotals, getStarProgress, listDownlineMembers, listPairingBonuses, listReferralTeam, listReferredMembers, placeDownlineMember, PlacementNode } from '@shop/contract';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { memberIdOf, refuseOwnAccount, type Actor } from '../../lib/actor.js';
import { iso } from '../../lib/dates.js';
import { AppError } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { withTransaction, type Tx } from '../../lib/transaction.js';
import * as q from './referral.queries.js';
import type { Side } from './referral.table.js';

// The placement (binary) tree and what members read of it and of their sponsor team. A placement
// is one insert guarded by the table's unique keys (one member per slot, one slot per member), so
// racing placements cannot both win; its closure rows are written in the same transaction.

type Deps = Pick<AppDeps, 'db'>;
const avatarOf = (a: string | null) => a ?? '';
const offsetOf = (p: { page: number; limit: number }) => (p.page - 1) * p.limit;

/** The root of the tree, placing the shop's first member as the root when nobody is placed yet. */
export async function ensureRoot(db: Executor): Promise<number | undefined> {
  const root = await q.findRoot(db);
  if (root) return root.member_id;
  const first = await q.findFirstMemberId(db);
  if (first === undefined) return undefined;
  await q.insertRootIfNone(db, first);
  return (await q.findRoot(db))?.member_id;
}

/** Who placed a member, as the placement records it. */
const placedByOf = (actor: Actor) => (actor.kind === 'member' ? `member:${actor.memberId}` : actor.kind === 'operator' ? `operator:${actor.operatorId ?? actor.name}` : (actor.name ?? actor.kind));

/** Why a placement whose checks passed wrote nothing: the member was placed meanwhile, the parent is not placed, or the slot is taken. */
async function refusalOfPlacement(db: Executor, memberId: number, parentId: number): Promise<AppError> {
  if (await q.findPlacement(db, memberId)) return new AppError(ResponseCode.referralAlreadyPlaced);
  if (!(await q.findPlacement(db, parentId))) return new AppError(ResponseCode.referralNotInTeam);
  return new AppError(ResponseCode.referralPositionTaken);
}

/**
 * Refuses an operator's placement change that touches the member account the same person holds
 * (nobody arranges their own legs, which the pair bonus pays on): that account is the member placed
 * or moved, or sits at or above one of `places` (where the member leaves and where it goes).
 */
export async function refuseOwnLegs(db: Executor, actor: Actor, memberId: number, places: (number | null)[]): Promise<void> {
  refuseOwnAccount(actor, memberId);
  const own = actor.kind === 'operator' ? actor.operatorMemberId : undefined;
  if (own === undefined) return;
  for (const place of places) {
    if (place !== null && (await q.isInSubtree(db, own, place))) throw new AppError(ResponseCode.ownMemberAccount, undefined, { messageKey: 'referral.code.ownLegs' });
  }
}

/** Places a member into (parent, side) in the caller's transaction; refuses a taken slot, a placed member or a parent not placed. */
export async function placeInto(tx: Tx, actor: Actor, input: { memberId: number; parentId: number; side: Side; how: 'member' | 'job' | 'operator' }) {
  const row = await q.insertPlacement(tx, { memberId: input.memberId, parentId: input.parentId, side: input.side, placedBy: placedByOf(actor), how: input.how });
  if (!row) throw await refusalOfPlacement(tx, input.memberId, input.parentId);
  return { user_id: input.memberId, parent_id: input.parentId, side: input.side, placed_at: iso(row.placed_at) };
}

/**
 * anzhi: the caller places one of their own unplaced direct invitees into an empty slot of their own
 * placement subtree. Final; a stranger, a placed member, a foreign parent or a taken slot is refused.
 * The checks and the placement are one statement (one round trip to the database).
 */
export async function placeDownline(deps: Deps, actor: Actor, input: EndpointBody<typeof placeDownlineMember>): Promise<EndpointData<typeof placeDownlineMember>> {
  const me = memberIdOf(actor);
  const once = () => q.placeInviteeChecked(deps.db, { callerId: me, memberId: input.user_id, parentId: input.parent_id, side: input.side, placedBy: placedByOf(actor) });
  // A move of the parent's subtree committed while the statement ran: run again, reading the moved tree.
  const place = async () => {
    let r = await once();
    for (let attempt = 1; r.stale && attempt < 10; attempt++) r = await once();
    return r;
  };
  let r = await place();
  if (r.referrer_id === null || Number(r.referrer_id) !== me) throw new AppError(ResponseCode.referralNotInvitee);
  // Nobody placed yet: the shop's first member becomes the root, then the placement is tried again.
  if (!r.self_placed && (await ensureRoot(deps.db)) !== undefined) r = await place();
  if (!r.self_placed) throw new AppError(ResponseCode.referralSelfNotPlaced);
  if (r.member_placed) throw new AppError(ResponseCode.referralAlreadyPlaced);
  if (!r.inside) throw new AppError(ResponseCode.referralNotInTeam);
  if (r.member_id === null || !r.placed_at) throw await refusalOfPlacement(deps.db, input.user_id, input.parent_id);
  return { user_id: input.user_id, parent_id: input.parent_id, side: input.side, placed_at: iso(r.placed_at) };
}

/**
 * Where the job (or an operator's "place automatically") puts an invitee: the outermost free slot of
 * the sponsor's weaker leg (less PV; on a tie fewer members; on a tie the left).
 */
export async function autoSlot(db: Executor, sponsorId: number): Promise<{ parentId: number; side: Side }> {
  const stats = await q.findStats(db, sponsorId);
  const counts = (await q.findLegCounts(db, [sponsorId])).get(sponsorId)!;
  const l = Number(stats?.left_pv ?? 0);
  const r = Number(stats?.right_pv ?? 0);
  const side: Side = l < r ? 'L' : r < l ? 'R' : counts.R < counts.L ? 'R' : 'L';
  const end = await q.findOutermost(db, sponsorId, side);
  return { parentId: end.id, side };
}

/** Places an unplaced invitee automatically under their sponsor (retrying when a racing placement takes the slot first). */
export async function placeAutomatically(deps: Deps, actor: Actor, memberId: number, how: 'job' | 'operator' = 'job', underId?: number): Promise<EndpointData<typeof placeDownlineMember>> {
  await ensureRoot(deps.db);
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTransaction(deps.db, async (tx) => {
        const member = await q.findMemberBrief(tx, memberId);
        const sponsor = underId ?? (member?.referrer_id != null ? Number(member.referrer_id) : undefined) ?? (await q.findRoot(tx))?.member_id;
        if (!member || sponsor === undefined || !(await q.findPlacement(tx, sponsor))) throw new AppError(ResponseCode.referralNotInTeam);
        const slot = await autoSlot(tx, sponsor);
        // An operator never places into the legs of their own member account, nor places that account.
        await refuseOwnLegs(tx, actor, memberId, [slot.parentId]);
        return placeInto(tx, actor, { memberId, parentId: slot.parentId, side: slot.side, how });
      });
    } catch (e) {
      if (e instanceof AppError && e.code === ResponseCode.referralPositionTaken && attempt < 20) continue;
      throw e;
    }
  }
}

/** The job: places every invitee unplaced past the deadline (settings); answers how many it placed. */
export async function placeOverdueInvitees(deps: Deps, actor: Actor, limit = 500): Promise<number> {
  const settings = await q.findReferralSettings(deps.db);
  let placed = 0;
  for (const m of await q.findOverdueUnplaced(deps.db, settings.placement_deadline_days, limit)) {
    try {
      await placeAutomatically(deps, actor, m.id, 'job');
      placed++;
    } catch (e) {
      // Placed meanwhile by the sponsor: nothing to do.
      if (!(e instanceof AppError && e.code === ResponseCode.referralAlreadyPlaced)) throw e;
    }
  }
  return placed;
}

/** sonUserList: the caller's direct invitees, unplaced first, each with the deadline of its placement. */
export async function listInvitees(deps: Deps, actor: Actor, input: EndpointQuery<typeof listDownlineMembers>): Promise<EndpointData<typeof listDownlineMembers>> {
  const me = memberIdOf(actor);
  await ensureRoot(deps.db);
  const [settings, page, self] = await Promise.all([q.findReferralSettings(deps.db), q.findInvitees(deps.db, me, { ...input, offset: offsetOf(input) }), q.findPlacement(deps.db, me)]);
  const list = page.rows.map((r) => ({
    id: r.id,
    user_name: maskContact(r.user_name),
    nickname: r.nickname ?? '',
    avatar: avatarOf(r.avatar),
    joined_at: iso(r.created_at),
    placed: r.placed_id !== null,
    parent_id: r.parent_id ?? null,
    side: r.side ?? null,
    personal_pv: Number(r.personal_pv),
    place_by: r.placed_id !== null ? null : iso(new Date(new Date(r.created_at).getTime() + settings.placement_deadline_days * 86_400_000)),
  }));
  return { ...pageOf(list, page.total, input), self_placed: !!self };
}

/** anzhiTree: the caller's subtree (or a node inside it, or the first match of a name, saying whether one matched) a few levels deep; never another team's. */
export async function placementTree(deps: Deps, actor: Actor, input: EndpointQuery<typeof getPlacementTree>): Promise<EndpointData<typeof getPlacementTree>> {
  const me = memberIdOf(actor);
  let rootId = input.root_id ?? me;
  let access = await q.findTreeAccess(deps.db, me, rootId);
  // Nobody placed yet: the shop's first member becomes the root, then the caller is looked at again.
  if (access.depth === null && (await ensureRoot(deps.db)) !== undefined) access = await q.findTreeAccess(deps.db, me, rootId);
  // Not placed yet: the same code as placing, told as a read (there is no tree of theirs to show yet).
  if (access.depth === null) throw new AppError(ResponseCode.referralSelfNotPlaced, undefined, { messageKey: 'referral.code.referralSelfNotPlacedTree' });
  if (!access.inside) throw new AppError(ResponseCode.referralNotInTeam);
  // A name nobody of the subtree has is said to match nobody (the tree the search started from is still drawn, for callers that ignore the flag).
  const match = input.q ? await q.findInSubtreeByName(deps.db, rootId, input.q, 'member') : undefined;
  if (match !== undefined) rootId = match;
  const drawn = await drawTree(deps.db, rootId, input.levels, access.depth, maskContact);
  return { self_id: me, up_id: rootId === me ? null : drawn.parentId, tree: drawn.tree, ...(input.q ? { matched: match !== undefined } : {}) };
}

/**
 * A subtree drawn `levels` deep from `rootId` (depths counted from `baseDepth`), with leg figures and
 * empty slots; for an operator (`withStatus`), each banned or closed member's account too.
 */
export async function drawTree(db: Executor, rootId: number, levels: number, baseDepth: number, showName: (userName: string) => string, withStatus = false) {
  const rows = await q.findSubtree(db, rootId, levels);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const top = byId.get(rootId)!;
  const build = (id: number): PlacementNode => {
    const r = byId.get(id)!;
    const kids = rows.filter((c) => c.parent_id === id);
    const child = (s: Side) => kids.find((c) => c.side === s);
    const shownBelow = r.depth - top.depth < levels;
    return {
      id,
      user_name: showName(r.user_name),
      nickname: r.nickname ?? '',
      avatar: avatarOf(r.avatar),
      star: r.star,
      depth: r.depth - baseDepth,
      left_pv: Number(r.left_pv),
      right_pv: Number(r.right_pv),
      left_count: r.left_count,
      right_count: r.right_count,
      has_more: !shownBelow && r.children > 0,
      children: { L: shownBelow && child('L') ? build(child('L')!.id) : null, R: shownBelow && child('R') ? build(child('R')!.id) : null },
      open: shownBelow ? (['L', 'R'] as const).filter((s) => !child(s)) : [],
      ...(withStatus && (r.status === 'banned' || r.status === 'closed') ? { member_status: r.status } : {}),
    };
  };
  return { tree: build(rootId), parentId: top.parent_id };
}

/** userDepInfo: the caller's two legs (members, PV in total, today, carried), personal PV and directs. */
export async function legsOf(deps: Deps, actor: Actor): Promise<EndpointData<typeof getDownlineDepth>> {
  const me = memberIdOf(actor);
  let f = await q.findLegFigures(deps.db, me);
  // Nobody placed yet: the shop's first member becomes the root, then the caller is looked at again.
  if (!f.placed && (await q.findRoot(deps.db)) === undefined && (await ensureRoot(deps.db)) !== undefined) f = await q.findLegFigures(deps.db, me);
  // What waits for the next pairing: the carry of the last one plus PV of days not paired yet.
  const leg = (members: number, total: number, todayPv: number, carried: number) => ({ members, pv_total: total, pv_today: todayPv, carry: carried });
  return {
    placed: f.placed,
    parent_id: f.parent_id ?? null,
    side: f.side ?? null,
    depth: f.depth ?? 0,
    direct_count: f.direct_count,
    personal_pv: Number(f.personal_pv),
    left: leg(f.left_count, Number(f.left_pv), Number(f.left_today), Number(f.left_carry) + Number(f.left_unpaired)),
    right: leg(f.right_count, Number(f.right_pv), Number(f.right_today), Number(f.right_carry) + Number(f.right_unpaired)),
  };
}

/** The plan's rules as a member sees them: the daily cap is the one of the member's own star (what their pairing is capped at). */
async function planRules(db: Executor, memberId: number) {
  const [s, cap] = await Promise.all([q.findReferralSettings(db), q.findDailyCapOf(db, memberId)]);
  return {
    pair_unit: s.pair_unit_pv,
    rate_bp: s.pair_rate_bp,
    pv_value: s.pv_value_minor,
    daily_cap: cap,
    currency: s.bonus_currency,
    time_zone: s.time_zone,
    placement_deadline_days: s.placement_deadline_days,
    commission_rates_bp: [s.level1_rate_bp, s.level2_rate_bp, s.level3_rate_bp].slice(0, s.commission_levels),
  };
}

/** pvChangeSet: the caller's PV records (own orders, team orders by leg, pairings) and the plan's rules. */
export async function pvRecords(deps: Deps, actor: Actor, input: EndpointQuery<typeof getPvSettings>): Promise<EndpointData<typeof getPvSettings>> {
  const me = memberIdOf(actor);
  const [page, rules] = await Promise.all([q.findPvRecords(deps.db, me, { leg: input.leg, limit: input.limit, offset: offsetOf(input) }), planRules(deps.db, me)]);
  const list = page.rows.map((r) => ({ time: iso(r.time), source: r.source, order_no: r.order_no, from_member: r.from_member ? maskContact(r.from_member) : null, leg: r.leg, pv: Number(r.pv) }));
  return { ...pageOf(list, page.total, input), rules };
}

/** duipeng/list: the caller's daily pair-bonus results, newest first, with what reached the rewards in total (each result's part that paid off a debt shown apart). */
export async function pairingResults(deps: Deps, actor: Actor, input: EndpointQuery<typeof listPairingBonuses>): Promise<EndpointData<typeof listPairingBonuses>> {
  const me = memberIdOf(actor);
  const [page, settings] = await Promise.all([q.findPairResultsOf(deps.db, me, { month: input.month, limit: input.limit, offset: offsetOf(input) }), q.findReferralSettings(deps.db)]);
  const list = page.rows.map((r) => ({
    date: r.day,
    left_before: Number(r.left_before),
    right_before: Number(r.right_before),
    left_added: Number(r.left_added),
    right_added: Number(r.right_added),
    pairs: Number(r.pairs),
    consumed: Number(r.consumed),
    gross: Number(r.gross_minor),
    paid: Number(r.paid_minor) - Number(r.debt_netted_minor),
    netted: Number(r.debt_netted_minor),
    flushed: Number(r.flushed_minor),
    left_carry: Number(r.left_carry),
    right_carry: Number(r.right_carry),
    currency: r.currency,
  }));
  return { ...pageOf(list, page.total, input), sum_paid: page.sumPaid, currency: settings.bonus_currency };
}

// ---------------------------------------------------------------- the sponsor team

/** spread/total: the sponsor team's members, today's newcomers, this month's team sales, commissions earned and pending. */
export async function referralTotals(deps: Deps, actor: Actor): Promise<EndpointData<typeof getReferralTotals>> {
  const me = memberIdOf(actor);
  const settings = await q.findReferralSettings(deps.db);
  const [team, commissions] = await Promise.all([q.findTeamTotals(deps.db, me, settings.time_zone), q.findCommissionTotals(deps.db, me)]);
  const per = (status: string) => commissions.filter((c) => c.status === status).map((c) => ({ currency: c.currency, amount: Number(c.amount) }));
  return {
    direct_count: team.direct_count,
    team_count: team.team_count,
    new_today: team.new_today,
    team_sales_month: team.sales.map((s) => ({ currency: s.currency, amount: Number(s.amount) })),
    commission_total: per('settled'),
    commission_pending: per('pending'),
  };
}

/** spread/sonList: the caller's direct referrals with their star, PV and the commissions earned from each. */
export async function referredMembers(deps: Deps, actor: Actor, input: EndpointQuery<typeof listReferredMembers>): Promise<EndpointData<typeof listReferredMembers>> {
  const me = memberIdOf(actor);
  const page = await q.findDirectsPage(deps.db, me, { q: input.q, limit: input.limit, offset: offsetOf(input) });
  const from = await q.findCommissionsFrom(deps.db, me, page.rows.map((r) => r.id));
  const list = page.rows.map((r) => ({
    id: r.id,
    nickname: r.nickname ?? '',
    user_name: maskContact(r.user_name),
    avatar: avatarOf(r.avatar),
    joined_at: iso(r.created_at),
    star: Number(r.star),
    personal_pv: Number(r.personal_pv),
    commission_from: from.filter((f) => f.buyer_id === r.id).map((f) => ({ currency: f.currency, amount: Number(f.amount) })),
  }));
  return pageOf(list, page.total, input);
}

/** spread/teamList: the caller's whole sponsor downline by level (or one level). */
export async function referralTeam(deps: Deps, actor: Actor, input: EndpointQuery<typeof listReferralTeam>): Promise<EndpointData<typeof listReferralTeam>> {
  const me = memberIdOf(actor);
  const page = await q.findTeamPage(deps.db, me, { level: input.level, q: input.q, limit: input.limit, offset: offsetOf(input) });
  const list = page.rows.map((r) => ({ id: r.id, nickname: r.nickname ?? '', user_name: maskContact(r.user_name), avatar: avatarOf(r.avatar), level: r.level, referrer: maskContact(r.referrer), joined_at: iso(r.created_at), star: Number(r.star) }));
  return pageOf(list, page.total, input);
}

// ---------------------------------------------------------------- stars

type Condition = EndpointData<typeof getStarProgress>['conditions'][number];
/** Each condition of a star with the member's figures: those the star asks for (a target of 0 asks nothing, and is not shown as "0 / 0"). */
function conditionsOf(level: q.StarLevel, f: Awaited<ReturnType<typeof q.findStarFigures>>): Condition[] {
  const atStar = f.directStars.filter((s) => s >= level.directs_at_star).length;
  const all: Condition[] = [
    { key: 'personal_pv', current: f.personalPv, target: level.personal_pv, done: f.personalPv >= level.personal_pv },
    { key: 'direct_members', current: f.directStars.length, target: level.direct_members, done: f.directStars.length >= level.direct_members },
    { key: 'weak_leg_pv', current: f.weakLegPv, target: Number(level.weak_leg_pv), done: f.weakLegPv >= Number(level.weak_leg_pv) },
    { key: 'directs_at_star', current: atStar, target: level.directs_at_star_count, done: atStar >= level.directs_at_star_count, star: level.directs_at_star },
  ];
  return all.filter((c) => c.target > 0);
}

/** Re-checks a member's star against the ladder: raised to the highest star whose every condition holds (kept, or lowered when the setting says so). Answers the star. */
export async function recheckStar(tx: Tx, memberId: number): Promise<number> {
  const [ladder, f, settings] = await Promise.all([q.findStarLevels(tx), q.findStarFigures(tx, memberId), q.findReferralSettings(tx)]);
  let reached = 0;
  for (const level of ladder) if (conditionsOf(level, f).every((c) => c.done)) reached = Math.max(reached, level.star);
  if (reached > f.star) await q.raiseStar(tx, memberId, reached);
  else if (reached < f.star && !settings.keep_star) await q.lowerStar(tx, memberId, reached);
  return reached > f.star || !settings.keep_star ? reached : f.star;
}

/** UserStarProgress: the member's star, the next one with each condition's progress, and the popup once per new star. */
export async function starProgress(deps: Deps, actor: Actor): Promise<EndpointData<typeof getStarProgress>> {
  const me = memberIdOf(actor);
  const [ladder, f, history] = await Promise.all([q.findStarLevels(deps.db), q.findStarFigures(deps.db, me), q.findStarHistory(deps.db, me)]);
  const next = ladder.find((l) => l.star > f.star);
  const popup = f.star > f.starSeen;
  if (popup) await q.setStarSeen(deps.db, me, f.star);
  return {
    star: f.star,
    next_star: next?.star ?? null,
    conditions: next ? conditionsOf(next, f) : [],
    achieved_at: f.starAt ? iso(f.starAt) : null,
    popup,
    history: history.map((h) => ({ star: h.star, reached_at: iso(h.reached_at) })),
  };
}
