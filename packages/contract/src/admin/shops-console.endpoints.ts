import { z } from 'zod';
import { freeText } from '../common/text.js';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { approvalRequestSchema } from './approvals.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';
import { AFTER_SALE_KINDS, AFTER_SALE_STATUSES } from '../after-sales/after-sales.schemas.js';
import { SHOP_ORDER_STATUSES, sellNoteSchema, shopOrderEventSchema, shopOrderSchema, shopStatus } from '../user-shop/user-shop.schemas.js';

// Member shops as operators see them: the shops with their stock, opening, pausing and closing a
// shop (closing refunds its open orders), stock adjustments (an addition waits for a second
// operator), deciding an audit an owner left, and the shop settings (a change of the fee or the price
// band waits for a second operator). Permission `shops.manage`.

const id = wholeNumber(1, 2_147_483_647);
/** A reason an owner or buyer may read: `freeText`'s rule (no controls that turn text around, nothing blank). */
const reason = freeText(200).min(1);

export const adminShopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  owner_id: z.number().int(),
  owner_user_name: z.string(),
  owner_status: z.string(),
  status: shopStatus,
  status_reason: z.string(),
  created_at: z.string(),
});
export const adminShopListQuery = pageQuery.extend({ status: shopStatus.optional(), q: z.string().trim().max(50).optional() });
export const adminShopListData = pageOf(adminShopSchema);
export const adminShopDetailQuery = z.object({ id });
export const adminShopDetailData = adminShopSchema.extend({
  stock: z.array(z.object({ sku_id: z.number().int(), goods_id: z.number().int(), name: z.string(), stock: z.number().int() })),
  orders: z.array(shopOrderSchema),
  /** The shop's latest sales slips. */
  slips: z.array(sellNoteSchema),
});
/**
 * Shop orders across shops for the operators' oversight: by state, or `owner_away` (awaiting an audit,
 * approved or ready for pickup, while its owner cannot act: banned, no longer a shop owner, or the shop
 * closed), `all`; by order number, shop or buyer; of one shop, or of one buyer (a member's page).
 */
export const adminShopOrdersQuery = pageQuery.extend({
  status: z.enum([...SHOP_ORDER_STATUSES, 'owner_away', 'all']).default('awaiting_audit'),
  q: z.string().trim().max(50).optional(),
  shop_id: id.optional(),
  buyer_id: id.optional(),
});
export const adminShopOrderSchema = shopOrderSchema.extend({ owner_id: z.number().int(), owner_user_name: z.string(), owner_status: z.string(), owner_away: z.boolean() });
export const adminShopOrdersData = pageOf(adminShopOrderSchema);
export const adminShopOrderDetailQuery = z.object({ id });
/** A step of a shop order's history as operators read it: `by` the buyer, the owner, an operator (named `name#id`), a job or the system. */
export const adminShopOrderEventSchema = shopOrderEventSchema.extend({ operator: z.string().nullable() });
/** An after-sales case of the order: the refund approved, and what went back (with the card surcharge) once refunded. */
export const adminShopOrderCaseSchema = z.object({
  id: z.number().int(),
  case_no: z.string(),
  kind: z.enum(AFTER_SALE_KINDS),
  status: z.enum(AFTER_SALE_STATUSES),
  refund: z.number().int().nullable(),
  refunded: z.number().int().nullable(),
  refunded_at: z.string().nullable(),
});
/**
 * What the oversight's row does not carry: the order's history, the platform's fee rate as the order
 * records it, the fee and the owner's earnings as it settled (null before; `settles_at` while it
 * waits), when its rejection refunded it in full, and its after-sales cases with their refunds.
 */
export const adminShopOrderDetailData = z.object({
  id: z.number().int(),
  events: z.array(adminShopOrderEventSchema),
  fee_bp: z.number().int().nullable(),
  fee: z.number().int().nullable(),
  earnings: z.number().int().nullable(),
  settles_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refunds: z.array(adminShopOrderCaseSchema),
});
/** Who made a stock change: the shop's owner or another member (user name), an operator (`name#id`), the system, a job or a gateway (its name). */
export const stockChangeMakerSchema = z.object({ kind: z.enum(['owner', 'member', 'operator', 'system', 'job', 'provider']), name: z.string() });
export const adminShopStockChangesQuery = pageQuery.extend({ shop_id: id });
export const adminShopStockChangeSchema = z.object({ id: z.number().int(), sku_id: z.number().int(), delta: z.number().int(), stock_after: z.number().int(), cause: z.string(), reference: z.string(), reason: z.string(), made_by: stockChangeMakerSchema, created_at: z.string() });
export const adminShopStockChangesData = pageOf(adminShopStockChangeSchema);
export const adminShopStatusBody = z.object({ id, status: shopStatus, reason });
export const adminShopStatusData = z.object({ id: z.number().int(), status: shopStatus, refunded_orders: z.number().int(), closed_orders: z.number().int() });
export const adminShopStockBody = z.object({ shop_id: id, sku_id: id, delta: wholeNumber(-100_000, 100_000).refine((d) => d !== 0, 'validation.invalid'), reason });
/** A removal is made at once (`stock`); an addition waits for a second operator (`approval_id`). */
export const adminShopStockData = z.object({ stock: z.number().int().nullable(), approval_id: z.number().int().nullable() });
/**
 * `approve` / `reject`: the audit an owner left (awaiting audit). `refund`: an approved or ready-for-pickup
 * order its owner does not serve, rejected and refunded in full, its units back in the shop's stock.
 */
export const adminShopAuditBody = z.object({ id, decision: z.enum(['approve', 'reject', 'refund']), reason });
export const adminShopAuditData = z.object({ id: z.number().int(), status: z.string() });
/**
 * The fee, the audit hours, the payment minutes and the price band (basis points below and above the
 * platform's price an owner may set), and the change of the fee or the band waiting for a second operator.
 */
export const adminShopSettingsData = z.object({
  fee_bp: z.number().int(),
  audit_hours: z.number().int(),
  payment_minutes: z.number().int(),
  price_below_bp: z.number().int(),
  price_above_bp: z.number().int(),
  updated_by: z.string(),
  updated_at: z.string(),
  pending: approvalRequestSchema.nullable(),
});
/** The settings saved whole: `base_updated_at` is `updated_at` as the form read it (from a copy changed since: refused, 4020, no request and nothing written). */
export const adminShopSettingsBody = z.object({
  base_updated_at: baseUpdatedAt,
  fee_bp: wholeNumber(0, 10_000),
  audit_hours: wholeNumber(1, 720),
  payment_minutes: wholeNumber(5, 1440),
  price_below_bp: wholeNumber(0, 9_000).default(0),
  price_above_bp: wholeNumber(0, 10_000).default(0),
  reason,
});
/** The settings after the call, and the request it made (or the same one already waiting) when the fee or the band differ: null when neither does. */
export const adminSetShopSettingsData = adminShopSettingsData.extend({ request: approvalRequestSchema.nullable() });

const c = { auth: 'operator', permission: 'shops.manage', area: 'admin' } as const;
/** Member shops, newest first, by state or name. */
export const adminListShops = endpoint({ method: 'GET', path: '/admin/api/shops/list', ...c, query: adminShopListQuery, data: adminShopListData });
/** One shop with its stock, its latest stock changes and orders. */
export const adminShopDetail = endpoint({ method: 'GET', path: '/admin/api/shops/info', ...c, query: adminShopDetailQuery, data: adminShopDetailData });
/** Shop orders across shops by state (`owner_away`: audits their owner cannot give), newest first. */
export const adminListShopOrders = endpoint({ method: 'GET', path: '/admin/api/shops/orders', ...c, query: adminShopOrdersQuery, data: adminShopOrdersData });
/** One shop order's history, fee, earnings and refunds (the oversight's drawer). */
export const adminShopOrderDetail = endpoint({ method: 'GET', path: '/admin/api/shops/orderInfo', ...c, query: adminShopOrderDetailQuery, data: adminShopOrderDetailData });
/** A shop's stock changes, newest first, with who made each. */
export const adminListShopStockChanges = endpoint({ method: 'GET', path: '/admin/api/shops/stockChanges', ...c, query: adminShopStockChangesQuery, data: adminShopStockChangesData });
/** Opens, pauses or closes a shop with a reason; closing refunds its paid orders awaiting audit and closes its unpaid ones. */
export const adminSetShopStatus = endpoint({ method: 'POST', path: '/admin/api/shops/status', ...c, idempotent: true, body: adminShopStatusBody, data: adminShopStatusData });
/** Adjusts a shop's stock of an SKU with a reason (never below zero; an addition waits for a second operator). */
export const adminAdjustShopStock = endpoint({ method: 'POST', path: '/admin/api/shops/stock', ...c, idempotent: true, body: adminShopStockBody, data: adminShopStockData });
/** Decides the audit of a paid shop order an owner left (a banned owner's, an owner away), or refunds an approved one its owner does not serve. */
export const adminDecideShopOrder = endpoint({ method: 'POST', path: '/admin/api/shops/orderAuth', ...c, idempotent: true, body: adminShopAuditBody, data: adminShopAuditData });
export const adminShopSettings = endpoint({ method: 'GET', path: '/admin/api/shops/settings', ...c, data: adminShopSettingsData });
/**
 * Saves the audit hours and the payment minutes at once; a change of the platform's fee on owners'
 * earnings or of the price band is a request a second operator approves.
 */
export const adminSetShopSettings = endpoint({ method: 'POST', path: '/admin/api/shops/settings', ...c, idempotent: true, body: adminShopSettingsBody, data: adminSetShopSettingsData });

export const shopsConsoleEndpoints = [adminListShops, adminShopDetail, adminListShopOrders, adminShopOrderDetail, adminListShopStockChanges, adminSetShopStatus, adminAdjustShopStock, adminDecideShopOrder, adminShopSettings, adminSetShopSettings] as const;
