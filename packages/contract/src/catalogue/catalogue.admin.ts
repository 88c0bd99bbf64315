import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { LANGUAGES } from '../common/languages.js';
import { exportOf, sortQuery } from '../common/list-sort.js';
import { pageOf, pageQuery } from '../common/pagination.js';
import { withoutBidiControls } from '../common/text.js';
import { uploadedFileData } from '../account/account.schemas.js';
import { GOODS_STATUSES, idParam, PROMOTION_STATES } from './catalogue.schemas.js';
import { approvalOutcomeOf, approvalRequestSchema } from '../admin/approvals.js';

// Operator calls of the catalogue (under /admin/api/): categories, goods with their SKUs, stock
// adjustments, the console's picture upload, and the lists of group buys and coupons.

const minor = z.number().int();
const ok = z.object({ ok: z.literal(true) });

/**
 * A text in several languages: language → text (the shop's default language, English, is required
 * where the text is). Members read these (goods, banners, news, notices): no controls that turn text around.
 */
export const adminTextsSchema = (max: number) => z.partialRecord(z.enum(LANGUAGES), withoutBidiControls(z.string().max(max)));
const requiredTexts = (max: number) =>
  plainTexts(max).refine((t) => (t['en-us'] ?? '').trim().length > 0, { message: 'validation.required', path: ['en-us'] });
/** Where the shop keeps a picture: an upload (`/uploads/<key>`) or one of the demo shop's pictures (`/media/demo/<name>.png`). */
const STORED_PICTURE = /^\/uploads\/[\w-]+(?:\/[\w-]+)*\.[A-Za-z0-9]+$|^\/media\/demo\/[\w-]+\.png$/;
/**
 * A picture this shop stores and serves: an upload as the upload call answered it (on this site's
 * address or not: only its path is kept, so members only ever load it from here) or a demo picture.
 * Another site's address, a path outside the stores (`..`, `/admin/api/…`) or one with a query is
 * refused: members' browsers would load it from wherever it points.
 */
export const shopPicture = z
  .string()
  .trim()
  .max(500)
  .overwrite((v) => v.replace(/^https?:\/\/[^/?#\s]+(?=\/uploads\/)/i, ''))
  .regex(STORED_PICTURE, 'admin.validation.pictureNotStored');
const pictureUrl = shopPicture;
/** Markup a browser would read as a tag: `<` followed by a letter, `/` or `!`. */
const MARKUP = /<[A-Za-z/!]/;
/** Texts members read as plain words (names, subtitles, options): markup is refused, never shown as `<b>` to members. */
const plainTexts = (max: number) =>
  z.partialRecord(
    z.enum(LANGUAGES),
    withoutBidiControls(z.string().max(max)).refine((t) => !MARKUP.test(t), { message: 'admin.validation.noMarkup' }),
  );
/** A price members pay: more than 0 (at least one minor unit, 0.01 in most currencies). */
const salePrice = minor.min(1, 'admin.validation.priceAboveZero');

/**
 * The `updated_at` of the row an editor was loaded from. A change (`id` given) must name it: saved
 * from a copy changed since, it is refused (it would undo that change) and nothing is written.
 */
export const baseUpdatedAt = z.iso.datetime({ offset: true }).optional();

export const ADMIN_GOODS_SORTS = ['updated_desc', 'created_desc', 'price_asc', 'price_desc', 'stock_asc', 'sales_desc', 'sort'] as const;

export const adminCategorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  type_id: z.number().int(),
  name: adminTextsSchema(60),
  icon: z.string(),
  sort: z.number().int(),
  is_visible: z.boolean(),
  /** Goods filed directly under it. */
  goods_count: z.number().int(),
  /** The version a save of the category form names (`base_updated_at`). */
  updated_at: z.string(),
});
export const saveCategoryBody = z.object({
  /** Absent: a new category. */
  id: idParam.optional(),
  base_updated_at: baseUpdatedAt,
  parent_id: idParam.nullable().default(null),
  name: requiredTexts(60),
  icon: z.union([pictureUrl, z.literal('')]).default(''),
  is_visible: z.boolean().default(true),
});
export const reorderCategoriesBody = z.object({
  parent_id: idParam.nullable().default(null),
  /** Every child of the parent, in the order the shop shows them. */
  ids: z.array(idParam).min(1).max(500),
});

export const adminGoodsListQuery = pageQuery.extend({
  /** Part of a name in any language, or the goods number. */
  q: z.string().trim().max(100).optional(),
  category_id: idParam.optional(),
  status: z.enum(GOODS_STATUSES).optional(),
  sort: z.enum(ADMIN_GOODS_SORTS).default('updated_desc'),
});
export const adminGoodsSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  price: minor,
  currency: z.string(),
  stock: z.number().int(),
  sales: z.number().int(),
  sku_count: z.number().int(),
  status: z.enum(GOODS_STATUSES),
  updated_at: z.string(),
});

export const adminSpecSchema = z.object({
  id: z.number().int().min(1),
  name: adminTextsSchema(40),
  values: z.array(z.object({ id: z.number().int().min(1), name: adminTextsSchema(40) })).min(1).max(50),
});
export const adminSkuSchema = z.object({
  id: z.number().int(),
  spec_value_ids: z.array(z.number().int()),
  price: minor,
  market_price: minor,
  stock: z.number().int(),
  sales: z.number().int(),
  pv: z.number().int(),
  weight_g: z.number().int(),
  image: z.string(),
});
export const adminGoodsSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: adminTextsSchema(120),
  subtitle: adminTextsSchema(200),
  /** Rich text per language, as stored: already reduced to safe markup. */
  description: adminTextsSchema(100_000),
  images: z.array(z.string()),
  currency: z.string(),
  market_price: minor,
  status: z.enum(GOODS_STATUSES),
  is_hot: z.boolean(),
  is_new: z.boolean(),
  is_recommend: z.boolean(),
  sort: z.number().int(),
  /** Months of warranty from receipt, in which a member may ask for a repair (0: none). */
  warranty_months: z.number().int(),
  specs: z.array(adminSpecSchema),
  /** Each SKU's `pv` is the PV in force (a raise applies only once a second operator approves it). */
  skus: z.array(adminSkuSchema),
  /** Raises of its SKUs' PV waiting for a second operator (kind `sku.pv`, each naming its SKU in `what`). */
  pv_requests: z.array(approvalRequestSchema),
  updated_at: z.string(),
});

/** An option and its values as the editor sends them: plain words, as members read them on the goods page. */
const specInput = adminSpecSchema.extend({
  name: plainTexts(40),
  values: z.array(z.object({ id: z.number().int().min(1), name: plainTexts(40) })).min(1).max(50),
});
const skuInput = z.object({
  /** Absent: a new SKU. An SKU of the goods left out of the list is kept as it is. */
  id: idParam.optional(),
  /** One value id per spec, in the specs' order (empty for goods without specs). */
  spec_value_ids: z.array(z.number().int().min(1)).max(5).default([]),
  price: salePrice.max(100_000_000_000),
  /** The list price shown struck through (0: none); when given, at least the sale price. */
  market_price: minor.min(0).max(100_000_000_000).default(0),
  /** PV per unit: a lower one applies at once; a higher one (a new SKU's above 0 too) waits for a second operator. */
  pv: z.number().min(0).max(100_000_000).int().default(0),
  weight_g: z.number().min(1).max(1_000_000).int().default(500),
  image: z.union([pictureUrl, z.literal('')]).default(''),
  /** A new SKU's first stock (recorded as an adjustment); an existing SKU's stock changes by adjustment only. */
  stock: z.number().min(0).max(10_000_000).int().default(0),
});
/**
 * The SKUs (by their place in the list) whose list price is given (above 0) and below their sale
 * price: members would see a struck-through "was" price lower than the one they pay. The contract
 * and the goods service both refuse them (`admin.validation.listPriceBelowPrice`, on `skus.<i>.market_price`).
 */
export function skusWithListPriceBelowPrice(skus: ReadonlyArray<{ price: number; market_price: number }>): number[] {
  return skus.flatMap((s, i) => (Number.isSafeInteger(s?.price) && Number.isSafeInteger(s?.market_price) && s.market_price > 0 && s.market_price < s.price ? [i] : []));
}
export const saveGoodsBody = z.object({
  id: idParam.optional(),
  base_updated_at: baseUpdatedAt,
  category_id: idParam,
  name: requiredTexts(120),
  subtitle: plainTexts(200).default({}),
  /** Rich text per language; what a browser could run is removed before it is stored. */
  description: adminTextsSchema(100_000).default({}),
  images: z.array(pictureUrl).min(1, 'validation.required').max(9),
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.invalid'),
  market_price: minor.min(0).max(100_000_000_000).default(0),
  status: z.enum(GOODS_STATUSES).default('off_sale'),
  is_hot: z.boolean().default(false),
  is_new: z.boolean().default(false),
  is_recommend: z.boolean().default(false),
  sort: z.number().min(-100_000).max(100_000).int().default(0),
  /** Months of warranty from receipt, in which a member may ask for a repair (0: none). */
  warranty_months: z.number().min(0).max(120).int().default(0),
  specs: z.array(specInput).max(5).default([]),
  skus: z.array(skuInput).min(1, 'validation.required').max(200),
  /** Why (kept in the audit log). */
  reason: z.string().trim().max(300).optional(),
}).superRefine(
  (b, ctx) => {
    // Named by its place in the list ("SKU 2"), as the console's SKU table shows them.
    for (const i of skusWithListPriceBelowPrice(b.skus)) ctx.addIssue({ code: 'custom', path: ['skus', i, 'market_price'], message: 'admin.validation.listPriceBelowPrice', params: { n: i + 1 }, input: b.skus[i]!.market_price });
  },
  // Also beside other refusals (a name left empty …), so a form shows them all at once; the SKUs are checked one by one.
  { when: (payload) => Array.isArray((payload.value as { skus?: unknown } | undefined)?.skus) },
);
export const setGoodsStatusBody = z.object({ ids: z.array(idParam).min(1).max(200), status: z.enum(GOODS_STATUSES), reason: z.string().trim().max(300).optional() });

export const adjustStockBody = z.object({
  sku_id: idParam,
  /** Units added (positive) or taken away (negative). */
  delta: z.number().min(-10_000_000).max(10_000_000).int().refine((d) => d !== 0, 'validation.invalid'),
  reason: z.string().trim().min(1, 'validation.required').max(300),
});
export const stockAdjustmentSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  /** The SKU by its options in the reader's language ("Green / Standard"; '' when it has none or is gone). */
  sku_spec: z.string(),
  delta: z.number().int(),
  stock_after: z.number().int(),
  /** Why, in the reader's language for what the shop records itself (goods a case's return put back on sale), else as the operator typed it. */
  reason: z.string(),
  operator: z.string(),
  created_at: z.string(),
});

export const adminGroupBuySchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  sku_id: z.number().int(),
  name: z.string(),
  price: minor,
  currency: z.string(),
  group_size: z.number().int(),
  fill_hours: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  per_order_limit: z.number().int(),
  per_member_limit: z.number().int(),
  virtual_fill_percent: z.number().int(),
  quantity: z.number().int(),
  remaining: z.number().int(),
  open_groups: z.number().int(),
  state: z.enum(PROMOTION_STATES),
  created_by: z.string(),
  /** The version a change of the group buy names (`base_updated_at`); an early end moves it too. */
  updated_at: z.string(),
});
export const adminGroupBuyListQuery = pageQuery.extend({
  /** Part of the goods' name in any language, or the goods, SKU or activity number. */
  q: z.string().trim().max(100).optional(),
  state: z.enum(PROMOTION_STATES).optional(),
  ...sortQuery(['id', 'price', 'starts_at', 'ends_at', 'remaining']),
});
const moment = z.iso.datetime({ offset: true });
const changeReason = z.string().trim().min(1, 'validation.required').max(300);
/** A group buy changed: what members see of it from now on (its units, code and SKU stay; groups already open keep their size). */
export const updateGroupBuyBody = z.object({
  id: idParam,
  base_updated_at: baseUpdatedAt,
  /** More than 0 and below the SKU's own price; below half of it, the change waits for a second operator. */
  price: salePrice,
  group_size: z.number().min(2).max(100).int(),
  fill_hours: z.number().min(1).max(720).int(),
  starts_at: moment,
  ends_at: moment,
  per_order_limit: z.number().min(1).max(99).int(),
  per_member_limit: z.number().min(1).max(999).int(),
  virtual_fill_percent: z.number().min(0).max(100).int(),
  reason: changeReason,
});
export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(['amount', 'percent']),
  amount: minor.nullable(),
  percent_bp: z.number().int().nullable(),
  currency: z.string(),
  min_spend: minor,
  starts_at: z.string(),
  ends_at: z.string(),
  per_member_limit: z.number().int(),
  total_limit: z.number().int().nullable(),
  used: z.number().int(),
  state: z.enum(PROMOTION_STATES),
  created_by: z.string(),
});
export const adminCouponListQuery = pageQuery.extend({
  /** Part of the code. */
  q: z.string().trim().max(40).optional(),
  state: z.enum(PROMOTION_STATES).optional(),
  ...sortQuery(['id', 'code', 'starts_at', 'ends_at', 'used']),
});
/** A coupon changed (its code, kind and currency stay): the discount, the minimum, the dates and the limits. */
export const updateCouponBody = z.object({
  id: idParam,
  /** `amount` coupons: minor units off. */
  amount: minor.min(1).optional(),
  /** `percent` coupons: basis points off (1000 = 10 %). */
  percent_bp: z.number().min(1).max(10000).int().optional(),
  min_spend: minor.min(0),
  starts_at: moment,
  ends_at: moment,
  per_member_limit: z.number().min(1).max(1000).int(),
  total_limit: z.number().int().min(1).nullable(),
  reason: changeReason,
});

const op = { auth: 'operator', permission: 'catalogue.write', area: 'admin' } as const;

/** Every category (visible or not) with its names in every language and its goods count. */
export const adminListCategories = endpoint({ method: 'GET', path: '/admin/api/catalogue/categories', ...op, data: z.object({ list: z.array(adminCategorySchema) }) });
/** Creates a category (last among its siblings) or changes one; never under itself. */
export const adminSaveCategory = endpoint({ method: 'POST', path: '/admin/api/catalogue/categories/save', ...op, idempotent: true, body: saveCategoryBody, data: adminCategorySchema });
/** Puts the children of one parent in the given order. */
export const adminReorderCategories = endpoint({ method: 'POST', path: '/admin/api/catalogue/categories/reorder', ...op, idempotent: true, body: reorderCategoriesBody, data: ok });
/** Goods on and off sale, by name or number, category and state, sorted and paged. */
export const adminListGoods = endpoint({ method: 'GET', path: '/admin/api/catalogue/goods', ...op, query: adminGoodsListQuery, data: pageOf(adminGoodsSummarySchema) });
/** The goods list as a CSV file (same filters and sort, every row). */
export const adminExportGoods = exportOf(adminListGoods);
/** One goods as the editor shows it: every language, specs and SKUs. */
export const adminGetGoods = endpoint({ method: 'GET', path: '/admin/api/catalogue/goods/info', ...op, query: z.object({ id: idParam }), data: adminGoodsSchema });
/** Creates or changes goods with their SKUs; the member app shows the change at once. */
/** What a save answers: the goods as saved, and the numbers of the PV raises it asked for (waiting among `pv_requests`). */
export const savedGoodsSchema = adminGoodsSchema.extend({ pv_asked: z.array(z.number().int()) });
/** Creates or changes goods with their SKUs; the member app shows the change at once. A PV raise waits for a second operator. */
export const adminSaveGoods = endpoint({ method: 'POST', path: '/admin/api/catalogue/goods/save', ...op, idempotent: true, body: saveGoodsBody, data: savedGoodsSchema });
/** Puts goods on or off sale. */
export const adminSetGoodsStatus = endpoint({ method: 'POST', path: '/admin/api/catalogue/goods/status', ...op, idempotent: true, body: setGoodsStatusBody, data: z.object({ changed: z.number().int() }) });
/** Adds or takes away stock of an SKU, with the reason; never below zero. */
export const adminAdjustStock = endpoint({ method: 'POST', path: '/admin/api/catalogue/stock/adjust', ...op, idempotent: true, body: adjustStockBody, data: stockAdjustmentSchema });
/** The stock adjustments of one goods, newest first. */
export const adminListStockAdjustments = endpoint({ method: 'GET', path: '/admin/api/catalogue/stock/adjustments', ...op, query: pageQuery.extend({ goods_id: idParam }), data: pageOf(stockAdjustmentSchema) });
/** A goods picture (multipart, one file): the same checks and storage as members' uploads. */
export const adminUploadImage = endpoint({ method: 'POST', path: '/admin/api/uploads/image', ...op, data: uploadedFileData });
/** Group-buy activities, newest first, by goods and state, sorted. */
export const adminListGroupBuys = endpoint({ method: 'GET', path: '/admin/api/catalogue/group-buys', ...op, query: adminGroupBuyListQuery, data: pageOf(adminGroupBuySchema) });
/** The group buys as a CSV file (same filters and sort, every row). */
export const adminExportGroupBuys = exportOf(adminListGroupBuys);
/**
 * Changes a group buy (price, dates, sizes and limits), with the reason, from the version named; the
 * member app shows it at once. A price lowered below half the SKU's price is value given away: the
 * change waits for a second operator (`request`, pending) and the group buy is answered unchanged.
 */
export const adminUpdateGroupBuy = endpoint({ method: 'POST', path: '/admin/api/catalogue/group-buys/update', ...op, idempotent: true, body: updateGroupBuyBody, data: adminGroupBuySchema.extend({ request: approvalRequestSchema.nullable() }) });
/** Coupon codes, newest first, by code and state, sorted, with how often each was used. */
export const adminListCoupons = endpoint({ method: 'GET', path: '/admin/api/catalogue/coupons', auth: 'operator', permission: 'settings.write', area: 'admin', query: adminCouponListQuery, data: pageOf(adminCouponSchema) });
/** The coupons as a CSV file (same filters and sort, every row). */
export const adminExportCoupons = exportOf(adminListCoupons);
/** Changes a coupon (discount, minimum, dates, limits), with the reason; orders already placed keep theirs. */
export const adminUpdateCoupon = endpoint({ method: 'POST', path: '/admin/api/catalogue/coupons/update', auth: 'operator', permission: 'settings.write', area: 'admin', idempotent: true, body: updateCouponBody, data: approvalOutcomeOf(adminCouponSchema) });

export const catalogueAdminEndpoints = [
  adminListCategories, adminSaveCategory, adminReorderCategories, adminListGoods, adminExportGoods, adminGetGoods, adminSaveGoods, adminSetGoodsStatus, adminAdjustStock, adminListStockAdjustments, adminUploadImage, adminListGroupBuys, adminExportGroupBuys, adminUpdateGroupBuy,
  adminListCoupons, adminExportCoupons, adminUpdateCoupon,
] as const;
