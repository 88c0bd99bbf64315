import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { enqueueJob } from '../enqueue.js';
import { startWorker } from '../worker.js';
import { joinWorkers, jobsRelease, WorkerStartRefused } from '../workers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOBS_CONCURRENCY: '1' });
});
afterAll(() => t.close());

const registered = async () => (await sql<{ pool_id: string; pid: number }>`select pool_id, pid from job_workers order by started_at`.execute(t.db)).rows;
const job = async (id: string) => (await sql<{ locked_by: string | null }>`select locked_by from graphile_worker.jobs where id = ${id}`.execute(t.db)).rows[0];
const until = async (done: () => Promise<boolean>, ms = 10_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (await done()) return;
  throw new Error('not within the time');
};

describe('job workers of one database', () => {
  it('a worker that died holding a job gives it back to the next worker, which runs it; a worker of other jobs is refused; a stopped one leaves', async () => {
    // What a worker killed mid-job leaves behind: its registration and a job locked in its name.
    const jobId = await enqueueJob(t.db, 'prune_idempotency_keys', {}, { jobKey: 'left-by-a-dead-worker' });
    await sql`insert into job_workers (pool_id, host, pid, jobs_release) values ('pool-dead', 'elsewhere', 1, ${jobsRelease()})`.execute(t.db);
    await sql`update graphile_worker._private_jobs set locked_by = 'pool-dead', locked_at = now() where id = ${jobId}`.execute(t.db);

    const worker = await startWorker(t.deps);
    try {
      await until(async () => (await job(jobId)) === undefined);
      const [me, ...others] = await registered();
      expect(others).toEqual([]);
      expect(me).toMatchObject({ pid: process.pid });
      expect(me!.pool_id).toMatch(/^pool-/);

      const refused = joinWorkers(connectionOf(t.db).url, { release: 'another-release' });
      await expect(refused).rejects.toBeInstanceOf(WorkerStartRefused);
      await expect(refused).rejects.toThrow(`the worker on ${os.hostname()} (process ${process.pid}) runs another set of jobs`);
    } finally {
      await worker.stop();
    }
    await until(async () => (await registered()).length === 0);
  });

  it('the release fingerprint changes with the tasks and the crontab, not with their order', () => {
    expect(jobsRelease(['a', 'b'], [])).toBe(jobsRelease(['b', 'a'], []));
    expect(jobsRelease(['a', 'b'], [])).not.toBe(jobsRelease(['a'], []));
    expect(jobsRelease(['a'], [{ match: '* * * * *' }])).not.toBe(jobsRelease(['a'], [{ match: '*/5 * * * *' }]));
  });
});
