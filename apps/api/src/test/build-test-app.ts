import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createDatabase, TEST_DATABASE_LIMITS, type Database } from '../db/database.js';
import { depsFor } from '../deps.js';
import type { AppDeps } from '../app-deps.js';
import type { Providers } from '../providers/index.js';
import { dropDatabase, takeTestDatabase } from './test-postgres.js';

export interface TestApp {
  app: BuiltApp;
  db: Database;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database cloned from the migrated template; call `close()` in afterAll.
 * `options.providers` puts other providers (a recording mailer, a gateway's local fake …) in place
 * of the configured ones.
 */
export async function buildTestApp(env: Record<string, string> = {}, options: { providers?: Partial<Providers> } = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const { name, url } = await takeTestDatabase(adminUrl, inject('pgTemplate'));
  // Reads are bounded by a generous deadline here: test workers share the machine's cores.
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, READ_DEADLINE_MS: '30000', ...env } as NodeJS.ProcessEnv);
  const db = createDatabase(url, 4, TEST_DATABASE_LIMITS);
  const deps = await depsFor(config, db, undefined, { providers: options.providers });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    db,
    deps,
    close: async () => {
      await app.close();
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}
