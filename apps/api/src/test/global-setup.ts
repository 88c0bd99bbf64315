import type { TestProject } from 'vitest/node';
import { keepExitCode } from './keep-exit-code.js';
import { acquireTestPostgres } from './test-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/** One PostgreSQL for the whole run (DATABASE_URL or embedded) with a migrated template database, shared with the browser tests. */
export default async function setup(project: TestProject) {
  keepExitCode();
  const pg = await acquireTestPostgres();
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgTemplate', pg.template);
  return () => pg.stop();
}
