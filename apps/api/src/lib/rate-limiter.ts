import type { Redis } from 'ioredis';
import { AppError } from './errors.js';
import { within } from './within.js';

export interface HitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

/**
 * Fixed-window counters for business limits (codes per destination, logins per account …).
 * In memory by default; through Redis when configured, so every API process shares the count.
 */
export interface RateLimiter {
  /** Counts one hit; the in-memory limiter answers at once, the shared one after a round trip. */
  hit(key: string, max: number, windowMs: number): HitResult | Promise<HitResult>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  hit(key: string, max: number, windowMs: number): HitResult {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (this.windows.size > 100_000) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { allowed: w.count <= max, count: w.count, resetInMs: w.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/** The limits of one member's action per minute and per day, and how their refusal is said. */
export interface MinuteAndDay {
  perMinute: number;
  perDay: number;
  /** The refusal's code; the minute's refusal is its own message (`{{max}}`), the day's `dailyMessageKey` (`{{max}}`, `{{hours}}`). */
  code: number;
  dailyMessageKey: string;
}

/**
 * Counts one action under `key` against its limits per minute and per day (the minute's count first,
 * so a refused burst does not use up the day), refusing with the limit's code once either is reached.
 */
export async function countMinuteAndDay(limiter: RateLimiter, key: string, limits: MinuteAndDay): Promise<void> {
  const minute = await limiter.hit(`${key}:minute`, limits.perMinute, 60_000);
  if (!minute.allowed) throw new AppError(limits.code, { max: limits.perMinute });
  const day = await limiter.hit(`${key}:day`, limits.perDay, 86_400_000);
  if (!day.allowed) throw new AppError(limits.code, { max: limits.perDay, hours: Math.max(1, Math.ceil(day.resetInMs / 3_600_000)) }, { messageKey: limits.dailyMessageKey });
}

/** How long a limit waits for Redis before counting in this process instead. */
export const SHARED_LIMIT_WAIT_MS = 1_000;

/**
 * Counts through Redis so every API process shares the count. While Redis does not answer (down,
 * hung), each process counts in its own memory: limits still hold, per process, and no call waits
 * on Redis or is refused for it. `onOutage` is told once per outage.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly local = new MemoryRateLimiter();
  private outage = false;
  private probing = false;

  constructor(
    private redis: Redis,
    private prefix = 'rl:',
    private onOutage: (message: string) => void = (message) => console.warn(message),
    private waitMs = SHARED_LIMIT_WAIT_MS,
  ) {}

  async hit(key: string, max: number, windowMs: number): Promise<HitResult> {
    // A client that is not connected would queue the command until Redis is back: count here at once.
    if (this.redis.status !== 'ready') return this.counted(key, max, windowMs, `not connected (${this.redis.status})`);
    // Once Redis did not answer, calls do not wait on it one by one: one ping at a time asks whether it is back.
    if (this.outage) {
      this.probe();
      return this.local.hit(key, max, windowMs);
    }
    try {
      const shared = await within(this.sharedHit(key, max, windowMs), this.waitMs, () => {
        throw new Error(`no answer within ${this.waitMs} ms`);
      });
      this.outage = false;
      return shared;
    } catch (e) {
      return this.counted(key, max, windowMs, e instanceof Error ? e.message : String(e));
    }
  }

  private probe(): void {
    if (this.probing) return;
    this.probing = true;
    within(this.redis.ping(), this.waitMs, () => {
      throw new Error('no answer');
    })
      .then(
        () => (this.outage = false),
        () => {},
      )
      .finally(() => (this.probing = false));
  }

  private counted(key: string, max: number, windowMs: number, why: string): HitResult {
    if (!this.outage) {
      this.outage = true;
      this.onOutage(`rate limits: Redis does not answer (${why}); each process counts its own hits until it does`);
    }
    return this.local.hit(key, max, windowMs);
  }

  private async sharedHit(key: string, max: number, windowMs: number): Promise<HitResult> {
    const k = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis
      .multi()
      .incr(k)
      .pexpire(k, windowMs, 'NX')
      .pttl(k)
      .exec()
      .then((r) => [r![0], r![2]])) as [[unknown, number], [unknown, number]];
    return { allowed: count <= max, count, resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async reset(key: string): Promise<void> {
    await this.local.reset(key);
    await within(this.redis.del(this.prefix + key), this.waitMs, () => 0).catch(() => 0);
  }
}
