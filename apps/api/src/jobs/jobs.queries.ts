import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database.js';

/** graphile-worker's add_job through the caller's executor (so a job joins the caller's transaction); answers the job's id. */
export async function addJob(
  db: Executor,
  job: { task: string; payload: unknown; queueName?: string; runAt?: Date; maxAttempts?: number; jobKey?: string; priority?: number; jobKeyMode: string },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    select id::text as id from graphile_worker.add_job(
      identifier => ${job.task},
      payload => ${JSON.stringify(job.payload)}::json,
      queue_name => ${job.queueName ?? null}::text,
      run_at => ${job.runAt ?? null}::timestamptz,
      max_attempts => ${job.maxAttempts ?? null}::int,
      job_key => ${job.jobKey ?? null}::text,
      priority => ${job.priority ?? null}::int,
      job_key_mode => ${job.jobKeyMode}::text
    )`.execute(db);
  return rows[0]!.id;
}

/**
 * A job due later under a key no other job has, inserted straight into graphile-worker's job table
 * (version 0.17's `_private_jobs`) without `add_job`'s wake-up notice: a notifying transaction
 * commits only after every earlier one, so on a hot path (an order's expiry) the notices would put
 * all commits in single file. The workers find the job by polling before it is due. Answers the
 * job's id, or nothing when the task was never enqueued before or the key is taken (the caller
 * then uses `addJob`).
 */
export async function insertLaterJob(
  db: Executor,
  job: { task: string; payload: unknown; runAt: Date; maxAttempts?: number; jobKey: string },
): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`${laterJobInsert({ ...job, payload: sql`${JSON.stringify(job.payload)}::json`, key: sql`${job.jobKey}` })}`.execute(db);
  return rows[0]?.id;
}

/**
 * The insert of `insertLaterJob` as part of a larger statement: one job per row of the statement's
 * CTE `from` (the job of a row written by the same statement), its payload and key SQL over that
 * CTE's columns. Returns the new jobs' ids (as `id`); no row when the task was never enqueued
 * before (the caller then uses `addJob`).
 */
export function laterJobInsert(job: { task: string; payload: RawBuilder<unknown>; key: RawBuilder<string>; runAt: Date; maxAttempts?: number; from?: string }) {
  return sql`insert into graphile_worker._private_jobs (task_id, payload, run_at, max_attempts, key)
    select t.id, ${job.payload}, ${job.runAt}::timestamptz, ${job.maxAttempts ?? 25}::smallint, ${job.key}
    from graphile_worker._private_tasks t${job.from ? sql`, ${sql.table(job.from)}` : sql``} where t.identifier = ${job.task}
    on conflict (key) do nothing
    returning id::text as id`;
}
