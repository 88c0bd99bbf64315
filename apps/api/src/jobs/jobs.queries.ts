import { sql } from 'kysely';
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
