import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Which Redis the serving processes of one database use. Each process names its listening
 * connection on the database (`lib/changes.ts`) `shop-api:r:<mark>` with Redis (`shop-api:n:<mark>`
 * without), and keeps the key `shop:api-process:<mark>` alive in its Redis. A process that finds a
 * peer's connection on the database but not the peer's key in its own Redis knows the peer uses
 * another Redis (another server, another database number, another key prefix): the two would never
 * hear each other's invalidations.
 */
export interface ProcessMark {
  /** The name of this process's listening connection. */
  listenerName: string;
  /** Stops keeping the key alive. */
  stop(): void;
}

const KEY = (mark: string) => `shop:api-process:${mark}`;
const KEEP_MS = 30_000;

/** Names this process and, with Redis, keeps its key there (written again whenever Redis comes back). */
export function markProcess(base: string, redis: Redis | undefined): ProcessMark {
  const mark = randomBytes(6).toString('hex');
  if (!redis) return { listenerName: `${base}:n:${mark}`, stop: () => {} };
  const write = () => void redis.set(KEY(mark), String(process.pid), 'PX', KEEP_MS).catch(() => {});
  write();
  const timer = setInterval(write, KEEP_MS / 3);
  timer.unref();
  redis.on('ready', write);
  return {
    listenerName: `${base}:r:${mark}`,
    stop: () => {
      clearInterval(timer);
      redis.off('ready', write);
    },
  };
}

/** Of the peers' listener names, the ones on another Redis than `redis`, and the ones without Redis. */
export async function peersElsewhere(redis: Redis | undefined, peerNames: string[]): Promise<{ otherRedis: string[]; withoutRedis: string[] }> {
  const parsed = peerNames.map((name) => ({ name, parts: name.split(':') }));
  const withoutRedis = parsed.filter((p) => p.parts[1] !== 'r').map((p) => p.name);
  const withRedis = parsed.filter((p) => p.parts[1] === 'r');
  if (!redis || !withRedis.length) return { otherRedis: redis ? [] : withRedis.map((p) => p.name), withoutRedis };
  const present = await Promise.all(withRedis.map((p) => redis.exists(KEY(p.parts[2] ?? ''))));
  return { otherRedis: withRedis.filter((_, i) => !present[i]).map((p) => p.name), withoutRedis };
}
