import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { call } from './helpers.js';

// The warranty the console sets on goods (after-sales takes repair cases within it) is told to the
// buyer on the goods page before buying: the goods answer names its months, 0 for none.

let t: TestApp;
let op: Awaited<ReturnType<typeof newOperatorSession>>;
let categoryId: number;
beforeAll(async () => {
  t = await buildTestApp();
  op = await newOperatorSession(t.db, 'owner');
  await newGoods(t.db);
  categoryId = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown>) => ({ category_id: categoryId, name: { 'en-us': 'Speaker' }, images: ['/media/demo/goods-1-1.png'], currency: 'USD', status: 'on_sale', skus: [{ price: 6499, stock: 5 }], ...over });

describe('the goods answer members read', () => {
  it('names the warranty months the console set, and follows a change at once', async () => {
    const saved = (await call(t, 'POST', '/admin/api/catalogue/goods/save', { headers: op.headers, body: body({ warranty_months: 12 }) })).body;
    expect(saved.code, saved.msg).toBe(200);
    const info = async () => (await call(t, 'GET', `/shop/goods/info?id=${saved.data.id}`)).body.data;
    expect((await info()).warranty_months).toBe(12);
    // Read once more (now from the cache), then changed to none: the next read says none.
    expect((await info()).warranty_months).toBe(12);
    const changed = (await call(t, 'POST', '/admin/api/catalogue/goods/save', { headers: op.headers, body: body({ id: saved.data.id, base_updated_at: saved.data.updated_at, warranty_months: 0, skus: saved.data.skus.map((s: { id: number; price: number }) => ({ id: s.id, price: s.price })) }) })).body;
    expect(changed.code, changed.msg).toBe(200);
    expect((await info()).warranty_months).toBe(0);
  });
});
