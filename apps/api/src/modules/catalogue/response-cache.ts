import type { AppDeps } from '../../app-deps.js';
import { responseCache } from '../../lib/cache.js';
import type { Tx } from '../../lib/transaction.js';

/** Tags of the catalogue's and content's cached answers, one per kind of data they show. */
export const CacheTag = {
  categories: 'categories',
  goodsList: 'goods-list',
  /** Every goods detail; `goodsInfo(id)` the answers of one goods. */
  goodsInfo: (id?: number) => (id === undefined ? 'goods-info' : `goods-info:${id}`),
  home: 'home',
  content: 'content',
  /** Answers showing today's exchange rates (the sale areas): dropped when rates are recorded or set. */
  rates: 'rates',
} as const;

/**
 * Goods, SKUs, prices, stock or sales changed (an order, a restock, an edit): drops every cached
 * answer that shows them. Other areas that write those tables call this after their commit.
 */
export function catalogueChanged(deps: Pick<AppDeps, 'config' | 'redis'>, goodsIds?: number[]): void {
  const cache = responseCache(deps);
  if (goodsIds?.length) cache.invalidate(CacheTag.goodsList, CacheTag.home, ...goodsIds.map((id) => CacheTag.goodsInfo(id)));
  else cache.invalidate(CacheTag.goodsList, CacheTag.home, CacheTag.goodsInfo(), CacheTag.categories);
}

/** The shop's content (banners, notices, FAQ, agreements …) changed. */
export function contentChanged(deps: AppDeps): void {
  responseCache(deps).invalidate(CacheTag.content, CacheTag.home);
}

/**
 * `catalogueChanged` once `tx` commits (never for a rollback): a write inside a transaction must
 * not let a concurrent read re-cache the old rows between the invalidation and the commit.
 */
export function catalogueChangedOnCommit(tx: Tx, deps: Pick<AppDeps, 'config' | 'redis'>, goodsIds?: number[]): void {
  tx.afterCommit(() => catalogueChanged(deps, goodsIds));
}

/** `contentChanged` once `tx` commits. */
export function contentChangedOnCommit(tx: Tx, deps: AppDeps): void {
  tx.afterCommit(() => contentChanged(deps));
}
