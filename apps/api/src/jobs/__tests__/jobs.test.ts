import { makeWorkerUtils } from 'graphile-worker';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf } from '../../db/database.js';
import { withTransaction } from '../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newMember } from '../../modules/catalogue/__tests__/helpers.js';
import { cronItems } from '../crontab.js';
import { enqueueJob, enqueueLaterJob } from '../enqueue.js';
import type { JobTask } from '../tasks.js';
import { jobTasks } from '../../job-tasks.js';
import { jobLogger, runDueJobs, shopJobLog, startWorker } from '../worker.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const pendingJobs = async (task?: string) =>
  (
    await sql<{ task_identifier: string; attempts: number; key: string | null }>`
      select task_identifier, attempts, key from graphile_worker.jobs
      where ${task ? sql`task_identifier = ${task}` : sql`true`} order by id`.execute(t.db)
  ).rows;

describe('durable jobs', () => {
  it('a job enqueued in a transaction that rolls back never exists; one that commits runs', async () => {
    await expect(
      withTransaction(t.db, async (tx) => {
        await enqueueJob(tx, 'prune_idempotency_keys', {});
        throw new Error('the order fails after its expiry job was added');
      }),
    ).rejects.toThrow('the order fails');
    expect(await pendingJobs('prune_idempotency_keys')).toEqual([]);
    expect(await runDueJobs(t.deps)).toEqual({ succeeded: [], failed: [] });

    await withTransaction(t.db, (tx) => enqueueJob(tx, 'prune_idempotency_keys', {}));
    expect(await pendingJobs('prune_idempotency_keys')).toHaveLength(1);
    expect((await runDueJobs(t.deps)).succeeded).toEqual(['prune_idempotency_keys']);
    expect(await pendingJobs()).toEqual([]);
  });

  it('a job that fails is retried later and its next attempt succeeds', async () => {
    let calls = 0;
    // A task that fails on its first attempt, as a provider that is down for a moment would make it.
    const flaky: JobTask<never> = async () => {
      calls++;
      if (calls === 1) throw new Error('provider unreachable');
    };
    const tasks = { ...jobTasks, flaky_probe: flaky };
    await enqueueJob(t.db, 'flaky_probe' as never, {} as never, { maxAttempts: 5 });

    const first = await runDueJobs(t.deps, tasks as never);
    expect(first.failed).toEqual([{ task: 'flaky_probe', error: 'provider unreachable', attempts: 1 }]);
    const [waiting] = await pendingJobs('flaky_probe');
    expect(waiting).toMatchObject({ attempts: 1 });
    // Backed off into the future: running due jobs now does not touch it.
    expect(await runDueJobs(t.deps, tasks as never)).toEqual({ succeeded: [], failed: [] });

    // Its retry time comes (brought forward here instead of waiting for the back-off).
    const utils = await makeWorkerUtils({ pgPool: connectionOf(t.db).pool });
    try {
      const ids = (await sql<{ id: string }>`select id::text as id from graphile_worker.jobs where task_identifier = 'flaky_probe'`.execute(t.db)).rows.map((r) => r.id);
      await utils.rescheduleJobs(ids, { runAt: new Date(Date.now() - 1000) });
    } finally {
      await utils.release();
    }
    expect((await runDueJobs(t.deps, tasks as never)).succeeded).toEqual(['flaky_probe']);
    expect(calls).toBe(2);
    expect(await pendingJobs('flaky_probe')).toEqual([]);
  });

  it('a job due later on a hot path exists only if its transaction commits, keeps its key, and runs when due', async () => {
    const due = () => new Date(Date.now() + 600_000);
    // The first of its task goes through add_job (which registers the task); the next straight into the table.
    await withTransaction(t.db, (tx) => enqueueLaterJob(tx, 'housekeeping', {}, { runAt: due(), jobKey: 'later-1' }));
    await expect(
      withTransaction(t.db, async (tx) => {
        await enqueueLaterJob(tx, 'housekeeping', {}, { runAt: due(), jobKey: 'later-2' });
        throw new Error('the order fails after its expiry job was added');
      }),
    ).rejects.toThrow('the order fails');
    await withTransaction(t.db, (tx) => enqueueLaterJob(tx, 'housekeeping', {}, { runAt: due(), jobKey: 'later-3', maxAttempts: 10 }));
    const later = async () =>
      (await sql<{ key: string; max_attempts: number; run_at: Date }>`select key, max_attempts, run_at from graphile_worker.jobs where key like 'later-%' order by key`.execute(t.db)).rows;
    expect((await later()).map((j) => [j.key, j.max_attempts])).toEqual([
      ['later-1', 25],
      ['later-3', 10],
    ]);
    // A key already taken is left to add_job, which replaces the waiting job.
    await enqueueLaterJob(t.db, 'housekeeping', {}, { runAt: new Date(Date.now() + 1_200_000), jobKey: 'later-3', maxAttempts: 10 });
    expect((await later()).map((j) => j.key)).toEqual(['later-1', 'later-3']);
    expect((await later())[1]!.run_at.getTime()).toBeGreaterThan(Date.now() + 900_000);
    // Not due yet; once due, both run.
    expect(await runDueJobs(t.deps)).toEqual({ succeeded: [], failed: [] });
    const utils = await makeWorkerUtils({ pgPool: connectionOf(t.db).pool });
    try {
      const ids = (await sql<{ id: string }>`select id::text as id from graphile_worker.jobs where key like 'later-%'`.execute(t.db)).rows.map((r) => r.id);
      await utils.rescheduleJobs(ids, { runAt: new Date(Date.now() - 1000) });
    } finally {
      await utils.release();
    }
    expect((await runDueJobs(t.deps)).succeeded).toEqual(['housekeeping', 'housekeeping']);
    expect(await pendingJobs('housekeeping')).toEqual([]);
  });

  it('a job key keeps one pending job: a second enqueue replaces the first, or is ignored when asked', async () => {
    await enqueueJob(t.db, 'housekeeping', {}, { jobKey: 'expire-order-1', runAt: new Date(Date.now() + 3_600_000) });
    await enqueueJob(t.db, 'housekeeping', {}, { jobKey: 'expire-order-1', runAt: new Date(Date.now() + 7_200_000) });
    await enqueueJob(t.db, 'housekeeping', {}, { jobKey: 'expire-order-1', jobKeyMode: 'unsafe_dedupe' });
    const jobs = await pendingJobs('housekeeping');
    expect(jobs).toHaveLength(1);
    const [{ run_at }] = (await sql<{ run_at: Date }>`select run_at from graphile_worker.jobs where key = 'expire-order-1'`.execute(t.db)).rows as [{ run_at: Date }];
    expect(run_at.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    await sql`select graphile_worker.remove_job('expire-order-1')`.execute(t.db);
  });

  it('housekeeping (hourly) removes sessions long ended and keeps live ones', async () => {
    const live = await newMember(t);
    const ended = await newMember(t);
    await t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 8 * 86_400_000) }).where('user_id', '=', ended.userId).execute();
    await enqueueJob(t.db, 'housekeeping', {});
    expect((await runDueJobs(t.deps)).succeeded).toEqual(['housekeeping']);
    const left = await t.db.selectFrom('sessions').select('user_id').where('user_id', 'in', [live.userId, ended.userId]).execute();
    expect(left.map((s) => s.user_id)).toEqual([live.userId]);
  });

  it('the crontab names only tasks that exist, housekeeping and key pruning among them', () => {
    for (const item of cronItems) expect(Object.keys(jobTasks)).toContain(item.task);
    expect(cronItems.map((c) => c.task)).toEqual(expect.arrayContaining(['housekeeping', 'prune_idempotency_keys']));
  });

  it('the worker of an API process picks up a job as soon as its transaction commits', async () => {
    const runner = await startWorker(t.deps);
    try {
      const done = new Promise<string>((resolve) => runner.events.on('job:success', ({ job }) => resolve(job.task_identifier)));
      await withTransaction(t.db, (tx) => enqueueJob(tx, 'prune_idempotency_keys', {}));
      expect(await done).toBe('prune_idempotency_keys');
    } finally {
      await runner.stop();
    }
  });

  it('the shop’s job log takes lines whose details hold the worker itself (circular), and quiets a lost connection only while the shop stops', () => {
    // As the worker logs a release that failed because the database stopped with the shop.
    const worker: Record<string, unknown> = { workerId: 'w1' };
    worker.self = { promise: Promise.resolve(), worker };
    const reason = new Error('Client has encountered a connection error and is not queryable');
    const written: Array<[string, string]> = [];
    let stopping = false;
    const logger = jobLogger(shopJobLog((level, _meta, message) => void written.push([level, message]), () => stopping));
    logger.error('Cancelling worker w1 (job: none) failed', { worker, reason });
    stopping = true;
    logger.error('Cancelling worker w1 (job: none) failed', { worker, reason });
    logger.error('Error occurred during graceful shutdown: disk full', { error: new Error('disk full') });
    expect(written).toEqual([
      ['error', 'jobs: Cancelling worker w1 (job: none) failed'],
      ['debug', 'jobs: Cancelling worker w1 (job: none) failed'],
      ['error', 'jobs: Error occurred during graceful shutdown: disk full'],
    ]);
  });
});
