import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { CATEGORIES } from '../demo/demo-data.js';
import { seedCatalogueDemo } from '../demo/demo.seed.js';
import { catalogueChanged } from '../response-cache.js';
import { call, newMember } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const started = Date.now();
  await seedCatalogueDemo(t.deps);
  expect(Date.now() - started).toBeLessThan(10_000);
});
afterAll(() => t.close());

const get = (url: string, opts?: Parameters<typeof call>[3]) => call(t, 'GET', url, opts);
const post = (url: string, body: unknown, opts?: Parameters<typeof call>[3]) => call(t, 'POST', url, { ...opts, body });

describe('the demo shop', () => {
  it('has at least 12 categories, 200 goods with several SKUs each, and reviews, in English and Chinese', async () => {
    const count = async (table: 'categories' | 'goods' | 'goods_skus' | 'goods_reviews') =>
      Number((await t.db.selectFrom(table).select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(await count('categories')).toBeGreaterThanOrEqual(12);
    expect(await count('goods')).toBe(200);
    expect(await count('goods_skus')).toBeGreaterThanOrEqual(800);
    expect(await count('goods_reviews')).toBeGreaterThan(300);
    const fewest = await t.db.selectFrom('goods_skus').select(['goods_id', t.db.fn.countAll<number>().as('n')]).groupBy('goods_id').orderBy('n').limit(1).executeTakeFirstOrThrow();
    expect(Number(fewest.n)).toBeGreaterThanOrEqual(4);
    const g = await t.db.selectFrom('goods').select('name').limit(1).executeTakeFirstOrThrow();
    expect(g.name['en-us']).toBeTruthy();
    expect(g.name['zh-cn']).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('is seeded once: seeding again adds nothing', async () => {
    await seedCatalogueDemo(t.deps);
    const n = await t.db.selectFrom('goods').select(t.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(200);
  });

  it('is seeded once when several processes start on an empty database at the same moment', async () => {
    const fresh = await buildTestApp();
    try {
      await Promise.all([seedCatalogueDemo(fresh.deps), seedCatalogueDemo(fresh.deps), seedCatalogueDemo(fresh.deps)]);
      const count = async (table: 'goods' | 'categories' | 'news' | 'popups') => Number((await fresh.db.selectFrom(table).select(fresh.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const categories = CATEGORIES.length + CATEGORIES.reduce((n, c) => n + c.children.length, 0);
      expect([await count('goods'), await count('categories'), await count('news'), await count('popups')]).toEqual([200, categories, 12, 2]);
    } finally {
      await fresh.close();
    }
  });

  it('serves real goods pictures', async () => {
    const { body } = await get('/shop/goods/info?id=1');
    const res = await t.app.inject({ method: 'GET', url: body.data.cover });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(res.rawPayload.length).toBeLessThan(80_000);
    expect((await t.app.inject({ method: 'GET', url: '/media/demo/goods-999-1.png' })).statusCode).toBe(404);
  });
});

describe('categories', () => {
  it('lists the top level, the children of one category, and the whole tree', async () => {
    const top = (await get('/shop/cate/list')).body.data.list;
    expect(top.length).toBeGreaterThanOrEqual(12);
    expect(top.every((c: { parent_id: number | null }) => c.parent_id === null)).toBe(true);
    const withChildren = (await get('/shop/cate/cateAll')).body.data.list.find((c: { children: unknown[] }) => c.children.length > 0);
    const children = (await get(`/shop/cate/list?parent_id=${withChildren.id}`)).body.data.list;
    expect(children.map((c: { id: number }) => c.id)).toEqual(withChildren.children.map((c: { id: number }) => c.id));
    const info = (await get(`/shop/cate/info?id=${withChildren.id}`)).body.data;
    expect(info.children).toHaveLength(children.length);
    expect(info.goods_count).toBeGreaterThan(0);
  });

  it('answers an unknown category with its own code', async () => {
    expect((await get('/shop/cate/info?id=99999')).body.code).toBe(ResponseCode.categoryNotFound);
  });

  it('gives category types with their categories', async () => {
    const types = (await get('/attractive/page/goodsCateType')).body.data.list;
    expect(types.length).toBe(2);
    expect(types.flatMap((x: { categories: unknown[] }) => x.categories).length).toBeGreaterThanOrEqual(12);
  });
});

describe('goods lists', () => {
  it('pages through every goods on sale exactly once', async () => {
    const first = (await get('/shop/goods/list?page=1&limit=50')).body.data;
    const onSale = Number((await t.db.selectFrom('goods').select(t.db.fn.countAll<number>().as('n')).where('status', '=', 'on_sale').executeTakeFirstOrThrow()).n);
    expect(first.total).toBe(onSale);
    expect(onSale).toBeLessThan(200);
    const ids = new Set<number>();
    for (let page = 1; ; page++) {
      const data = (await get(`/shop/goods/list?page=${page}&limit=50`)).body.data;
      for (const g of data.list) ids.add(g.id);
      if (!data.has_more) break;
    }
    expect(ids.size).toBe(onSale);
    const beyond = (await get('/shop/goods/list?page=100&limit=50')).body.data;
    expect(beyond).toMatchObject({ list: [], has_more: false, total: onSale });
  });

  it('filters by category, including the goods of its sub-categories', async () => {
    const tree = (await get('/shop/cate/cateAll')).body.data.list;
    const parent = tree.find((c: { children: unknown[] }) => c.children.length > 0);
    const childIds = new Set(parent.children.map((c: { id: number }) => c.id));
    const list = (await get(`/shop/goods/list?cate_id=${parent.id}&limit=100`)).body.data.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((g: { cate_id: number }) => g.cate_id === parent.id || childIds.has(g.cate_id))).toBe(true);
    const child = parent.children[0];
    const onlyChild = (await get(`/shop/goods/list?cate_id=${child.id}&limit=100`)).body.data.list;
    expect(onlyChild.every((g: { cate_id: number }) => g.cate_id === child.id)).toBe(true);
    expect(onlyChild.length).toBeLessThan(list.length);
  });

  it('sorts by price and carries prices as integer minor units with a currency', async () => {
    const list = (await get('/shop/goods/list?sort=price_asc&limit=30')).body.data.list;
    const prices = list.map((g: { price: number }) => g.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(list.every((g: { price: number; currency: string }) => Number.isInteger(g.price) && g.currency === 'USD')).toBe(true);
  });

  it('rejects a page size over 100', async () => {
    expect((await get('/shop/goods/list?limit=500')).status).toBe(422);
  });
});

describe('search and the search log', () => {
  it('finds goods by a word of their name in the request language or in English', async () => {
    const en = (await get('/shop/goods/list?keyword=smartphone')).body.data;
    expect(en.total).toBeGreaterThan(0);
    expect(en.list.every((g: { name: string }) => /smartphone/i.test(g.name))).toBe(true);
    const beans = (await get('/shop/goods/list?keyword=coffee%20beans')).body.data;
    const zh = (await get(`/shop/goods/list?keyword=${encodeURIComponent('咖啡豆')}`, { lang: 'zh-cn' })).body.data;
    expect(beans.total).toBeGreaterThan(0);
    expect(zh.total).toBe(beans.total);
    expect(zh.list.every((g: { name: string }) => g.name.includes('咖啡豆'))).toBe(true);
    expect((await get('/shop/goods/list?keyword=nothing-like-this')).body.data.total).toBe(0);
    // Wildcards are searched for literally.
    expect((await get('/shop/goods/list?keyword=%25')).body.data.total).toBe(0);
  });

  it('keeps each member their own log, newest first, clearable; visitors get none', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    await get('/shop/goods/list?keyword=tea', { headers: a.headers });
    await get('/shop/goods/list?keyword=laptop', { headers: a.headers });
    await get('/shop/goods/list?keyword=tea', { headers: a.headers });
    await get('/shop/goods/list?keyword=watch', { headers: b.headers });
    await get('/shop/goods/list?keyword=visitor-search');
    const logA = (await get('/shop/search/searchLog', { headers: a.headers })).body.data.list.map((r: { keyword: string }) => r.keyword);
    expect(logA).toEqual(['tea', 'laptop']);
    const logB = (await get('/shop/search/searchLog', { headers: b.headers })).body.data.list.map((r: { keyword: string }) => r.keyword);
    expect(logB).toEqual(['watch']);
    expect((await get('/shop/search/searchLog')).body.data.list).toEqual([]);

    expect((await post('/shop/search/clearLog', {})).body.code).toBe(ResponseCode.loginRequired);
    expect((await post('/shop/search/clearLog', {}, { headers: a.headers })).body.data).toEqual({ cleared: 2 });
    expect((await get('/shop/search/searchLog', { headers: a.headers })).body.data.list).toEqual([]);
    expect((await get('/shop/search/searchLog', { headers: b.headers })).body.data.list).toHaveLength(1);
  });
});

describe('goods detail and SKUs', () => {
  it('shows gallery, specs and SKUs built from them, each with its own price and stock', async () => {
    const g = (await get('/shop/goods/info?id=5')).body.data;
    expect(g.images.length).toBe(3);
    expect(g.specs.map((s: { name: string }) => s.name)[0]).toBe('Colour');
    const combinations = g.specs.reduce((n: number, s: { values: unknown[] }) => n * s.values.length, 1);
    expect(g.skus).toHaveLength(combinations);
    for (const sku of g.skus) {
      expect(sku.spec_value_ids).toHaveLength(g.specs.length);
      expect(sku.spec_text).toContain(' / ');
    }
    expect(g.stock).toBe(g.skus.reduce((n: number, s: { stock: number }) => n + s.stock, 0));
    expect(g.price).toBe(Math.min(...g.skus.map((s: { price: number }) => s.price)));
  });

  it('finds a SKU by its spec values and says whether it can be bought', async () => {
    const sold = await t.db.selectFrom('goods_skus').innerJoin('goods', 'goods.id', 'goods_skus.goods_id').select(['goods_skus.goods_id', 'goods_skus.spec_value_ids']).where('goods_skus.stock', '=', 0).where('goods.status', '=', 'on_sale').executeTakeFirstOrThrow();
    const out = (await get(`/shop/goods/sukInfo?goods_id=${sold.goods_id}&spec_value_ids=${sold.spec_value_ids.join(',')}`)).body.data;
    expect(out).toMatchObject({ stock: 0, available: false });
    const inStock = await t.db.selectFrom('goods_skus').select(['id', 'goods_id', 'stock']).where('goods_id', '=', sold.goods_id).where('stock', '>', 0).executeTakeFirstOrThrow();
    const ok = (await get(`/shop/goods/sukInfo?goods_id=${inStock.goods_id}&sku_id=${inStock.id}`)).body.data;
    expect(ok).toMatchObject({ id: inStock.id, stock: inStock.stock, available: true });
    expect((await get(`/shop/goods/sukInfo?goods_id=${sold.goods_id}&spec_value_ids=99,98`)).body.code).toBe(ResponseCode.skuNotFound);
    expect((await get(`/shop/goods/sukInfo?goods_id=${sold.goods_id}`)).status).toBe(422);
  });

  it('shows new stock as soon as the catalogue reports the change', async () => {
    const before = (await get('/shop/goods/info?id=7')).body.data;
    const sku = before.skus[0];
    await t.db.updateTable('goods_skus').set({ stock: sku.stock + 11 }).where('id', '=', sku.id).execute();
    catalogueChanged(t.deps, [7]);
    const after = (await get('/shop/goods/info?id=7')).body.data;
    expect(after.skus[0].stock).toBe(sku.stock + 11);
    expect(after.stock).toBe(before.stock + 11);
  });

  it('keeps an off-sale goods page but leaves it out of lists', async () => {
    const off = await t.db.selectFrom('goods').select('id').where('status', '=', 'off_sale').executeTakeFirstOrThrow();
    expect((await get(`/shop/goods/info?id=${off.id}`)).body.data.status).toBe('off_sale');
    const all = (await get('/shop/goods/list?limit=100&page=1')).body.data.list.concat((await get('/shop/goods/list?limit=100&page=2')).body.data.list);
    expect(all.some((g: { id: number }) => g.id === off.id)).toBe(false);
    const sku = await t.db.selectFrom('goods_skus').select('id').where('goods_id', '=', off.id).executeTakeFirstOrThrow();
    expect((await get(`/shop/goods/sukInfo?goods_id=${off.id}&sku_id=${sku.id}`)).body.data.available).toBe(false);
  });

  it('answers an unknown goods with its own code', async () => {
    expect((await get('/shop/goods/info?id=424242')).body).toMatchObject({ code: ResponseCode.goodsNotFound, msg: 'The goods does not exist' });
  });

  it('never lets a script from a description reach the page', async () => {
    await t.db
      .updateTable('goods')
      .set({ description: JSON.stringify({ 'en-us': '<p onclick="steal()">Nice<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>' }) })
      .where('id', '=', 9)
      .execute();
    catalogueChanged(t.deps, [9]);
    const d = (await get('/shop/goods/info?id=9')).body.data.description as string;
    expect(d).toContain('Nice');
    expect(d).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });
});

describe('languages', () => {
  it('answers in the request language and falls back to the shop default (English) for texts it lacks', async () => {
    const dbName = await t.db.selectFrom('goods').select('name').where('id', '=', 3).executeTakeFirstOrThrow();
    expect((await get('/shop/goods/info?id=3', { lang: 'zh-cn' })).body.data.name).toBe(dbName.name['zh-cn']);
    expect((await get('/shop/goods/info?id=3', { lang: 'jp' })).body.data.name).toBe(dbName.name['en-us']);
    expect((await get('/shop/goods/info?id=3')).body.data.name).toBe(dbName.name['en-us']);
    const zhSpecs = (await get('/shop/goods/info?id=3', { lang: 'zh-cn' })).body.data.specs;
    expect(zhSpecs[0].name).toBe('颜色');
  });
});

describe('collecting goods', () => {
  it('is per member and idempotent', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    expect((await post('/shop/goods/collect', { goods_id: 11 })).body.code).toBe(ResponseCode.loginRequired);
    const first = (await post('/shop/goods/collect', { goods_id: 11 }, { headers: a.headers })).body.data;
    const again = (await post('/shop/goods/collect', { goods_id: 11 }, { headers: a.headers })).body.data;
    expect(again).toEqual(first);
    expect(first.collected).toBe(true);
    const byB = (await post('/shop/goods/collect', { goods_id: 11 }, { headers: b.headers })).body.data;
    expect(byB.collect_count).toBe(first.collect_count + 1);

    expect((await get('/shop/goods/info?id=11', { headers: a.headers })).body.data).toMatchObject({ is_collected: true, collect_count: byB.collect_count });
    const visitor = (await get('/shop/goods/info?id=11')).body.data;
    expect(visitor).toMatchObject({ is_collected: false, collect_count: byB.collect_count });

    const removed = (await post('/shop/goods/collect', { goods_id: 11, collect: false }, { headers: a.headers })).body.data;
    const removedAgain = (await post('/shop/goods/collect', { goods_id: 11, collect: false }, { headers: a.headers })).body.data;
    expect(removed).toEqual({ collected: false, collect_count: byB.collect_count - 1 });
    expect(removedAgain).toEqual(removed);
    expect((await get('/shop/goods/info?id=11', { headers: a.headers })).body.data.is_collected).toBe(false);
    expect((await get('/shop/goods/info?id=11', { headers: b.headers })).body.data.is_collected).toBe(true);
  });

  it('refuses an unknown goods', async () => {
    const a = await newMember(t);
    expect((await post('/shop/goods/collect', { goods_id: 424242 }, { headers: a.headers })).body.code).toBe(ResponseCode.goodsNotFound);
  });
});

describe('reviews', () => {
  it('counts, filters and pages the reviews of one goods with masked names', async () => {
    const row = await t.db.selectFrom('goods_reviews').select(['goods_id', t.db.fn.countAll<number>().as('n')]).groupBy('goods_id').orderBy('n', 'desc').limit(1).executeTakeFirstOrThrow();
    const totals = (await get(`/shop/goods_comment/total?goods_id=${row.goods_id}`)).body.data;
    expect(totals.total).toBe(Number(row.n));
    expect(totals.good + totals.medium + totals.bad).toBe(totals.total);
    const page1 = (await get(`/shop/goods_comment/list?goods_id=${row.goods_id}&limit=3`)).body.data;
    expect(page1.list).toHaveLength(3);
    expect(page1.has_more).toBe(true);
    expect(page1.list[0].user_name).toMatch(/\*/);
    const good = (await get(`/shop/goods_comment/list?goods_id=${row.goods_id}&filter=good&limit=50`)).body.data;
    expect(good.total).toBe(totals.good);
    expect(good.list.every((r: { rating: number }) => r.rating >= 4)).toBe(true);
    const one = (await get(`/shop/goods_comment/info?id=${page1.list[0].id}`)).body.data;
    expect(one).toEqual(page1.list[0]);
    expect((await get('/shop/goods_comment/info?id=999999')).body.code).toBe(ResponseCode.reviewNotFound);
  });
});
