import type { Executor } from '../db/database.js';
import { addJob, insertLaterJob, laterJobInsert } from './jobs.queries.js';
import type { JobPayloads } from './payloads.js';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * One pending job per key: a second enqueue with the same key `replace`s the waiting one (payload
   * and time), `preserve_run_at` replaces the payload and keeps the time, `unsafe_dedupe` leaves
   * the first one as it is.
   */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  /** Attempts before the job is given up (default 25, with exponential back-off). */
  maxAttempts?: number;
  /** Jobs of one queue run one at a time, in order. */
  queueName?: string;
  /** Lower runs sooner (default 0). */
  priority?: number;
}

/**
 * Adds a durable job through the caller's executor: given the business transaction, the job
 * exists only if that transaction commits. Answers the job's id.
 */
export async function enqueueJob<K extends keyof JobPayloads>(db: Executor, task: K, payload: JobPayloads[K], options: EnqueueOptions = {}): Promise<string> {
  return addJob(db, { ...options, task, payload, jobKeyMode: options.jobKeyMode ?? 'replace' });
}

/**
 * `enqueueJob` for a job due later (at least a minute ahead) whose key is new, on a hot path: the
 * same job, in the same transaction, without waking the workers (`insertLaterJob`).
 */
export async function enqueueLaterJob<K extends keyof JobPayloads>(db: Executor, task: K, payload: JobPayloads[K], options: { runAt: Date; jobKey: string; maxAttempts?: number }): Promise<string> {
  const due = options.runAt.getTime() - Date.now() >= 60_000;
  return (due ? await insertLaterJob(db, { task, payload, ...options }) : undefined) ?? enqueueJob(db, task, payload, options);
}

/**
 * `enqueueLaterJob`'s insert as part of a larger statement (a job for each row the statement
 * writes, e.g. an order's expiry with the order): see `laterJobInsert`.
 */
export const laterJobInsertOf = <K extends keyof JobPayloads>(task: K, job: Omit<Parameters<typeof laterJobInsert>[0], 'task'>) => laterJobInsert({ ...job, task });
