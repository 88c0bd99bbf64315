import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { SHOP_ORDER_STATUSES, sellNoteSchema, shopOrderSchema, shopStatus } from '../user-shop/user-shop.schemas.js';

// Member shops as operators see them: the shops with their stock, opening, pausing and closing a
// shop (closing refunds its open orders), stock adjustments (an addition waits for a second
// operator), deciding an audit an owner left, and the shop settings. Permission `shops.manage`.

const id = wholeNumber(1, 2_147_483_647);
const reason = z.string().trim().min(1).max(200);

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
  adjustments: z.array(z.object({ id: z.number().int(), sku_id: z.number().int(), delta: z.number().int(), stock_after: z.number().int(), cause: z.string(), reference: z.string(), reason: z.string(), actor: z.string(), created_at: z.string() })),
  orders: z.array(shopOrderSchema),
  /** The shop's latest sales slips. */
  slips: z.array(sellNoteSchema),
});
/**
 * Shop orders across shops for the operators' oversight: by state, or `owner_away` (awaiting an audit
 * its owner cannot give: banned, or no longer a shop owner), `all`; by order number, shop or buyer.
 */
export const adminShopOrdersQuery = pageQuery.extend({
  status: z.enum([...SHOP_ORDER_STATUSES, 'owner_away', 'all']).default('awaiting_audit'),
  q: z.string().trim().max(50).optional(),
  shop_id: id.optional(),
});
export const adminShopOrderSchema = shopOrderSchema.extend({ owner_id: z.number().int(), owner_user_name: z.string(), owner_status: z.string(), owner_away: z.boolean() });
export const adminShopOrdersData = pageOf(adminShopOrderSchema);
export const adminShopStatusBody = z.object({ id, status: shopStatus, reason });
export const adminShopStatusData = z.object({ id: z.number().int(), status: shopStatus, refunded_orders: z.number().int(), closed_orders: z.number().int() });
export const adminShopStockBody = z.object({ shop_id: id, sku_id: id, delta: wholeNumber(-100_000, 100_000).refine((d) => d !== 0, 'validation.invalid'), reason });
/** A removal is made at once (`stock`); an addition waits for a second operator (`approval_id`). */
export const adminShopStockData = z.object({ stock: z.number().int().nullable(), approval_id: z.number().int().nullable() });
export const adminShopAuditBody = z.object({ id, decision: z.enum(['approve', 'reject']), reason });
export const adminShopAuditData = z.object({ id: z.number().int(), status: z.string() });
/** The fee, the audit hours, the payment minutes and the price band (basis points below and above the platform's price an owner may set). */
export const adminShopSettingsData = z.object({ fee_bp: z.number().int(), audit_hours: z.number().int(), payment_minutes: z.number().int(), price_below_bp: z.number().int(), price_above_bp: z.number().int(), updated_by: z.string(), updated_at: z.string() });
export const adminShopSettingsBody = z.object({
  fee_bp: wholeNumber(0, 10_000),
  audit_hours: wholeNumber(1, 720),
  payment_minutes: wholeNumber(5, 1440),
  price_below_bp: wholeNumber(0, 9_000).default(0),
  price_above_bp: wholeNumber(0, 10_000).default(0),
  reason,
});

const c = { auth: 'operator', permission: 'shops.manage', area: 'admin' } as const;
/** Member shops, newest first, by state or name. */
export const adminListShops = endpoint({ method: 'GET', path: '/admin/api/shops/list', ...c, query: adminShopListQuery, data: adminShopListData });
/** One shop with its stock, its latest stock changes and orders. */
export const adminShopDetail = endpoint({ method: 'GET', path: '/admin/api/shops/info', ...c, query: adminShopDetailQuery, data: adminShopDetailData });
/** Shop orders across shops by state (`owner_away`: audits their owner cannot give), newest first. */
export const adminListShopOrders = endpoint({ method: 'GET', path: '/admin/api/shops/orders', ...c, query: adminShopOrdersQuery, data: adminShopOrdersData });
/** Opens, pauses or closes a shop with a reason; closing refunds its paid orders awaiting audit and closes its unpaid ones. */
export const adminSetShopStatus = endpoint({ method: 'POST', path: '/admin/api/shops/status', ...c, idempotent: true, body: adminShopStatusBody, data: adminShopStatusData });
/** Adjusts a shop's stock of an SKU with a reason (never below zero; an addition waits for a second operator). */
export const adminAdjustShopStock = endpoint({ method: 'POST', path: '/admin/api/shops/stock', ...c, idempotent: true, body: adminShopStockBody, data: adminShopStockData });
/** Decides the audit of a paid shop order an owner left (a banned owner's, an owner away). */
export const adminDecideShopOrder = endpoint({ method: 'POST', path: '/admin/api/shops/orderAuth', ...c, idempotent: true, body: adminShopAuditBody, data: adminShopAuditData });
export const adminShopSettings = endpoint({ method: 'GET', path: '/admin/api/shops/settings', ...c, data: adminShopSettingsData });
/** Saves the platform's fee on owners' earnings, the audit hours, the payment minutes and the price band. */
export const adminSetShopSettings = endpoint({ method: 'POST', path: '/admin/api/shops/settings', ...c, idempotent: true, body: adminShopSettingsBody, data: adminShopSettingsData });

export const shopsConsoleEndpoints = [adminListShops, adminShopDetail, adminListShopOrders, adminSetShopStatus, adminAdjustShopStock, adminDecideShopOrder, adminShopSettings, adminSetShopSettings] as const;
