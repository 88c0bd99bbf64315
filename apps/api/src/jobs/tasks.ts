import type { JobHelpers, TaskList } from 'graphile-worker';
import type { AppDeps } from '../app-deps.js';
import { jobActor, type Actor } from '../lib/actor.js';
import type { JobPayloads } from './payloads.js';

export type { JobPayloads } from './payloads.js';

/** What a task gets besides its payload. */
export interface JobContext {
  deps: AppDeps;
  /** The job as the actor of what it changes. */
  actor: Actor;
  helpers: JobHelpers;
}

export type JobTask<K extends keyof JobPayloads> = (payload: JobPayloads[K], ctx: JobContext) => Promise<void>;

/** A function for every task. */
export type JobTaskTable = { [K in keyof JobPayloads]: JobTask<K> };

let registered: JobTaskTable | undefined;

/** The composition root (`deps.ts`) registers the shop's tasks once, before a worker runs. */
export function registerJobTasks(tasks: JobTaskTable): void {
  registered = tasks;
}

/** The registered tasks. */
export function registeredJobTasks(): JobTaskTable {
  if (!registered) throw new Error('no job tasks registered: build the dependencies with depsFor() first');
  return registered;
}

/** graphile-worker's task list, bound to the app's dependencies. */
export function taskList(deps: AppDeps, tasks: Partial<Record<string, JobTask<never>>> = registeredJobTasks() as never): TaskList {
  return Object.fromEntries(
    Object.entries(tasks).map(([name, task]) => [
      name,
      (payload: unknown, helpers: JobHelpers) => task!((payload ?? {}) as never, { deps, actor: jobActor(name, helpers.job.id), helpers }),
    ]),
  );
}
