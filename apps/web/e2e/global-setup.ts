import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { keepExitCode } from '../../../apps/api/src/test/keep-exit-code.js';
import { apiProcessArgs } from '../../../apps/api/src/test/api-processes.js';
import { freePort } from '../../../apps/api/src/test/free-port.js';
import { acquireTestPostgres, cloneTemplate, dropDatabase } from '../../../apps/api/src/test/test-postgres.js';
import { EXITED_MARK } from './server-log.js';

/** One shop under test: the real API server serving the built app at /h5/ and the console at /admin/, with its own database. */
export interface ShopUnderTest {
  baseUrl: string;
  /** Its database, for tests that arrange data directly (sessions, orders …). */
  databaseUrl: string;
  /** Where the API server's output goes (shown when it does not become ready). */
  apiLog: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shop per test worker: browser test files running at the same time never share one. */
    shops: ShopUnderTest[];
  }
}

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * For the browser tests: PostgreSQL (the run's shared server) and, for each test worker, a fresh
 * database and the real API server (demo data seeded) serving the built web app and console (the
 * console's tests in apps/admin/e2e use the same shops). Browser test
 * files may run at once, each against its own worker's shop, beside the other projects' files. The
 * servers boot while the other projects' tests run; `ready.ts` (a setup file of the project) waits
 * for the file's shop before it starts.
 */
export default async function setup(project: TestProject) {
  keepExitCode();
  const webDist = path.join(ROOT, 'apps/web/dist');
  for (const app of ['web', 'admin']) {
    if (!fs.existsSync(path.join(ROOT, `apps/${app}/dist/index.html`))) {
      throw new Error(`apps/${app}/dist is not built: run "npm run build --workspace apps/${app}" (npm test does it first)`);
    }
  }
  const pg = await acquireTestPostgres();
  const workers = Math.max(1, project.vitest.config.maxWorkers ?? 1);
  const shops: Array<Awaited<ReturnType<typeof bootShop>>> = [];
  // One after another, so no two servers are handed the same free port.
  for (let i = 0; i < workers; i++) shops.push(await bootShop(pg.adminUrl, pg.template, webDist));
  project.provide(
    'shops',
    shops.map(({ stop: _stop, ...shop }) => shop),
  );
  return async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await pg.stop();
  };
}

/** Clones the template and starts the API server on it; answers at once, before the server is ready. */
async function bootShop(adminUrl: string, template: string, webDist: string): Promise<ShopUnderTest & { stop(): Promise<void> }> {
  const db = await cloneTemplate(adminUrl, template);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const apiLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-api-')), 'api.log');
  const log = fs.openSync(apiLog, 'a');
  const child = spawn(process.execPath, apiProcessArgs('main.ts'), {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      // Three test workers, PostgreSQL and Chromium share two cores: a read may wait longer than a shopper's.
      READ_DEADLINE_MS: '30000',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  // A server that stops early says so in its log, so the waiting test files fail at once.
  child.once('exit', (code, signal) => {
    try {
      fs.appendFileSync(apiLog, `\n${EXITED_MARK} (${signal ?? `exit ${code}`})\n`);
    } catch {
      // the run is over and its log removed
    }
  });
  // If the test run itself is killed, the server must not outlive it.
  const killChild = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', killChild);

  const stop = async () => {
    process.off('exit', killChild);
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      // A timer of its own, cleared once the server is gone: left pending, it would hold the test run open for its ten seconds.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await dropDatabase(adminUrl, db.name).catch(() => {});
    fs.rmSync(path.dirname(apiLog), { recursive: true, force: true });
  };

  return { baseUrl, databaseUrl: db.url, apiLog, stop };
}
