import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint, type Permission } from '../common/endpoint.js';
import { OPERATOR_ROLES, roleAllows, type OperatorRole } from './permissions.js';
import { pageOf, pageQuery } from '../common/pagination.js';

// Four eyes on value: whatever an operator does that creates value or moves it into a member's hands
// (gift cards, points, an offline top-up credited, a coupon, a rate …) is a request with a reason
// that a second operator approves before anything moves, above a threshold an owner sets per kind and
// currency (by default: always), within each operator's daily limit. The request and its decision
// are recorded; it can be cancelled; approving twice is one effect.

/** Requests that create value or move it into a member's hands. */
export const VALUE_APPROVAL_KINDS = ['gift_cards.issue', 'points.grant', 'recharge.confirm', 'coupon.create', 'coupon.update', 'rate.set', 'referral.plan', 'shop_stock.add', 'shop.settings', 'goods.points', 'sku.pv', 'group_buy.create', 'group_buy.update', 'points.settings'] as const;
/**
 * What can be asked for: the value requests; `operator.grant` (an operator created with, or given,
 * a role that approves money, or an owner disabled or demoted: another owner decides, never at once, so
 * nobody makes a second identity that approves their own requests, nor removes the owners who would
 * check them); and `receiving_account.set` (a company collection account or stablecoin deposit
 * addresses members send money to: a second operator checks them before any member is shown them); and
 * `order.refund` (a paid order cancelled and refunded in full, asked by an operator who fulfils orders
 * but does not decide refunds: one who does decides).
 */
export const APPROVAL_KINDS = [...VALUE_APPROVAL_KINDS, 'operator.grant', 'receiving_account.set', 'order.refund'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
/**
 * The permission that approves each kind (the API registers each kind with it); asking is the asking
 * call's own permission. A coupon is asked for with `settings.write` and, as value given, approved by
 * those who approve value (`ledger.adjust`: finance too), so one owner and a finance operator can run it.
 */
export const APPROVAL_KIND_PERMISSIONS: Readonly<Record<ApprovalKind, Permission>> = {
  'gift_cards.issue': 'ledger.adjust',
  'points.grant': 'ledger.adjust',
  'recharge.confirm': 'withdrawals.review',
  'coupon.create': 'ledger.adjust',
  'coupon.update': 'ledger.adjust',
  'rate.set': 'rates.set',
  'referral.plan': 'referral.settings',
  'shop_stock.add': 'shops.manage',
  'shop.settings': 'shops.manage',
  // Points per unit of a goods item are value given on every unit sold: approved by those who approve value, as coupons are.
  'goods.points': 'ledger.adjust',
  // An SKU's PV is paid out as pair bonus on every unit sold: approved by those who approve value, as goods points are.
  'sku.pv': 'ledger.adjust',
  // A group buy below half its SKU's price gives value away on every unit: approved by those who approve value, as coupons are.
  'group_buy.create': 'ledger.adjust',
  'group_buy.update': 'ledger.adjust',
  // Points made worth more (fewer to a unit of money, a larger share of the goods, more earned per order) are value given to every member: approved by those who approve value.
  'points.settings': 'ledger.adjust',
  'operator.grant': 'operators.manage',
  // Where members send their money is checked by those who confirm the top-ups arriving there (owner, finance).
  'receiving_account.set': 'withdrawals.review',
  // A paid order's cancellation refunds it in full: decided by those who decide refunds (owner, finance).
  'order.refund': 'refunds.decide',
};
/** Permissions that decide another operator's money: the value requests, ledger adjustments, payouts and refunds. */
const MONEY_DECISION_PERMISSIONS: readonly Permission[] = [...VALUE_APPROVAL_KINDS.map((k) => APPROVAL_KIND_PERMISSIONS[k]), 'ledger.adjust', 'withdrawals.review', 'refunds.decide'];
/**
 * Roles that can approve another operator's money request (today owner and finance): creating an
 * operator with one, or giving one to an operator, is itself a request another owner approves.
 */
export const MONEY_APPROVER_ROLES: readonly OperatorRole[] = OPERATOR_ROLES.filter((role) => MONEY_DECISION_PERMISSIONS.some((p) => roleAllows(role, p)));
/** Kinds whose thresholds an owner sets: the value requests, ledger adjustments (their own queue) and payouts (a second approver above it). Never `operator.grant`. */
export const LIMIT_KINDS = [...VALUE_APPROVAL_KINDS, 'ledger.adjust', 'withdrawal.payout'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
/**
 * The most one operator lets through alone (no second operator) per kind, currency and UTC day, in
 * minor units (points for `XXX`): about 100 USD in every currency. No threshold an owner sets passes
 * it, and what an operator did alone today counts against it (docs/decisions/2026-11-24-money-controls.md).
 * A currency not listed: nothing alone. Payouts (one approver instead of two) go ten times as far.
 */
export const SOLO_CEILING_MINOR: Readonly<Record<string, number>> = {
  USD: 10_000, SGD: 13_000, HKD: 78_000, MYR: 45_000, CNY: 70_000, TWD: 320_000, THB: 350_000, JPY: 15_000, IDR: 160_000_000, HUF: 3_600_000, KHR: 40_000_000, XXX: 10_000,
};
/**
 * The solo ceiling of a kind in a currency. `*` (every other currency) is an amount in USD, converted
 * at the day's rate where it is used: its ceiling is USD's, and the converted amount is held to the
 * ceiling of the currency it is used in.
 */
export function soloCeiling(kind: string, currency: string): number {
  const base = SOLO_CEILING_MINOR[currency === '*' ? 'USD' : currency.toUpperCase()] ?? 0;
  return kind === 'withdrawal.payout' ? base * 10 : base;
}
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

const id = wholeNumber(1, 2_147_483_647);
const currencyOrPoints = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'validation.invalid');

/**
 * One field a settings request changes, as it is now (`from`) and as asked (`to`): null where it is
 * absent on that side (a star added or removed). `star` names the star of a ladder field.
 */
export const approvalChangeSchema = z.object({
  field: z.string(),
  star: z.number().int().nullable(),
  from: z.union([z.number(), z.string(), z.boolean()]).nullable(),
  to: z.union([z.number(), z.string(), z.boolean()]).nullable(),
});
export type ApprovalChange = z.infer<typeof approvalChangeSchema>;

const count = z.number().int();
const role = z.enum(OPERATOR_ROLES);
/**
 * What a request does, as data the console puts in the operator's words (its `summary` is the same in
 * English, for the audit log and `npm run ops`): amounts in minor units of their currency.
 */
export const approvalWhatSchema = z.discriminatedUnion('key', [
  z.object({ key: z.literal('gift_cards'), count, value: count, currency: z.string() }),
  z.object({ key: z.enum(['points', 'shopping_points']), amount: count }),
  z.object({ key: z.literal('top_up'), order_no: z.string(), amount: count, currency: z.string(), tx_hash: z.string().nullable() }),
  /** A new coupon: an amount off (`amount`) or a percentage (`percent_bp`). */
  z.object({ key: z.literal('coupon'), code: z.string(), currency: z.string(), amount: count.nullable(), percent_bp: count.nullable() }),
  /** A coupon's terms as asked. */
  z.object({
    key: z.literal('coupon_change'),
    code: z.string(),
    currency: z.string(),
    amount: count.nullable(),
    percent_bp: count.nullable(),
    min_spend: count,
    starts_at: z.string(),
    ends_at: z.string(),
    per_member_limit: count,
    total_limit: count.nullable(),
  }),
  /** 1 `base` = `rate` `quote`, from `date` (null: today). */
  z.object({ key: z.literal('rate'), base: z.string(), quote: z.string(), rate: z.string(), date: z.string().nullable() }),
  z.object({ key: z.literal('shop_stock'), delta: count, sku_id: count, shop: z.string() }),
  /** A raise of a goods item's points per unit: its name in each language it has, the rule now (`from`, null: the percentage) and as asked. */
  z.object({ key: z.literal('goods_points'), goods_id: count, name: z.record(z.string(), z.string()), from: count.nullable(), to: count }),
  /** A raise of an SKU's PV per unit: its goods' name and its options (`Large / Red`, empty without options) in each language they have, the PV now and as asked. */
  z.object({ key: z.literal('sku_pv'), goods_id: count, sku_id: count, name: z.record(z.string(), z.string()), options: z.record(z.string(), z.string()), from: count, to: count }),
  /**
   * A group buy priced below half its SKU's price (`change`: the number of the group buy whose price it
   * lowers, `from` its price now; null for a new one): the goods' name and the SKU's options in each
   * language, the price asked, the SKU's own price and the units it holds.
   */
  z.object({
    key: z.literal('group_buy'),
    goods_id: count,
    sku_id: count,
    name: z.record(z.string(), z.string()),
    options: z.record(z.string(), z.string()),
    currency: z.string(),
    price: count,
    sku_price: count,
    quantity: count,
    change: count.nullable(),
    from: count.nullable(),
  }),
  z.object({ key: z.literal('new_operator'), user_name: z.string(), role }),
  z.object({ key: z.literal('operator_role'), user_name: z.string(), operator_id: count, from: role, role }),
  /** A new one-time sign-in link for an operator whose role approves money. */
  z.object({ key: z.literal('operator_link'), user_name: z.string(), operator_id: count, role }),
  /** An owner (`role`) disabled: they sign in no more. */
  z.object({ key: z.literal('operator_disable'), user_name: z.string(), operator_id: count, role }),
  z.object({ key: z.literal('operator_enable'), user_name: z.string(), operator_id: count, role }),
  /** A company collection account members transfer their top-ups to, as members will read it. */
  z.object({ key: z.literal('collection_account'), currency: z.string(), bank_name: z.string(), account_name: z.string(), account_number: z.string(), branch: z.string() }),
  /** A paid order cancelled and refunded in full: its number and what it cost, in its currency. */
  z.object({ key: z.literal('order_refund'), order_no: z.string(), amount: count, currency: z.string() }),
  /** Stablecoin deposit addresses of a network added to the pool members are given addresses from. */
  z.object({ key: z.literal('deposit_addresses'), network: z.string(), addresses: z.array(z.string()) }),
]);
export type ApprovalWhat = z.infer<typeof approvalWhatSchema>;

export const approvalRequestSchema = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  /** The member who receives the value, when there is one. */
  member_id: z.number().int().nullable(),
  member_name: z.string().nullable(),
  currency: z.string(),
  /** Minor units (points for points), or null where the request has no amount (a rate, a percentage coupon). */
  amount: z.number().int().nullable(),
  /** What it does, in English words (`5 × 100.00 USD gift cards`): the audit log's. */
  summary: z.string(),
  /** What it does, as data shown in the operator's language; null where it cannot be read (`summary` then) or for a settings request (`changes`). */
  what: approvalWhatSchema.nullable(),
  /** For a settings request (the referral plan, the member shops' fee and price band) or a coupon change: every field that differs from what it was asked from; empty: nothing differs; null: not such a request (or a coupon change asked before changes were recorded). */
  changes: z.array(approvalChangeSchema).nullable(),
  reason: z.string(),
  requested_by: z.string(),
  requested_at: z.string(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** Done at once, without a second operator (at or under its threshold). */
  automatic: z.boolean(),
  /** What approving it did (a batch's cards and codes, a ledger entry, a coupon's id …); null until approved. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

/** A one-time setup link (a new operator's, or a new sign-in link): the path to open (the password is set there) and when it stops working. */
export const setupLinkSchema = z.object({ setup_path: z.string(), expires_at: z.string() });
/**
 * What a decision answers: the request as saved, and what only the approving operator's answer
 * carries, once (an approved new operator's setup link): never saved with the request, never shown to the one who asked.
 */
export const approvalDecisionData = approvalRequestSchema.extend({ shown_once: setupLinkSchema.nullable() });

/** What a value-creating call answers: its request, and what it did when it was done at once. */
export const approvalOutcomeOf = <T extends z.ZodType>(result: T) => z.object({ request: approvalRequestSchema, result: result.nullable() });

export const approvalListQuery = pageQuery.extend({ status: z.enum(APPROVAL_STATUSES).default('pending'), kind: z.enum(APPROVAL_KINDS).optional(), member_id: id.optional() });
export const approvalDecisionBody = z.object({ id, decision: z.enum(['approve', 'reject']), reason: z.string().trim().max(300).optional() });
export const approvalCancelBody = z.object({ id, reason: z.string().trim().max(300).optional() });

export const approvalLimitSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  currency: z.string(),
  /** Done at once up to this amount (for payouts: one approver up to it); null: never (the default). Currency `*`: USD, converted at the day's rate into a currency without its own row (none without a rate). */
  auto_up_to: z.number().int().nullable(),
  /** What one operator may ask for in a day (UTC), in all; null: no daily limit. */
  daily_limit: z.number().int().nullable(),
  updated_by: z.string(),
  updated_at: z.string(),
});
/**
 * A kind's limits in a currency, saved whole: `base_updated_at` is the pair's `updated_at` as the form
 * read it, left out for a pair not listed (changed since, added meanwhile or removed: refused, 4020).
 */
export const setApprovalLimitBody = z.object({
  kind: z.enum(LIMIT_KINDS),
  // The same rule as `baseUpdatedAt` of the catalogue's editors (that file imports this one).
  base_updated_at: z.iso.datetime({ offset: true }).optional(),
  /** A currency, `XXX` for points, or `*`: every other currency, its amounts in USD (converted at the day's rate where used). */
  currency: z.union([z.literal('*'), currencyOrPoints]),
  auto_up_to: z.number().min(0).max(1_000_000_000_000).int().nullable(),
  daily_limit: z.number().min(1).max(1_000_000_000_000).int().nullable(),
  reason: z.string().trim().min(1, 'wallet.validation.reasonRequired').max(300),
});

/** Requests to approve (by default those waiting), newest first: each operator sees the kinds their role may decide, and the requests they asked themselves (to withdraw). */
export const adminListApprovals = endpoint({ method: 'GET', path: '/admin/api/approvals', auth: 'operator', permission: 'session', area: 'admin', query: approvalListQuery, data: pageOf(approvalRequestSchema) });
/** A second operator approves (it is carried out at once, once) or rejects (with a reason) a request. */
export const adminDecideApproval = endpoint({ method: 'POST', path: '/admin/api/approvals/decide', auth: 'operator', permission: 'session', area: 'admin', idempotent: true, body: approvalDecisionBody, data: approvalDecisionData });
/** The operator who asked withdraws a request still waiting; to one who neither asked it nor may decide its kind, it is not found. */
export const adminCancelApproval = endpoint({ method: 'POST', path: '/admin/api/approvals/cancel', auth: 'operator', permission: 'session', area: 'admin', idempotent: true, body: approvalCancelBody, data: approvalRequestSchema });
/** The thresholds and daily limits of every kind and currency that has one. */
export const adminApprovalLimits = endpoint({ method: 'GET', path: '/admin/api/approvals/limits', auth: 'operator', permission: 'session', area: 'admin', data: z.object({ list: z.array(approvalLimitSchema) }) });
/** An owner sets a kind's threshold and daily limit in a currency, with the reason. */
export const adminSetApprovalLimit = endpoint({ method: 'POST', path: '/admin/api/approvals/limits/set', auth: 'operator', permission: 'operators.manage', area: 'admin', idempotent: true, body: setApprovalLimitBody, data: z.object({ list: z.array(approvalLimitSchema) }) });
/** An owner links an operator to the member account the same person holds (or unlinks it): nobody decides about their own account. */
export const adminLinkOperatorMember = endpoint({
  method: 'POST',
  path: '/admin/api/operators/member',
  auth: 'operator',
  permission: 'operators.manage',
  area: 'admin',
  idempotent: true,
  body: z.object({ operator_id: id, member: z.string().trim().min(1).max(64).nullable(), reason: z.string().trim().min(1, 'wallet.validation.reasonRequired').max(300) }),
  data: z.object({ operator_id: z.number().int(), member_id: z.number().int().nullable() }),
});

export const approvalEndpoints = [adminListApprovals, adminDecideApproval, adminCancelApproval, adminApprovalLimits, adminSetApprovalLimit, adminLinkOperatorMember] as const;
