import {
  clearSearchLog,
  collectGoods,
  getCategory,
  getGoods,
  getReview,
  getReviewTotals,
  getSku,
  listCategories,
  listCategoryTree,
  listGoods,
  listReviews,
  listSearchLog,
} from '@shop/contract';
import type { Api } from '../../plugins/routes.js';
import * as service from './catalogue.service.js';
import { demoImageRoute } from './demo/demo-images.js';

export function catalogueRoutes({ handle, deps, app }: Api): void {
  demoImageRoute(app);
  handle(listCategories, ({ query, ctx }) => service.listCategories(deps, ctx.lang, query));
  handle(getCategory, ({ query, ctx }) => service.getCategory(deps, ctx.lang, query.id));
  handle(listCategoryTree, ({ ctx }) => service.categoryTree(deps, ctx.lang));
  handle(listGoods, ({ query, ctx, member }) => service.goodsPage(deps, ctx.lang, query, member));
  handle(getGoods, ({ query, ctx, member }) => service.goodsInfo(deps, ctx.lang, query.id, member));
  handle(getSku, ({ query, ctx }) => service.skuInfo(deps.db, ctx.lang, query));
  handle(collectGoods, ({ body, member }) => service.collectGoods(deps, member!, body.goods_id, body.collect));
  handle(getReviewTotals, ({ query }) => service.reviewTotals(deps.db, query.goods_id));
  handle(listReviews, ({ query }) => service.reviewPage(deps.db, query));
  handle(getReview, ({ query }) => service.review(deps.db, query.id));
  handle(listSearchLog, ({ member }) => service.searchLog(deps.db, member));
  handle(clearSearchLog, ({ member }) => service.clearSearchLog(deps.db, member!));
}
