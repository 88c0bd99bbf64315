import type { AppDeps } from '../../app-deps.js';
import { responseCache } from '../../lib/cache.js';
import { announce, onChanges } from '../../lib/changes.js';
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

/** Marks the catalogue tags `goodsChangedOnCommit` announces, so only those are dropped by `dropGoodsOnChanges` (never what the cache already dropped). */
const FROM_WRITER_WITHOUT_DEPS = 'catalogue-changed-without-deps';

/**
 * `catalogueChangedOnCommit` for a writer that holds no `deps` (an approval carried out: a group buy
 * set up, its units taken from stock): announced once `tx` commits, dropped by `dropGoodsOnChanges`.
 */
export function goodsChangedOnCommit(tx: Tx, goodsIds: number[]): void {
  announce(tx, { kind: 'cache', tags: [FROM_WRITER_WITHOUT_DEPS, CacheTag.goodsList, CacheTag.home, ...goodsIds.map((id) => CacheTag.goodsInfo(id))] });
}

/**
 * Drops the answers `goodsChangedOnCommit` announced here, in the other serving processes too
 * (through Redis); another process's announcement is dropped by the response cache itself. It drops
 * without announcing again, so it never hears itself. Answers the function that stops it.
 */
export function dropGoodsOnChanges(deps: Pick<AppDeps, 'config' | 'redis'>): () => void {
  const cache = responseCache(deps);
  return onChanges((changes, origin) => {
    if (origin !== 'local') return;
    for (const c of changes) if (c.kind === 'cache' && c.tags.includes(FROM_WRITER_WITHOUT_DEPS)) cache.dropEverywhere(c.tags);
  });
}
