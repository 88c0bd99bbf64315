import type { Redis } from 'ioredis';
import type { AppDeps } from '../../app.js';
import { PreSerialized } from '../../plugins/routes.js';
import type { Tx } from '../../lib/transaction.js';

interface Entry {
  json: PreSerialized;
  value: unknown;
  /** When what it shows changes by itself (a notice scheduled to appear), in ms since the epoch. */
  expiresAt?: number;
}

/** An answer that is only good until a known moment (content scheduled to appear or end then). */
export class Expiring<T> {
  constructor(
    readonly value: T,
    readonly expiresAt: Date | undefined,
  ) {}
}

const CHANNEL = 'shop:catalogue-cache';

/**
 * Hot answers of the catalogue and content areas, held serialised in memory, keyed by language and
 * parameters. Every write that changes what they show invalidates by key prefix; with several API
 * processes the invalidation is published through Redis so each process drops its copy.
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private building = new Map<string, Promise<Entry>>();
  /** Bumped by every invalidation: a build that started before it is not stored. */
  private generation = 0;
  private subscriber?: Redis;

  constructor(
    private readonly max = 5000,
    private readonly redis?: Redis,
  ) {}

  /** The cached entry of `key`, built once by `build` when missing (concurrent misses share one build). */
  async entry(key: string, build: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    if (hit && (hit.expiresAt === undefined || Date.now() < hit.expiresAt)) return hit;
    if (hit) this.entries.delete(key);
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise: Promise<Entry> = build()
      .then((built) => {
        const value = built instanceof Expiring ? (built.value as unknown) : built;
        const expiresAt = built instanceof Expiring ? built.expiresAt?.getTime() : undefined;
        const entry: Entry = { value, json: new PreSerialized(JSON.stringify(value)), expiresAt };
        if (generation === this.generation) {
          if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(key, entry);
        }
        return entry;
      })
      .finally(() => {
        if (this.building.get(key) === promise) this.building.delete(key);
      });
    this.building.set(key, promise);
    return promise;
  }

  /** The serialised answer of `key`, ready to splice into the envelope. */
  async json(key: string, build: () => Promise<unknown>): Promise<PreSerialized> {
    return (await this.entry(key, build)).json;
  }

  /** Drops every entry whose key starts with one of `prefixes` (all entries without prefixes), here and in other processes. */
  invalidate(...prefixes: string[]): void {
    this.invalidateLocal(prefixes);
    if (this.redis) void this.redis.publish(CHANNEL, JSON.stringify(prefixes)).catch(() => {});
  }

  private invalidateLocal(prefixes: string[]): void {
    this.generation++;
    this.building.clear();
    if (!prefixes.length) {
      this.entries.clear();
      return;
    }
    for (const key of [...this.entries.keys()]) {
      if (prefixes.some((p) => key.startsWith(p))) this.entries.delete(key);
    }
  }

  /** Listens for invalidations published by other processes. */
  async listen(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        const prefixes = JSON.parse(message) as unknown;
        if (Array.isArray(prefixes)) this.invalidateLocal(prefixes.map(String));
      } catch {
        this.invalidateLocal([]);
      }
    });
    this.subscriber.on('error', () => {});
    await this.subscriber.subscribe(CHANNEL);
  }

  close(): void {
    this.subscriber?.disconnect();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<AppDeps, ResponseCache>();

/** The response cache of one running app (one per set of dependencies). */
export function responseCache(deps: AppDeps): ResponseCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ResponseCache(5000, deps.redis);
    caches.set(deps, cache);
    void cache.listen().catch(() => {});
  }
  return cache;
}

/** Cache key prefixes, one per kind of answer. */
export const CacheKey = {
  categories: 'cat:',
  goodsList: 'goods:list:',
  goodsInfo: (id?: number) => (id === undefined ? 'goods:info:' : `goods:info:${id}:`),
  home: 'home:',
  content: 'content:',
} as const;

/**
 * Goods, SKUs, prices, stock or sales changed (an order, a restock, an edit): drops every cached
 * answer that shows them. Other areas that write those tables call this after their commit.
 */
export function catalogueChanged(deps: AppDeps, goodsIds?: number[]): void {
  const cache = responseCache(deps);
  if (goodsIds?.length) cache.invalidate(CacheKey.goodsList, CacheKey.home, ...goodsIds.map((id) => CacheKey.goodsInfo(id)));
  else cache.invalidate(CacheKey.goodsList, CacheKey.home, CacheKey.goodsInfo(), CacheKey.categories);
}

/** The shop's content (banners, notices, FAQ, agreements …) changed. */
export function contentChanged(deps: AppDeps): void {
  responseCache(deps).invalidate(CacheKey.content, CacheKey.home);
}

/**
 * `catalogueChanged` once `tx` commits (never for a rollback): a write inside a transaction must
 * not let a concurrent read re-cache the old rows between the invalidation and the commit.
 */
export function catalogueChangedOnCommit(tx: Tx, deps: AppDeps, goodsIds?: number[]): void {
  tx.afterCommit(() => catalogueChanged(deps, goodsIds));
}

/** `contentChanged` once `tx` commits. */
export function contentChangedOnCommit(tx: Tx, deps: AppDeps): void {
  tx.afterCommit(() => contentChanged(deps));
}
