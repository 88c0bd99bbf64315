import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Tx } from '../../lib/transaction.js';
import type { ApplicationKind, CommissionStatus, Side } from './referral.table.js';

/** What PV and commissions are earned on: a regular order or a member-shop order (their rows name exactly one). */
export type EarningRef = { kind: 'order' | 'shop_order'; id: number };
/** The column of a PV entry or a commission that names the order it was earned on. */
const earningColumn = (ref: EarningRef) => (ref.kind === 'order' ? 'order_id' : 'shop_order_id') as 'order_id' | 'shop_order_id';
import { containing } from '../../lib/like.js';
import { orderRefundedBack } from '../payments/payments.queries.js';

// Every SQL statement of the referral area. The placement tree is `placements` (one row per placed
// member, unique per (parent, side)) plus its closure `placement_paths` (ancestor, descendant,
// depth, the ancestor's leg), kept in the same transaction as each placement or move.
//
// The hot statements take their parameters from `with k as materialized (select $1 …)`: the server
// then plans them without looking at the values, so each connection keeps one plan for every member
// instead of planning every call (planning a tree's statement cost twice as much as running it, and
// the plan is the same for every member).

// ---------------------------------------------------------------- settings and stars

export const findReferralSettings = (db: Executor) => db.selectFrom('referral_settings').selectAll().executeTakeFirstOrThrow();
export type ReferralSettings = Awaited<ReturnType<typeof findReferralSettings>>;
export const updateReferralSettings = (db: Executor, set: Record<string, unknown>, by: string, at: Date = new Date()) =>
  db.updateTable('referral_settings').set({ ...(set as object), updated_by: by, updated_at: at }).returningAll().executeTakeFirstOrThrow();
/** The plan's settings row, locked until the transaction ends (one plan change at a time, checked against what it was asked from). */
export const lockReferralSettingsForUpdate = (tx: Tx) => tx.selectFrom('referral_settings').selectAll().forUpdate().executeTakeFirstOrThrow();
/** The shop's own invitation code (capitals). */
export const findHouseCode = async (db: Executor): Promise<string> => (await db.selectFrom('referral_settings').select('house_code').executeTakeFirstOrThrow()).house_code;
/** Sets the house code without touching the plan's `updated_at` (a plan change waiting for approval is not made stale by it). */
export const updateHouseCode = (db: Executor, code: string) => db.updateTable('referral_settings').set({ house_code: code }).returning('house_code').executeTakeFirstOrThrow();
/** Whether any member (closed and banned ones too: their codes stay theirs) holds `code` as their invitation code, in any case. */
export const isMemberInviteCode = async (db: Executor, code: string): Promise<boolean> =>
  !!(await db.selectFrom('users').select('id').where(sql`upper(invite_code)`, '=', code.toUpperCase()).limit(1).executeTakeFirst());
export const findStarLevels = (db: Executor) => db.selectFrom('star_levels').selectAll().orderBy('star').execute();
export type StarLevel = Awaited<ReturnType<typeof findStarLevels>>[number];
export const replaceStarLevels = async (db: Executor, rows: StarLevel[]) => {
  await db.deleteFrom('star_levels').execute();
  if (rows.length) await db.insertInto('star_levels').values(rows).execute();
};

/** Today's date in the time zone, as `YYYY-MM-DD`. */
export const findToday = async (db: Executor, timeZone: string): Promise<string> =>
  (await sql<{ day: string }>`select (now() at time zone ${timeZone})::date::text as day`.execute(db)).rows[0]!.day;

/**
 * The lock between settlements adding PV to a day and the pair run closing it: each settlement holds
 * it shared until it commits, a day's closing takes it alone, so the closing waits for every
 * settlement still adding PV and a later settlement sees the day closed.
 */
const PV_DAY_LOCK = sql`hashtext('pv-day')`;

/** A settlement's share of the PV day lock (held until it commits), with today in the shop's time zone. */
export const lockPvDayAndFindToday = async (tx: Tx, timeZone: string): Promise<string> =>
  (await sql<{ day: string }>`select (now() at time zone ${timeZone})::date::text as day from (select pg_advisory_xact_lock_shared(${PV_DAY_LOCK})) l`.execute(tx)).rows[0]!.day;

/** Closes a day's PV (in a transaction of its own, committed before the day is paired): waits for the settlements still adding to it. */
export async function closePvDay(tx: Tx, day: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${PV_DAY_LOCK})`.execute(tx);
  await sql`insert into pv_day_closings (day) values (${day}::date) on conflict do nothing`.execute(tx);
}

// ---------------------------------------------------------------- members

/** The member's user row fields the area shows (and whose invitee they are). */
export const findMemberBrief = (db: Executor, id: number) =>
  db.selectFrom('users').select(['id', 'user_name', 'nickname', 'avatar', 'referrer_id', 'created_at', 'status']).where('id', '=', id).executeTakeFirst();

/**
 * What a paid order's pending commissions are made of, in one statement: the plan's commission
 * levels and rates, the member's sponsors within those levels (depth 1: their referrer), nearest
 * first, read from the sponsor closure, and the order (`order`, a query of its area, as JSON; null
 * when its area handed its figures over already) with what of it gift-card value paid
 * (`giftCardPaid`, an expression of the payments area).
 */
export const findCommissionInputs = async <O>(db: Executor, memberId: number, order: SelectQueryBuilder<any, any, O> | null, giftCardPaid: RawBuilder<number>) =>
  (
    await sql<{ commission_levels: number; level1_rate_bp: number; level2_rate_bp: number; level3_rate_bp: number; uplines: Array<{ id: number; status: string; depth: number }>; order: O | null; gift_card_paid: number }>`
      select s.commission_levels, s.level1_rate_bp, s.level2_rate_bp, s.level3_rate_bp,
        coalesce((select json_agg(json_build_object('id', u.id, 'status', u.status, 'depth', p.depth) order by p.depth)
          from sponsor_paths p join users u on u.id = p.ancestor_id where p.descendant_id = ${memberId} and p.depth <= s.commission_levels), '[]') as uplines,
        ${order ? sql`(select row_to_json(o) from (${order}) o)` : sql`null`} as order, ${giftCardPaid} as gift_card_paid
      from referral_settings s`.execute(db)
  ).rows[0]!;

/** The first member of the shop (the tree's root when none is placed yet). */
export const findFirstMemberId = async (db: Executor): Promise<number | undefined> =>
  (await db.selectFrom('users').select('id').orderBy('id').limit(1).executeTakeFirst())?.id;

// ---------------------------------------------------------------- placement

export const findPlacement = (db: Executor, memberId: number) => db.selectFrom('placements').selectAll().where('member_id', '=', memberId).executeTakeFirst();
export const findRoot = (db: Executor) => db.selectFrom('placements').selectAll().where('parent_id', 'is', null).executeTakeFirst();
export const lockPlacementForShare = (tx: Tx, memberId: number) => tx.selectFrom('placements').selectAll().where('member_id', '=', memberId).forShare().executeTakeFirst();
/**
 * A placement row locked for a move until the transaction ends: a placement right under it (which
 * share-locks its parent) waits, while the key-share lock a placement further down takes on it (its
 * closure rows name it as an ancestor) does not, so that placement never waits for a move waiting for it.
 */
export const lockPlacementForUpdate = (tx: Tx, memberId: number) => tx.selectFrom('placements').selectAll().where('member_id', '=', memberId).forNoKeyUpdate().executeTakeFirst();

/** Places the root (the shop's first member) when there is none; answers nothing either way. */
export async function insertRootIfNone(db: Executor, memberId: number): Promise<void> {
  await sql`insert into placements (member_id, parent_id, side, depth, placed_by, how) values (${memberId}, null, null, 0, 'system', 'root') on conflict do nothing`.execute(db);
  await sql`insert into referral_stats (member_id) values (${memberId}) on conflict do nothing`.execute(db);
}

/** What a placement writes: the member's row under `parent` (a CTE of the parent's member_id and depth, defined before), its closure rows and its figures row. */
const placementWrites = (p: { memberId: number; parentId: number; side: Side; placedBy: string; how: 'member' | 'job' | 'operator' }) =>
  sql`placed as (insert into placements (member_id, parent_id, side, depth, placed_by, how)
        select ${p.memberId}, member_id, ${p.side}, depth + 1, ${p.placedBy}, ${p.how} from parent
        on conflict do nothing returning member_id, placed_at),
      paths as (insert into placement_paths (ancestor_id, descendant_id, depth, side)
        select pp.ancestor_id, placed.member_id, pp.depth + 1, pp.side from placed join placement_paths pp on pp.descendant_id = ${p.parentId}
        union all select ${p.parentId}::int, placed.member_id, 1, ${p.side}::text from placed),
      stats as (insert into referral_stats (member_id) select member_id from placed on conflict do nothing)`;

/**
 * Puts a member into a slot under a placed parent, or answers undefined when the member is already
 * placed, the slot is taken (either unique key; a racing insert is waited for and then seen) or the
 * parent is not placed. Its closure rows and figures row are written in the same statement. The
 * parent is share-locked first, in a statement of its own: a move of the parent's subtree holds its
 * rows until it commits, so the statement that copies the parent's ancestors starts after it and
 * copies the moved ones, and no move starts under the parent until this transaction ends.
 */
export async function insertPlacement(tx: Tx, p: { memberId: number; parentId: number; side: Side; placedBy: string; how: 'member' | 'job' | 'operator' }) {
  await lockPlacementForShare(tx, p.parentId);
  return (
    await sql<{ member_id: number; placed_at: Date }>`with parent as (select member_id, depth from placements where member_id = ${p.parentId} for share),
      ${placementWrites(p)}
      select member_id, placed_at from placed`.execute(tx)
  ).rows[0];
}

/**
 * `anzhi` in one statement: what it checks (whose invitee the member is, whether the caller and the
 * member are placed, whether the parent lies in the caller's subtree) and, when every check passes,
 * the placement as `insertPlacement` writes it. `member_id` is null when nothing was placed: a check
 * failed, or a racing placement took the slot or the member first. `stale` is true when the checks
 * passed but a move of the parent's subtree committed after the statement began (what it read of
 * the parent's ancestors is the old place): nothing was placed, and the statement is to be run again.
 */
export const placeInviteeChecked = async (db: Executor, p: { callerId: number; memberId: number; parentId: number; side: Side; placedBy: string }) =>
  (
    await sql<{ referrer_id: number | null; self_placed: boolean; member_placed: boolean; inside: boolean; member_id: number | null; placed_at: Date | null; stale: boolean }>`
      with k as materialized (select ${p.callerId}::int as caller, ${p.memberId}::int as member, ${p.parentId}::int as parent),
      c as (select (select referrer_id from users where id = k.member)::int as referrer_id,
          exists (select 1 from placements where member_id = k.caller) as self_placed,
          exists (select 1 from placements where member_id = k.member) as member_placed,
          (k.caller = k.parent or exists (select 1 from placement_paths where ancestor_id = k.caller and descendant_id = k.parent)) as inside
        from k),
      ok as (select c.referrer_id = k.caller and c.self_placed and not c.member_placed and c.inside as passed from c, k),
      -- The version of the parent's row this statement's snapshot reads (with the ancestors it reads).
      seen as (select pl.xmin as version from placements pl, k where pl.member_id = k.parent),
      -- The share lock waits for a move holding the parent and then reads the row's newest version: a
      -- move rewrites every row of the subtree it moves, so a newer version than the one seen means the
      -- ancestors read are the old ones, and nothing is placed.
      parent as (select pl.member_id, pl.depth from placements pl, ok, k, seen
        where pl.member_id = k.parent and ok.passed and pl.xmin = seen.version for share of pl),
      ${placementWrites({ ...p, how: 'member' })}
      select c.referrer_id, c.self_placed, c.member_placed, c.inside, placed.member_id, placed.placed_at,
        coalesce(ok.passed, false) and exists (select 1 from seen) and not exists (select 1 from parent) as stale
      from c cross join ok left join placed on true`.execute(db)
  ).rows[0]!;

/** Whether `descendantId` is `ancestorId` or below it in the placement tree. */
export const isInSubtree = async (db: Executor, ancestorId: number, descendantId: number): Promise<boolean> =>
  ancestorId === descendantId ||
  !!(await db.selectFrom('placement_paths').select('depth').where('ancestor_id', '=', ancestorId).where('descendant_id', '=', descendantId).executeTakeFirst());

/** The child of a node on a side. */
export const findChild = (db: Executor, parentId: number, side: Side) => db.selectFrom('placements').select('member_id').where('parent_id', '=', parentId).where('side', '=', side).executeTakeFirst();

/** The outermost node of a node's leg: following `side` from the node down while there is a child there. */
export async function findOutermost(db: Executor, nodeId: number, side: Side): Promise<{ id: number; depth: number }> {
  const r = await sql<{ id: number; depth: number }>`with recursive chain as (
      select member_id as id, depth from placements where member_id = ${nodeId}
      union all
      select p.member_id, p.depth from placements p join chain c on p.parent_id = c.id and p.side = ${side})
    select id, depth from chain order by depth desc limit 1`.execute(db);
  return r.rows[0]!;
}

/** Members and PV of each leg of a node. */
export async function findLegCounts(db: Executor, memberIds: number[]): Promise<Map<number, { L: number; R: number }>> {
  const out = new Map<number, { L: number; R: number }>();
  for (const id of memberIds) out.set(id, { L: 0, R: 0 });
  if (!memberIds.length) return out;
  const rows = await db.selectFrom('placement_paths').select(['ancestor_id', 'side', sql<number>`count(*)::int`.as('n')]).where('ancestor_id', 'in', memberIds).groupBy(['ancestor_id', 'side']).execute();
  for (const r of rows) out.get(r.ancestor_id)![r.side] = r.n;
  return out;
}

/**
 * The subtree of a node down to `levels` below it, with each node's figures, members per leg and
 * whether it has children further down (one statement: the closure's (ancestor, depth) index).
 */
export async function findSubtree(db: Executor, rootId: number, levels: number) {
  return (
    await sql<{ id: number; parent_id: number | null; side: Side | null; depth: number; user_name: string; nickname: string; avatar: string; status: string; star: number; left_pv: number; right_pv: number; children: number; left_count: number; right_count: number }>`
      with k as materialized (select ${rootId}::int as root, ${levels}::int as levels)
      select p.member_id as id, p.parent_id, p.side, p.depth, u.user_name, u.nickname, u.avatar, u.status, coalesce(s.star, 0) as star,
        coalesce(s.left_pv, 0)::bigint as left_pv, coalesce(s.right_pv, 0)::bigint as right_pv,
        (select count(*)::int from placements c where c.parent_id = p.member_id) as children,
        (select count(*)::int from placement_paths c where c.ancestor_id = p.member_id and c.side = 'L') as left_count,
        (select count(*)::int from placement_paths c where c.ancestor_id = p.member_id and c.side = 'R') as right_count
      from k cross join lateral (select k.root as id union all select descendant_id from placement_paths where ancestor_id = k.root and depth <= k.levels) n
      join placements p on p.member_id = n.id join users u on u.id = p.member_id left join referral_stats s on s.member_id = p.member_id`.execute(db)
  ).rows;
}

/** The caller's own placement depth (undefined when not placed) and whether `nodeId` lies in the caller's subtree. */
export const findTreeAccess = async (db: Executor, memberId: number, nodeId: number) =>
  (
    await sql<{ depth: number | null; inside: boolean }>`with k as materialized (select ${memberId}::int as me, ${nodeId}::int as node)
      select (select depth from placements where member_id = k.me) as depth,
        (k.me = k.node or exists (select 1 from placement_paths where ancestor_id = k.me and descendant_id = k.node)) as inside from k`.execute(db)
  ).rows[0]!;

/** Everything of the member's two legs in one statement: placement, personal and leg PV, members per leg, today's PV, what waits for pairing, directs. */
export const findLegFigures = async (db: Executor, memberId: number) =>
  (
    await sql<{ placed: boolean; parent_id: number | null; side: Side | null; depth: number | null; direct_count: number; personal_pv: number; left_pv: number; right_pv: number; left_count: number; right_count: number; left_today: number; right_today: number; left_carry: number; right_carry: number; left_unpaired: number; right_unpaired: number }>`
      select p.member_id is not null as placed, p.parent_id, p.side, p.depth,
        (select count(*)::int from users where referrer_id = ${memberId}) as direct_count,
        coalesce(s.personal_pv, 0)::bigint as personal_pv, coalesce(s.left_pv, 0)::bigint as left_pv, coalesce(s.right_pv, 0)::bigint as right_pv,
        (select count(*)::int from placement_paths where ancestor_id = ${memberId} and side = 'L') as left_count,
        (select count(*)::int from placement_paths where ancestor_id = ${memberId} and side = 'R') as right_count,
        coalesce(d.left_pv, 0)::bigint as left_today, coalesce(d.right_pv, 0)::bigint as right_today,
        coalesce(c.left_carry, 0)::bigint as left_carry, coalesce(c.right_carry, 0)::bigint as right_carry,
        coalesce(w.l, 0)::bigint as left_unpaired, coalesce(w.r, 0)::bigint as right_unpaired
      from (select ${memberId}::int as id) me
      left join placements p on p.member_id = me.id
      left join referral_stats s on s.member_id = me.id
      left join leg_pv_days d on d.member_id = me.id and d.day = (select (now() at time zone time_zone)::date from referral_settings)
      left join lateral (select left_carry, right_carry from pair_results r where r.member_id = me.id order by r.day desc limit 1) c on true
      left join lateral (select sum(x.left_pv) as l, sum(x.right_pv) as r from leg_pv_days x where x.member_id = me.id and not exists (select 1 from pair_runs pr where pr.day = x.day)) w on true`.execute(db)
  ).rows[0]!;

/**
 * How a member's search finds a member of their team: by part of the nickname, or by the whole user
 * name (any case). A member sees other members' user names masked, so a part of one must not match: a
 * search letter by letter would read the masked name back.
 */
const memberNameMatches = (q: string) => sql<boolean>`(u.nickname ilike ${containing(q)} or lower(u.user_name) = lower(${q}))`;

/**
 * The first member in the subtree of `rootId` whose nickname or user name matches: as a member searches
 * (`memberNameMatches`), or, for an operator (who reads user names whole), by part of either.
 */
export const findInSubtreeByName = async (db: Executor, rootId: number, q: string, by: 'member' | 'operator'): Promise<number | undefined> =>
  (
    await sql<{ id: number }>`select pp.descendant_id as id from placement_paths pp join users u on u.id = pp.descendant_id
      where pp.ancestor_id = ${rootId} and ${by === 'member' ? memberNameMatches(q) : sql`(u.nickname ilike ${containing(q)} or u.user_name ilike ${containing(q)})`} order by pp.depth, pp.descendant_id limit 1`.execute(db)
  ).rows[0]?.id;

/** The member's direct invitees (sponsor tree), unplaced first, with their placement. */
export async function findInvitees(db: Executor, sponsorId: number, input: { placed?: number; q?: string; limit: number; offset: number }) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('placements as p', 'p.member_id', 'u.id')
    .leftJoin('referral_stats as s', 's.member_id', 'u.id')
    .where('u.referrer_id', '=', sponsorId);
  if (input.placed === 0) query = query.where('p.member_id', 'is', null);
  if (input.placed === 1) query = query.where('p.member_id', 'is not', null);
  if (input.q) query = query.where(memberNameMatches(input.q));
  const [rows, total] = await Promise.all([
    query
      .select(['u.id', 'u.user_name', 'u.nickname', 'u.avatar', 'u.created_at', 'p.parent_id', 'p.side', 'p.member_id as placed_id', sql<number>`coalesce(s.personal_pv, 0)`.as('personal_pv')])
      .orderBy(sql`p.member_id is not null`)
      .orderBy('u.created_at')
      .orderBy('u.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.total };
}

/** Members unplaced past the deadline whose sponsor is placed (or who have none), oldest first. */
export const findOverdueUnplaced = (db: Executor, deadlineDays: number, limit: number) =>
  db
    .selectFrom('users as u')
    .leftJoin('placements as sp', 'sp.member_id', 'u.referrer_id')
    .leftJoin('placements as p', 'p.member_id', 'u.id')
    .where('p.member_id', 'is', null)
    // A member who joined with the house code has no sponsor to place them: the job places them under the root.
    .where((eb) => eb.or([eb('u.referrer_id', 'is', null), eb('sp.member_id', 'is not', null)]))
    .where('u.created_at', '<=', sql<Date>`now() - make_interval(days => ${deadlineDays})`)
    .select(['u.id', 'u.referrer_id'])
    .orderBy('u.created_at')
    .limit(limit)
    .execute();

// ---------------------------------------------------------------- moves (operators)

/**
 * Locks every placement row of a member's subtree (the member's own included) until the transaction
 * ends, in id order, as `lockPlacementForUpdate` does, and answers how many it holds. A placement
 * under the subtree share-locks its parent, so it waits for the move, or the move waits for it to
 * commit; the rows it added are then locked by the next round, until a round finds no new row: no
 * member can be placed under the subtree meanwhile, and the move sees every member in it.
 */
export async function lockSubtreeForUpdate(tx: Tx, memberId: number): Promise<number> {
  for (let held = -1; ; ) {
    const n = (
      await sql<{ n: number }>`select count(*)::int as n from (select member_id from placements
        where member_id in (select descendant_id from placement_paths where ancestor_id = ${memberId} union all select ${memberId}::int)
        order by member_id for no key update) l`.execute(tx)
    ).rows[0]!.n;
    // Rows once locked stay in the subtree (moving them out needs their lock): the same count is the same rows.
    if (n === held) return n;
    held = n;
  }
}

/**
 * Moves a placed member's subtree under another node: its row, depths and closure rows (the subtree
 * locked by `lockSubtreeForUpdate` first). Every row of the subtree gets a new version, its depth
 * changed or not, by which a placement that read the old ancestors of one of them notices the move.
 */
export async function moveSubtree(tx: Tx, input: { memberId: number; parentId: number; side: Side; newDepth: number; oldDepth: number }): Promise<boolean> {
  const moved = await sql`update placements set parent_id = ${input.parentId}, side = ${input.side} where member_id = ${input.memberId}
    and not exists (select 1 from placements where parent_id = ${input.parentId} and side = ${input.side})`.execute(tx);
  if (!Number(moved.numAffectedRows)) return false;
  const delta = input.newDepth - input.oldDepth;
  await sql`update placements set depth = depth + ${delta} where member_id = ${input.memberId} or member_id in (select descendant_id from placement_paths where ancestor_id = ${input.memberId})`.execute(tx);
  // Cut the subtree from its old ancestors, then join it to the new ones.
  await sql`delete from placement_paths where descendant_id in (select descendant_id from placement_paths where ancestor_id = ${input.memberId} union all select ${input.memberId}::int)
    and ancestor_id not in (select descendant_id from placement_paths where ancestor_id = ${input.memberId} union all select ${input.memberId}::int)`.execute(tx);
  await sql`insert into placement_paths (ancestor_id, descendant_id, depth, side)
    select a.ancestor_id, d.id, a.depth + d.depth, a.side
    from (select ancestor_id, depth + 1 as depth, side from placement_paths where descendant_id = ${input.parentId} union all select ${input.parentId}::int, 1, ${input.side}::text) a
    cross join (select ${input.memberId}::int as id, 0 as depth union all select descendant_id, depth from placement_paths where ancestor_id = ${input.memberId}) d`.execute(tx);
  return true;
}

/** Every placement, for the tree check. */
export const findAllPlacements = (db: Executor) => db.selectFrom('placements').select(['member_id', 'parent_id', 'side', 'depth']).execute();
export const findAllPaths = (db: Executor) => db.selectFrom('placement_paths').selectAll().execute();

// ---------------------------------------------------------------- PV

/** Records an order's (or a shop order's) PV once: answers the entry's id, or null when it was recorded already. */
export async function insertPvEntry(tx: Tx, e: { ref: EarningRef; memberId: number; pv: number; day: string; inLegs: boolean }): Promise<boolean> {
  const orderId = e.ref.kind === 'order' ? e.ref.id : null;
  const shopOrderId = e.ref.kind === 'shop_order' ? e.ref.id : null;
  const r = await sql`insert into pv_entries (order_id, shop_order_id, member_id, pv, day, in_legs)
    values (${orderId}::int, ${shopOrderId}::bigint, ${e.memberId}, ${e.pv}, ${e.day}::date, ${e.inLegs}) on conflict do nothing`.execute(tx);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** Adds the buyer's personal PV. */
export const addPersonalPv = (tx: Tx, memberId: number, pv: number) =>
  sql`insert into referral_stats (member_id, personal_pv) values (${memberId}, ${pv}) on conflict (member_id) do update set personal_pv = referral_stats.personal_pv + excluded.personal_pv`.execute(tx);

/**
 * Adds an entry's PV into the leg on the buyer's side of every placement ancestor: their running
 * totals, the day's bucket, and which leg of whom it entered (`pv_entry_legs`, what their PV records
 * list, so a later move of the subtree changes neither). The ancestors' rows are locked in ascending
 * id order first, so settlements of orders in the same team cannot deadlock.
 */
export async function addLegPv(tx: Tx, buyerId: number, pv: number, day: string): Promise<void> {
  await sql`select member_id from referral_stats where member_id in (select ancestor_id from placement_paths where descendant_id = ${buyerId}) order by member_id for update`.execute(tx);
  await sql`update referral_stats s set left_pv = s.left_pv + case when p.side = 'L' then ${pv}::bigint else 0 end,
      right_pv = s.right_pv + case when p.side = 'R' then ${pv}::bigint else 0 end
    from placement_paths p where p.descendant_id = ${buyerId} and s.member_id = p.ancestor_id`.execute(tx);
  await sql`insert into leg_pv_days (member_id, day, left_pv, right_pv)
    select ancestor_id, ${day}::date, case when side = 'L' then ${pv}::bigint else 0 end, case when side = 'R' then ${pv}::bigint else 0 end
    from placement_paths where descendant_id = ${buyerId} order by ancestor_id
    on conflict (member_id, day) do update set left_pv = leg_pv_days.left_pv + excluded.left_pv, right_pv = leg_pv_days.right_pv + excluded.right_pv`.execute(tx);
}

/** The member's daily pair-bonus cap: their star's, else the plan's default (as the pairing run reads it). */
export const findDailyCapOf = async (db: Executor, memberId: number): Promise<number> =>
  Number(
    (
      await sql<{ cap: number }>`select coalesce(sl.daily_cap_minor, s.default_daily_cap_minor)::bigint as cap
        from referral_settings s left join referral_stats st on st.member_id = ${memberId} left join star_levels sl on sl.star = coalesce(st.star, 0)`.execute(db)
    ).rows[0]!.cap,
  );
export const findStats = (db: Executor, memberId: number) => db.selectFrom('referral_stats').selectAll().where('member_id', '=', memberId).executeTakeFirst();
export const findLegDay = (db: Executor, memberId: number, day: string) =>
  db.selectFrom('leg_pv_days').select(['left_pv', 'right_pv']).where('member_id', '=', memberId).where('day', '=', day).executeTakeFirst();
/** The carry after the member's latest pairing. */
export const findLatestCarry = (db: Executor, memberId: number) =>
  db.selectFrom('pair_results').select(['left_carry', 'right_carry', sql<string>`day::text`.as('day')]).where('member_id', '=', memberId).orderBy('day', 'desc').limit(1).executeTakeFirst();
/** PV that entered the legs on days not paired yet. */
export const findUnpairedLegPv = async (db: Executor, memberId: number) =>
  (
    await sql<{ l: number; r: number }>`select coalesce(sum(left_pv), 0)::bigint as l, coalesce(sum(right_pv), 0)::bigint as r from leg_pv_days d
      where member_id = ${memberId} and not exists (select 1 from pair_runs r where r.day = d.day)`.execute(db)
  ).rows[0]!;

/** The member's PV records: own orders, team orders (by the leg they entered when counted), and pairings (PV paired away), newest first. */
export async function findPvRecords(db: Executor, memberId: number, input: { leg?: Side; limit: number; offset: number }) {
  const leg = input.leg ?? null;
  const rows = sql<{ time: Date; source: 'own_order' | 'team_order' | 'pairing'; order_no: string | null; from_member: string | null; leg: Side | null; pv: number }>`
    select * from (
      select e.created_at as time, 'own_order' as source, coalesce(o.order_no, so.order_no) as order_no, null as from_member, null as leg, e.pv
        from pv_entries e left join orders o on o.id = e.order_id left join shop_orders so on so.id = e.shop_order_id
        where e.member_id = ${memberId} and ${leg}::text is null
      union all
      select e.created_at, 'team_order', coalesce(o.order_no, so.order_no), u.user_name, c.side, e.pv
        from pv_entry_legs c join pv_entries e on e.id = c.entry_id
        left join orders o on o.id = e.order_id left join shop_orders so on so.id = e.shop_order_id join users u on u.id = e.member_id
        where c.member_id = ${memberId} and (${leg}::text is null or c.side = ${leg})
      union all
      select (r.day + 1)::timestamp at time zone (select time_zone from referral_settings), 'pairing', null, null, l.side, -r.consumed
        from pair_results r cross join (values ('L'), ('R')) l(side) where r.member_id = ${memberId} and r.consumed > 0 and (${leg}::text is null or l.side = ${leg})
    ) x`;
  const [list, total] = await Promise.all([
    sql<{ time: Date; source: 'own_order' | 'team_order' | 'pairing'; order_no: string | null; from_member: string | null; leg: Side | null; pv: number }>`${rows} order by time desc, source limit ${input.limit} offset ${input.offset}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from (${rows}) y`.execute(db),
  ]);
  return { rows: list.rows, total: total.rows[0]!.total };
}

// ---------------------------------------------------------------- pair bonus

/** Claims a day's run; answers false when the day already ran. */
export async function insertPairRun(tx: Tx, day: string, currency: string, by: string): Promise<boolean> {
  const r = await sql`insert into pair_runs (day, currency, ran_by) values (${day}::date, ${currency}, ${by}) on conflict do nothing`.execute(tx);
  return Number(r.numAffectedRows) > 0;
}
export const findPairRun = (db: Executor, day: string) => db.selectFrom('pair_runs').selectAll().select(sql<string>`day::text`.as('day')).where('day', '=', day).executeTakeFirst();
/** The last day whose PV is closed (its pair run begun or done). */
export const findLastClosedPvDay = async (db: Executor): Promise<string | undefined> =>
  (await sql<{ day: string | null }>`select max(day)::text as day from pv_day_closings`.execute(db)).rows[0]?.day ?? undefined;
/** Days with PV in the legs not paired yet, before `before`, oldest first. */
export const findUnpairedDays = async (db: Executor, before: string): Promise<string[]> =>
  (await sql<{ day: string }>`select distinct d.day::text as day from leg_pv_days d where d.day < ${before}::date and not exists (select 1 from pair_runs r where r.day = d.day) order by 1`.execute(db)).rows.map((r) => r.day);
/** The pair-bonus runs, newest first; a run stored as `operator:<id>` (before runs named their operator) with that operator as `name#id`. */
export const findPairRuns = (db: Executor, limit: number, offset: number) =>
  db
    .selectFrom('pair_runs as r')
    .leftJoin('operators as o', (join) => join.on(sql`r.ran_by`, '=', sql`'operator:' || o.id::text`))
    .selectAll('r')
    .select([sql<string>`r.day::text`.as('day'), sql<string | null>`o.user_name || '#' || o.id`.as('operator')])
    .orderBy('r.day', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/**
 * Computes one day's pair results for the members of a range with PV added that day, in one statement:
 * available = carry (the member's latest earlier result) + added per leg; pairs = ⌊min / unit⌋;
 * gross = consumed × rate × value per PV (floored to the minor unit); paid = min(gross, cap of the
 * member's star, else the default cap); the rest of gross is flushed; each leg carries what is left.
 */
export async function insertPairResults(tx: Tx, day: string, s: { unit: number; rateBp: number; pvValue: number; defaultCap: number; currency: string }, members: { from: number; to: number }) {
  await sql`insert into pair_results (member_id, day, left_before, right_before, left_added, right_added, pairs, consumed, gross_minor, paid_minor, flushed_minor, left_carry, right_carry, cap_minor, star, currency)
    select member_id, ${day}::date, lb, rb, la, ra, pairs, pairs * ${s.unit}, gross, least(gross, cap), gross - least(gross, cap),
      lb + la - pairs * ${s.unit}, rb + ra - pairs * ${s.unit}, cap, star, ${s.currency}
    from (
      select x.*, (x.pairs * ${s.unit}::bigint * ${s.pvValue}::bigint * ${s.rateBp}::bigint) / 10000 as gross from (
        select d.member_id, coalesce(c.left_carry, 0) as lb, coalesce(c.right_carry, 0) as rb, d.left_pv as la, d.right_pv as ra,
          least(coalesce(c.left_carry, 0) + d.left_pv, coalesce(c.right_carry, 0) + d.right_pv) / ${s.unit} as pairs,
          coalesce(st.star, 0) as star, coalesce(sl.daily_cap_minor, ${s.defaultCap}) as cap
        from leg_pv_days d
        left join lateral (select left_carry, right_carry from pair_results r where r.member_id = d.member_id and r.day < d.day order by r.day desc limit 1) c on true
        left join referral_stats st on st.member_id = d.member_id
        left join star_levels sl on sl.star = st.star
        where d.day = ${day}::date and d.member_id between ${members.from} and ${members.to}
      ) x
    ) y`.execute(tx);
}
/** The members with PV on a day, cut into ranges of about `size` members each (ascending). */
export const findDayMemberRanges = async (db: Executor, day: string, size: number) =>
  (
    await sql<{ from: number; to: number }>`select min(member_id) as from, max(member_id) as to from (
        select member_id, (row_number() over (order by member_id) - 1) / ${size} as part from leg_pv_days where day = ${day}::date) x
      group by part order by part`.execute(db)
  ).rows;
export const findPairResultsToPay = (tx: Tx, day: string) =>
  tx.selectFrom('pair_results').select(['member_id', 'paid_minor', 'currency']).where('day', '=', day).where('paid_minor', '>', 0).where('entry_id', 'is', null).orderBy('member_id').execute();
/** The day's totals on its run: members, pairs, the bonus paid (what paid off debts among it) and flushed. */
export const finishPairRun = (tx: Tx, day: string) =>
  sql`update pair_runs r set members = x.members, pairs = x.pairs, paid_minor = x.paid, debt_netted_minor = x.netted, flushed_minor = x.flushed
    from (select count(*)::int as members, coalesce(sum(pairs), 0) as pairs, coalesce(sum(paid_minor), 0) as paid, coalesce(sum(debt_netted_minor), 0) as netted, coalesce(sum(flushed_minor), 0) as flushed
      from pair_results where day = ${day}::date) x
    where r.day = ${day}::date`.execute(tx);
/** The member's pair results, newest first, and what of them reached the rewards in all (debts netted left out). */
export async function findPairResultsOf(db: Executor, memberId: number, input: { month?: string; limit: number; offset: number }) {
  let q = db.selectFrom('pair_results').where('member_id', '=', memberId);
  if (input.month) q = q.where(sql<string>`to_char(day, 'YYYY-MM')`, '=', input.month);
  const [rows, agg] = await Promise.all([
    q.selectAll().select(sql<string>`day::text`.as('day')).orderBy('pair_results.day', 'desc').limit(input.limit).offset(input.offset).execute(),
    q.select([sql<number>`count(*)::int`.as('total'), sql<number>`coalesce(sum(paid_minor - debt_netted_minor), 0)::bigint`.as('sum_paid')]).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: agg.total, sumPaid: Number(agg.sum_paid) };
}
export const findPairResultsOfDay = (db: Executor, day: string, limit: number, offset: number) =>
  db.selectFrom('pair_results').selectAll().select(sql<string>`day::text`.as('day')).where('day', '=', day).orderBy('paid_minor', 'desc').orderBy('member_id').limit(limit).offset(offset).execute();

// ---------------------------------------------------------------- commissions

/** Writes an order's (or a shop order's) pending commissions; a second call for the same order and level writes nothing. */
export async function insertPendingCommissions(tx: Tx, ref: EarningRef, rows: Array<{ buyer_id: number; beneficiary_id: number; level: number; base_minor: number; rate_bp: number; amount_minor: number; currency: string }>) {
  if (!rows.length) return [];
  const column = earningColumn(ref);
  return tx
    .insertInto('commissions')
    .values(rows.map((r) => ({ ...r, [column]: ref.id })))
    .onConflict((oc) => oc.columns([column, 'level']).doNothing())
    .returning('id')
    .execute();
}
/** Moves an order's (or a shop order's) commissions from one state to another; answers the rows moved. */
export const moveOrderCommissions = (tx: Tx, ref: EarningRef, from: CommissionStatus, to: CommissionStatus, reason = '') =>
  tx
    .updateTable('commissions')
    .set({ status: to, ...(to === 'settled' ? { settled_at: new Date() } : { ended_at: new Date() }), reason })
    .where(earningColumn(ref), '=', ref.id)
    .where('status', '=', from)
    .returningAll()
    .execute();
/** The beneficiaries of an order's (or a shop order's) pending commissions. */
export const findPendingBeneficiaries = async (db: Executor, ref: EarningRef) =>
  (await db.selectFrom('commissions').select('beneficiary_id').distinct().where(earningColumn(ref), '=', ref.id).where('status', '=', 'pending').execute()).map((r) => Number(r.beneficiary_id));
/** Voids an order's pending commissions of these beneficiaries, with the reason (a conditional update: each moves once). */
export const voidPendingCommissionsOf = (tx: Tx, ref: EarningRef, beneficiaryIds: number[], reason: string) =>
  tx
    .updateTable('commissions')
    .set({ status: 'void', ended_at: new Date(), reason })
    .where(earningColumn(ref), '=', ref.id)
    .where('beneficiary_id', 'in', beneficiaryIds)
    .where('status', '=', 'pending')
    .execute();
/**
 * The members a day's results would pay who closed the account, every payee's row locked for share in
 * ascending id order (a closing locks its row first: it committed before, or waits for the run).
 */
export const lockClosedPayeesOfDay = async (tx: Tx, day: string) =>
  (
    await sql<{ id: number | string; status: string }>`select u.id, u.status from users u
      where u.id in (select member_id from pair_results where day = ${day}::date and paid_minor > 0 and entry_id is null)
      order by u.id for share of u`.execute(tx)
  ).rows
    .filter((u) => u.status === 'closed')
    .map((u) => Number(u.id));
/** Pays a day's closed members nothing: what they would have been paid is flushed (their rows are locked by the caller). */
export const flushPairResultsOf = (tx: Tx, day: string, memberIds: number[]) =>
  tx
    .updateTable('pair_results')
    .set((eb) => ({ flushed_minor: eb('flushed_minor', '+', eb.ref('paid_minor')), paid_minor: 0 }))
    .where('day', '=', day)
    .where('member_id', 'in', memberIds)
    .where('entry_id', 'is', null)
    .execute();
/** Voids one commission if it is still pending (a conditional update, so a racing settlement or void wins once); answers the row voided. */
export const voidPendingCommission = (tx: Tx, id: number, reason: string) =>
  tx.updateTable('commissions').set({ status: 'void', ended_at: new Date(), reason }).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst();
/** A commission under its row lock, with the number of the shop order it names (null for a regular order's). */
export const lockCommissionForUpdate = (tx: Tx, id: number) =>
  tx
    .selectFrom('commissions')
    .selectAll()
    .select(sql<string | null>`(select order_no from shop_orders where id = commissions.shop_order_id)`.as('shop_order_no'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
export const setCommissionPosted = (tx: Tx, id: number, set: { entry_id: number | null; posted_minor: number; debt_netted_minor: number }) => tx.updateTable('commissions').set(set).where('id', '=', id).execute();
export const setCommissionReversed = (tx: Tx, id: number, set: { reversal_entry_id: number | null; reversed_minor: number; debt_minor: number; reason: string }) =>
  tx.updateTable('commissions').set({ ...set, status: 'reversed', ended_at: new Date() }).where('id', '=', id).where('status', '=', 'settled').execute();
export const findCommissionsOfOrder = (db: Executor, orderId: number) => db.selectFrom('commissions').selectAll().where('order_id', '=', orderId).orderBy('level').execute();

/** Takes up to `max` from the member's debt in a currency, under its row lock; answers what was taken. */
export async function takeDebt(tx: Tx, memberId: number, currency: string, max: number): Promise<number> {
  const r = (await sql<{ taken: number }>`update commission_debts d set amount_minor = d.amount_minor - least(d.amount_minor, ${max})
      from (select amount_minor from commission_debts where member_id = ${memberId} and currency = ${currency} for update) old
      where d.member_id = ${memberId} and d.currency = ${currency} returning least(old.amount_minor, ${max})::bigint as taken`.execute(tx)).rows[0];
  return Number(r?.taken ?? 0);
}
export const addDebt = (tx: Tx, memberId: number, currency: string, amount: number) =>
  sql`insert into commission_debts (member_id, currency, amount_minor) values (${memberId}, ${currency}, ${amount}) on conflict (member_id, currency) do update set amount_minor = commission_debts.amount_minor + excluded.amount_minor`.execute(tx);
export const findDebts = (db: Executor, memberId: number) => db.selectFrom('commission_debts').selectAll().where('member_id', '=', memberId).where('amount_minor', '>', 0).execute();

/**
 * What a commission (`c`) stands at, in whole minor units (each branch of the union a bigint, the
 * share divided down with `div`): pending, what settling would pay now — what was pending at
 * payment less the share of the order that came back (`orderRefundedBack`, read by `earnOnSettled`
 * and the team's sales too; money owed back on a payment that never paid the order is not), by
 * `earnOnSettled`'s rule (a share of the goods, freight left out, rounded down once; nothing once the
 * goods came back whole), read from the refunds themselves so however many are made, and at once, it
 * is never cut twice; any other state, what was pending at payment.
 */
const commissionDue = sql<number>`case when c.status <> 'pending' then c.amount_minor else (
    select case when x.back <= 0 or x.goods <= 0 then c.amount_minor when x.back >= x.goods then 0 else div(c.amount_minor * (x.goods - x.back), x.goods)::bigint end
    from (select greatest(o.total_minor - o.freight_minor, 0)::bigint as goods, (${orderRefundedBack(sql.ref('o.id'))})::bigint as back
      from orders o where o.id = c.order_id
      -- A shop order: its goods (no freight) less what its after-sales cases refunded, as its settlement reads them.
      union all
      select so.goods_minor::bigint, (select coalesce(sum(a.refunded_minor), 0)::bigint from after_sales a where a.shop_order_id = so.id and a.status = 'refunded')
      from shop_orders so where so.id = c.shop_order_id) x) end`;

/**
 * The member's commissions per currency and state: what is pending (less what refunds took back,
 * `commissionDue`; none once nothing is left of it), and what settling earned (a debt netted from it counts as earned).
 */
export const findCommissionTotals = async (db: Executor, memberId: number) =>
  (
    await db
      .selectFrom('commissions as c')
      .select(['c.currency', 'c.status', sql<number>`sum(case when c.status = 'settled' then c.posted_minor + c.debt_netted_minor else ${commissionDue} end)::bigint`.as('amount')])
      .where('c.beneficiary_id', '=', memberId)
      .groupBy(['c.currency', 'c.status'])
      .execute()
  ).filter((r) => r.status !== 'pending' || Number(r.amount) > 0);

/** A page of commissions with what each stands at (`due_minor`: a pending one at what settling would pay now), and how many match. */
export async function findCommissionsPage(db: Executor, f: { status?: CommissionStatus; beneficiaryId?: number; orderId?: number; shopOrderId?: number; limit: number; offset: number }) {
  // A commission names an order or a shop order: its number is the one it names.
  let q = db.selectFrom('commissions as c').leftJoin('orders as o', 'o.id', 'c.order_id').leftJoin('shop_orders as so', 'so.id', 'c.shop_order_id');
  if (f.status) q = q.where('c.status', '=', f.status);
  if (f.beneficiaryId) q = q.where('c.beneficiary_id', '=', f.beneficiaryId);
  if (f.orderId) q = q.where('c.order_id', '=', f.orderId);
  if (f.shopOrderId) q = q.where('c.shop_order_id', '=', f.shopOrderId);
  const [rows, total] = await Promise.all([
    // The beneficiary's and the buyer's user names, joined for the page's rows (the count needs neither).
    q
      .innerJoin('users as beneficiary', 'beneficiary.id', 'c.beneficiary_id')
      .innerJoin('users as buyer', 'buyer.id', 'c.buyer_id')
      .selectAll('c')
      .select([sql<string>`coalesce(o.order_no, so.order_no)`.as('order_no'), commissionDue.as('due_minor'), 'beneficiary.user_name as beneficiary_name', 'buyer.user_name as buyer_name'])
      .orderBy('c.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.total };
}

// ---------------------------------------------------------------- the sponsor team

// The sponsor team reads `sponsor_paths` (every upline of every member with its distance) and
// `sponsor_stats` (each member's team size), both kept by a trigger on `users.referrer_id`.

/** The member's sponsor team size (the whole downline), from the kept figure. */
export const findTeamSize = async (db: Executor, memberId: number): Promise<number> =>
  (await sql<{ n: number }>`select coalesce((select team_count from sponsor_stats where member_id = ${memberId}), 0)::int as n`.execute(db)).rows[0]!.n;

export async function findTeamTotals(db: Executor, memberId: number, timeZone: string) {
  // Today's newcomers and this month's sales start from what is recent and keep what lies in the team.
  const r = await sql<{ team_count: number; direct_count: number; new_today: number }>`select
      coalesce((select team_count from sponsor_stats where member_id = ${memberId}), 0)::int as team_count,
      (select count(*)::int from users where referrer_id = ${memberId}) as direct_count,
      (select count(*)::int from users u join sponsor_paths t on t.ancestor_id = ${memberId} and t.descendant_id = u.id
        where u.created_at >= (now() at time zone ${timeZone})::date::timestamp at time zone ${timeZone}) as new_today`.execute(db);
  // An order's sales are its goods after coupons, less the share that came back (`orderRefundedBack`): the rule
  // commissions and PV are earned by (`earnOnSettled`: refunds as a share of the goods, freight left out).
  const sales = await sql<{ currency: string; amount: number }>`select o.currency, sum(k.kept)::bigint as amount
    from orders o join sponsor_paths t on t.ancestor_id = ${memberId} and t.descendant_id = o.user_id
    cross join lateral (select o.subtotal_minor - o.coupon_discount_minor as sold, greatest(o.total_minor - o.freight_minor, 0) as goods,
      ${orderRefundedBack(sql.ref('o.id'))} as back) x
    cross join lateral (select case when x.back <= 0 or x.goods <= 0 then x.sold when x.back >= x.goods then 0 else (x.sold * (x.goods - x.back)) / x.goods end as kept) k
    where o.paid_at >= date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone} and o.status not in ('refunded', 'cancelled', 'closed', 'refunding')
    group by o.currency having sum(k.kept) > 0 order by o.currency`.execute(db);
  return { ...r.rows[0]!, sales: sales.rows };
}

/** A page of the member's sponsor downline, by level then member (one level when asked), and how many match. */
export async function findTeamPage(db: Executor, memberId: number, input: { level?: number; q?: string; limit: number; offset: number }) {
  type Row = { id: number; level: number; nickname: string; user_name: string; avatar: string; created_at: Date; referrer: string; star: number };
  const q = input.q ?? null;
  const level = input.level ?? null;
  const shown = sql`u.nickname, u.user_name, u.avatar, u.created_at, r.user_name as referrer, coalesce(s.star, 0) as star`;
  const joins = sql`join users u on u.id = t.descendant_id join users r on r.id = u.referrer_id left join referral_stats s on s.member_id = t.descendant_id`;
  if (q === null && level === null) {
    // The whole team, unfiltered (the common read): the page's index rows first, then their members, and the kept team size, in one statement.
    const rows = await sql<Row & { total: number }>`select t.descendant_id as id, t.depth as level, ${shown},
        coalesce((select team_count from sponsor_stats where member_id = ${memberId}), 0)::int as total
      from (select descendant_id, depth from sponsor_paths where ancestor_id = ${memberId} order by depth, descendant_id limit ${input.limit} offset ${input.offset}) t ${joins}
      order by t.depth, t.descendant_id`.execute(db);
    const total = rows.rows[0]?.total ?? (await sql<{ n: number }>`select coalesce((select team_count from sponsor_stats where member_id = ${memberId}), 0)::int as n`.execute(db)).rows[0]!.n;
    return { rows: rows.rows.map(({ total: _t, ...r }) => r), total };
  }
  const rows = sql<Row>`select t.descendant_id as id, t.depth as level, ${shown}
    from sponsor_paths t ${joins}
    where t.ancestor_id = ${memberId} and (${level}::int is null or t.depth = ${level}) and (${q === null ? sql`true` : memberNameMatches(q)})
    order by t.depth, t.descendant_id limit ${input.limit} offset ${input.offset}`;
  // By name, a join; by level, an index count.
  const total = q
    ? sql<{ total: number }>`select count(*)::int as total from sponsor_paths t join users u on u.id = t.descendant_id
        where t.ancestor_id = ${memberId} and (${level}::int is null or t.depth = ${level}) and ${memberNameMatches(q)}`
    : sql<{ total: number }>`select count(*)::int as total from sponsor_paths where ancestor_id = ${memberId} and depth = ${level}`;
  const [list, count] = await Promise.all([rows.execute(db), total.execute(db)]);
  return { rows: list.rows, total: count.rows[0]!.total };
}

export async function findDirectsPage(db: Executor, memberId: number, input: { q?: string; limit: number; offset: number }) {
  let q = db.selectFrom('users as u').leftJoin('referral_stats as s', 's.member_id', 'u.id').where('u.referrer_id', '=', memberId);
  if (input.q) q = q.where(memberNameMatches(input.q));
  const [rows, total] = await Promise.all([
    q.select(['u.id', 'u.nickname', 'u.user_name', 'u.avatar', 'u.created_at', sql<number>`coalesce(s.star, 0)`.as('star'), sql<number>`coalesce(s.personal_pv, 0)`.as('personal_pv')]).orderBy('u.id', 'desc').limit(input.limit).offset(input.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.total };
}
/**
 * Commissions the member earned from each of the given buyers (level 1), per currency: only what
 * settling earned (posted, or netted against a debt), less what a reversal took back or put on the
 * debt; a pending commission is not earned yet (it may still be voided).
 */
export const findCommissionsFrom = (db: Executor, memberId: number, buyerIds: number[]) =>
  buyerIds.length
    ? db
        .selectFrom('commissions')
        .select(['buyer_id', 'currency', sql<number>`sum(posted_minor + debt_netted_minor - reversed_minor - debt_minor)::bigint`.as('amount')])
        .where('beneficiary_id', '=', memberId)
        .where('buyer_id', 'in', buyerIds)
        .where('status', 'in', ['settled', 'reversed'])
        .groupBy(['buyer_id', 'currency'])
        .having(sql<number>`sum(posted_minor + debt_netted_minor - reversed_minor - debt_minor)`, '>', 0)
        .execute()
    : Promise.resolve([]);

// ---------------------------------------------------------------- stars

/** The figures star conditions read: personal PV, directs, leg PV, and directs per star. */
export async function findStarFigures(db: Executor, memberId: number) {
  const stats = await findStats(db, memberId);
  const directs = await db.selectFrom('users as u').leftJoin('referral_stats as s', 's.member_id', 'u.id').select(sql<number>`coalesce(s.star, 0)`.as('star')).where('u.referrer_id', '=', memberId).execute();
  return { personalPv: Number(stats?.personal_pv ?? 0), weakLegPv: Math.min(Number(stats?.left_pv ?? 0), Number(stats?.right_pv ?? 0)), star: stats?.star ?? 0, starAt: stats?.star_at ?? null, starSeen: stats?.star_seen ?? 0, directStars: directs.map((d) => d.star) };
}
/** Raises a member's star (never lowers it here) and records the history; answers whether it rose. */
export async function raiseStar(tx: Tx, memberId: number, star: number): Promise<boolean> {
  await sql`insert into referral_stats (member_id) values (${memberId}) on conflict do nothing`.execute(tx);
  const r = await sql`update referral_stats set star = ${star}, star_at = now() where member_id = ${memberId} and star < ${star}`.execute(tx);
  if (!Number(r.numAffectedRows)) return false;
  await sql`insert into star_history (member_id, star) select ${memberId}, s from generate_series(1, ${star}) s on conflict do nothing`.execute(tx);
  return true;
}
/**
 * Lowers a member's star (the plan keeps no star the figures no longer hold): since when it is held is
 * when the member first reached it (none for no star), and the popup of a star shows again when it is
 * reached again.
 */
export const lowerStar = (tx: Tx, memberId: number, star: number) =>
  sql`update referral_stats set star = ${star}, star_seen = least(star_seen, ${star}),
    star_at = (select h.reached_at from star_history h where h.member_id = ${memberId} and h.star = ${star})
    where member_id = ${memberId} and star > ${star}`.execute(tx);
export const setStarSeen = (db: Executor, memberId: number, star: number) => db.updateTable('referral_stats').set({ star_seen: star }).where('member_id', '=', memberId).where('star_seen', '<', star).execute();
export const findStarHistory = (db: Executor, memberId: number) => db.selectFrom('star_history').selectAll().where('member_id', '=', memberId).orderBy('star').execute();
/** The placement ancestors of a member and the member's sponsors (whose stars may change when the member's figures do). */
export const findAncestorIds = async (db: Executor, memberId: number): Promise<number[]> =>
  (await db.selectFrom('placement_paths').select('ancestor_id').where('descendant_id', '=', memberId).orderBy('depth').execute()).map((r) => r.ancestor_id);
export const findStatsMemberIds = async (db: Executor, afterId: number, limit: number): Promise<number[]> =>
  (await db.selectFrom('referral_stats').select('member_id').where('member_id', '>', afterId).orderBy('member_id').limit(limit).execute()).map((r) => r.member_id);

// ---------------------------------------------------------------- applications

export async function insertApplication(tx: Tx, a: { member_id: number; kind: ApplicationKind; fields: Record<string, string> }) {
  return (
    await sql<{ id: number }>`insert into role_applications (member_id, kind, fields) values (${a.member_id}, ${a.kind}, ${JSON.stringify(a.fields)}::jsonb)
      on conflict (member_id, kind) where status = 'pending' do nothing returning id`.execute(tx)
  ).rows[0];
}
export const findApplicationsOf = (db: Executor, memberId: number) => db.selectFrom('role_applications').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').execute();
export const decideApplication = (tx: Tx, id: number, set: { status: 'approved' | 'rejected'; reason: string; decided_by: string }) =>
  tx.updateTable('role_applications').set({ ...set, decided_at: new Date() }).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst();
export const findApplication = (db: Executor, id: number) => db.selectFrom('role_applications').selectAll().where('id', '=', id).executeTakeFirst();
export async function findApplicationsPage(db: Executor, f: { status?: string; kind?: string; limit: number; offset: number }) {
  let q = db.selectFrom('role_applications as a').innerJoin('users as u', 'u.id', 'a.member_id');
  if (f.status) q = q.where('a.status', '=', f.status as never);
  if (f.kind) q = q.where('a.kind', '=', f.kind as never);
  const [rows, total] = await Promise.all([
    // The queue: waiting applications first, the oldest at the top; then the decided ones, newest first.
    q.selectAll('a').select(['u.user_name', 'u.nickname', 'u.status as member_status'])
      .orderBy(sql`a.status <> 'pending'`)
      .orderBy(sql`case when a.status = 'pending' then a.id else -a.id end`)
      .limit(f.limit).offset(f.offset).execute(),
    q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: total.total };
}

/** The member's sponsor chain upwards (referrer first), at most `max` levels. */
export const findSponsorChain = async (db: Executor, memberId: number, max = 50) =>
  (
    await sql<{ id: number; user_name: string; level: number }>`with recursive up as (
        select r.id, r.user_name, r.referrer_id, 1 as level from users u join users r on r.id = u.referrer_id where u.id = ${memberId}
        union all
        select r.id, r.user_name, r.referrer_id, up.level + 1 from up join users r on r.id = up.referrer_id where up.level < ${max})
      select id, user_name, level from up order by level`.execute(db)
  ).rows;
/** Whether the member has any placement descendant. */
export const findDescendantCount = async (db: Executor, memberId: number): Promise<number> =>
  (await db.selectFrom('placement_paths').select(sql<number>`count(*)::int`.as('n')).where('ancestor_id', '=', memberId).executeTakeFirstOrThrow()).n;
/** A day's PV buckets in total (what a pairing run would read). */
export const findDayBuckets = async (db: Executor, day: string) =>
  (
    await sql<{ members: number; left: number; right: number }>`select count(*)::int as members, coalesce(sum(left_pv), 0)::bigint as left, coalesce(sum(right_pv), 0)::bigint as right from leg_pv_days where day = ${day}::date`.execute(db)
  ).rows[0]!;
/** Members among a day's results who owe a debt in the currency (netted before they are paid). */
export const findDebtorsOfDay = async (db: Executor, day: string, currency: string): Promise<Set<number>> =>
  new Set(
    (
      await sql<{ member_id: number }>`select d.member_id from commission_debts d join pair_results r on r.member_id = d.member_id and r.day = ${day}::date
        where d.currency = ${currency} and d.amount_minor > 0`.execute(db)
    ).rows.map((r) => r.member_id),
  );
/** Records what of a member's result for the day paid off their debt. */
export const setPairResultNetted = (tx: Tx, memberId: number, day: string, netted: number) =>
  tx.updateTable('pair_results').set({ debt_netted_minor: netted }).where('day', '=', day).where('member_id', '=', memberId).execute();
/** Records the entry that paid a batch of a day's results. */
export const setPairResultsEntry = (tx: Tx, memberIds: number[], day: string, entryId: number) =>
  tx.updateTable('pair_results').set({ entry_id: entryId }).where('day', '=', day).where('member_id', 'in', memberIds).execute();
