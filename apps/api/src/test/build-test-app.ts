import { inject } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createDatabase, TEST_DATABASE_LIMITS, type Database } from '../db/database.js';
import { depsFor } from '../deps.js';
import { CHANGES_CHANNEL, listenForChanges, onChanges } from '../lib/changes.js';
import { notifyChannel } from '../lib/changes.queries.js';
import type { AppDeps } from '../app-deps.js';
import type { Providers } from '../providers/index.js';
import { dropDatabase, takeTestDatabase } from './test-postgres.js';

export interface TestApp {
  app: BuiltApp;
  db: Database;
  deps: AppDeps;
  /**
   * Resolves once the app has heard every change the database told before this call (a row changed
   * by SQL here, as an operator's hand or another process would): an empty notice sent after them
   * comes back after them.
   */
  changesHeard(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database cloned from the migrated template; call `close()` in afterAll.
 * `options.providers` puts other providers (a recording mailer, a gateway's local fake …) in place
 * of the configured ones.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  /** `databaseUrl`: where the app's (and the test's) pool connects instead of the database itself, e.g. a proxy counting statements. */
  options: { providers?: Partial<Providers>; databaseUrl?: (url: string) => Promise<string> } = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const { name, url } = await takeTestDatabase(adminUrl, inject('pgTemplate'));
  // Reads are bounded by a generous deadline here: test workers share the machine's cores.
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, READ_DEADLINE_MS: '30000', ...env } as NodeJS.ProcessEnv);
  const db = createDatabase(options.databaseUrl ? await options.databaseUrl(url) : url, 4, TEST_DATABASE_LIMITS);
  const deps = await depsFor(config, db, undefined, { providers: options.providers });
  const app = await buildApp(deps);
  await app.ready();
  // As a serving process does (main.ts): what the database tells on the changes channel reaches the app.
  const changes = await listenForChanges(url, () => {}, 'shop-api-test');
  return {
    app,
    db,
    deps,
    changesHeard: async () => {
      const heard = new Promise<void>((resolve) => {
        const stop = onChanges((told, origin) => {
          if (origin === 'remote' && told.length === 0) {
            stop();
            resolve();
          }
        });
      });
      await notifyChannel(db, CHANGES_CHANNEL, '[]');
      await heard;
    },
    close: async () => {
      await changes.stop();
      await app.close();
      await db.destroy();
      await dropDatabase(adminUrl, name);
    },
  };
}
