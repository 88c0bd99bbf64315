import { z } from 'zod';
import { freeText } from '../common/text.js';
import { endpoint } from '../common/endpoint.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { idParam } from '../catalogue/catalogue.schemas.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';
import { ORDER_STATUSES, orderChangedData, orderInfoData, packageSchema } from './orders.schemas.js';
import { charityCauseSchema, createCauseBody } from './charity.schemas.js';
import { approvalOutcomeOf, approvalRequestSchema } from '../admin/approvals.js';

// Operator calls of the orders area (under /admin/api/): list and ship orders, tracking events,
// reminders, and the settings checkout and expiry use.

const minor = z.number().int();

/** Where a package's events come from: operators (`manual`) or a tracking provider. */
export const TRACKING_PROVIDERS = ['manual', 'kuaidi100', '17track'] as const;

export const adminOrderListQuery = pageQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  /** Part of the order number, or the member's name or number. */
  q: z.string().trim().max(100).optional(),
  ...sortQuery(['id', 'total', 'status', 'created_at', 'paid_at', 'last_reminded_at']),
});
export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  user_id: z.number().int(),
  /** The member's user name, as operators know members. */
  user_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  total: minor,
  created_at: z.string(),
  paid_at: z.string().nullable(),
  last_reminded_at: z.string().nullable(),
});
/** One step of an order's history: its kind (`created`, `refund_requested`, `package_shipped`, a state entered …), the states, who (`<kind>:<id>`) and, for an operator, their name as decisions record it (`name#id`). */
export const adminOrderEventSchema = z.object({ kind: z.string(), from_status: z.string().nullable(), to_status: z.string().nullable(), actor: z.string(), operator: z.string().nullable(), reason: z.string(), at: z.string() });
export const adminOrderInfoData = orderInfoData.extend({
  user_id: z.number().int(),
  user_name: z.string(),
  /** The packages shipped so far, with their lines and newest event. */
  packages: z.array(packageSchema),
  events: z.array(adminOrderEventSchema),
  /** The request to cancel and refund this paid order that waits for an operator who decides refunds; null when none waits. */
  cancel_request: approvalRequestSchema.nullable(),
});

export const shipOrderBody = z.object({
  order_id: idParam,
  carrier: z.string().trim().min(1).max(60),
  tracking_number: z.string().trim().min(4).max(60).regex(/^[A-Za-z0-9-]+$/, 'validation.invalid'),
  tracking_provider: z.enum(TRACKING_PROVIDERS).default('manual'),
  /** What the package holds; without it, everything not shipped yet. A package with nothing in it (no line, a line of 0) is refused, never read as "the rest". */
  lines: z.array(z.object({ order_line_id: idParam, num: z.number().min(1, 'orders.validation.packageEmpty').max(9999).int() })).min(1, 'orders.validation.packageEmpty').max(100).optional(),
});
export const shipOrderData = z.object({ package_id: z.number().int(), order_id: z.number().int(), order_status: z.enum(ORDER_STATUSES) });

export const adminCancelOrderBody = z.object({ id: idParam, reason: freeText(200).min(1, 'validation.required') });

export const trackingEventBody = z.object({
  package_id: idParam,
  /** When it happened; default now. */
  time: z.iso.datetime({ offset: true }).optional(),
  place: freeText(120).default(''),
  text: freeText(300).min(1),
  /** The parcel reached the member. */
  delivered: z.boolean().default(false),
});
export const trackingEventData = z.object({ package_id: z.number().int(), added: z.number().int(), delivered: z.boolean() });

export const reminderListData = z.object({
  list: z.array(z.object({ order_id: z.number().int(), order_no: z.string(), user_id: z.number().int(), reminded_at: z.string(), paid_at: z.string().nullable() })),
});

export const orderSettingsBody = z
  .object({
    /** Minutes an order may stay unpaid before it closes. */
    expiry_minutes: z.number().min(1).max(10080).int().optional(),
    /** Days after the last shipment or delivery before an unconfirmed order completes. */
    auto_confirm_days: z.number().min(1).max(90).int().optional(),
    /** Days after completion before an order settles; never before its after-sales window closes. */
    settle_after_days: z.number().min(0).max(365).int().optional(),
  })
  .refine((b) => b.expiry_minutes !== undefined || b.auto_confirm_days !== undefined || b.settle_after_days !== undefined, { message: 'validation.required', path: ['expiry_minutes'] });
export const orderSettingsData = z.object({ expiry_minutes: z.number().int(), auto_confirm_days: z.number().int(), settle_after_days: z.number().int(), updated_by: z.string(), updated_at: z.string() });

export const pointsSettings = z.object({
  /** Points worth one major unit of an order's currency. */
  points_per_unit: z.number().min(1).max(1_000_000).int(),
  /** Shopping points worth one major unit of an order's currency. */
  shopping_points_per_unit: z.number().min(1).max(1_000_000).int(),
  /** The largest share of the goods (after the coupon) points may pay, in basis points. */
  points_max_share_bp: z.number().min(0).max(10000).int(),
  /** Points a completed order earns as a share of the goods paid in money, in basis points (goods with their own rule excepted). */
  earn_rate_bp: z.number().min(0).max(10000).int(),
});
export const pointsSettingsBody = pointsSettings.partial().refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'validation.required', path: ['points_per_unit'] });
export const pointsSettingsData = pointsSettings.extend({ updated_by: z.string() });
/** A change saved: the settings now, and the request of what makes points worth more (a second operator approves it; null when there was none). */
export const pointsSettingsSavedData = pointsSettingsData.extend({ request: approvalRequestSchema.nullable() });
/**
 * Points every unit of a goods item earns on a completed order, instead of the percentage; null gives it
 * the percentage again. A raise is a request a second operator approves, so it needs the reason.
 */
export const goodsPointsBody = z.object({ goods_id: idParam, points_per_unit: z.number().min(0).max(100_000_000).int().nullable(), reason: z.string().trim().max(200).default('') });
/** The rule in force now, and the request when the change (a raise) waits for a second operator. */
export const goodsPointsData = z.object({ ok: z.literal(true), points_per_unit: z.number().int().nullable(), request: approvalRequestSchema.nullable() });

const countryCode = z.string().regex(/^[A-Z]{2}$/, 'validation.invalid');
// Each freight or fee row is saved whole from the copy the form read: `base_updated_at` is that row's
// `updated_at` as read, left out when the copy had no row for it (a new one). Changed since, added
// meanwhile or removed since: refused (4020), nothing written.
export const operatingFeeBody = z.object({ country_code: countryCode, rate_bp: z.number().min(0).max(10000).int(), base_updated_at: baseUpdatedAt });
export const shippingFeeBody = z.object({
  country_code: countryCode,
  base_updated_at: baseUpdatedAt,
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.invalid'),
  fee: minor.min(0).max(100_000_000),
  free_over: minor.min(0).max(100_000_000_000).nullable().default(null),
});
const ok = z.object({ ok: z.literal(true) });

/** Orders by state, newest first. */
export const adminListOrders = endpoint({ method: 'GET', path: '/admin/api/orders/list', auth: 'operator', permission: 'orders.read', area: 'admin', query: adminOrderListQuery, data: pageOf(adminOrderSummarySchema) });
/** The order list as a CSV file (same filters and sort, every row). */
export const adminExportOrders = exportOf(adminListOrders);
/** One order with everything that happened to it. */
export const adminGetOrder = endpoint({ method: 'GET', path: '/admin/api/orders/info', auth: 'operator', permission: 'orders.read', area: 'admin', query: z.object({ id: idParam }), data: adminOrderInfoData });
/** Ships (part of) a paid order in one package; the order is shipped once every unit is. */
export const adminShipOrder = endpoint({ method: 'POST', path: '/admin/api/orders/ship', auth: 'operator', permission: 'orders.fulfil', area: 'admin', body: shipOrderBody, data: shipOrderData });
/**
 * Cancels an order with a reason: unpaid → cancelled; paid and not shipped → refunding (refunded in full
 * by the payments area). An operator whose role does not decide refunds asks for a paid one: the order
 * stays paid and `request` is what waits for an operator who does (null when the order moved now).
 */
export const adminCancelOrder = endpoint({ method: 'POST', path: '/admin/api/orders/cancel', auth: 'operator', permission: 'orders.fulfil', area: 'admin', idempotent: true, body: adminCancelOrderBody, data: orderChangedData.extend({ request: approvalRequestSchema.nullable() }) });
/** Adds a tracking event to a package (manual tracking). */
export const adminAddTrackingEvent = endpoint({ method: 'POST', path: '/admin/api/orders/tracking-event', auth: 'operator', permission: 'orders.fulfil', area: 'admin', body: trackingEventBody, data: trackingEventData });
/** Paid orders whose members asked for them to be shipped, newest reminder first. */
export const adminOrderReminders = endpoint({ method: 'GET', path: '/admin/api/orders/reminders', auth: 'operator', permission: 'orders.read', area: 'admin', data: reminderListData });
/** How long an order may stay unpaid, and when unconfirmed orders complete. */
export const adminSetOrderSettings = endpoint({ method: 'POST', path: '/admin/api/orders/settings', auth: 'operator', permission: 'settings.write', area: 'admin', body: orderSettingsBody, data: orderSettingsData });
/** What points are worth at checkout, the share of the goods they may pay, and what completed orders earn. */
export const adminSetPointsSettings = endpoint({ method: 'POST', path: '/admin/api/orders/points-settings', auth: 'operator', permission: 'settings.write', area: 'admin', body: pointsSettingsBody, data: pointsSettingsSavedData });
/** Points each unit of a goods item earns on a completed order (null: the percentage again): lowered or removed at once, raised when a second operator approves. */
export const adminSetGoodsPoints = endpoint({ method: 'POST', path: '/admin/api/orders/goods-points', auth: 'operator', permission: 'settings.write', area: 'admin', body: goodsPointsBody, data: goodsPointsData });
/** The global operating fee of a destination country (basis points of the subtotal). */
export const adminSetOperatingFee = endpoint({ method: 'POST', path: '/admin/api/orders/operating-fee', auth: 'operator', permission: 'settings.write', area: 'admin', body: operatingFeeBody, data: ok });
/** Freight of regular orders to a country, free from a subtotal when set. */
export const adminSetShippingFee = endpoint({ method: 'POST', path: '/admin/api/orders/shipping-fee', auth: 'operator', permission: 'settings.write', area: 'admin', body: shippingFeeBody, data: ok });

/** Publishes a charity cause members can pledge to. */
export const adminCreateCharityCause = endpoint({ method: 'POST', path: '/admin/api/charity/causes', auth: 'operator', permission: 'settings.write', area: 'admin', body: createCauseBody, data: charityCauseSchema });

export const internationalFreightBody = z.object({
  country_code: countryCode,
  /** The band's `updated_at` as the form read it (by country, method, currency and starting weight); left out for a new band. */
  base_updated_at: baseUpdatedAt,
  method: z.enum(['standard', 'express']),
  weight_from_g: z.number().min(0).max(1_000_000).int(),
  weight_to_g: z.number().min(1).max(1_000_000).int(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.invalid'),
  fee: minor.min(0).max(100_000_000),
});
/** One weight band of the international freight table (replaces the band starting at the same weight). */
export const adminSetInternationalFreight = endpoint({ method: 'POST', path: '/admin/api/orders/international-freight', auth: 'operator', permission: 'settings.write', area: 'admin', body: internationalFreightBody, data: ok });

export const groupBuyActivityBody = z.object({
  goods_id: idParam,
  sku_id: idParam,
  group_size: z.number().min(2).max(100).int(),
  fill_hours: z.number().min(1).max(720).int(),
  starts_at: z.iso.datetime({ offset: true }),
  ends_at: z.iso.datetime({ offset: true }),
  /** More than 0 and below the SKU's own price; below half of it, a second operator approves the group buy first. */
  price: minor.min(1, 'admin.validation.priceAboveZero'),
  per_order_limit: z.number().min(1).max(99).int().default(1),
  per_member_limit: z.number().min(1).max(999).int().default(1),
  /** Units taken from the SKU's stock for the activity. */
  quantity: z.number().min(1).max(1_000_000).int(),
  virtual_fill_percent: z.number().min(0).max(100).int().default(0),
  /** Why: required when the price is below half the SKU's price (a second operator reads it). */
  reason: z.string().trim().max(200).default(''),
});
/**
 * Sets up a group-buy activity on an SKU, setting its units aside (`id`). One priced below half the
 * SKU's price is value given away: it waits for a second operator (`request`, pending; `id` null),
 * as a coupon does, and its units are set aside when it is approved.
 */
export const adminCreateGroupBuy = endpoint({ method: 'POST', path: '/admin/api/orders/group-buys', auth: 'operator', permission: 'catalogue.write', area: 'admin', idempotent: true, body: groupBuyActivityBody, data: z.object({ id: z.number().int().nullable(), request: approvalRequestSchema.nullable() }) });

export const couponBody = z
  .object({
    code: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9-]+$/, 'validation.invalid'),
    kind: z.enum(['amount', 'percent']),
    /** `amount`: minor units off. */
    amount: minor.min(1).optional(),
    /** `percent`: basis points off (1000 = 10 %). */
    percent_bp: z.number().min(1).max(10000).int().optional(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'validation.invalid'),
    min_spend: minor.min(0).default(0),
    starts_at: z.iso.datetime({ offset: true }),
    ends_at: z.iso.datetime({ offset: true }),
    per_member_limit: z.number().min(1).max(1000).int().default(1),
    total_limit: z.number().int().min(1).nullable().default(null),
    /** Why the shop gives this discount: a second operator reads it before the coupon exists. */
    reason: z.string().trim().min(1, 'validation.required').max(200),
  })
  .refine((c) => (c.kind === 'amount' ? c.amount !== undefined : c.percent_bp !== undefined), { message: 'validation.required', path: ['amount'] });
/** Issues a coupon code. */
export const adminCreateCoupon = endpoint({ method: 'POST', path: '/admin/api/orders/coupons', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: couponBody, data: approvalOutcomeOf(z.object({ id: z.number().int() })) });

/** Why an operator ends a coupon or a group buy early (kept with the decision). */
export const endEarlyBody = z.object({ id: idParam, reason: z.string().trim().min(1, 'validation.required').max(200) });
/** Ends a coupon now: it takes no more orders (orders placed with it keep their discount). */
export const adminEndCoupon = endpoint({ method: 'POST', path: '/admin/api/orders/coupons/end', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: endEarlyBody, data: z.object({ id: z.number().int(), ends_at: z.string() }) });
/**
 * Ends a group buy now: no new orders or groups. Its open groups can get no one new, so they are
 * decided at once as at their deadline: filled virtually where the activity allows
 * (`filled_groups`), else failed (`failed_groups`), their paid orders refunded in full
 * (`refunded_orders`) and unpaid ones cancelled (`cancelled_orders`). `returned` counts every unit
 * back in the SKU's stock now: those it still holds and those of the orders refunded or cancelled
 * (a refund completed later gives none back again).
 */
export const adminEndGroupBuy = endpoint({
  method: 'POST',
  path: '/admin/api/orders/group-buys/end',
  auth: 'operator',
  permission: 'catalogue.write',
  area: 'admin',
  idempotent: true,
  body: endEarlyBody,
  data: z.object({
    id: z.number().int(),
    ends_at: z.string(),
    returned: z.number().int(),
    failed_groups: z.number().int(),
    filled_groups: z.number().int(),
    refunded_orders: z.number().int(),
    cancelled_orders: z.number().int(),
  }),
});

export const orderAdminEndpoints = [adminCreateCoupon, adminEndCoupon, adminCreateGroupBuy, adminEndGroupBuy, adminCreateCharityCause, adminSetInternationalFreight, adminListOrders, adminExportOrders, adminGetOrder, adminShipOrder, adminCancelOrder, adminAddTrackingEvent, adminOrderReminders, adminSetOrderSettings, adminSetPointsSettings, adminSetGoodsPoints, adminSetOperatingFee, adminSetShippingFee] as const;
