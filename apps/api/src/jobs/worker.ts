import { EventEmitter } from 'node:events';
import { Logger, run, runOnce, type LogLevel, type Runner, type WorkerEvents } from 'graphile-worker';
import type { AppDeps } from '../app-deps.js';
import { connectionOf } from '../db/database.js';
import { parsedCronItems } from './crontab.js';
import { registeredJobTasks, taskList, type JobTask } from './tasks.js';
import { joinWorkers } from './workers.js';

/** Where the worker's own messages go (the app's logger, or nowhere). */
export type JobLog = (level: 'error' | 'warn' | 'info' | 'debug', message: string, meta?: Record<string, unknown>) => void;

const LEVELS: Record<string, Parameters<JobLog>[0]> = { error: 'error', warning: 'warn', info: 'info', debug: 'debug' };

/**
 * What a worker's log line says, to judge it by: the message, then the messages of the errors and
 * the text of the strings among its details. The details may hold the worker itself (a circular
 * object, which `JSON.stringify` refuses with a throw inside the worker's own shutdown).
 */
function jobLogText(message: string, meta?: Record<string, unknown>): string {
  const said = Object.values(meta ?? {}).flatMap((v) => (v instanceof Error ? [v.message] : typeof v === 'string' ? [v] : []));
  return [message, ...said].join(' ');
}

/**
 * The API process's job log: a worker that stopped with no job to give back, and the worker losing
 * its connections while the shop stops (the embedded database stops on the same signal), say so at
 * debug level; everything else at its own level, prefixed `jobs:`.
 */
export function shopJobLog(write: (level: Parameters<JobLog>[0], meta: Record<string, unknown>, message: string) => void, stopping: () => boolean): JobLog {
  const noise = (text: string) => /stopped without finishing: 0 job\(s\)/.test(text) || (stopping() && /terminating connection due to administrator command|Connection terminated|not queryable|attempting to UNLISTEN/i.test(text));
  return (level, message, meta) => write(noise(jobLogText(message, meta)) ? 'debug' : level, meta ?? {}, `jobs: ${message}`);
}

export function jobLogger(log: JobLog | undefined): Logger {
  return new Logger((scope) => (level: LogLevel, message: string, meta?: unknown) => log?.(LEVELS[level] ?? 'info', message, { ...scope, ...(meta as object) }));
}

/**
 * Starts the worker: due jobs and the crontab, `JOBS_CONCURRENCY` at a time, woken by
 * LISTEN/NOTIFY when a job is added. It joins the database's other workers first (`workers.ts`):
 * refused (WorkerStartRefused) beside workers of another set of jobs; once running, it hands back
 * the jobs of workers that died holding them. Answers the runner; `stop()` lets running jobs finish.
 */
export async function startWorker(deps: AppDeps, log?: JobLog): Promise<Runner> {
  const registration = await joinWorkers(connectionOf(deps.db).url, { log: (line) => log?.('warn', line) });
  const events: WorkerEvents = new EventEmitter();
  // From the start of a stop the database may be going too (a stop of the whole shop): the liveness connection is not opened again.
  events.on('pool:gracefulShutdown', () => registration.stopping());
  events.on('pool:create', ({ workerPool }) => {
    registration.register(workerPool.id).catch((e: unknown) => log?.('error', `could not register the job worker: ${e instanceof Error ? e.message : String(e)}`));
  });
  let runner: Runner;
  try {
    runner = await run({
      pgPool: connectionOf(deps.db).pool,
      taskList: taskList(deps),
      parsedCronItems: parsedCronItems(),
      concurrency: deps.config.JOBS_CONCURRENCY,
      noHandleSignals: true,
      logger: jobLogger(log),
      events,
    });
  } catch (e) {
    await registration.close();
    throw e;
  }
  void runner.promise.finally(() => registration.close()).catch(() => {});
  return runner;
}

/** What one `runDueJobs` did. */
export interface DueJobsReport {
  /** Tasks of the jobs that succeeded, in order. */
  succeeded: string[];
  /** Jobs that failed this time (retried later, with back-off, until their attempts are used up). */
  failed: { task: string; error: string; attempts: number }[];
}

/**
 * Runs every job that is due now, once, then returns (for tests and operator commands; nothing
 * sleeps). A failed job is rescheduled by graphile-worker's back-off, not run again here.
 */
export async function runDueJobs(deps: AppDeps, tasks: Partial<Record<string, JobTask<never>>> = registeredJobTasks() as never): Promise<DueJobsReport> {
  const report: DueJobsReport = { succeeded: [], failed: [] };
  const events: WorkerEvents = new EventEmitter();
  events.on('job:success', ({ job }) => report.succeeded.push(job.task_identifier));
  events.on('job:error', ({ job, error }) => report.failed.push({ task: job.task_identifier, error: error instanceof Error ? error.message : String(error), attempts: job.attempts }));
  await runOnce({
    pgPool: connectionOf(deps.db).pool,
    taskList: taskList(deps, tasks),
    noHandleSignals: true,
    logger: jobLogger(undefined),
    events,
    // Unbatched, a job's completion is written without being waited for and may land after this
    // returns; batched (even with no delay), the pool writes every outcome before it ends.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
  });
  return report;
}
