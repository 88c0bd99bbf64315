import type { Redis } from 'ioredis';
import type { AnyEndpoint, EndpointData } from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import { announceCommitted, onChanges, type Change } from './changes.js';
import { PreSerialized } from './pre-serialized.js';
import { within } from './within.js';

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

/**
 * The channel invalidations go on. Redis channels are one namespace for the whole server, whatever
 * the database number: the number (and the client's key prefix) is part of the name, so shops
 * sharing a Redis server do not drop each other's answers. (A name with tags, not key prefixes:
 * processes of an older release ignore these messages rather than misread them.)
 */
export function invalidationChannel(redis: Redis): string {
  return `${redis.options.keyPrefix ?? ''}shop:response-cache:tags:db${redis.options.db ?? 0}`;
}

/** Past this many invalidations waiting for Redis, one "drop everything" is sent instead. */
const MAX_PENDING = 300;
/** How long a late invalidation waits for Redis to take it before it is tried again. */
const PUBLISH_WAIT_MS = 1_000;
/** How often the invalidation channel is asked whether it still answers (a hung Redis keeps its connection). */
const CHANNEL_CHECK_MS = 1_000;

/**
 * Hot answers held serialised in memory, per endpoint and key. Every write that changes what they
 * show invalidates by tag after its commit; with several API processes the invalidation is
 * published through Redis so each process drops its copy. While this process does not hear those
 * invalidations (Redis down or hung, not yet subscribed) it neither serves nor keeps answers: each
 * is built afresh. With `checkAnswers` (tests) every answer is checked against the endpoint's data
 * schema before it is kept.
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
  /** Invalidations Redis did not take (down, hung): sent again once it answers. */
  private pending: string[][] = [];
  private flushing = false;
  private retry?: NodeJS.Timeout;
  /** Whether invalidations from the other processes reach this one: always without Redis; with it, while subscribed and answering. */
  private hearing: boolean;
  /** Whether the current connection of the subscriber holds the subscription. */
  private subscribed = false;
  private checking = false;
  private checks?: NodeJS.Timeout;
  private closed = false;
  private channel = '';
  private firstHeard?: () => void;
  private readonly log: (line: string) => void;

  constructor(options: { max?: number; redis?: Redis; checkAnswers?: boolean; log?: (line: string) => void } = {}) {
    this.max = options.max ?? 5000;
    this.redis = options.redis;
    this.checkAnswers = options.checkAnswers ?? false;
    this.log = options.log ?? (() => {});
    this.hearing = !options.redis;
  }

  /** Whether answers are served from memory: the invalidations of the other processes reach this one. */
  get hearsOthers(): boolean {
    return this.hearing;
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
    // Not hearing the others' invalidations, nothing held is trusted (there is nothing held either).
    const hit = this.hearing ? this.entries.get(fullKey) : undefined;
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
        if (generation === this.generation && this.hearing) {
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
    if (this.redis) this.publish(tags);
  }

  /**
   * Sends `tags` to the other processes; what Redis does not take is kept and sent again when it
   * answers (the other processes would otherwise keep showing what changed until restarted).
   */
  private publish(tags: string[]): void {
    const redis = this.redis!;
    if (this.pending.length || redis.status !== 'ready') return this.keep(tags);
    redis.publish(invalidationChannel(redis), JSON.stringify(tags)).catch(() => this.keep(tags));
  }

  private keep(tags: string[]): void {
    // Many changes missed: everything is dropped once, rather than each change sent late.
    if (this.pending.length >= MAX_PENDING || !tags.length) this.pending = [[]];
    else if (!(this.pending.length === 1 && this.pending[0]!.length === 0)) this.pending.push(tags);
    // A hung Redis that wakes up stays connected (no new "ready"): tried again every second meanwhile.
    this.retry ??= setInterval(() => {
      if (this.pending.length) return void this.flushPending();
      clearInterval(this.retry);
      this.retry = undefined;
    }, 1_000).unref();
  }

  /** Sends what Redis did not take, in order, once it answers again. */
  private async flushPending(): Promise<void> {
    const redis = this.redis;
    if (!redis || this.flushing) return;
    this.flushing = true;
    try {
      while (this.pending.length && redis.status === 'ready') {
        await within(redis.publish(invalidationChannel(redis), JSON.stringify(this.pending[0])), PUBLISH_WAIT_MS, () => {
          throw new Error('no answer');
        });
        this.pending.shift();
      }
    } catch {
      // Redis went again: what is left waits for its next return.
    } finally {
      this.flushing = false;
    }
  }

  /** Invalidations waiting for Redis (0 once every one was sent). */
  get unsent(): number {
    return this.pending.length;
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

  /**
   * Listens for invalidations published by other processes. Until the subscription is made, and
   * whenever it is lost or Redis stops answering on it, answers are built afresh and not kept; once
   * it is made (again), every answer held before is dropped, since invalidations may have been
   * missed meanwhile. Invalidations Redis did not take from this process are sent again when it
   * answers.
   */
  async listen(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    const redis = this.redis;
    this.channel = invalidationChannel(redis);
    redis.on('ready', () => void this.flushPending());
    // Subscribed here on every connection, so hearing follows the subscription, never precedes it.
    const subscriber = redis.duplicate({ autoResubscribe: false, lazyConnect: true, enableOfflineQueue: false });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, message: string) => {
      try {
        const tags = JSON.parse(message) as unknown;
        if (Array.isArray(tags)) this.invalidateLocal(tags.map(String));
      } catch {
        this.invalidateLocal([]);
      }
    });
    subscriber.on('error', () => {});
    subscriber.on('close', () => {
      this.subscribed = false;
      this.lost('connection closed');
    });
    subscriber.on('ready', () => void this.checkChannel());
    this.checks = setInterval(() => void this.checkChannel(), CHANNEL_CHECK_MS).unref();
    const heard = new Promise<void>((resolve) => (this.firstHeard = resolve));
    await Promise.race([heard, subscriber.connect().then(() => heard)]);
  }

  /** Subscribes on a new connection, then asks the channel whether it still answers. */
  private async checkChannel(): Promise<void> {
    const subscriber = this.subscriber;
    if (!subscriber || this.checking || this.closed || subscriber.status !== 'ready') return;
    this.checking = true;
    try {
      const late = () => {
        throw new Error(`no answer within ${CHANNEL_CHECK_MS} ms`);
      };
      if (!this.subscribed) {
        await within(subscriber.subscribe(this.channel), CHANNEL_CHECK_MS, late);
        this.subscribed = true;
      } else {
        await within(subscriber.ping(), CHANNEL_CHECK_MS, late);
      }
      if (!this.hearing) this.heardAgain();
    } catch (e) {
      this.lost(e instanceof Error ? e.message : String(e));
    } finally {
      this.checking = false;
    }
  }

  private lost(why: string): void {
    if (!this.hearing || this.closed) return;
    this.hearing = false;
    this.invalidateLocal([]);
    this.log(`response cache: lost the invalidations of the other processes through Redis (${why}); answers are built afresh until they are back`);
  }

  private heardAgain(): void {
    // Invalidations may have been missed meanwhile: nothing held before is served again.
    this.invalidateLocal([]);
    this.hearing = true;
    void this.flushPending();
    if (this.firstHeard) {
      this.firstHeard();
      this.firstHeard = undefined;
    } else {
      this.log('response cache: the invalidations of the other processes are back through Redis; answers held before were dropped, new ones are cached again');
    }
  }

  /** Runs `stop` when the cache closes (a listener it keeps). */
  onClose(stop: () => void): void {
    this.stops.push(stop);
  }

  /** Stops listening for invalidations from elsewhere (the app closes). */
  close(): void {
    this.closed = true;
    this.subscriber?.disconnect();
    clearInterval(this.checks);
    clearInterval(this.retry);
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
    const created = new ResponseCache({
      max: 5000,
      redis: deps.redis,
      checkAnswers: deps.config.NODE_ENV === 'test',
      log: deps.config.LOG_LEVEL === 'silent' ? undefined : (line) => console.warn(`[shop] ${line}`),
    });
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
