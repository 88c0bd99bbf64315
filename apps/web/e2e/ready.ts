import fs from 'node:fs';
import { beforeAll } from 'vitest';
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
