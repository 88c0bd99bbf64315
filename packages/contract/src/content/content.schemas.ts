import { z } from 'zod';
import { pageOf, pageQuery } from '../common/pagination.js';
import { freeText } from '../common/text.js';
import { categorySchema, goodsListItemSchema, GOODS_SHELVES, idParam } from '../catalogue/catalogue.schemas.js';
import { countryRateSchema } from '../geo/geo.schemas.js';

// ---------------------------------------------------------------- home and activity pages

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** An app path (`/pages/goods/goodsInfo?id=3`) or an https address; empty for none. */
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const noticeItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  published_at: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItemSchema>;

export const shelfSchema = z.object({
  key: z.enum(GOODS_SHELVES),
  title: z.string(),
  goods: z.array(goodsListItemSchema),
});

/** A category of the home page's entry grid. */
export const categoryEntrySchema = z.object({ id: z.number().int(), name: z.string(), icon: z.string() });

/** Everything the home page shows first, in one answer. */
export const indexData = z.object({
  banners: z.array(bannerSchema),
  categories: z.array(categoryEntrySchema),
  notices: z.array(noticeItemSchema),
  shelves: z.array(shelfSchema),
});
export type IndexData = z.infer<typeof indexData>;

export const categoryTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categories: z.array(categorySchema),
});

export const goodsTypeSchema = z.object({ key: z.enum(GOODS_SHELVES), name: z.string() });

export const sharePosterSchema = z.object({ id: z.number().int(), title: z.string(), text: z.string(), image: z.string() });

/**
 * A country the shop sells in, with the rates module's rate of its currency against the shop
 * currency: the same rate, source and date as `areaHuilvList` gives (`countryRateSchema`).
 */
export const saleAreaSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  flag: z.string(),
  ...countryRateSchema.pick({ rate: true, source: true, date: true }).shape,
});

export const goodsStockQuery = z.object({ goods_id: idParam });
export const goodsStockData = z.object({
  goods_id: z.number().int(),
  stock: z.number().int(),
  skus: z.array(z.object({ id: z.number().int(), stock: z.number().int() })),
});

// ---------------------------------------------------------------- news

export const newsListQuery = pageQuery;
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: z.string(),
  published_at: z.string(),
  like_count: z.number().int(),
  comment_count: z.number().int(),
});
export const newsListData = pageOf(newsItemSchema);
export const newsInfoQuery = z.object({ id: idParam });
export const newsInfoData = newsItemSchema.extend({
  /** Rich text, sanitized on the server. */
  content: z.string(),
  collect_count: z.number().int(),
  annex_count: z.number().int(),
  is_liked: z.boolean(),
  is_collected: z.boolean(),
});
export type NewsInfo = z.infer<typeof newsInfoData>;
export const annexQuery = z.object({ news_id: idParam });
export const annexSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string(), size: z.number().int(), mime: z.string() });
export const likeNewsBody = z.object({ news_id: idParam, like: z.boolean().default(true) });
export const collectNewsBody = z.object({ news_id: idParam, collect: z.boolean().default(true) });
export const likeData = z.object({ liked: z.boolean(), like_count: z.number().int() });
export const collectNewsData = z.object({ collected: z.boolean(), collect_count: z.number().int() });

// ---------------------------------------------------------------- comments on news

export const COMMENT_MAX_LENGTH = 140;
export const commentSchema = z.object({
  id: z.number().int(),
  news_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  user_name: z.string(),
  content: z.string(),
  like_count: z.number().int(),
  reply_count: z.number().int(),
  is_liked: z.boolean(),
  is_mine: z.boolean(),
  created_at: z.string(),
});
export type NewsComment = z.infer<typeof commentSchema>;
export const commentListQuery = pageQuery.extend({ news_id: idParam });
export const commentListData = pageOf(commentSchema);
export const commentInfoQuery = z.object({ id: idParam });
export const commentThreadQuery = pageQuery.extend({ id: idParam });
export const commentThreadData = z.object({ comment: commentSchema, replies: pageOf(commentSchema) });
export const likeCommentBody = z.object({ comment_id: idParam, like: z.boolean().default(true) });
export const createCommentBody = z.object({
  news_id: idParam,
  /** Replying to a comment of the same news. */
  parent_id: idParam.optional(),
  content: freeText(COMMENT_MAX_LENGTH).min(1),
});

// ---------------------------------------------------------------- notices, FAQ, agreement, version

export const noticeListData = pageOf(noticeItemSchema);
export const noticeInfoQuery = z.object({ id: idParam });
export const noticeInfoData = noticeItemSchema.extend({ content: z.string() });

export const faqQuery = pageQuery.extend({ limit: pageQuery.shape.limit.default(50) });
export const faqSchema = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export const faqListData = pageOf(faqSchema);

export const AGREEMENT_KINDS = ['user', 'privacy', 'purchase'] as const;
export const agreementQuery = z.object({ type: z.enum(AGREEMENT_KINDS).default('user') });
export const agreementData = z.object({ type: z.enum(AGREEMENT_KINDS), title: z.string(), content: z.string(), updated_at: z.string() });

export const versionQuery = z.object({
  /** The version the client runs; without it, no update is required. */
  version: z.string().trim().max(20).regex(/^\d+(\.\d+){0,3}$/, 'validation.invalid').optional(),
  platform: z.enum(['android', 'ios', 'h5']).default('h5'),
});
export const versionData = z.object({
  version: z.string(),
  min_version: z.string(),
  update_required: z.boolean(),
  update_available: z.boolean(),
  download_url: z.string(),
});

// ---------------------------------------------------------------- popups and sharing

export const popupSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  image: z.string(),
  link: z.string(),
});
export type Popup = z.infer<typeof popupSchema>;

export const shareInfoQuery = z.object({ goods_id: idParam.optional() });
export const shareInfoData = z.object({
  title: z.string(),
  text: z.string(),
  image: z.string(),
  /** Opens the shop (or the goods) with the member's share code, which becomes the invitation code. */
  link: z.string(),
  share_code: z.string(),
});
export const shareWxQuery = shareInfoQuery;
export const shareWxData = z.object({ title: z.string(), desc: z.string(), img_url: z.string(), link: z.string() });
