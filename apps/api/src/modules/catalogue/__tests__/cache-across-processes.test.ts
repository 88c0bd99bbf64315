import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionOf } from '../../../db/database.js';
import { listenForChanges, onChanges } from '../../../lib/changes.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { call } from './helpers.js';
import { OPS_CLI } from '../../../test/api-processes.js';
import { opsOperators } from '../../../ops/__tests__/ops-operators.js';

// Goods answers are kept in memory by the running shop. An operator command runs in a process of
// its own: what it changes must reach the shop's cached answers without Redis, through the
// database channel the shop listens on.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The console operator the command script runs as ($OPERATOR).
  await opsOperators(t.db, { olivia: 'owner' });
}, 60_000);
afterAll(() => t.close());

const stockOf = async (goodsId: number) => {
  const res = await call(t, 'GET', `/shop/goods/info?id=${goodsId}`);
  expect(res.body.code, res.body.msg).toBe(200);
  return (res.body.data as { skus: Array<{ stock: number }> }).skus[0]!.stock;
};

describe('cached goods answers and operator commands', () => {
  it('a group buy set up by the real command script takes its units off the stock the running shop shows', async () => {
    const listening = await listenForChanges(connectionOf(t.db).url);
    try {
      const g = await newGoods(t.db, [{ price: 2500, stock: 30 }]);
      expect(await stockOf(g.goodsId)).toBe(30);
      // Cached now: a second read is the same answer.
      expect(await stockOf(g.goodsId)).toBe(30);
      const heard = new Promise<void>((resolve) => {
        const stop = onChanges((changes, origin) => {
          if (origin === 'remote' && changes.some((c) => c.kind === 'cache')) resolve(stop());
        });
      });
      const root = path.resolve(import.meta.dirname, '../../../../../..');
      const args = ['order', 'group-buy', 'create', String(g.goodsId), String(g.skuIds[0]), '--price', '1990', '--size', '2', '--quantity', '10', '--days', '3'];
      await promisify(execFile)(process.execPath, [...OPS_CLI, ...args], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: t.deps.config.DATABASE_URL, OPERATOR: 'olivia', NODE_ENV: 'test' },
      });
      await heard;
      expect(await stockOf(g.goodsId)).toBe(20);
    } finally {
      await listening.stop();
    }
  }, 60_000);
});
