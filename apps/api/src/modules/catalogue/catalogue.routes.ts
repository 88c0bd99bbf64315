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
import { demoImageRoute, demoImagesDir } from './demo/demo-images.js';
import { dropGoodsOnChanges } from './response-cache.js';

/** Categories, goods, SKUs, reviews and the member's searches: each call is one service function of (executor, actor, input). */
export function catalogueRoutes({ handle, deps, app }: Api): void {
  const { db } = deps;
  demoImageRoute(app, demoImagesDir(deps.config));
  // Goods changed by a writer without the app's dependencies (an approved group buy): their cached answers go.
  const stopDropping = dropGoodsOnChanges(deps);
  app.addHook('onClose', async () => stopDropping());
  handle(listCategories, ({ actor, query }) => service.listCategories(deps, actor, query));
  handle(getCategory, ({ actor, query }) => service.getCategory(deps, actor, query));
  handle(listCategoryTree, ({ actor }) => service.categoryTree(deps, actor));
  handle(listGoods, ({ actor, query }) => service.goodsPage(deps, actor, query));
  handle(getGoods, ({ actor, query }) => service.goodsInfo(deps, actor, query));
  handle(getSku, ({ actor, query }) => service.skuInfo(db, actor, query));
  handle(collectGoods, ({ actor, body }) => service.collectGoods(deps, actor, body));
  handle(getReviewTotals, ({ actor, query }) => service.reviewTotals(db, actor, query));
  handle(listReviews, ({ actor, query }) => service.reviewPage(db, actor, query));
  handle(getReview, ({ actor, query }) => service.review(db, actor, query));
  handle(listSearchLog, ({ actor }) => service.searchLog(db, actor));
  handle(clearSearchLog, ({ actor }) => service.clearSearchLog(db, actor));
}
