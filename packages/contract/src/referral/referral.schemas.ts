import { z } from 'zod';
import { dayParam, monthParam } from '../common/calendar.js';
import { commissionTotalProblem } from '../common/commission-plan.js';
import { wholeNumber } from '../common/numbers.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText, personName } from '../common/text.js';
import { countryCodeField } from '../geo/geo.schemas.js';

const id = wholeNumber(1, 2_147_483_647);
/** Integer minor units of the named currency. */
const minor = z.number().int();
const stamp = z.string();

/** A leg of a member in the placement (binary) tree. */
export const PLACEMENT_SIDES = ['L', 'R'] as const;
export type PlacementSide = (typeof PLACEMENT_SIDES)[number];

// ---------------------------------------------------------------- placement (anzhi)

/** Places one of the caller's unplaced direct invitees into an empty slot of the caller's placement subtree. */
export const placeMemberBody = z.object({ user_id: id, parent_id: id, side: z.enum(PLACEMENT_SIDES) });
export const placeMemberData = z.object({ user_id: z.number().int(), parent_id: z.number().int(), side: z.enum(PLACEMENT_SIDES), placed_at: stamp });

export const downlineQuery = pageQuery.extend({
  /** 0: only unplaced invitees, 1: only placed ones; both when left out. */
  placed: wholeNumber(0, 1).optional(),
  q: z.string().trim().max(50).optional(),
});
export const downlineMemberSchema = z.object({
  id: z.number().int(),
  /** Masked: the first 3 and last 3 characters. */
  user_name: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  joined_at: stamp,
  placed: z.boolean(),
  parent_id: z.number().int().nullable(),
  side: z.enum(PLACEMENT_SIDES).nullable(),
  personal_pv: z.number().int(),
  /** When the placement job places an unplaced invitee (null once placed). */
  place_by: stamp.nullable(),
});
export const downlineData = pageOf(downlineMemberSchema).extend({
  /** Whether the caller is placed (an unplaced member cannot place anyone yet). */
  self_placed: z.boolean(),
});

export const placementTreeQuery = z.object({
  /** A node of the caller's own placement subtree (default: the caller). */
  root_id: id.optional(),
  levels: wholeNumber(1, 4).default(3),
  /** A name or user name inside the caller's subtree: the tree is drawn from the first match. */
  q: z.string().trim().max(50).optional(),
});
export interface PlacementNode {
  id: number;
  user_name: string;
  nickname: string;
  avatar: string;
  star: number;
  depth: number;
  left_pv: number;
  right_pv: number;
  left_count: number;
  right_count: number;
  /** Whether this node has children below the levels shown (tap to go down). */
  has_more: boolean;
  /** The node's children; null on a side is an empty slot (when `open` lists it). */
  children: { L: PlacementNode | null; R: PlacementNode | null };
  /** The node's empty slots. */
  open: PlacementSide[];
  /** The member's account when it is not active (the console's tree only; members are not told). */
  member_status?: 'banned' | 'closed';
}
export const placementNodeSchema: z.ZodType<PlacementNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    user_name: z.string(),
    nickname: z.string(),
    avatar: z.string(),
    star: z.number().int(),
    depth: z.number().int(),
    left_pv: z.number().int(),
    right_pv: z.number().int(),
    left_count: z.number().int(),
    right_count: z.number().int(),
    has_more: z.boolean(),
    children: z.object({ L: placementNodeSchema.nullable(), R: placementNodeSchema.nullable() }),
    open: z.array(z.enum(PLACEMENT_SIDES)),
    member_status: z.enum(['banned', 'closed']).optional(),
  }),
);
export const placementTreeData = z.object({
  /** The caller's own node id (the top the member may go back up to). */
  self_id: z.number().int(),
  /** The node above the shown root inside the caller's subtree (null at the caller). */
  up_id: z.number().int().nullable(),
  tree: placementNodeSchema,
  /**
   * Answered only when the call searched a name (`q`): whether anyone of the subtree matched. When
   * nobody did, `tree` is the one the search started from, never a match (the app says so instead).
   */
  matched: z.boolean().optional(),
});

const legSchema = z.object({
  members: z.number().int(),
  /** PV that entered the leg since the member was placed. */
  pv_total: z.number().int(),
  /** PV that entered the leg today (the shop's time zone). */
  pv_today: z.number().int(),
  /** PV carried into the next pairing. */
  carry: z.number().int(),
});
export const legsData = z.object({
  placed: z.boolean(),
  parent_id: z.number().int().nullable(),
  side: z.enum(PLACEMENT_SIDES).nullable(),
  depth: z.number().int(),
  direct_count: z.number().int(),
  personal_pv: z.number().int(),
  left: legSchema,
  right: legSchema,
});

export const PV_SOURCES = ['own_order', 'team_order', 'pairing'] as const;
export const pvRecordsQuery = pageQuery.extend({ leg: z.enum(PLACEMENT_SIDES).optional() });
export const pvRecordSchema = z.object({
  time: stamp,
  source: z.enum(PV_SOURCES),
  order_no: z.string().nullable(),
  /** Masked user name of the buyer of a team order. */
  from_member: z.string().nullable(),
  leg: z.enum(PLACEMENT_SIDES).nullable(),
  /** Positive: PV in; negative: PV paired away. */
  pv: z.number().int(),
});
export const planRulesSchema = z.object({
  pair_unit: z.number().int(),
  rate_bp: z.number().int(),
  /** Money per PV, in minor units of `currency`. */
  pv_value: minor,
  daily_cap: minor,
  currency: z.string(),
  time_zone: z.string(),
  placement_deadline_days: z.number().int(),
  commission_rates_bp: z.array(z.number().int()),
});
export const pvRecordsData = pageOf(pvRecordSchema).extend({ rules: planRulesSchema });

export const pairingQuery = pageQuery.extend({ month: monthParam.optional() });
export const pairingResultSchema = z.object({
  date: z.string(),
  left_before: z.number().int(),
  right_before: z.number().int(),
  left_added: z.number().int(),
  right_added: z.number().int(),
  pairs: z.number().int(),
  consumed: z.number().int(),
  gross: minor,
  /** What reached the member's rewards (the bonus after the daily cap, less `netted`). */
  paid: minor,
  /** What of the bonus went to repay the member's debt from an earlier reversal instead (bonus after the cap = paid + netted). */
  netted: minor.default(0),
  flushed: minor,
  left_carry: z.number().int(),
  right_carry: z.number().int(),
  currency: z.string(),
});
/** `sum_paid`: what the results (of the month asked for, else all) put into the member's rewards, debts repaid left out. */
export const pairingData = pageOf(pairingResultSchema).extend({ sum_paid: minor, currency: z.string() });

// ---------------------------------------------------------------- stars

export const STAR_CONDITIONS = ['personal_pv', 'direct_members', 'weak_leg_pv', 'directs_at_star'] as const;
export const starProgressData = z.object({
  star: z.number().int(),
  next_star: z.number().int().nullable(),
  conditions: z.array(z.object({ key: z.enum(STAR_CONDITIONS), current: z.number().int(), target: z.number().int(), done: z.boolean(), star: z.number().int().optional() })),
  achieved_at: stamp.nullable(),
  /** True once per new star: the app shows the star popup, then the member has seen it. */
  popup: z.boolean(),
  history: z.array(z.object({ star: z.number().int(), reached_at: stamp })),
});

// ---------------------------------------------------------------- the sponsor team (spread)

const perCurrency = z.array(z.object({ currency: z.string(), amount: minor }));
export const referralTotalsData = z.object({
  direct_count: z.number().int(),
  team_count: z.number().int(),
  new_today: z.number().int(),
  team_sales_month: perCurrency,
  commission_total: perCurrency,
  commission_pending: perCurrency,
});
export const referredQuery = pageQuery.extend({ q: z.string().trim().max(50).optional() });
export const referredMemberSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  user_name: z.string(),
  avatar: z.string(),
  joined_at: stamp,
  star: z.number().int(),
  personal_pv: z.number().int(),
  commission_from: perCurrency,
});
export const referredData = pageOf(referredMemberSchema);
export const teamQuery = referredQuery.extend({ level: wholeNumber(1, 1000).optional() });
export const teamMemberSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  user_name: z.string(),
  avatar: z.string(),
  level: z.number().int(),
  referrer: z.string(),
  joined_at: stamp,
  star: z.number().int(),
});
export const teamData = pageOf(teamMemberSchema);

// ---------------------------------------------------------------- applications and roles

export const APPLICATION_KINDS = ['dealer', 'service_centre', 'shop_owner'] as const;
export type ApplicationKind = (typeof APPLICATION_KINDS)[number];
export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const applicationBody = z.object({
  name: personName(50),
  mobile_pre: z.string().trim().regex(/^\d{1,4}$/),
  mobile: z.string().trim().regex(/^\d{4,15}$/),
  /** The role's region once approved: a country of the shop's list (checked on the server). */
  country: countryCodeField,
  address: freeText(200).min(1),
  note: freeText(500).default(''),
  /** The shop's or centre's name (service centre, member shop). */
  shop_name: freeText(50).default(''),
});
export const applicationData = z.object({ application_id: z.number().int(), kind: z.enum(APPLICATION_KINDS), status: z.enum(APPLICATION_STATUSES) });
export const agentData = z.object({
  roles: z.array(z.object({ kind: z.enum(APPLICATION_KINDS), status: z.enum(['active', 'revoked']), since: stamp, region: z.string() })),
  applications: z.array(z.object({ id: z.number().int(), kind: z.enum(APPLICATION_KINDS), status: z.enum(APPLICATION_STATUSES), reason: z.string(), created_at: stamp, decided_at: stamp.nullable() })),
  /** Whether the member's real name is approved (applications need it). */
  real_name: z.boolean(),
});

// ---------------------------------------------------------------- the console

const reason = z.string().trim().min(1).max(500);
export const adminMemberQuery = z.object({ member_id: id });
export const adminReferralMemberData = z.object({
  member_id: z.number().int(),
  user_name: z.string(),
  /** The sponsor chain upwards: the member's referrer first. */
  sponsors: z.array(z.object({ id: z.number().int(), user_name: z.string(), level: z.number().int() })),
  placement: z.object({ parent_id: z.number().int().nullable(), side: z.enum(PLACEMENT_SIDES).nullable(), depth: z.number().int(), placed_at: stamp, how: z.string() }).nullable(),
  legs: legsData.shape.left.array().length(2),
  personal_pv: z.number().int(),
  star: z.number().int(),
  /** The sponsor team: direct referrals and the whole downline. */
  direct_count: z.number().int(),
  team_count: z.number().int(),
  commissions: z.array(z.object({ currency: z.string(), status: z.string(), amount: minor })),
  debts: z.array(z.object({ currency: z.string(), amount: minor })),
  roles: z.array(z.object({ kind: z.enum(APPLICATION_KINDS), status: z.enum(['active', 'revoked']), since: stamp })),
});
export const adminTreeQuery = z.object({ root_id: id.optional(), levels: wholeNumber(1, 4).default(4), q: z.string().trim().max(50).optional() });
export const adminTreeData = z.object({ root_id: z.number().int().nullable(), up_id: z.number().int().nullable(), tree: placementNodeSchema.nullable() });
export const adminMoveBody = z.object({ member_id: id, parent_id: id, side: z.enum(PLACEMENT_SIDES), reason, /** The second confirmation of the console's dialog. */ confirm: z.literal(true) });
export const adminMoveData = z.object({ member_id: z.number().int(), parent_id: z.number().int(), side: z.enum(PLACEMENT_SIDES), moved: z.number().int() });
export const COMMISSION_STATUSES = ['pending', 'settled', 'void', 'reversed'] as const;
export const adminCommissionsQuery = pageQuery.extend({ status: z.enum(COMMISSION_STATUSES).optional(), member_id: id.optional(), order_id: id.optional(), shop_order_id: id.optional() });
export const adminCommissionSchema = z.object({
  id: z.number().int(),
  /** The order it was earned on: a regular order or a member-shop order (exactly one is set). */
  order_id: z.number().int().nullable(),
  shop_order_id: z.number().int().nullable(),
  /** The number of the order or the shop order. */
  order_no: z.string(),
  buyer_id: z.number().int(),
  /** The buyer's and the beneficiary's user names, whole (the console names members by them). */
  buyer_name: z.string(),
  beneficiary_id: z.number().int(),
  beneficiary_name: z.string(),
  level: z.number().int(),
  base: minor,
  rate_bp: z.number().int(),
  /** Pending: what settling would pay now (what was pending at payment less the share refunds took back); otherwise what was pending at payment. */
  amount: minor,
  /** Settled: what reached the member's rewards, and what of it went to pay off a debt instead (earned = posted + netted). */
  posted: minor,
  netted: minor.default(0),
  reversed: minor,
  debt: minor,
  currency: z.string(),
  status: z.enum(COMMISSION_STATUSES),
  reason: z.string(),
  created_at: stamp,
  settled_at: stamp.nullable(),
});
export const adminCommissionsData = pageOf(adminCommissionSchema);
export const adminCommissionDecisionBody = z.object({ id, reason });
export const adminCommissionDecisionData = z.object({ id: z.number().int(), status: z.enum(COMMISSION_STATUSES), reversed: minor, debt: minor });
/** A day's pair-bonus run: `paid` reached the members' rewards, `netted` repaid their debts from reversals instead. */
export const adminPairRunsData = pageOf(
  z.object({ day: z.string(), members: z.number().int(), pairs: z.number().int(), paid: minor, netted: minor.default(0), flushed: minor, currency: z.string(), ran_at: stamp, ran_by: z.string() }),
);
export const adminRunDayBody = z.object({ day: dayParam, reason });
export const adminRunDayData = z.object({ day: z.string(), members: z.number().int(), paid: minor, netted: minor.default(0), rerun: z.boolean() });
const starLevelSchema = z.object({
  star: z.number().min(1).max(20).int(),
  personal_pv: z.number().int().min(0),
  direct_members: z.number().int().min(0),
  weak_leg_pv: z.number().int().min(0),
  directs_at_star: z.number().min(0).max(20).int(),
  directs_at_star_count: z.number().int().min(0),
  daily_cap: minor.min(0),
});
export const planSettingsSchema = z.object({
  placement_deadline_days: z.number().min(1).max(365).int(),
  pair_unit_pv: z.number().min(1).max(1_000_000).int(),
  pair_rate_bp: z.number().min(0).max(10_000).int(),
  pv_value_minor: z.number().min(0).max(1_000_000).int(),
  bonus_currency: z.string().regex(/^[A-Z]{3}$/),
  default_daily_cap_minor: minor.min(0),
  time_zone: z.string().min(1).max(64),
  commission_levels: z.number().min(0).max(3).int(),
  level1_rate_bp: z.number().min(0).max(5000).int(),
  level2_rate_bp: z.number().min(0).max(5000).int(),
  level3_rate_bp: z.number().min(0).max(5000).int(),
  keep_star: z.boolean(),
  stars: z.array(starLevelSchema).max(20),
});
export type PlanSettings = z.infer<typeof planSettingsSchema>;
export const adminPlanData = planSettingsSchema.extend({ updated_at: stamp, updated_by: z.string() });
/**
 * `base_updated_at`: the `updated_at` of the plan the form was loaded from (approving never undoes a change made since).
 * The levels paid (1 to `commission_levels`) may pay at most `COMMISSION_TOTAL_MAX_BP` together, refused under the last level paid.
 */
export const adminPlanBody = planSettingsSchema.extend({ base_updated_at: stamp, reason }).superRefine((plan, ctx) => {
  const problem = commissionTotalProblem(plan);
  if (problem) ctx.addIssue({ code: 'custom', message: 'referral.validation.commissionTotal', path: [problem.field], params: { total: problem.total_percent, max: problem.max_percent } });
});
export const adminPlanRequestData = z.object({ request_id: z.number().int(), status: z.string() });
/** The shop's own invitation code: registering with it makes a member with no sponsor (the top of the team). */
export const adminHouseCodeData = z.object({ house_code: z.string() });
/** A new house code: 4–16 letters and digits, kept in capitals (codes are compared without case). */
export const adminHouseCodeBody = z.object({ house_code: z.string().trim().regex(/^[A-Za-z0-9]{4,16}$/).transform((v) => v.toUpperCase()), reason });
export const adminApplicationsQuery = pageQuery.extend({ status: z.enum(APPLICATION_STATUSES).optional(), kind: z.enum(APPLICATION_KINDS).optional() });
/** The applications queue; `member_status` is the applicant's account (a banned or closed member's application can be rejected, not approved). */
export const adminApplicationsData = pageOf(
  z.object({ id: z.number().int(), member_id: z.number().int(), user_name: z.string(), nickname: z.string(), member_status: z.enum(['active', 'banned', 'closed']), kind: z.enum(APPLICATION_KINDS), status: z.enum(APPLICATION_STATUSES), fields: z.record(z.string(), z.string()), reason: z.string(), created_at: stamp, decided_by: z.string().nullable(), decided_at: stamp.nullable() }),
);
export const adminDecideApplicationBody = z.object({ id, approve: z.boolean(), reason });
export const adminDecideApplicationData = z.object({ id: z.number().int(), status: z.enum(APPLICATION_STATUSES) });
