import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { idParam, PROMOTION_STATES } from '../catalogue/catalogue.schemas.js';
import { CART_LINE_MAX, CART_LINE_PROBLEMS, CART_MAX_LINES } from '../cart/cart.schemas.js';
import { payProofFields } from '../payments/payments.schemas.js';
import { AFTER_SALE_REFUND_DESTINATIONS } from '../after-sales/after-sales.schemas.js';

/** Integer minor units of `currency` (money is integers). */
const minor = z.number().int();
/** The most points one request may name. */
export const POINTS_MAX = 1_000_000_000_000;
const stamp = z.string();

/**
 * An order's life: awaiting payment → paid (to be shipped) → shipped (to be received) → completed;
 * cancelled by the member or an operator; closed when unpaid past its time; refunding → refunded.
 */
export const ORDER_STATUSES = ['awaiting_payment', 'paid', 'shipped', 'completed', 'cancelled', 'closed', 'refunding', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** The tabs of the order list. */
export const ORDER_VIEWS = ['all', 'unpaid', 'to_ship', 'to_receive', 'after_sales'] as const;
export type OrderView = (typeof ORDER_VIEWS)[number];
export const ORDER_KINDS = ['regular', 'group_buy', 'international'] as const;
/** The longest remark a member may leave on an order (spec: textarea max length). */
export const ORDER_REMARKS_MAX = 140;

/** Comma-separated ids in a query string (`3,5,8`). */
const idList = z
  .string()
  .trim()
  .max(1000)
  .regex(/^\d+(,\d+)*$/, 'validation.invalid')
  .transform((s) => [...new Set(s.split(',').map(Number))])
  .refine((ids) => ids.length <= CART_MAX_LINES && ids.every((id) => id >= 1 && id <= 2_147_483_647), 'validation.invalid');

export const addressSnapshotSchema = z.object({
  name: z.string(),
  surname: z.string(),
  mobile_pre: z.string(),
  mobile: z.string(),
  email: z.string(),
  country_code: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
  house_number: z.string(),
  zip_code: z.string(),
});
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

// ---------------------------------------------------------------- checkout

/**
 * What is being bought: an SKU bought at once (`sku_id` with `goods_id` and `num`), or the cart's
 * lines (`cart_ids`, else every selected line).
 */
const checkoutSource = {
  cart_ids: idList.optional(),
  goods_id: idParam.optional(),
  sku_id: idParam.optional(),
  num: wholeNumber(1, CART_LINE_MAX, 'validation.invalid').optional(),
};

export const checkoutQuery = z.object({
  ...checkoutSource,
  /** The member's address to ship to; without it, their default address. */
  address_id: idParam.optional(),
  coupon_code: z.string().trim().min(1).max(40).optional(),
  /** Points and shopping points the member wants to spend (at most what the order can take). */
  points: wholeNumber(0, POINTS_MAX, 'validation.invalid').optional(),
  shopping_points: wholeNumber(0, POINTS_MAX, 'validation.invalid').optional(),
});

export const checkoutLineSchema = z.object({
  /** The cart line it comes from; null for a buy-now SKU. */
  cart_id: z.number().int().nullable(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  price: minor,
  num: z.number().int(),
  line_total: minor,
  available: z.boolean(),
  problem: z.enum(CART_LINE_PROBLEMS).nullable(),
  /** Units of the SKU left now (what a line short of stock can still have). */
  stock: z.number().int().default(0),
  /** The price of one unit when the line was put in the cart; null for a buy-now SKU. */
  added_price: minor.nullable().default(null),
  /** The price changed since the line was put in the cart (the line is still bought, at `price`). */
  price_changed: z.boolean().default(false),
});

export const amountsSchema = z.object({
  currency: z.string(),
  subtotal: minor,
  coupon_discount: minor,
  /** The global operating fee's share of the subtotal at the destination, in basis points (250 = 2.5 %). */
  operating_fee_rate: z.number().int(),
  operating_fee: minor,
  freight: minor,
  points_used: z.number().int(),
  points_value: minor,
  shopping_points_used: z.number().int().default(0),
  shopping_points_value: minor.default(0),
  total: minor,
});

/** One kind of points as checkout offers it. */
export const pointsOfferSchema = z.object({
  /** The member's balance now. */
  balance: z.number().int(),
  /** How many are worth one major unit of the order's currency. */
  per_unit: z.number().int(),
  /** The most this order can take of them. */
  max: z.number().int(),
});
const noPointsOffer = { balance: 0, per_unit: 100, max: 0 };

export const checkoutData = amountsSchema.extend({
  lines: z.array(checkoutLineSchema),
  address: addressSnapshotSchema.extend({ id: z.number().int() }).nullable(),
  /** Every line can be bought and an address is chosen. */
  can_submit: z.boolean(),
  /** What the member can spend of each kind of points on this order. */
  points_offer: z.object({ points: pointsOfferSchema, shopping_points: pointsOfferSchema }).default({ points: noPointsOffer, shopping_points: noPointsOffer }),
  /** Points the order will earn when it completes. */
  points_earned: z.number().int().default(0),
});
export type CheckoutData = z.infer<typeof checkoutData>;

/**
 * The total the member saw and agreed to (minor units of the order's currency, as the preview
 * answered it): when given and the order would cost anything else now, it is refused with
 * `priceChanged` and nothing is placed.
 */
export const expectedTotalField = z.number().int('validation.invalid').min(0).optional();

export const createOrderBody = z.object({
  cart_ids: z.array(idParam).min(1).max(CART_MAX_LINES).optional(),
  goods_id: idParam.optional(),
  sku_id: idParam.optional(),
  num: z.number().min(1).max(CART_LINE_MAX).int('validation.invalid').optional(),
  address_id: idParam,
  remarks: freeText(ORDER_REMARKS_MAX).default(''),
  coupon_code: z.string().trim().min(1).max(40).optional(),
  /** Points and shopping points to spend: held at once, spent when the order is paid, given back if it ends unpaid. */
  points: z.number().min(0).max(POINTS_MAX).int('validation.invalid').default(0),
  shopping_points: z.number().min(0).max(POINTS_MAX).int('validation.invalid').default(0),
  /** Needed when points or shopping points are asked for: they are the wallet's value (checked before anything is held). */
  ...payProofFields,
  expected_total: expectedTotalField,
});
export const createOrderData = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: minor,
  currency: z.string(),
  /** Unpaid by then, the order closes and its goods go back on sale. */
  expires_at: stamp,
});

// ---------------------------------------------------------------- orders

export const orderLineSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  price: minor,
  num: z.number().int(),
  line_total: minor,
  shipped_num: z.number().int(),
  /** The PV of one unit when the order was placed, and of the whole line (what the sale adds to the team's performance). */
  pv: z.number().int().default(0),
  line_pv: z.number().int().default(0),
  /** Units of the line sent back through after-sales and refunded: the member no longer holds them. */
  returned_num: z.number().int().default(0),
});

/** What the member can do with the order now. */
export const orderActionsSchema = z.object({
  can_cancel: z.boolean(),
  can_pay: z.boolean(),
  can_confirm: z.boolean(),
  can_remind: z.boolean(),
  can_track: z.boolean(),
  /** Shipped or received: after-sales may be asked for (`afterSaleApply` says what exactly). */
  can_after_sale: z.boolean().default(false),
  /** Received, and some of its goods still held (not all returned and refunded): its lines may be reviewed (`/user/praise/info` says which). */
  can_review: z.boolean().default(false),
});

export const orderSummarySchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  total: minor,
  /** Units in the order. */
  count: z.number().int(),
  lines: z.array(orderLineSchema),
  created_at: stamp,
  expires_at: stamp.nullable(),
  actions: orderActionsSchema,
  /**
   * What came back through after-sales, whatever the order's own state (which stays as it was: a
   * completed order whose goods were all returned is still `completed` for settlement): whether every
   * unit was returned and refunded (`all`), else some, and what was refunded for them (card surcharges
   * included). Null while nothing came back.
   */
  returned: z.object({ all: z.boolean(), refunded: minor }).nullable().default(null),
  /** The order has after-sales cases, open or ended (the member's case list of this order shows them). */
  has_after_sale: z.boolean().default(false),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListQuery = pageQuery.extend({ view: z.enum(ORDER_VIEWS).default('all') });
export const orderListData = pageOf(orderSummarySchema).extend({
  /** Orders per view, for the tabs' badges. */
  counts: z.object({ unpaid: z.number().int(), to_ship: z.number().int(), to_receive: z.number().int(), after_sales: z.number().int() }),
});

export const orderIdQuery = z.object({ id: idParam });
export const orderIdBody = z.object({ id: idParam });

/** A refund of one of an order's payments, as the member sees it. */
export const orderPaymentRefundSchema = z.object({
  refund_no: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string(),
  /** Where it goes back, as the after-sales case says it: the wallet (or the points, shopping points, gift-card value that paid), the card, or another method. */
  to: z.enum(AFTER_SALE_REFUND_DESTINATIONS),
  /** The method it goes back by (the app's `payments.method.<pay_way>` names it; `balance` for the wallet). */
  pay_way: z.string(),
  created_at: stamp,
  finished_at: stamp.nullable(),
});

/**
 * One payment of an order as the member sees it (issue: "the order does not show what was paid"):
 * its method (`pay_way`, named by the app's `payments.method.<pay_way>` text), the order's amount it
 * paid, the method's surcharge and what was charged in all, the part paid from the wallet and by
 * the gateway, points spent, the order's conversion to the shopper's currency and its rate when the
 * order was converted, when it was paid, and its refunds.
 */
export const orderPaymentSchema = z.object({
  payment_no: z.string(),
  pay_way: z.string(),
  gateway: z.string().nullable(),
  status: z.enum(['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired']),
  currency: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  charged: z.number().int(),
  balance_part: z.number().int(),
  /** The wallet balance held for the payment and given back untaken (it landed when the order could no longer take it): not in `charged`. */
  balance_released: z.number().int().default(0),
  gateway_part: z.number().int(),
  points: z.number().int().nullable(),
  /** The charge in the currency the order was converted to, with the exact rate (a decimal string). */
  converted: z.object({ currency: z.string(), amount: z.number().int(), rate: z.string() }).nullable(),
  created_at: stamp,
  paid_at: stamp.nullable(),
  refunds: z.array(orderPaymentRefundSchema),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderInfoData = orderSummarySchema.merge(amountsSchema).extend({
  address: addressSnapshotSchema,
  remarks: z.string(),
  paid_at: stamp.nullable(),
  shipped_at: stamp.nullable(),
  completed_at: stamp.nullable(),
  /** When the order was settled: completed, its after-sales window closed with no case open; its money final. */
  settled_at: stamp.nullable(),
  cancelled_at: stamp.nullable(),
  closed_at: stamp.nullable(),
  cancel_reason: z.string(),
  package_count: z.number().int(),
  last_reminded_at: stamp.nullable(),
  /** Points the order earns when it completes (less those withheld for returns refunded before), and whether they were credited. */
  points_earned: z.number().int().default(0),
  points_earned_posted: z.boolean().default(false),
  /** Of the points credited, those taken back from the member's balance with refunded returns. */
  points_reversed: z.number().int().default(0),
  /**
   * A group-buy order's group: `pending` until the order is paid, then the group's state — `failed`
   * when it did not fill in its time, `ended` when the group buy ended before it filled — or `left`
   * once the order itself ended (cancelled, expired, refunded), whatever the group did after.
   */
  group_buy: z
    .object({
      activity_id: z.number().int(),
      group_id: z.number().int(),
      status: z.enum(['pending', 'open', 'succeeded', 'failed', 'ended', 'left']),
      member_count: z.number().int(),
      size: z.number().int(),
      expires_at: stamp,
    })
    .nullable()
    .default(null),
  /** Each payment that paid the order (and its refunds), oldest first. */
  payments: z.array(orderPaymentSchema).default([]),
});
export type OrderInfo = z.infer<typeof orderInfoData>;

export const cancelOrderBody = z.object({ id: idParam, reason: freeText(ORDER_REMARKS_MAX).default('') });
export const orderChangedData = z.object({ id: z.number().int(), status: z.enum(ORDER_STATUSES) });
export const remindData = z.object({ id: z.number().int(), reminded_at: stamp });

// ---------------------------------------------------------------- packages and tracking

export const PACKAGE_STATUSES = ['in_transit', 'delivered'] as const;
export const trackingEventSchema = z.object({ time: stamp, place: z.string(), text: z.string() });
export const packageSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  carrier: z.string(),
  tracking_number: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  shipped_at: stamp,
  delivered_at: stamp.nullable(),
  lines: z.array(z.object({ order_line_id: z.number().int(), name: z.string(), spec_text: z.string(), image: z.string(), num: z.number().int() })),
  /** The newest event, when there is one. */
  latest: trackingEventSchema.nullable(),
});
export const packageListQuery = z.object({ order_id: idParam });
export const packageListData = z.object({ list: z.array(packageSchema) });
export const packageInfoQuery = z.object({ id: idParam });
export const packageInfoData = packageSchema.extend({ events: z.array(trackingEventSchema) });
export const trackingQuery = z
  .object({ order_id: idParam.optional(), package_id: idParam.optional() })
  .refine((q) => q.order_id !== undefined || q.package_id !== undefined, { message: 'validation.required', path: ['order_id'] });
export const trackingData = z.object({
  list: z.array(z.object({ package_id: z.number().int(), carrier: z.string(), tracking_number: z.string(), status: z.enum(PACKAGE_STATUSES), events: z.array(trackingEventSchema) })),
});

// ---------------------------------------------------------------- international orders

export const SHIPPING_METHODS = ['standard', 'express'] as const;

export const freightQuery = z.object({
  ...checkoutSource,
  address_id: idParam,
  method: z.enum(SHIPPING_METHODS).default('standard'),
});
export const freightData = z.object({
  country_code: z.string(),
  method: z.enum(SHIPPING_METHODS),
  /** Shipping weight of the goods, in grams. */
  weight_g: z.number().int(),
  currency: z.string(),
  freight: minor,
  /** The same in the destination's currency, at `rate` (null when no rate is known). */
  local_currency: z.string(),
  local_freight: minor.nullable(),
  rate: z.string().nullable(),
  /** Every method that ships there, with its freight. */
  methods: z.array(z.object({ method: z.enum(SHIPPING_METHODS), freight: minor })),
});

export const createInternationalOrderBody = createOrderBody.extend({ method: z.enum(SHIPPING_METHODS).default('standard') });
export const createInternationalOrderData = createOrderData.extend({
  freight: minor,
  local_currency: z.string(),
  /** The total in the destination's currency at the recorded rate. */
  local_total: minor,
  rate: z.string(),
  rate_source: z.string(),
  rate_date: z.string(),
});

// ---------------------------------------------------------------- group buys (pintuan)

export const groupBuyActivitySchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  /** The group price of one unit. */
  price: minor,
  /** The SKU's own price. */
  original_price: minor,
  currency: z.string(),
  group_size: z.number().int(),
  fill_hours: z.number().int(),
  starts_at: stamp,
  ends_at: stamp,
  /** Where it stands by the server's clock: not started yet, taking orders, or over (ended at its time or early by an operator). */
  state: z.enum(PROMOTION_STATES),
  per_order_limit: z.number().int(),
  per_member_limit: z.number().int(),
  remaining: z.number().int(),
  open_groups: z.number().int(),
});
export const groupBuyListQuery = pageQuery;
export const groupBuyListData = pageOf(groupBuyActivitySchema);
export const groupBuyInfoQuery = z.object({ id: idParam });
export const groupBuyGroupsQuery = z.object({ activity_id: idParam });
export const groupBuyGroupsData = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      /** The member who opened it, masked. */
      leader: z.string(),
      member_count: z.number().int(),
      size: z.number().int(),
      needed: z.number().int(),
      expires_at: stamp,
      seconds_left: z.number().int(),
    }),
  ),
});
export const groupBuyBody = z.object({
  activity_id: idParam,
  /** An open group to join; without it, a new group is opened. */
  group_id: idParam.optional(),
  num: z.number().min(1).max(CART_LINE_MAX).int('validation.invalid').default(1),
  address_id: idParam,
  remarks: freeText(ORDER_REMARKS_MAX).default(''),
});
export const groupBuyData = createOrderData.extend({ group_id: z.number().int() });
/**
 * What `/shop/pintuan/buy` would place now, before the member confirms it: the line at the group
 * price, the address (the one named, else the default), freight, the operating fee and the total,
 * computed as the order will be. A group buy takes no coupon and no points.
 */
export const groupBuyPreviewQuery = z.object({
  activity_id: idParam,
  group_id: idParam.optional(),
  num: wholeNumber(1, CART_LINE_MAX, 'validation.invalid').optional(),
  address_id: idParam.optional(),
});
export const groupBuyPreviewData = checkoutData;
