import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint, type Permission } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { closingBalancesSchema } from '../account/account.schemas.js';
import { auditFactsSchema } from './audit-actions.js';
import { settingsEndpoints } from './settings.endpoints.js';
import { charityConsoleEndpoints } from './charity-console.endpoints.js';
import { supportConsoleEndpoints } from './support-console.endpoints.js';

// The settings and operators calls are part of this area's entry (`@shop/contract/admin`).
export * from './settings.endpoints.js';
export * from './charity-console.endpoints.js';
export * from './support-console.endpoints.js';

// The operator console's own calls (under /admin/api/): the dashboard, the real-name and
// account-cancellation queues, members, and the audit log.

const id = wholeNumber(1, 2_147_483_647);
const reason = z.string().trim().max(300).optional();
const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const CANCELLATION_REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'completed'] as const;

/** The dashboard's queues, each with the permission that opens it (its list's): a role is sent the counts of those it may open only. */
export const DASHBOARD_QUEUE_PERMISSIONS = {
  realname: 'realname.review',
  cancellation: 'cancellation.review',
  recharges: 'withdrawals.review',
  withdrawals: 'withdrawals.review',
  orders_to_ship: 'orders.read',
  after_sales: 'aftersales.read',
  applications: 'applications.review',
  chats_waiting: 'support.chat',
  feedback: 'support.feedback',
} as const satisfies Record<string, Permission>;
export type DashboardQueue = keyof typeof DASHBOARD_QUEUE_PERMISSIONS;
/** Any one of these lets a role see the day's orders and sales on the dashboard (the business's takings are not every operator's to read). */
export const DASHBOARD_SALES_PERMISSIONS: readonly Permission[] = ['orders.read', 'ledger.read'];
/** This lets a role see the day's new members on the dashboard. */
export const DASHBOARD_MEMBERS_PERMISSION: Permission = 'members.read';
const queueCount = z.number().int().optional();

export const dashboardData = z.object({
  /** The day counted (the server's calendar day, UTC). */
  date: z.string(),
  /** The day's orders, paid orders and sales: only for a role that reads orders or the ledger (`DASHBOARD_SALES_PERMISSIONS`), else absent. */
  orders_today: z.number().int().optional(),
  paid_orders_today: z.number().int().optional(),
  /** Paid today, per currency, in minor units. */
  sales: z.array(z.object({ currency: z.string(), total: z.number().int(), orders: z.number().int() })).optional(),
  /** New members today: only for a role that reads members, else absent. */
  new_members: z.number().int().optional(),
  /**
   * Waiting in each review queue now: after-sales cases waiting for an action of the operator's role (`AFTER_SALE_WAITING`), role applications to review, chats no agent has taken, feedback not answered.
   * Only the queues the operator's role may open (`DASHBOARD_QUEUE_PERMISSIONS`): the others are absent, never counted.
   */
  queues: z.object({
    realname: queueCount,
    cancellation: queueCount,
    recharges: queueCount,
    withdrawals: queueCount,
    orders_to_ship: queueCount,
    after_sales: queueCount,
    applications: queueCount,
    chats_waiting: queueCount,
    feedback: queueCount,
  } satisfies Record<DashboardQueue, z.ZodType>),
});

const reviewSort = sortQuery(['id', 'user_name', 'created_at', 'reviewed_at']);
/** A queue's member: part of the user name, or the member's number. */
const memberFilter = { q: z.string().trim().max(100).optional() };
export const realNameReviewQuery = pageQuery.extend({ status: z.enum(REVIEW_STATUSES).default('pending'), ...memberFilter, ...reviewSort });
export const realNameReviewSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  kind: z.enum(['mainland', 'international']),
  country: z.string(),
  document_type: z.string(),
  /** Whole, as kept (letters and digits, normalised): the reviewer compares it with the document. */
  document_number: z.string(),
  /**
   * Other accounts with a request for the same document number (its normalised key, whatever type of
   * document it was sent as), in any state: the reviewer is warned before approving a shared document.
   */
  same_document: z.array(z.object({ request_id: z.number().int(), user_id: z.number().int(), user_name: z.string(), document_type: z.string(), status: z.enum(REVIEW_STATUSES) })),
  surname: z.string(),
  given_name: z.string(),
  title: z.string().nullable(),
  birthday: z.string().nullable(),
  status: z.enum(REVIEW_STATUSES),
  reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export const reviewDecisionBody = z.object({ id, decision: z.enum(['approve', 'reject']), reason });
export const reviewDecisionData = z.object({ id: z.number().int(), user_id: z.number().int(), status: z.string() });

export const cancellationReviewQuery = pageQuery.extend({ status: z.enum(CANCELLATION_REVIEW_STATUSES).default('pending'), ...memberFilter, ...reviewSort });
export const cancellationReviewSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  status: z.enum(CANCELLATION_REVIEW_STATUSES),
  /** The member's money and points now, as the member is shown them: money left blocks closing, points are given up at it. */
  balances: closingBalancesSchema,
  reason: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});

export const MEMBER_STATUSES = ['active', 'banned', 'closed'] as const;
export const memberSearchQuery = pageQuery.extend({ q: z.string().trim().max(100).default(''), status: z.enum(MEMBER_STATUSES).optional(), ...sortQuery(['id', 'user_name', 'status', 'created_at']) });
export const memberSummarySchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  nickname: z.string().nullable(),
  /** The mobile number's country prefix (`60`), shown with it: a number is not whole without it. */
  mobile_pre: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  invite_code: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});
export const memberProfileData = memberSummarySchema.extend({
  true_name: z.string().nullable(),
  country: z.string().nullable(),
  referrer: z.object({ id: z.number().int(), user_name: z.string() }).nullable(),
  active_sessions: z.number().int(),
  /** The member's latest real-name request as decided (the document number masked), or null when none was made. */
  certification: z
    .object({
      id: z.number().int(),
      status: z.enum(REVIEW_STATUSES),
      kind: z.enum(['mainland', 'international']),
      country: z.string(),
      surname: z.string(),
      given_name: z.string(),
      document_type: z.string(),
      /** First and last characters only. */
      document_number: z.string(),
      birthday: z.string().nullable(),
      /** The pictures sent with the request (none when the flow asked for none). */
      evidence: z.array(z.string()),
      reason: z.string().nullable(),
      reviewed_by: z.string().nullable(),
      reviewed_at: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
  balances: z.array(z.object({ currency: z.string(), kind: z.string(), balance: z.number().int() })),
  orders: z.array(z.object({ id: z.number().int(), order_no: z.string(), status: z.string(), currency: z.string(), total: z.number().int(), created_at: z.string() })),
});
export const memberBanBody = z.object({ id, banned: z.boolean(), reason: z.string().trim().min(1, 'validation.required').max(300) });
export const memberBanData = z.object({ id: z.number().int(), status: z.string() });
export const memberSessionsBody = z.object({ id, reason: z.string().trim().min(1, 'validation.required').max(300) });
export const memberSessionsData = z.object({ id: z.number().int(), ended: z.number().int() });

export const auditQuery = pageQuery.extend({
  operator: z.string().trim().max(80).optional(),
  /** The start of the action's name (`realname`, `withdrawal.paid` …). */
  kind: z.string().trim().max(80).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  ...sortQuery(['created_at', 'operator', 'action']),
});
/** What an operator decision can be about: each audit entry's target type (its row's table), as the API records it. */
export const OPERATOR_ACTION_TARGETS = [
  'user', 'certification', 'cancellation', 'setting', 'exchange_rate', 'operator', 'withdrawal', 'recharge', 'bank', 'order', 'category', 'goods', 'sku',
  'group_buy', 'coupon', 'banner', 'news', 'notice', 'faq', 'agreement', 'popup', 'export', 'charity_cause', 'language_text', 'payment', 'approval',
  'feedback', 'feedback_category', 'chat', 'after_sale', 'placement', 'commission', 'pair_run', 'role_application', 'shop', 'shop_order', 'review', 'news_comment',
] as const;
export type OperatorActionTarget = (typeof OPERATOR_ACTION_TARGETS)[number];
export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().int(),
  reason: z.string().nullable(),
  /** `command_line`: the operator decided with an operator command (`npm run ops`), not in the console. */
  via: z.enum(['command_line']).nullable(),
  /** The entry's details as facts the console words in the operator's language; null for an entry recorded with its details as text (in `action`). */
  facts: auditFactsSchema.nullable(),
  created_at: z.string(),
});

/** Today's orders, sales per currency, new members, and what waits in each queue. */
export const adminDashboard = endpoint({ method: 'GET', path: '/admin/api/dashboard', auth: 'operator', permission: 'session', area: 'admin', data: dashboardData });
/** Real-name requests by state, oldest first. */
export const adminListRealNames = endpoint({ method: 'GET', path: '/admin/api/reviews/realname', auth: 'operator', permission: 'realname.review', area: 'admin', query: realNameReviewQuery, data: pageOf(realNameReviewSchema) });
/** Approves (sets the member's true name) or rejects (reason required) a pending real-name request. */
export const adminDecideRealName = endpoint({ method: 'POST', path: '/admin/api/reviews/realname/decide', auth: 'operator', permission: 'realname.review', area: 'admin', idempotent: true, body: reviewDecisionBody, data: reviewDecisionData });
/** Account-cancellation requests by state, oldest first. */
export const adminListCancellations = endpoint({ method: 'GET', path: '/admin/api/reviews/cancellation', auth: 'operator', permission: 'cancellation.review', area: 'admin', query: cancellationReviewQuery, data: pageOf(cancellationReviewSchema) });
/** Approves (the member then confirms by e-mail) or rejects (reason required) a pending cancellation. */
export const adminDecideCancellation = endpoint({ method: 'POST', path: '/admin/api/reviews/cancellation/decide', auth: 'operator', permission: 'cancellation.review', area: 'admin', idempotent: true, body: reviewDecisionBody, data: reviewDecisionData });
/** Members whose user name, mobile, e-mail or invite code matches, newest first. */
export const adminSearchMembers = endpoint({ method: 'GET', path: '/admin/api/members/search', auth: 'operator', permission: 'members.read', area: 'admin', query: memberSearchQuery, data: pageOf(memberSummarySchema) });
/** A member's profile, referrer, balances, latest orders and open sessions. */
export const adminMemberProfile = endpoint({ method: 'GET', path: '/admin/api/members/info', auth: 'operator', permission: 'members.read', area: 'admin', query: z.object({ id }), data: memberProfileData });
export const memberOrderSchema = z.object({ id: z.number().int(), order_no: z.string(), status: z.string(), currency: z.string(), total: z.number().int(), created_at: z.string(), paid_at: z.string().nullable() });
/** An order the member bought in a member shop (numbers start with M), as the support desk shows it beside the regular ones. */
export const memberShopOrderSchema = z.object({ id: z.number().int(), order_no: z.string(), shop_id: z.number().int(), shop_name: z.string(), status: z.string(), currency: z.string(), total: z.number().int(), created_at: z.string(), paid_at: z.string().nullable() });
/**
 * A member's orders, newest first, a page at a time; with the first page, their latest `limit`
 * member-shop orders as a buyer (`shop_orders`, empty on later pages).
 */
export const adminMemberOrders = endpoint({ method: 'GET', path: '/admin/api/members/orders', auth: 'operator', permission: 'members.read', area: 'admin', query: pageQuery.extend({ id }), data: pageOf(memberOrderSchema).extend({ shop_orders: z.array(memberShopOrderSchema) }) });
/** Bans (every session ends) or unbans a member, with a reason. */
export const adminBanMember = endpoint({ method: 'POST', path: '/admin/api/members/ban', auth: 'operator', permission: 'members.ban', area: 'admin', idempotent: true, body: memberBanBody, data: memberBanData });
/** Ends every session of a member (signed out everywhere), with a reason. */
export const adminEndMemberSessions = endpoint({ method: 'POST', path: '/admin/api/members/end-sessions', auth: 'operator', permission: 'members.ban', area: 'admin', idempotent: true, body: memberSessionsBody, data: memberSessionsData });
/** Operator decisions, newest first, by operator, kind and date. */
export const adminAuditLog = endpoint({ method: 'GET', path: '/admin/api/audit', auth: 'operator', permission: 'audit.read', area: 'admin', query: auditQuery, data: pageOf(auditEntrySchema) });

/** The lists above as CSV files (same filters and sort, every row). */
export const adminExportRealNames = exportOf(adminListRealNames);
export const adminExportCancellations = exportOf(adminListCancellations);
export const adminExportMembers = exportOf(adminSearchMembers);
export const adminExportAuditLog = exportOf(adminAuditLog);

export const consoleEndpoints = [
  adminDashboard, adminListRealNames, adminDecideRealName, adminListCancellations, adminDecideCancellation, adminSearchMembers, adminMemberProfile, adminMemberOrders, adminBanMember, adminEndMemberSessions, adminAuditLog,
  adminExportRealNames, adminExportCancellations, adminExportMembers, adminExportAuditLog,
  ...settingsEndpoints,
  ...charityConsoleEndpoints,
  ...supportConsoleEndpoints,
] as const;
