import type { Redis } from 'ioredis';

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

export class RedisRateLimiter implements RateLimiter {
  constructor(private redis: Redis, private prefix = 'rl:') {}

  async hit(key: string, max: number, windowMs: number): Promise<HitResult> {
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
    await this.redis.del(this.prefix + key);
  }
}
