import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { languageSchema } from '../common/language-schema.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { baseUpdatedAt } from '../catalogue/catalogue.admin.js';

const id = wholeNumber(1, 2_147_483_647);
/** Integer minor units of the case's currency. */
const minor = z.number().int();
const stamp = z.string();

/** What a member asks for: money back for goods sent back, other units for them, or a repair. */
export const AFTER_SALE_KINDS = ['return', 'exchange', 'warranty'] as const;
export type AfterSaleKind = (typeof AFTER_SALE_KINDS)[number];

/**
 * A case's life: under review → rejected | awaiting return (approved) → return shipped → received |
 * receipt refused; a return: received → refunding → refunded; an exchange or a warranty repair:
 * received → replacement shipped → completed. The member withdraws until the goods are received; a
 * case awaiting return that is not shipped back in time closes; an operator may close one.
 */
export const AFTER_SALE_STATUSES = ['under_review', 'rejected', 'awaiting_return', 'return_shipped', 'received', 'receipt_refused', 'refunding', 'refunded', 'replacement_shipped', 'completed', 'withdrawn', 'closed'] as const;
export type AfterSaleStatus = (typeof AFTER_SALE_STATUSES)[number];
/** States in which a case still counts the units it names (the others gave them back to the order). */
export const AFTER_SALE_COUNTING_STATUSES: readonly AfterSaleStatus[] = ['under_review', 'awaiting_return', 'return_shipped', 'received', 'refunding', 'refunded', 'replacement_shipped', 'completed'];
/** States in which a case is still open (it holds the order's settlement). */
export const AFTER_SALE_OPEN_STATUSES: readonly AfterSaleStatus[] = ['under_review', 'awaiting_return', 'return_shipped', 'received', 'refunding', 'replacement_shipped'];
/**
 * The cases waiting for an operator, by the permission of the action they wait for: deciding (a case
 * under review, goods shipped back to receive, an exchange's or repair's replacement to ship), and
 * refunding (a received return). The dashboard counts them and the console's queue lists them as
 * its `waiting` tab, each for the operator's role.
 */
export const AFTER_SALE_WAITING: Readonly<Record<'aftersales.decide' | 'refunds.decide', ReadonlyArray<{ status: AfterSaleStatus; kinds: readonly AfterSaleKind[] }>>> = {
  'aftersales.decide': [
    { status: 'under_review', kinds: AFTER_SALE_KINDS },
    { status: 'return_shipped', kinds: AFTER_SALE_KINDS },
    { status: 'received', kinds: ['exchange', 'warranty'] },
  ],
  'refunds.decide': [{ status: 'received', kinds: ['return'] }],
};
/** The console queue's tab of the cases waiting for the operator's role (`AFTER_SALE_WAITING`), beside the states. */
export const AFTER_SALE_WAITING_TAB = 'waiting';
/** The note of a goods-received event when the goods went back on sale: an operators' fact, the console says it in the operator's language. */
export const AFTER_SALE_RESELLABLE_NOTE = 'resellable';

/** The longest description a member may write (spec: textarea max length). */
export const AFTER_SALE_DESCRIPTION_MAX = 140;
/** The longest reason for the member of a refund approved below the case's refundable amount. */
export const AFTER_SALE_REFUND_REASON_MAX = 140;
/** Pictures per case; one video besides. */
export const AFTER_SALE_IMAGES_MAX = 9;
/** The longest video, in seconds (spec §9). */
export const AFTER_SALE_VIDEO_SECONDS_MAX = 60;

/** An uploaded file as `/upload2` answered it (its URL or its path under `/uploads/`). */
const uploadRef = z.string().trim().min(1).max(500);

// ---------------------------------------------------------------- the member's calls

export const afterSaleReasonSchema = z.object({
  /** A stable code (`damaged`, `wrong_item` …); its text is in the member's language. */
  id: z.string(),
  kind: z.enum(AFTER_SALE_KINDS),
  text: z.string(),
  /** Evidence (a picture or the video) is needed with this reason. */
  needs_evidence: z.boolean(),
});
export const afterSaleReasonsQuery = z.object({ kind: z.enum(AFTER_SALE_KINDS).optional() });
export const afterSaleReasonsData = z.object({ list: z.array(afterSaleReasonSchema) });

/**
 * A case is on a regular order (`order_id`) or on a member-shop order (`shop_order_id`): exactly one
 * is named. Neither: the order is required; both: refused as naming two (never read as "required").
 */
const oneOrder = (v: { order_id?: number; shop_order_id?: number }, ctx: z.RefinementCtx) => {
  if (v.order_id === undefined && v.shop_order_id === undefined) ctx.addIssue({ code: 'custom', path: ['order_id'], message: 'validation.required', input: v.order_id });
  else if (v.order_id !== undefined && v.shop_order_id !== undefined) ctx.addIssue({ code: 'custom', path: ['shop_order_id'], message: 'afterSales.validation.oneOrderOnly', input: v.shop_order_id });
};
export const afterSaleApplyBody = z.object({ order_id: id.optional(), shop_order_id: id.optional() }).superRefine(oneOrder);
/** One line of an order as after-sales sees it. */
export const afterSaleApplyLineSchema = z.object({
  order_line_id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  price: minor,
  bought: z.number().int(),
  /** Units already in cases that are open or ended with the goods taken back. */
  in_cases: z.number().int(),
  /**
   * Units the buyer booked into their member shop's stock (`/attractive/shop/restock`): the shop's now,
   * not theirs to return or exchange (0 on a shop order). The apply page names them when nothing is left.
   */
  booked: z.number().int(),
  /** Units a new case may still name. */
  left: z.number().int(),
  /** Kinds a case on this line may be now (empty: none). */
  kinds: z.array(z.enum(AFTER_SALE_KINDS)),
  /** What returning all units left would refund (the line's share of what was paid). */
  refundable: minor,
  /** The end of the goods' warranty, or null without one. */
  warranty_until: stamp.nullable(),
});
export const afterSaleApplyData = z.object({
  /** The regular order, or null for a shop order's (then `shop_order_id`). */
  order_id: z.number().int().nullable(),
  shop_order_id: z.number().int().nullable(),
  order_no: z.string(),
  currency: z.string(),
  /** Kinds some line may be asked for now. */
  kinds: z.array(z.enum(AFTER_SALE_KINDS)),
  /** The last moment to ask for a return, an exchange (null: the order is not yet received, or the kind is closed). */
  deadlines: z.object({ return: stamp.nullable(), exchange: stamp.nullable() }),
  lines: z.array(afterSaleApplyLineSchema),
  reasons: z.array(afterSaleReasonSchema),
  /** The freight is refunded too when a return takes back everything left of the order. */
  freight: minor,
  max_images: z.number().int(),
  max_video_seconds: z.number().int(),
  max_description: z.number().int(),
  max_exchanges: z.number().int(),
});

export const afterSaleLineInput = z.object({
  order_line_id: id,
  qty: wholeNumber(0, 100_000),
  /** Exchanges: the SKU of the same goods wanted instead (default the same SKU). */
  exchange_sku_id: id.optional(),
});
/** A case as the member opens it; anything about amounts or states in the body is ignored. */
export const afterSaleSubmitBody = z.object({
  order_id: id.optional(),
  /** A member-shop order instead of a regular one (its lines' ids in `lines[].order_line_id`). */
  shop_order_id: id.optional(),
  kind: z.enum(AFTER_SALE_KINDS),
  /** Each line of the order named once: two entries of one line (two replacements of it, say) are refused, never merged. */
  lines: z
    .array(afterSaleLineInput)
    .max(200)
    .refine((lines) => new Set(lines.map((l) => l.order_line_id)).size === lines.length, { error: 'afterSales.validation.lineTwice' }),
  reason_id: z.string().trim().min(1, 'validation.required').max(40),
  description: freeText(AFTER_SALE_DESCRIPTION_MAX).default(''),
  images: z.array(uploadRef).max(AFTER_SALE_IMAGES_MAX).default([]),
  video: uploadRef.optional(),
}).superRefine(oneOrder);
/** A rejected case sent again (the same lines, new words and evidence): a new case that names the one it follows. */
export const afterSaleResubmitBody = z.object({
  case_id: id,
  reason_id: z.string().trim().min(1, 'validation.required').max(40).optional(),
  description: freeText(AFTER_SALE_DESCRIPTION_MAX).optional(),
  images: z.array(uploadRef).max(AFTER_SALE_IMAGES_MAX).optional(),
  video: uploadRef.optional(),
});
export const afterSaleCreatedData = z.object({ case_id: z.number().int(), case_no: z.string(), status: z.enum(AFTER_SALE_STATUSES) });

export const afterSaleCaseBody = z.object({ case_id: id });
export const afterSaleChangedData = z.object({ case_id: z.number().int(), status: z.enum(AFTER_SALE_STATUSES) });

export const afterSaleAddressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  hours: z.string(),
  country_code: z.string(),
});
/**
 * Where a shipment of a case stands: on its way, delivered as its carrier reports (`signed`), or, for
 * goods sent back, marked received by the shop with no delivery from the carrier (`received`).
 */
export const AFTER_SALE_PARCEL_STATES = ['in_transit', 'signed', 'received'] as const;
/** Where a refund's part went: the wallet, points, shopping points, gift-card value, a card, or another method (its `pay_way`). */
export const AFTER_SALE_REFUND_DESTINATIONS = ['wallet', 'points', 'shopping_points', 'gift_card', 'card', 'method'] as const;
export const afterSaleRefundPartSchema = z.object({
  to: z.enum(AFTER_SALE_REFUND_DESTINATIONS),
  /** The method it went back by (the app's `payments.method.<pay_way>` names it; `balance` for the wallet). */
  pay_way: z.string(),
  amount: minor,
});
export const afterSaleShipmentSchema = z.object({
  carrier_code: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  shipped_at: stamp,
  status: z.enum(AFTER_SALE_PARCEL_STATES),
});
export const afterSaleEventSchema = z.object({
  kind: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /**
   * The event's note in the reader's language: for a member only what was written for them (the
   * reason of a rejection, a refused receipt or a closing, a shipment's carrier and number); an
   * operator reads the operators' notes too (an approval's note, `resellable` on goods received).
   */
  reason: z.string(),
  /** On the submitted event of a case sent again after a rejection: the number of the case it follows (null otherwise). */
  follows_case_no: z.string().nullable(),
  /** `member`, `operator`, `job` … */
  by: z.string(),
  at: stamp,
});
export const afterSaleCaseLineSchema = z.object({
  order_line_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  price: minor,
  qty: z.number().int(),
  exchange_sku_id: z.number().int().nullable(),
  exchange_spec_text: z.string().nullable(),
});
export const afterSaleCaseSchema = z.object({
  id: z.number().int(),
  case_no: z.string(),
  /** The regular order, or null when the case is on a member-shop order (`shop_order_id`, `shop`). */
  order_id: z.number().int().nullable(),
  shop_order_id: z.number().int().nullable(),
  /** The member shop that sold a shop order (null for a regular order). */
  shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  order_no: z.string(),
  kind: z.enum(AFTER_SALE_KINDS),
  status: z.enum(AFTER_SALE_STATUSES),
  reason_id: z.string(),
  reason: z.string(),
  description: z.string(),
  currency: z.string(),
  /** What the case's lines may refund at most (returns; 0 otherwise): while the case is open, what that refund would send, a card surcharge coming back with it included. */
  refundable: minor,
  /** The refund an operator approved (while open, what it will send, surcharge included), and what went back to the member once refunded (with a card surcharge that came back with it; null: none yet). */
  refund: minor.nullable(),
  refunded: minor.nullable(),
  refunded_at: stamp.nullable(),
  /** Why the approved refund is less than the case's refundable amount, written for the member ('' when it is not less). */
  refund_reason: z.string(),
  /**
   * A refund lowered on approval: the figure it was lowered from, as the console showed it then and the
   * approval's message says it (what would have gone back to the member, `surcharge`: the card's surcharge
   * in it, 0 for none), the same before and after the refund; null when not lowered (or approved before
   * it was kept: the page says `refundable` then).
   */
  refund_reduced_from: z.object({ amount: minor, surcharge: minor }).nullable().default(null),
  /** The refund met a problem at the payment provider (refused, or unanswered for a day): the shop is handling it. */
  refund_delayed: z.boolean(),
  /** Where what went back to the member went, per destination, summing to `refunded` (empty until refunded). */
  refund_parts: z.array(afterSaleRefundPartSchema).default([]),
  lines: z.array(afterSaleCaseLineSchema),
  images: z.array(z.string()),
  video: z.string().nullable(),
  reject_reason: z.string(),
  /** The member sends the goods back by then (awaiting return). */
  ship_back_by: stamp.nullable(),
  return_shipment: afterSaleShipmentSchema.nullable(),
  replacement_shipment: afterSaleShipmentSchema.nullable(),
  /** The case this one was sent again after (a rejection), or null. */
  follows_case_id: z.number().int().nullable(),
  created_at: stamp,
  updated_at: stamp,
  actions: z.object({ can_cancel: z.boolean(), can_ship_back: z.boolean(), can_confirm_receipt: z.boolean(), can_resubmit: z.boolean() }),
});
export type AfterSaleCase = z.infer<typeof afterSaleCaseSchema>;

export const AFTER_SALE_LIST_VIEWS = ['all', 'open', 'done'] as const;
export const afterSaleListQuery = pageQuery.extend({ view: z.enum(AFTER_SALE_LIST_VIEWS).default('all'), order_id: id.optional(), shop_order_id: id.optional() });
export const afterSaleListData = pageOf(afterSaleCaseSchema);
export const afterSaleInfoQuery = z.object({ id });
export const afterSaleInfoData = afterSaleCaseSchema.extend({
  events: z.array(afterSaleEventSchema),
  /** Where the goods go back (awaiting return and later), or null. */
  return_address: afterSaleAddressSchema.nullable(),
});

export const afterSaleCarriersData = z.object({ list: z.array(z.object({ code: z.string(), name: z.string(), needs_phone_tail: z.boolean() })) });
export const afterSaleNetworkQuery = z.object({ country: z.string().trim().regex(/^[A-Za-z]{2}$/).optional(), case_id: id.optional() });
export const afterSaleNetworkData = z.object({ return_address: afterSaleAddressSchema.nullable(), list: z.array(afterSaleAddressSchema) });

export const afterSaleShipmentBody = z.object({
  case_id: id,
  carrier_code: z.string().trim().min(1, 'validation.required').max(40),
  tracking_number: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9-]+$/, 'validation.invalid'),
  /** The last four digits of the sender's phone (some carriers need them to track). */
  phone_tail: z.string().trim().regex(/^\d{4}$/, 'validation.invalid').optional(),
});
export const afterSaleTrackQuery = z.object({ case_id: id, leg: z.enum(['return', 'replacement']).default('return') });
export const afterSaleTrackData = z.object({
  carrier: z.string(),
  tracking_number: z.string(),
  status: z.enum(AFTER_SALE_PARCEL_STATES),
  events: z.array(z.object({ time: stamp, place: z.string(), text: z.string() })),
});

// ---------------------------------------------------------------- the console's calls

/** An operator's reason the member reads: `freeText`'s rule (no controls that turn text around, nothing blank). */
const requiredReason = freeText(300).min(1, 'validation.required');
export const adminAfterSaleListQuery = pageQuery.extend({
  /** A state, or `waiting`: the cases waiting for an action of the operator's role. */
  status: z.enum([...AFTER_SALE_STATUSES, AFTER_SALE_WAITING_TAB]).optional(),
  kind: z.enum(AFTER_SALE_KINDS).optional(),
  /** A case or order number, or a member id. */
  q: z.string().trim().max(40).optional(),
  /** Cases on regular orders, or on member-shop orders. */
  source: z.enum(['order', 'shop_order']).optional(),
});
/** Why a case's refund is stuck: a part the gateway refused for good (its reason), or one pending past a day (the last fault). */
export const afterSaleRefundProblemSchema = z.object({ kind: z.enum(['failed', 'overdue']), reason: z.string() });
export const adminAfterSaleSchema = afterSaleCaseSchema.omit({ actions: true }).extend({
  member_id: z.number().int(),
  member: z.string(),
  refund_problem: afterSaleRefundProblemSchema.nullable(),
});
export const adminAfterSaleListData = pageOf(adminAfterSaleSchema);
export const adminAfterSaleIdQuery = z.object({ id });
/** An event as operators read it: with the operator who acted (`name#id`; null when a member, a job or the shop's system acted). Members never see operators' names. */
export const adminAfterSaleEventSchema = afterSaleEventSchema.extend({ operator: z.string().nullable() });
export const adminAfterSaleDetailData = adminAfterSaleSchema.extend({
  events: z.array(adminAfterSaleEventSchema),
  /** Where the goods go back: the return address of the order's country, in every state (null: the shop has none there). */
  return_address: afterSaleAddressSchema.nullable(),
  /** The order's country, whose return address applies. */
  return_country: z.string(),
  /** What the order's payments may still refund in all. */
  order_refundable: minor,
});
export const adminAfterSaleApproveBody = z.object({
  id,
  /**
   * Returns: the refund, at most what the case's lines may refund (default all of it), at least one
   * minor unit: a return that gives nothing back is rejected instead. A return of goods that points paid
   * for whole may refund no money: approved without this, its share of the points comes back.
   */
  refund_amount: minor.min(1, 'afterSales.validation.refundZero').optional(),
  /** Returns refunded less than the case's refundable amount: why, in words for the member (required then; shown to them with both amounts). */
  refund_reason: freeText(AFTER_SALE_REFUND_REASON_MAX).optional(),
  /** The operators' own note (never shown to the member). */
  reason: freeText(300).default(''),
});
export const adminAfterSaleReasonBody = z.object({ id, reason: requiredReason });
export const adminAfterSaleReceiveBody = z.object({
  id,
  /** The goods go back on sale (a recorded stock adjustment). */
  resellable: z.boolean().default(false),
});
export const adminAfterSaleShipBody = z.object({
  id,
  carrier: z.string().trim().min(1, 'validation.required').max(40),
  tracking_number: z.string().trim().min(4).max(40).regex(/^[A-Za-z0-9-]+$/, 'validation.invalid'),
});
export const adminAfterSaleIdBody = z.object({ id });
export const adminAfterSaleChangedData = z.object({ id: z.number().int(), status: z.enum(AFTER_SALE_STATUSES), refunded: minor.nullable(), refund_problem: afterSaleRefundProblemSchema.nullable().optional() });

// ---------------------------------------------------------------- refund estimate

const ESTIMATE_LINES = /^\d{1,10}:\d{1,6}(,\d{1,10}:\d{1,6})*$/;
/** Whether `<order line id>:<units>` pairs name no line twice (malformed pairs are refused as such, not here). */
const eachLineOnce = (lines: string) => {
  if (!ESTIMATE_LINES.test(lines)) return true;
  const ids = lines.split(',').map((pair) => Number(pair.split(':')[0]));
  return new Set(ids).size === ids.length;
};
/**
 * The units a return would take back: `<order line id>:<units>` pairs, comma-separated (`12:1,13:2`).
 * Each line named once, as in a request (`afterSaleSubmitBody`): a line named twice is refused, never added up.
 */
export const afterSaleEstimateQuery = z
  .object({
    order_id: id.optional(),
    shop_order_id: id.optional(),
    lines: z
      .string()
      .max(2000)
      .regex(ESTIMATE_LINES, 'validation.invalid')
      .refine(eachLineOnce, { error: 'afterSales.validation.lineTwice' }),
  })
  .superRefine(oneOrder);
export const afterSaleEstimateData = z.object({
  currency: z.string(),
  /** The goods' share of what was paid for the units. */
  goods: minor,
  /** The freight, when the return takes back the last unit of the order. */
  freight: minor,
  /** The card surcharge that comes back with it (only with the refund of all the order's value left). */
  surcharge: minor,
  /** What the refund would send back, all of it: what the case and the console will say and the refund will make. */
  refund: minor,
  /** The points and shopping points the order spent that would come back with it (0 when it spent none). */
  points: z.number().int().min(0),
  shopping_points: z.number().int().min(0),
});

// ---------------------------------------------------------------- goods of a case, exchange targets

export const afterSaleGoodsQuery = z
  .object({ order_id: id.optional(), shop_order_id: id.optional(), case_id: id.optional() })
  .refine((v) => v.order_id !== undefined || v.shop_order_id !== undefined || v.case_id !== undefined, { message: 'validation.required', path: ['order_id'] });
export const afterSaleGoodsData = z.object({
  order_id: z.number().int().nullable(),
  shop_order_id: z.number().int().nullable(),
  currency: z.string(),
  list: z.array(
    z.object({
      order_line_id: z.number().int(),
      goods_id: z.number().int(),
      sku_id: z.number().int(),
      name: z.string(),
      spec_text: z.string(),
      image: z.string(),
      price: minor,
      bought: z.number().int(),
      /** Units a new case may still name. */
      left: z.number().int(),
      /** Units the named case holds (0 without a case). */
      in_case: z.number().int(),
    }),
  ),
});
export const exchangeGoodsQuery = z
  .object({ order_line_id: id.optional(), shop_order_line_id: id.optional() })
  .refine((v) => (v.order_line_id === undefined) !== (v.shop_order_line_id === undefined), { message: 'validation.required', path: ['order_line_id'] });
export const exchangeGoodsData = z.object({
  /** SKUs of the same goods at the same price, on sale and in stock (the bought one included). */
  list: z.array(z.object({ sku_id: z.number().int(), spec_text: z.string(), image: z.string(), stock: z.number().int(), price: minor })),
  max_exchanges: z.number().int(),
  /** Units of the line exchanged so far, and how many more may be. */
  used: z.number().int(),
  left: z.number().int(),
});

// ---------------------------------------------------------------- reviews of bought lines

export const REVIEW_CONTENT_MAX = 140;
export const REVIEW_IMAGES_MAX = 9;
export const orderReviewQuery = z
  .object({ order_id: id.optional(), order_line_id: id.optional() })
  .refine((v) => v.order_id !== undefined || v.order_line_id !== undefined, { message: 'validation.required', path: ['order_id'] });
export const orderReviewSchema = z.object({
  order_line_id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  /** The review, or null when the line has none yet. */
  review_id: z.number().int().nullable(),
  rating: z.number().int().nullable(),
  content: z.string(),
  images: z.array(z.string()),
  created_at: stamp.nullable(),
  /** A review may be changed once, until then. */
  editable_until: stamp.nullable(),
  edited: z.boolean(),
  reply: z.string(),
  can_review: z.boolean(),
  can_edit: z.boolean(),
  /** Why the goods page no longer shows the review: `returned`, every unit of the line came back refunded; null while shown. */
  hidden: z.enum(['returned']).nullable(),
  /**
   * Why a line of a completed order without a review cannot be reviewed: `returned`, every unit came
   * back refunded; `returning`, the units not returned are all in a return still open. Null otherwise.
   */
  not_reviewable: z.enum(['returned', 'returning']).nullable(),
});
export const orderReviewData = z.object({ list: z.array(orderReviewSchema) });
const reviewFields = {
  rating: wholeNumber(1, 5),
  content: freeText(REVIEW_CONTENT_MAX).default(''),
  images: z.array(uploadRef).max(REVIEW_IMAGES_MAX).default([]),
};
export const createOrderReviewBody = z.object({ order_line_id: id, ...reviewFields });
/** An edit without `images` keeps the review's pictures; an empty list removes them. */
export const editOrderReviewBody = z.object({ review_id: id, ...reviewFields, images: z.array(uploadRef).max(REVIEW_IMAGES_MAX).optional() });

// ---------------------------------------------------------------- the console's settings of after-sales

/** The least and the most each after-sales setting takes (the console's inputs offer the same). */
export const AFTER_SALE_SETTING_BOUNDS = {
  /** Days after receipt for a return, for an exchange. */
  return_days: [0, 365],
  exchange_days: [0, 365],
  /** Exchanges per unit bought. */
  max_exchanges: [0, 100],
  /** Days to send the goods back once approved; days before an unconfirmed replacement completes. */
  ship_back_days: [1, 90],
  auto_complete_days: [1, 90],
  /** Days within which a review may be changed (once). */
  review_edit_days: [0, 365],
} as const satisfies Record<string, readonly [number, number]>;
const bounded = (field: keyof typeof AFTER_SALE_SETTING_BOUNDS) => wholeNumber(AFTER_SALE_SETTING_BOUNDS[field][0], AFTER_SALE_SETTING_BOUNDS[field][1]);
export const afterSaleSettingsSchema = z.object({
  return_days: bounded('return_days'),
  exchange_days: bounded('exchange_days'),
  max_exchanges: bounded('max_exchanges'),
  ship_back_days: bounded('ship_back_days'),
  auto_complete_days: bounded('auto_complete_days'),
  review_edit_days: bounded('review_edit_days'),
});
/** The windows as the console saves them whole: `base_updated_at` is `settings.updated_at` as read (from a copy changed since: refused, 4020, nothing changes). */
export const afterSaleSettingsBody = afterSaleSettingsSchema.extend({ base_updated_at: baseUpdatedAt });
/** A row of the console's lists; `updated_at` is the version its editor names when saving it (`base_updated_at`). */
export const adminAfterSaleAddressSchema = afterSaleAddressSchema.extend({ kind: z.enum(['return', 'service']), enabled: z.boolean(), updated_at: z.string() });
export const adminAfterSaleCarrierSchema = z.object({ code: z.string(), name: z.string(), needs_phone_tail: z.boolean(), enabled: z.boolean(), updated_at: z.string() });
export const adminAfterSaleReasonSchema = z.object({
  kind: z.enum(AFTER_SALE_KINDS),
  code: z.string(),
  /** The operator's names per language (languages without one read `text`'s source: the shipped text, else the English name). */
  names: z.record(z.string(), z.string()),
  /** What the operator's own language reads now. */
  text: z.string(),
  /** Whether the shop ships a text for this code in every language. */
  shipped: z.boolean(),
  needs_evidence: z.boolean(),
  sort: z.number().int(),
  enabled: z.boolean(),
  updated_at: z.string(),
});
export const adminAfterSaleSettingsData = z.object({
  /** With who changed the windows last and when (the version a save names). */
  settings: afterSaleSettingsSchema.extend({ updated_by: z.string(), updated_at: z.string() }),
  addresses: z.array(adminAfterSaleAddressSchema),
  carriers: z.array(adminAfterSaleCarrierSchema),
  reasons: z.array(adminAfterSaleReasonSchema),
});
/**
 * Adds or changes a reason of one kind; a code the shop does not ship a text for needs its English name.
 * A change names the reason's `updated_at` as loaded (`base_updated_at`); without one the code must be
 * new: a reason of that kind and code changed or written since is refused (4020) and nothing changes.
 */
export const adminSaveAfterSaleReasonBody = z.object({
  kind: z.enum(AFTER_SALE_KINDS),
  code: z.string().trim().regex(/^[a-z0-9_]{2,32}$/, 'validation.invalid'),
  base_updated_at: baseUpdatedAt,
  /** Language → name; an empty name falls back to the shipped text. */
  names: z.partialRecord(languageSchema, z.string().trim().max(60)).default({}),
  needs_evidence: z.boolean().default(false),
  sort: wholeNumber(0, 9999).default(0),
  enabled: z.boolean().default(true),
});
export const adminAfterSaleAddressBody = z.object({
  /** Absent: a new address. */
  id: id.optional(),
  /** A change names the address's `updated_at` as loaded: changed since, it is refused (4020) and nothing changes. */
  base_updated_at: baseUpdatedAt,
  country_code: z.string().trim().regex(/^[A-Za-z]{2}$/, 'validation.invalid').transform((c) => c.toUpperCase()),
  kind: z.enum(['return', 'service']),
  // Members read these on their return slip: the rule of text members write (no reversing controls, nothing invisible).
  name: freeText(100).min(1, 'validation.required'),
  address: freeText(300).min(1, 'validation.required'),
  phone: freeText(40).default(''),
  hours: freeText(100).default(''),
  enabled: z.boolean().default(true),
});
/** Adds a carrier, or changes one naming its `updated_at` as loaded (`base_updated_at`); like a reason's, refused (4020) from a stale copy or for a new code that exists. */
export const adminAfterSaleCarrierBody = z.object({
  code: z.string().trim().regex(/^[a-z0-9_-]{2,40}$/, 'validation.invalid'),
  base_updated_at: baseUpdatedAt,
  name: z.string().trim().min(1, 'validation.required').max(60),
  needs_phone_tail: z.boolean().default(false),
  enabled: z.boolean().default(true),
});
