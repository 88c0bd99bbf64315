import { z } from 'zod';
import { monthParam } from '../common/calendar.js';
import { wholeNumber } from '../common/numbers.js';
import { idParam } from '../catalogue/catalogue.schemas.js';
import { AFTER_SALE_STATUSES } from '../after-sales/after-sales.schemas.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { isPhoneNumber } from '../common/validators.js';
import { payBody, paymentInfoQuery } from '../payments/payments.schemas.js';
import { expectedTotalField } from '../orders/orders.schemas.js';

// Member shops: a shop owner's own shop (profile, stock, goods, orders to audit, sales slips),
// the shop cart and checkout of buyers, and the buyers' shop orders. Money is integer minor units
// of `currency`; whatever a body says about prices, totals, states or another shop is ignored.

const minor = z.number().int();
const count = z.number().int().min(0);

export const SHOP_STATUSES = ['open', 'paused', 'closed'] as const;
export const shopStatus = z.enum(SHOP_STATUSES);

/** A shop order's states, in the order they come. */
export const SHOP_ORDER_STATUSES = ['awaiting_payment', 'awaiting_audit', 'approved', 'shipped', 'ready_for_pickup', 'completed', 'rejected', 'closed'] as const;
export const shopOrderStatus = z.enum(SHOP_ORDER_STATUSES);
/**
 * The reasons the platform gives for a shop order it refused or refunded in full (`reject_reason`),
 * which the apps word in the reader's language; any other reason is an owner's or operator's own text.
 * `operator_refund`: an approved order its owner did not serve, refunded by an operator;
 * `fulfilment_overdue`: not shipped or picked up within the fulfilment days.
 */
export const SHOP_ORDER_REASON_CODES = ['stock_short', 'audit_overdue', 'shop_closed', 'operator_refund', 'fulfilment_overdue'] as const;
export type ShopOrderReasonCode = (typeof SHOP_ORDER_REASON_CODES)[number];
/**
 * Days an approved shop order may wait to be shipped or made ready for pickup, and a ready one to be
 * picked up, before it is refunded on its own (`fulfilment_overdue`); a constant (see
 * docs/decisions/2026-11-30-shop-orders-not-served.md).
 */
export const SHOP_FULFIL_DAYS = 14;
/** Whether a shop order's `reject_reason` is one of the platform's codes (worded by the apps) rather than someone's text. */
export const isShopOrderReasonCode = (reason: string): reason is ShopOrderReasonCode => (SHOP_ORDER_REASON_CODES as readonly string[]).includes(reason);
export type ShopOrderStatus = z.infer<typeof shopOrderStatus>;

/**
 * Why a shop's stock changed: an operator's adjustment, a restock order booked in, a shop order sold,
 * a sales slip, or units of a shop order returned in after-sales and resellable. The console words each.
 */
export const SHOP_STOCK_CAUSES = ['operator', 'restock', 'order', 'slip', 'after_sale'] as const;
export type ShopStockCause = (typeof SHOP_STOCK_CAUSES)[number];

/** The owner's views of the shop's orders. */
export const SHOP_ORDER_VIEWS = ['all', 'awaiting_audit', 'to_ship', 'shipped', 'done', 'rejected'] as const;
/** The buyer's views of their shop orders. */
export const BUYER_SHOP_ORDER_VIEWS = ['all', 'awaiting_payment', 'awaiting_audit', 'in_progress', 'completed', 'rejected'] as const;

/** The most characters of a shop's name and introduction. */
export const SHOP_NAME_MAX = 40;
export const SHOP_INTRO_MAX = 140;
/** The most characters of a shop's contact phone, separators included. */
export const SHOP_CONTACT_MAX = 30;

/**
 * The largest shop price or amount collected, in minor units, as for the platform's own goods
 * (1,000,000,000.00; ¥100,000,000,000 in yen). The body does not say the goods' currency, so the
 * server refuses past it (422, `userShop.validation.amountTooLarge`) with the limit in that currency;
 * the schema only keeps numbers exact.
 */
export const SHOP_AMOUNT_MAX = 100_000_000_000;
const shopAmount = (min: number) => wholeNumber(min, Number.MAX_SAFE_INTEGER);

/** A shop as its owner sees it (contact and address in full), or as a buyer sees it (`mine` false). */
export const shopSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string(),
  intro: z.string(),
  contact_mobile: z.string(),
  address: z.string(),
  region: z.string(),
  status: shopStatus,
  /** The operator's reason when the shop is closed or paused (the owner's view; empty for buyers). */
  status_reason: z.string(),
  /** When the shop took its present state (the owner's view; null for buyers). */
  status_changed_at: z.string().nullable().optional(),
  /** The owner's name as buyers see it (masked). */
  owner_name: z.string(),
  /** The shop's public page in the app. */
  share_path: z.string(),
  /** The owner's own shop (`shopInfo`): its public page as a full link to share, and that link as a QR code (an image's data address); neither for a closed shop, whose page buyers cannot open. */
  share_url: z.string().optional(),
  qr_code: z.string().optional(),
  mine: z.boolean(),
  created_at: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

export const shopInfoQuery = z.object({ shop_id: idParam.optional() });

/** A phone number as people write it (`isPhoneNumber`), its digits in any script: a Japanese keyboard types full-width ones. */
const isContactPhone = (v: string) => isPhoneNumber(v.replace(/\p{Nd}/gu, '0'));

export const editShopBody = z.object({
  name: freeText(SHOP_NAME_MAX).min(1),
  /** An image address from the member's own uploads (`/upload2`), or empty. Fields left out keep their value. */
  logo: z.string().trim().max(500).optional(),
  intro: freeText(SHOP_INTRO_MAX).optional(),
  /** A phone number buyers may call (digits, an optional leading +, spaces, dashes, brackets), or empty. */
  contact_mobile: z
    .string()
    .trim()
    .max(SHOP_CONTACT_MAX)
    .refine((v) => v === '' || isContactPhone(v), { error: 'userShop.validation.contactMobile' })
    .optional(),
  address: freeText(200).optional(),
  region: freeText(100).optional(),
  /** The owner pauses the shop (no new orders) or opens it again; a closed shop stays closed. */
  paused: z.boolean().optional(),
});

/** A row of the shop settings page. */
export const shopSettingsEntry = z.object({ key: z.string(), value: z.string(), path: z.string(), done: z.boolean() });
export const shopSettingsPageData = z.object({
  /** The member holds the shop-owner role. */
  is_owner: z.boolean(),
  shop: shopSchema.nullable(),
  entries: z.array(shopSettingsEntry),
  /** An owner without a shop yet: what their approved shop-owner application said, to start the shop's profile from. */
  draft: z.object({ name: z.string(), contact_mobile: z.string(), address: z.string() }).nullable().optional(),
});

export const shopTotalsData = z.object({
  orders_awaiting_audit: count,
  orders_to_ship: count,
  orders_today: count,
  /** Paid goods value of today's and this month's orders, per currency. */
  sales_today: z.array(z.object({ currency: z.string(), amount: minor })),
  sales_month: z.array(z.object({ currency: z.string(), amount: minor })),
  goods_on_sale: count,
  stock_units: count,
  sales_slips_month: count,
  /** Earnings credited to the owner's rewards, per currency. */
  earnings: z.array(z.object({ currency: z.string(), amount: minor })),
  /** The currencies the shop's money is in, to say a figure of none as zero in each: its goods', else that of the first goods it may add. */
  currencies: z.array(z.string()),
});

/** One SKU of a shop's goods: the platform's price and PV, the shop's own stock. */
/** An SKU of shop goods: the shop's price (its own, or the platform's), the platform's, and the band the owner may price it in. */
export const shopSkuSchema = z.object({ sku_id: z.number().int(), spec_text: z.string(), image: z.string(), price: minor, platform_price: minor, price_min: minor, price_max: minor, pv: count, stock: count });

export const shopGoodsSchema = z.object({
  /** The shop goods' id (what `shopGoodsInfo` names). */
  id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  /** The lowest SKU price. */
  price: minor,
  currency: z.string(),
  pv: count,
  /** Units of the goods the shop holds, over its SKUs. */
  stock: count,
  on_sale: z.boolean(),
});
export const shopGoodsQuery = pageQuery.extend({ shop_id: idParam.optional(), q: z.string().trim().max(50).optional() });
export const shopGoodsData = pageOf(shopGoodsSchema);
export const shopGoodsInfoQuery = z.object({ id: idParam });
export const shopGoodsInfoData = shopGoodsSchema.extend({ shop_id: z.number().int(), images: z.array(z.string()), skus: z.array(shopSkuSchema) });

/** Platform goods the owner may offer: `added` when already in the shop, with the stock the owner holds. */
export const shopGoodsChoiceSchema = z.object({ goods_id: z.number().int(), name: z.string(), cover: z.string(), price: minor, currency: z.string(), pv: count, stock: count, added: z.boolean() });
export const shopGoodsChoicesQuery = pageQuery.extend({ q: z.string().trim().max(50).optional() });
export const shopGoodsChoicesData = pageOf(shopGoodsChoiceSchema);
/** Adds platform goods to the shop or takes them off its shelves (`shopGoodsList` with a body). */
export const shopGoodsChoiceBody = z.object({
  goods_id: idParam,
  on_sale: z.boolean(),
  /** The shop's own prices of the goods' SKUs, in minor units, each inside the operators' band around the platform's price. */
  prices: z.array(z.object({ sku_id: idParam, price: shopAmount(1) })).max(100).optional(),
});

export const noAuthTotalData = z.object({ count });

/** A line of a shop order or a sales slip. */
export const shopLineSchema = z.object({
  sku_id: z.number().int(),
  goods_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  price: minor,
  num: z.number().int(),
  pv: count,
  total: minor,
});

export const shopOrderActionsSchema = z.object({
  pay: z.boolean(),
  audit: z.boolean(),
  ship: z.boolean(),
  ready_for_pickup: z.boolean(),
  complete: z.boolean(),
  /** The buyer may open an after-sales case on it now (shipped or completed, with units left). */
  after_sale: z.boolean(),
});

/** The after-sales cases of a shop order, as its owner and buyer see them (read-only for the owner: the platform decides). */
export const shopOrderAfterSaleSchema = z.object({
  cases: count,
  /** Cases still open (they hold the order's settlement). */
  open: count,
  /** The newest case's state. */
  status: z.enum(AFTER_SALE_STATUSES),
  /** What the cases have refunded so far. */
  refunded: minor,
});

export const shopOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string(), logo: z.string() }),
  /** The buyer's name (masked for the owner). */
  buyer_name: z.string(),
  status: shopOrderStatus,
  delivery: z.enum(['ship', 'pickup']),
  lines: z.array(shopLineSchema),
  goods_total: minor,
  total: minor,
  currency: z.string(),
  pv: count,
  remarks: z.string(),
  reject_reason: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  /** Paid and refunded are the payment's; `refunded` once the whole payment came back. */
  refunded: z.boolean(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** When an undecided audit is rejected on its own. */
  audit_due_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Whether the order has after-sales cases, and their state; null without any. */
  has_after_sale: z.boolean(),
  after_sale: shopOrderAfterSaleSchema.nullable(),
  actions: shopOrderActionsSchema,
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

export const shopOrderEventSchema = z.object({ kind: z.string(), from: z.string().nullable(), to: z.string().nullable(), reason: z.string(), by: z.string(), at: z.string() });
export const shopOrderDetailSchema = shopOrderSchema.extend({
  address: z.object({ name: z.string(), mobile: z.string(), text: z.string() }).nullable(),
  /** The owner's earnings once the order settled (owner view only; null before). */
  earnings: minor.nullable(),
  settled_at: z.string().nullable(),
  events: z.array(shopOrderEventSchema),
});

export const shopOrderListQuery = pageQuery.extend({ view: z.enum(SHOP_ORDER_VIEWS).default('all'), q: z.string().trim().max(50).optional() });
export const shopOrderListData = pageOf(shopOrderSchema);
export const shopOrderInfoQuery = z.object({ id: idParam });
export const shopOrderInfoBody = z.object({ id: idParam });

export const shopOrderAuthBody = z
  .object({
    id: idParam,
    decision: z.enum(['approve', 'reject']),
    reason: freeText(200).default(''),
  })
  .refine((b) => b.decision === 'approve' || b.reason.length > 0, { message: 'validation.required', path: ['reason'] });
export const shopOrderStateData = z.object({ id: z.number().int(), status: shopOrderStatus });

export const changeShopOrderStateBody = z
  .object({
    id: idParam,
    to: z.enum(['shipped', 'ready_for_pickup', 'completed']),
    /** Shown to the buyer as written: a person's text, without the controls that turn text around. */
    carrier: freeText(50).default(''),
    /** Letters, digits and dashes, as carriers number their parcels (the platform's own shipments take the same). */
    tracking_number: z.string().trim().max(50).regex(/^[A-Za-z0-9-]*$/, 'validation.invalid').default(''),
  })
  .refine((b) => b.to !== 'shipped' || (b.carrier.length > 0 && b.tracking_number.length > 0), { message: 'validation.required', path: ['tracking_number'] });

export const sellNoteSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  buyer_id: z.number().int().nullable(),
  /** A member buyer's masked name, or the walk-in buyer's name as written. */
  buyer_name: z.string(),
  lines: z.array(shopLineSchema),
  /** Goods value of the lines at the platform's prices. */
  goods_total: minor,
  /** What the owner says was collected (offline; not in the ledger). */
  paid: minor,
  currency: z.string(),
  /** Always 0: a slip earns no PV (the owner's restock order earned the PV of these units). Lines say 0 too. */
  pv: count,
  note: z.string(),
  created_at: z.string(),
});
export const sellNoteListQuery = pageQuery.extend({ month: monthParam.optional() });
export const sellNoteListData = pageOf(sellNoteSchema).extend({ sum: z.array(z.object({ currency: z.string(), amount: minor })) });
export const sellNoteCreateBody = z
  .object({
    /** A member buyer attached to the shop (invited by its owner, or a past buyer; never the owner), or a walk-in buyer's name. */
    buyer_id: idParam.optional(),
    buyer_name: freeText(50).default(''),
    lines: z.array(z.object({ sku_id: idParam, num: wholeNumber(1, 999) })).min(1).max(50),
    /** Collected offline, in minor units of the goods' currency. */
    paid: shopAmount(0),
    note: freeText(200).default(''),
  })
  .refine((b) => b.buyer_id !== undefined || b.buyer_name.length > 0, { message: 'validation.required', path: ['buyer_name'] });

// ── The shop cart (one cart per buyer and shop) ─────────────────────────────────────────────

/** Why a shop cart line cannot be ordered now (see `shopCartLineSchema.problem`). */
export const SHOP_CART_LINE_PROBLEMS = ['shop_gone', 'shop_paused', 'off_sale', 'out_of_stock', 'not_enough_stock'] as const;
export type ShopCartLineProblem = (typeof SHOP_CART_LINE_PROBLEMS)[number];

export const shopCartLineSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  spec_text: z.string(),
  image: z.string(),
  price: minor,
  currency: z.string(),
  num: z.number().int(),
  /** What the shop holds of the SKU. */
  stock: count,
  selected: z.boolean(),
  /** False when the line cannot be ordered now (`problem` says why); such a line counts toward no total. */
  available: z.boolean(),
  /**
   * Why the line cannot be ordered, the shop's reason first: `shop_gone` (closed, or its owner can no
   * longer sell: buyers are told it does not exist), `shop_paused`, `off_sale`, `out_of_stock` (the
   * shop holds none), `not_enough_stock` (the shop holds fewer than `num`: `stock` are left); null when it can.
   */
  problem: z.enum(SHOP_CART_LINE_PROBLEMS).nullable(),
});
export type ShopCartLine = z.infer<typeof shopCartLineSchema>;
export const shopCartQuery = z.object({ shop_id: idParam.optional() });
export const shopCartData = z.object({
  /** One group per shop, newest first. */
  shops: z.array(
    z.object({
      shop: z.object({ id: z.number().int(), name: z.string(), logo: z.string(), status: shopStatus }),
      list: z.array(shopCartLineSchema),
      selected_count: count,
      selected_total: minor,
      currency: z.string(),
    }),
  ),
  total_count: count,
});
export const shopCartCountData = z.object({ total: count });
export const shopCartAddBody = z.object({ shop_id: idParam, sku_id: idParam, num: wholeNumber(1, 99).default(1) });
export const shopCartAddData = z.object({ id: z.number().int(), num: z.number().int(), total_count: count });
export const shopCartDelBody = z.object({ ids: z.union([idParam.transform((id) => [id]), z.array(idParam).min(1).max(100)]) });
export const shopCartDelData = z.object({ removed: count, total_count: count });
export const shopCartUpdateBody = z
  .object({ id: idParam, num: wholeNumber(1, 99).optional(), selected: z.boolean().optional() })
  .refine((c) => c.num !== undefined || c.selected !== undefined, { message: 'validation.required', path: ['num'] });

// ── Checkout ────────────────────────────────────────────────────────────────────────────────

export const createShopOrderBody = z
  .object({
    shop_id: idParam,
    /** The cart lines to buy (all of one shop), or one SKU bought at once. */
    line_ids: z.array(idParam).min(1).max(100).optional(),
    sku_id: idParam.optional(),
    num: wholeNumber(1, 99).default(1),
    /** Shipped to the member's address, or picked up at the shop. */
    address_id: idParam.optional(),
    pickup: z.boolean().default(false),
    remarks: freeText(200).default(''),
    /** The total the member saw (the cart's), refused with `priceChanged` when the order would cost anything else. */
    expected_total: expectedTotalField,
  })
  .refine((b) => b.line_ids !== undefined || b.sku_id !== undefined, { message: 'validation.required', path: ['sku_id'] })
  .refine((b) => b.pickup || b.address_id !== undefined, { message: 'validation.required', path: ['address_id'] });
export const createShopOrderData = z.object({ order_id: z.number().int(), order_no: z.string(), total: minor, currency: z.string(), pv: count, status: shopOrderStatus, expires_at: z.string() });

/** Paying a shop order: as paying any payable (`/shop/buy/payOrder`), the payable being the shop order. */
export const payShopOrderBody = payBody.omit({ order_type: true });
export const shopPayInfoQuery = paymentInfoQuery.omit({ order_type: true });

export const buyerShopOrderListQuery = pageQuery.extend({ view: z.enum(BUYER_SHOP_ORDER_VIEWS).default('all') });
export const buyerShopOrderListData = pageOf(shopOrderSchema);

/** Books a regular order the owner bought and received into the shop's stock, once. */
export const restockBody = z.object({ order_id: idParam });
export const restockData = z.object({ order_id: z.number().int(), units: count, lines: z.array(z.object({ sku_id: z.number().int(), added: count, stock: count })) });
/** The owner's received regular orders that may still be booked into the shop: not booked yet, with units no after-sales case holds. */
export const restockOrdersQuery = pageQuery;
export const restockOrdersData = pageOf(
  z.object({
    id: z.number().int(),
    order_no: z.string(),
    completed_at: z.string().nullable(),
    lines: z.array(z.object({ sku_id: z.number().int(), name: z.string(), spec_text: z.string(), num: count })),
  }),
);
