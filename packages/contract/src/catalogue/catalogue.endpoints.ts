import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import {
  categoryInfoData,
  categoryInfoQuery,
  categoryListQuery,
  categoryNodeSchema,
  categorySchema,
  collectData,
  collectGoodsBody,
  goodsInfoData,
  goodsInfoQuery,
  goodsListData,
  goodsListQuery,
  reviewInfoQuery,
  reviewListData,
  reviewListQuery,
  reviewSchema,
  reviewTotalData,
  reviewTotalQuery,
  searchLogData,
  skuInfoData,
  skuInfoQuery,
} from './catalogue.schemas.js';

export * from './catalogue.schemas.js';

// The regular shop's catalogue: categories, goods with their SKUs, reviews and the search log.

/** Categories of one level (top level, or the children of `parent_id`). */
export const listCategories = endpoint({ method: 'GET', path: '/shop/cate/list', auth: 'optional', area: 'catalogue', query: categoryListQuery, data: z.object({ list: z.array(categorySchema) }) });
/** One category with its direct children. */
export const getCategory = endpoint({ method: 'GET', path: '/shop/cate/info', auth: 'optional', area: 'catalogue', query: categoryInfoQuery, data: categoryInfoData });
/** The whole category tree. */
export const listCategoryTree = endpoint({ method: 'GET', path: '/shop/cate/cateAll', auth: 'optional', area: 'catalogue', data: z.object({ list: z.array(categoryNodeSchema) }) });
/** Goods on sale, by category, shelf or keyword, paged; a member's keyword goes to the search log. */
export const listGoods = endpoint({ method: 'GET', path: '/shop/goods/list', auth: 'optional', area: 'catalogue', query: goodsListQuery, data: goodsListData });
/** One goods with gallery, description, specs and SKUs. */
export const getGoods = endpoint({ method: 'GET', path: '/shop/goods/info', auth: 'optional', area: 'catalogue', query: goodsInfoQuery, data: goodsInfoData });
/** One SKU (by id or by its spec values) with its live price and stock. */
export const getSku = endpoint({ method: 'GET', path: '/shop/goods/sukInfo', auth: 'optional', area: 'catalogue', query: skuInfoQuery, data: skuInfoData });
/** Review counts of one goods. */
export const getReviewTotals = endpoint({ method: 'GET', path: '/shop/goods_comment/total', auth: 'optional', area: 'catalogue', query: reviewTotalQuery, data: reviewTotalData });
/** Reviews of one goods, newest first. */
export const listReviews = endpoint({ method: 'GET', path: '/shop/goods_comment/list', auth: 'optional', area: 'catalogue', query: reviewListQuery, data: reviewListData });
/** One review. */
export const getReview = endpoint({ method: 'GET', path: '/shop/goods_comment/info', auth: 'optional', area: 'catalogue', query: reviewInfoQuery, data: reviewSchema });
/** The member's recent searches (empty for visitors). */
export const listSearchLog = endpoint({ method: 'GET', path: '/shop/search/searchLog', auth: 'optional', area: 'catalogue', data: searchLogData });
/** Adds goods to (or removes them from) the member's collection; idempotent. */
export const collectGoods = endpoint({ method: 'POST', path: '/shop/goods/collect', auth: 'member', area: 'catalogue', body: collectGoodsBody, data: collectData });
/** Clears the member's search log. */
export const clearSearchLog = endpoint({ method: 'POST', path: '/shop/search/clearLog', auth: 'member', area: 'catalogue', data: z.object({ cleared: z.number().int() }) });
