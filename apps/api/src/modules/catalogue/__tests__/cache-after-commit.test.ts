import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../../lib/transaction.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { seedCatalogueDemo } from '../demo/demo.seed.js';
import { catalogueChangedOnCommit } from '../response-cache.js';
import { call } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogueDemo(t.deps);
});
afterAll(() => t.close());

const shownCount = async () => (await call(t, 'GET', '/shop/goods/info?id=3')).body.data.collect_count as number;

describe('catalogue writes and the answer cache', () => {
  it('a rolled-back write leaves the cached answer alone; a committed one replaces it after the commit', async () => {
    const before = await shownCount();
    await expect(
      withTransaction(t.db, async (tx) => {
        await tx.updateTable('goods').set({ collect_count: before + 50 }).where('id', '=', 3).execute();
        catalogueChangedOnCommit(tx, t.deps, [3]);
        // A reader during the transaction still gets the committed rows (and may cache them).
        expect(await shownCount()).toBe(before);
        throw new Error('the edit fails');
      }),
    ).rejects.toThrow('the edit fails');
    expect(await shownCount()).toBe(before);

    await withTransaction(t.db, async (tx) => {
      await tx.updateTable('goods').set({ collect_count: before + 7 }).where('id', '=', 3).execute();
      catalogueChangedOnCommit(tx, t.deps, [3]);
      // Read (and cached) before the commit: had the cache been dropped now, this stale answer would stay.
      expect(await shownCount()).toBe(before);
    });
    expect(await shownCount()).toBe(before + 7);
  });
});
