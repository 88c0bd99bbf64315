import { createHash } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { cronItems } from './crontab.js';
import { registeredJobTasks } from './tasks.js';
import * as q from './workers.queries.js';

/** How often a worker looks for workers that died holding jobs. */
export const SWEEP_EVERY_MS = 5_000;

/**
 * What a worker runs, as one short fingerprint: its tasks and its crontab. Two workers with
 * different ones (two releases) would each take jobs the other enqueues differently and schedule
 * recurring work twice or not at all.
 */
export function jobsRelease(tasks: readonly string[] = Object.keys(registeredJobTasks()), cron: readonly unknown[] = cronItems): string {
  return createHash('sha256')
    .update(JSON.stringify({ tasks: [...tasks].sort(), cron }))
    .digest('hex')
    .slice(0, 16);
}

/** A worker refused to start; `message` says why and what to do. */
export class WorkerStartRefused extends Error {}

export interface WorkerRegistration {
  /** Records the worker under graphile-worker's pool id (the name its jobs are locked with) and lets the next worker start. */
  register(poolId: string): Promise<void>;
  /** The worker is stopping: a liveness connection lost from now on (the database stopping with it) is not opened again. */
  stopping(): void;
  /** Unregisters (the worker stopped cleanly) and closes the liveness connection. */
  close(): Promise<void>;
}

/**
 * Joins the workers of a database. Refuses (WorkerStartRefused) when a live worker runs another
 * set of jobs. Once registered, the worker keeps a connection named after its pool id for as long
 * as it lives, and every `SWEEP_EVERY_MS` hands back to the queue the jobs of registered workers
 * whose connection is gone (killed mid-job), so a job never waits hours for a dead worker.
 */
export async function joinWorkers(url: string, options: { release?: string; log?: (line: string) => void } = {}): Promise<WorkerRegistration> {
  const release = options.release ?? jobsRelease();
  const log = options.log ?? (() => {});
  let client = await connect(url);
  let poolId: string | undefined;
  let closed = false;
  let sweeping: NodeJS.Timeout | undefined;
  await q.startingOne(client);
  const others = await q.findLiveWorkers(client);
  const other = others.find((w) => w.jobs_release !== release);
  if (other) {
    await client.end().catch(() => {});
    throw new WorkerStartRefused(
      `Refusing to start the job worker: the worker on ${other.host} (process ${other.pid}) runs another set of jobs (${other.jobs_release}; this one has ${release}). ` +
        'Workers of two releases would schedule and take each other’s jobs: stop the running workers first, then start the new ones.',
    );
  }

  const sweep = async () => {
    const freed = await q.releaseJobsOfDeadWorkers(client);
    if (freed.workers.length) log(`worker(s) ${freed.workers.join(', ')} stopped without finishing: ${freed.jobs} job(s) back in the queue`);
  };
  // A lost liveness connection is opened again under the same name: until then other workers may take this one for dead.
  const watch = (c: pg.Client) => {
    const lost = () => {
      if (closed || c !== client) return;
      setTimeout(() => void reopen(), 1_000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
  };
  const reopen = async (): Promise<void> => {
    try {
      const c = await connect(url);
      client = c;
      watch(c);
      if (poolId) {
        await q.nameConnection(c, q.LIVENESS_PREFIX + poolId);
        await q.insertWorker(c, { poolId, host: os.hostname(), pid: process.pid, release });
      }
    } catch (e) {
      log(`job worker liveness: ${e instanceof Error ? e.message : String(e)}; trying again`);
      if (!closed) setTimeout(() => void reopen(), 1_000).unref();
    }
  };
  watch(client);

  return {
    async register(id) {
      poolId = id;
      try {
        await q.nameConnection(client, q.LIVENESS_PREFIX + id);
        await q.insertWorker(client, { poolId: id, host: os.hostname(), pid: process.pid, release });
        await sweep();
      } finally {
        await q.startedOne(client).catch(() => {});
      }
      sweeping = setInterval(() => void sweep().catch((e: unknown) => log(`looking for stopped workers: ${e instanceof Error ? e.message : String(e)}`)), SWEEP_EVERY_MS);
      sweeping.unref();
    },
    stopping() {
      closed = true;
    },
    async close() {
      closed = true;
      if (sweeping) clearInterval(sweeping);
      if (poolId) await q.deleteWorker(client, poolId).catch(() => {});
      await client.end().catch(() => {});
    },
  };
}

async function connect(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url, keepAlive: true, application_name: `${q.LIVENESS_PREFIX}starting` });
  await c.connect();
  return c;
}
