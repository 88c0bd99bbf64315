import fs from 'node:fs';
import pg from 'pg';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { callsSince } from './browser.js';
import { EXITED_MARK } from './server-log.js';
import { shopUnderTest } from './shop.js';

const READY_WITHIN_MS = 180_000;

/**
 * Setup file of the browser tests: the API servers the global setup started boot while other tests
 * run; each browser test file waits here until its own shop answers /ready (at once after the first file).
 */
beforeAll(async () => {
  const { baseUrl, apiLog } = shopUnderTest();
  const output = () => (fs.existsSync(apiLog) ? fs.readFileSync(apiLog, 'utf8').slice(-20_000) : '');
  const started = Date.now();
  while (Date.now() - started < READY_WITHIN_MS) {
    if (output().includes(EXITED_MARK)) throw new Error(`the API server stopped:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API server did not become ready within ${READY_WITHIN_MS} ms:\n${output()}`);
}, READY_WITHIN_MS + 10_000);

/**
 * A failed test says what the shop was doing meanwhile: the calls its pages made (with their answers),
 * what the API server logged during the test (warnings and errors) and the database's sessions that
 * were busy or waiting when it failed.
 */
let logFrom = 0;
let startedAt = 0;
beforeEach(() => {
  const { apiLog } = shopUnderTest();
  logFrom = fs.existsSync(apiLog) ? fs.statSync(apiLog).size : 0;
  startedAt = Date.now();
});
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const { apiLog, databaseUrl } = shopUnderTest();
  const logged = fs.existsSync(apiLog) ? fs.readFileSync(apiLog).subarray(logFrom).toString('utf8').slice(-4_000) : '';
  let sessions: string;
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    const { rows } = await client.query<{ state: string; wait: string | null; seconds: number; query: string }>(
      `select state, wait_event_type || ':' || wait_event as wait, round(extract(epoch from now() - query_start))::int as seconds, left(query, 160) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle' order by query_start`,
    );
    sessions = rows.map((r) => `${r.state} ${r.wait ?? ''} ${r.seconds}s ${r.query.replace(/\s+/g, ' ')}`).join('\n');
  } catch (e) {
    sessions = `(not read: ${(e as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
  // Thrown, so the run's summary of failures shows it beside the test's own error.
  const pageCalls = callsSince(startedAt);
  throw new Error(`While the test ran, its pages' last calls were:\n${pageCalls || '(none)'}\nthe API server logged:\n${logged || '(nothing)'}\nBusy database sessions when it failed:\n${sessions || '(none)'}`);
});
