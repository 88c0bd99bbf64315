import type { Redis } from 'ioredis';
import type { AnyEndpoint, EndpointData } from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import { announceCommitted, onChanges, type Change } from './changes.js';
import { PreSerialized } from './pre-serialized.js';

/** A cached answer: its bytes for the envelope and its value for callers that adapt it (a member's flag). */
export class CachedAnswer<T> extends PreSerialized<T> {
  constructor(
    readonly value: T,
    /** Dropped by `invalidate` of any of these tags. */
    readonly tags: readonly string[],
    /** When what it shows changes by itself (a notice scheduled to appear), in ms since the epoch. */
    readonly expiresAt?: number,
  ) {
    super(JSON.stringify(value ?? null));
  }
}

/** An answer that is only good until a known moment (content scheduled to appear or end then). */
export class Expiring<T> {
  constructor(
    readonly value: T,
    readonly expiresAt: Date | undefined,
  ) {}
}

/** Where a cached answer lives: `id` tells it apart among the endpoint's answers (language, page …), `tags` say what invalidates it. */
export interface CacheKey {
  id: string;
  tags: readonly string[];
}

interface MemoEntry {
  value: unknown;
  tags: readonly string[];
  expiresAt?: number;
}

/** Thrown in tests when an answer about to be cached does not match its endpoint's contract. */
export function contractMismatch(endpoint: AnyEndpoint, message: string): Error {
  return new Error(`Response of ${endpoint.path} does not match the contract: ${message}`);
}

// A new name with tags (not key prefixes): processes of an older release ignore these messages rather than misread them.
const CHANNEL = 'shop:response-cache:tags';

/**
 * Hot answers held serialised in memory, per endpoint and key. Every write that changes what they
 * show invalidates by tag after its commit; with several API processes the invalidation is
 * published through Redis so each process drops its copy. With `checkAnswers` (tests) every
 * answer is checked against the endpoint's data schema before it is kept.
 */
export class ResponseCache {
  private entries = new Map<string, MemoEntry | CachedAnswer<unknown>>();
  private building = new Map<string, Promise<MemoEntry | CachedAnswer<unknown>>>();
  /** Bumped by every invalidation: a build that started before it is not stored. */
  private generation = 0;
  private subscriber?: Redis;
  private readonly stops: Array<() => void> = [];
  private readonly max: number;
  private readonly redis?: Redis;
  private readonly checkAnswers: boolean;

  constructor(options: { max?: number; redis?: Redis; checkAnswers?: boolean } = {}) {
    this.max = options.max ?? 5000;
    this.redis = options.redis;
    this.checkAnswers = options.checkAnswers ?? false;
  }

  /**
   * The answer of `endpoint` for `key`, built once by `build` when missing (concurrent misses share
   * one build) and kept serialised; return it from the handler as is.
   */
  cached<E extends AnyEndpoint>(endpoint: E, key: CacheKey, build: () => Promise<EndpointData<E> | Expiring<EndpointData<E>>>): Promise<CachedAnswer<EndpointData<E>>> {
    return this.entry(`${endpoint.method} ${endpoint.path}|${key.id}`, key.tags, build, (value, tags, expiresAt) => {
      if (this.checkAnswers && endpoint.data) {
        const r = endpoint.data.safeParse(value);
        if (!r.success) throw contractMismatch(endpoint, r.error.message);
      }
      return new CachedAnswer(value, tags, expiresAt);
    }) as Promise<CachedAnswer<EndpointData<E>>>;
  }

  /** Data many answers are built from (not an answer itself), kept unserialised under the same tags (until it expires, when built as `Expiring`). */
  async memo<T>(key: CacheKey, build: () => Promise<T | Expiring<T>>): Promise<T> {
    const entry = await this.entry(`memo|${key.id}`, key.tags, build, (value, tags, expiresAt) => ({ value, tags, expiresAt }));
    return entry.value as T;
  }

  /** An answer serialised once by its caller (no tags: it never changes while the process runs), checked like cached ones. */
  serialized<E extends AnyEndpoint>(endpoint: E, data: EndpointData<E>): PreSerialized<EndpointData<E>> {
    if (this.checkAnswers && endpoint.data) {
      const r = endpoint.data.safeParse(data);
      if (!r.success) throw contractMismatch(endpoint, r.error.message);
    }
    return new PreSerialized(JSON.stringify(data ?? null));
  }

  private entry<V extends MemoEntry | CachedAnswer<unknown>>(
    fullKey: string,
    tags: readonly string[],
    build: () => Promise<unknown>,
    make: (value: unknown, tags: readonly string[], expiresAt: number | undefined) => V,
  ): Promise<V> {
    const hit = this.entries.get(fullKey);
    if (hit) this.entries.delete(fullKey);
    if (hit && (hit.expiresAt === undefined || Date.now() < hit.expiresAt)) {
      // Kept as the newest: when the cache is full, the answer asked for longest ago goes first.
      this.entries.set(fullKey, hit);
      return Promise.resolve(hit as V);
    }
    const pending = this.building.get(fullKey);
    if (pending) return pending as Promise<V>;
    const generation = this.generation;
    const promise: Promise<V> = build()
      .then((built) => {
        const value = built instanceof Expiring ? (built.value as unknown) : built;
        const expiresAt = built instanceof Expiring ? built.expiresAt?.getTime() : undefined;
        const entry = make(value, tags, expiresAt);
        if (generation === this.generation) {
          // Full: the least recently asked for answer makes room (a Map keeps its keys in the order set).
          if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
          this.entries.set(fullKey, entry);
        }
        return entry;
      })
      .finally(() => {
        if (this.building.get(fullKey) === promise) this.building.delete(fullKey);
      });
    this.building.set(fullKey, promise);
    return promise;
  }

  /**
   * Drops every entry carrying one of `tags` (all entries without tags), here and in other
   * processes: serving processes hear it through Redis; a process that serves nothing (an operator
   * command, a separate job worker) announces it as a change, which it sends on the database
   * channel the serving processes listen on (`lib/changes.ts`).
   */
  invalidate(...tags: string[]): void {
    this.dropEverywhere(tags);
    announceCommitted({ kind: 'cache', tags });
  }

  /**
   * Drops what `invalidate` drops, here and in the other serving processes (through Redis), without
   * announcing it again: for a listener that heard a change made in this process.
   */
  dropEverywhere(tags: string[]): void {
    this.invalidateLocal(tags);
    if (this.redis) void this.redis.publish(CHANNEL, JSON.stringify(tags)).catch(() => {});
  }

  /** Drops what `invalidate` drops, here only (an invalidation heard from elsewhere). */
  drop(tags: string[]): void {
    this.invalidateLocal(tags);
  }

  private invalidateLocal(tags: string[]): void {
    this.generation++;
    this.building.clear();
    if (!tags.length) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of [...this.entries]) {
      if (entry.tags.some((t) => tags.includes(t))) this.entries.delete(key);
    }
  }

  /** Listens for invalidations published by other processes. */
  async listen(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        const tags = JSON.parse(message) as unknown;
        if (Array.isArray(tags)) this.invalidateLocal(tags.map(String));
      } catch {
        this.invalidateLocal([]);
      }
    });
    this.subscriber.on('error', () => {});
    await this.subscriber.subscribe(CHANNEL);
  }

  /** Runs `stop` when the cache closes (a listener it keeps). */
  onClose(stop: () => void): void {
    this.stops.push(stop);
  }

  /** Stops listening for invalidations from elsewhere (the app closes). */
  close(): void {
    this.subscriber?.disconnect();
    for (const stop of this.stops.splice(0)) stop();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, ResponseCache>();

/** The response cache of one running app (one per set of dependencies); it checks answers when `NODE_ENV=test`. */
export function responseCache(deps: Pick<AppDeps, 'config' | 'redis'>): ResponseCache {
  let cache = caches.get(deps);
  if (!cache) {
    const created = new ResponseCache({ max: 5000, redis: deps.redis, checkAnswers: deps.config.NODE_ENV === 'test' });
    cache = created;
    caches.set(deps, created);
    void created.listen().catch(() => {});
    // What other processes announced on the database channel (operator commands, a separate worker).
    created.onClose(
      onChanges((changes, origin) => {
        if (origin !== 'remote') return;
        for (const c of changes) if (c.kind === 'cache' || c.kind === 'all') created.drop(c.kind === 'cache' ? c.tags : []);
      }),
    );
  }
  return cache;
}

/**
 * Drops the cached answers a change makes out of date, whoever announced it (`lib/changes.ts`):
 * `tagsOf` names the tags of each change. For answers whose writers hold no `deps` (a posting, a
 * payment moving an order). Answers the function that stops it.
 */
export function dropOnChanges(deps: Pick<AppDeps, 'config' | 'redis'>, tagsOf: (change: Change) => readonly string[]): () => void {
  const cache = responseCache(deps);
  return onChanges((changes) => {
    const tags = [...new Set(changes.flatMap(tagsOf))];
    if (tags.length) cache.invalidate(...tags);
  });
}
