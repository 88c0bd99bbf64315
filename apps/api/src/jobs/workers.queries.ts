import type pg from 'pg';

/** Every live worker process keeps one connection named `shop-jobs <pool id>` (its liveness). */
export const LIVENESS_PREFIX = 'shop-jobs ';
/** Taken by a starting worker while it compares its jobs with the running workers' and registers. */
const STARTING_LOCK = 7_251_144;

type Client = Pick<pg.ClientBase, 'query'>;

/** Names the liveness connection (nothing else may use it). */
export async function nameConnection(c: Client, name: string): Promise<void> {
  await c.query('select set_config($1, $2, false)', ['application_name', name]);
}

/** Workers start one at a time (a session lock of the liveness connection, released by `startedOne`). */
export async function startingOne(c: Client): Promise<void> {
  await c.query('select pg_advisory_lock($1)', [STARTING_LOCK]);
}

export async function startedOne(c: Client): Promise<void> {
  await c.query('select pg_advisory_unlock($1)', [STARTING_LOCK]);
}

const LIVE = `exists (select 1 from pg_stat_activity a where a.datname = current_database() and a.application_name = '${LIVENESS_PREFIX}' || w.pool_id)`;

/** The registered workers whose process still holds its liveness connection. */
export async function findLiveWorkers(c: Client): Promise<Array<{ pool_id: string; host: string; pid: number; jobs_release: string }>> {
  const { rows } = await c.query(`select pool_id, host, pid, jobs_release from job_workers w where ${LIVE} order by started_at`);
  return rows;
}

export async function insertWorker(c: Client, w: { poolId: string; host: string; pid: number; release: string }): Promise<void> {
  await c.query('insert into job_workers (pool_id, host, pid, jobs_release) values ($1, $2, $3, $4) on conflict (pool_id) do nothing', [w.poolId, w.host, w.pid, w.release]);
}

export async function deleteWorker(c: Client, poolId: string): Promise<void> {
  await c.query('delete from job_workers where pool_id = $1', [poolId]);
}

/**
 * Hands the jobs locked by registered workers that are gone (their process died mid-job) back to
 * the queue, and forgets those workers. Answers how many jobs went back. Jobs locked by workers
 * that never registered (a one-off run) are left to graphile-worker's own 4-hour expiry.
 */
export async function releaseJobsOfDeadWorkers(c: Client): Promise<{ workers: string[]; jobs: number }> {
  const { rows } = await c.query<{ pool_id: string; jobs: string }>(`
    with dead as (delete from job_workers w where not ${LIVE} returning pool_id),
    freed as (
      update graphile_worker._private_jobs j set locked_at = null, locked_by = null
      from dead d where j.locked_by = d.pool_id returning d.pool_id
    ),
    queues as (
      update graphile_worker._private_job_queues q set locked_at = null, locked_by = null
      from dead d where q.locked_by = d.pool_id returning d.pool_id
    )
    select d.pool_id, (select count(*) from freed f where f.pool_id = d.pool_id)::text as jobs from dead d`);
  return { workers: rows.map((r) => r.pool_id), jobs: rows.reduce((n, r) => n + Number(r.jobs), 0) };
}
