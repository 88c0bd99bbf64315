import { z } from 'zod';
import { wholeNumber } from '../common/numbers.js';
import { pageOf, pageQuery } from '../common/pagination.js';

/** An id in a query string or a body (`?id=12`, `{ "goods_id": 12 }`). */
export const idParam = wholeNumber(1, 2_147_483_647);

/** Integer minor units of `currency` (spec: money is integers). */
const minor = z.number().int();

// ---------------------------------------------------------------- categories

export const categorySchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  type_id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export interface CategoryNode extends Category {
  children: CategoryNode[];
}
export const categoryNodeSchema: z.ZodType<CategoryNode> = categorySchema.extend({
  children: z.lazy(() => z.array(categoryNodeSchema)),
});

export const categoryListQuery = z.object({
  /** Children of this category; without it, the top level. */
  parent_id: idParam.optional(),
  type_id: idParam.optional(),
});
export const categoryInfoQuery = z.object({ id: idParam });
export const categoryInfoData = categorySchema.extend({ children: z.array(categorySchema), goods_count: z.number().int() });

// ---------------------------------------------------------------- goods

export const GOODS_SORTS = ['default', 'sales', 'new', 'price_asc', 'price_desc'] as const;
/** The shelves of the home page and the activity tab. */
export const GOODS_SHELVES = ['hot', 'new', 'recommend'] as const;
export type GoodsShelf = (typeof GOODS_SHELVES)[number];

export const goodsListQuery = pageQuery.extend({
  /** A category: its goods and those of its sub-categories. */
  cate_id: idParam.optional(),
  /** Search words, matched against the name in the request language and the shop's default language. */
  keyword: z.string().trim().max(60).optional(),
  shelf: z.enum(GOODS_SHELVES).optional(),
  sort: z.enum(GOODS_SORTS).default('default'),
});

export const goodsListItemSchema = z.object({
  id: z.number().int(),
  cate_id: z.number().int(),
  name: z.string(),
  cover: z.string(),
  price: minor,
  market_price: minor,
  currency: z.string(),
  sales: z.number().int(),
  stock: z.number().int(),
});
export type GoodsListItem = z.infer<typeof goodsListItemSchema>;
export const goodsListData = pageOf(goodsListItemSchema);

export const specValueSchema = z.object({ id: z.number().int(), name: z.string() });
export const specSchema = z.object({ id: z.number().int(), name: z.string(), values: z.array(specValueSchema) });

export const skuSchema = z.object({
  id: z.number().int(),
  /** One value of each spec, in the order of `specs`. */
  spec_value_ids: z.array(z.number().int()),
  /** `Red / XL` in the request language. */
  spec_text: z.string(),
  price: minor,
  market_price: minor,
  stock: z.number().int(),
  image: z.string(),
});
export type Sku = z.infer<typeof skuSchema>;

export const GOODS_STATUSES = ['on_sale', 'off_sale'] as const;

/** Where a coupon or a group buy stands now: not started, taking orders, or over (the member's group-buy page and the console alike). */
export const PROMOTION_STATES = ['scheduled', 'running', 'ended'] as const;

export const goodsInfoQuery = z.object({ id: idParam });
export const goodsInfoData = goodsListItemSchema.extend({
  subtitle: z.string(),
  is_hot: z.boolean(),
  is_new: z.boolean(),
  cate_name: z.string(),
  images: z.array(z.string()),
  /** Rich text, sanitized on the server: safe to render as HTML. */
  description: z.string(),
  status: z.enum(GOODS_STATUSES),
  specs: z.array(specSchema),
  skus: z.array(skuSchema),
  comment_total: z.number().int(),
  /** Share of 4- and 5-star reviews, 0–100; null when no review is shown (no share to tell). */
  good_rate: z.number().int().nullable(),
  collect_count: z.number().int(),
  /** Whether the member has collected it (always false for visitors). */
  is_collected: z.boolean(),
  /**
   * Months of warranty from receipt, in which the member may ask for a repair (0: none), shown before
   * buying. An extension of the spec's answer (absent from an older answer: none).
   */
  warranty_months: z.number().int().min(0).default(0),
  /** The group buy running on these goods with units left (the one ending soonest), or null: its page is `pages/pintuan/goodsInfo?id=`. */
  group_buy: z
    .object({
      id: z.number().int(),
      sku_id: z.number().int(),
      /** The group price of one unit, in the goods' currency. */
      price: z.number().int(),
      group_size: z.number().int(),
      remaining: z.number().int(),
      ends_at: z.string(),
    })
    .nullable()
    .default(null),
});
export type GoodsInfo = z.infer<typeof goodsInfoData>;

export const skuInfoQuery = z
  .object({
    goods_id: idParam,
    sku_id: idParam.optional(),
    /** The chosen spec values, comma-separated (`11,21`). */
    spec_value_ids: z
      .string()
      .trim()
      .max(200)
      .regex(/^\d+(,\d+)*$/, 'validation.invalid')
      .transform((s) => s.split(',').map(Number))
      .optional(),
  })
  .refine((q) => q.sku_id !== undefined || q.spec_value_ids !== undefined, { message: 'validation.invalid', path: ['sku_id'] });
export const skuInfoData = skuSchema.extend({ goods_id: z.number().int(), currency: z.string(), available: z.boolean() });

export const collectGoodsBody = z.object({
  goods_id: idParam,
  /** `false` removes it from the collection; collecting twice keeps one entry. */
  collect: z.boolean().default(true),
});
export const collectData = z.object({ collected: z.boolean(), collect_count: z.number().int() });

// ---------------------------------------------------------------- reviews

export const REVIEW_FILTERS = ['all', 'good', 'medium', 'bad', 'images'] as const;
export const reviewSchema = z.object({
  id: z.number().int(),
  goods_id: z.number().int(),
  /** Shown masked: first and last characters only. */
  user_name: z.string(),
  avatar: z.string(),
  rating: z.number().min(1).max(5).int(),
  content: z.string(),
  images: z.array(z.string()),
  sku_text: z.string(),
  reply: z.string(),
  created_at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewTotalQuery = z.object({ goods_id: idParam });
export const reviewTotalData = z.object({
  total: z.number().int(),
  good: z.number().int(),
  medium: z.number().int(),
  bad: z.number().int(),
  images: z.number().int(),
  /** Share of 4- and 5-star reviews, 0–100; null when no review is shown. */
  good_rate: z.number().int().nullable(),
  average: z.number(),
});
export const reviewListQuery = pageQuery.extend({ goods_id: idParam, filter: z.enum(REVIEW_FILTERS).default('all') });
export const reviewListData = pageOf(reviewSchema);
export const reviewInfoQuery = z.object({ id: idParam });

// ---------------------------------------------------------------- search log

export const searchLogData = z.object({ list: z.array(z.object({ keyword: z.string(), searched_at: z.string() })) });
