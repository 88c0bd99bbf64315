import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { CATEGORIES } from '../demo/demo-data.js';
import { seedCatalogueDemo } from '../demo/demo.seed.js';
import { catalogueChanged } from '../response-cache.js';
import { newCatalogueGoods, newCategories, newReviews } from './fixtures.js';
import { call, newMember } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogueDemo(t.deps);
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

// Beyond the demo shop's own tests, each test makes the categories and goods it talks about.
describe('categories', () => {
  it('lists the top level, the children of one category, and the whole tree', async () => {
    const c = await newCategories(t);
    await newCatalogueGoods(t, { categoryId: c.childId });
    const top = (await get('/shop/cate/list')).body.data.list;
    expect(top.some((x: { id: number }) => x.id === c.parentId)).toBe(true);
    expect(top.every((x: { parent_id: number | null }) => x.parent_id === null)).toBe(true);
    const children = (await get(`/shop/cate/list?parent_id=${c.parentId}`)).body.data.list;
    expect(children.map((x: { id: number }) => x.id)).toEqual([c.childId]);
    const inTree = (await get('/shop/cate/cateAll')).body.data.list.find((x: { id: number }) => x.id === c.parentId);
    expect(inTree.children.map((x: { id: number }) => x.id)).toEqual([c.childId]);
    const info = (await get(`/shop/cate/info?id=${c.parentId}`)).body.data;
    expect(info.children.map((x: { id: number }) => x.id)).toEqual([c.childId]);
    // The goods of its sub-categories count too.
    expect(info.goods_count).toBe(1);
  });

  it('answers an unknown category with its own code', async () => {
    expect((await get('/shop/cate/info?id=99999')).body.code).toBe(ResponseCode.categoryNotFound);
  });

  it('gives category types with their top-level categories', async () => {
    const c = await newCategories(t);
    const types = (await get('/attractive/page/goodsCateType')).body.data.list;
    const ours = types.find((x: { id: number }) => x.id === c.typeId);
    expect(ours.categories.map((x: { id: number }) => x.id)).toEqual([c.parentId]);
  });
});

describe('goods lists', () => {
  it('pages through every goods on sale exactly once, leaving out goods off sale', async () => {
    const c = await newCategories(t);
    const off = await newCatalogueGoods(t, { categoryId: c.parentId, status: 'off_sale' });
    const first = (await get('/shop/goods/list?page=1&limit=50')).body.data;
    const onSale = Number((await t.db.selectFrom('goods').select(t.db.fn.countAll<number>().as('n')).where('status', '=', 'on_sale').executeTakeFirstOrThrow()).n);
    expect(first.total).toBe(onSale);
    const ids = new Set<number>();
    for (let page = 1; ; page++) {
      const data = (await get(`/shop/goods/list?page=${page}&limit=50`)).body.data;
      for (const g of data.list) ids.add(g.id);
      if (!data.has_more) break;
    }
    expect(ids.size).toBe(onSale);
    expect(ids.has(off.id)).toBe(false);
    const beyond = (await get('/shop/goods/list?page=100&limit=50')).body.data;
    expect(beyond).toMatchObject({ list: [], has_more: false, total: onSale });
  });

  it('filters by category, including the goods of its sub-categories', async () => {
    const c = await newCategories(t);
    const inParent = await newCatalogueGoods(t, { categoryId: c.parentId });
    const inChild = await newCatalogueGoods(t, { categoryId: c.childId });
    const ids = (url: string) => get(url).then((r) => r.body.data.list.map((g: { id: number }) => g.id).sort());
    expect(await ids(`/shop/goods/list?cate_id=${c.parentId}&limit=100`)).toEqual([inParent.id, inChild.id].sort());
    expect(await ids(`/shop/goods/list?cate_id=${c.childId}&limit=100`)).toEqual([inChild.id]);
    const total = (url: string) => get(url).then((r) => r.body.data.total as number);
    expect([await total(`/shop/goods/list?cate_id=${c.parentId}`), await total(`/shop/goods/list?cate_id=${c.childId}`)]).toEqual([2, 1]);
    // A goods put on the hot shelf, then one taken off sale: the counts follow (each change drops the lists).
    await t.db.updateTable('goods').set({ is_hot: true }).where('id', '=', inChild.id).execute();
    catalogueChanged(t.deps, [inChild.id]);
    expect(await ids(`/shop/goods/list?cate_id=${c.parentId}&shelf=hot`)).toEqual([inChild.id]);
    expect(await total(`/shop/goods/list?cate_id=${c.parentId}&shelf=hot`)).toBe(1);
    await t.db.updateTable('goods').set({ status: 'off_sale' }).where('id', '=', inParent.id).execute();
    catalogueChanged(t.deps, [inParent.id]);
    expect([await total(`/shop/goods/list?cate_id=${c.parentId}`), await total(`/shop/goods/list?cate_id=${c.parentId}&shelf=hot`)]).toEqual([1, 1]);
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
    const c = await newCategories(t);
    const word = `zebrawood${Math.random().toString(36).slice(2, 7)}`;
    const g = await newCatalogueGoods(t, { categoryId: c.parentId, name: `${word} kettle`, zhName: `${word}斑马木水壶` });
    const en = (await get(`/shop/goods/list?keyword=${word.toUpperCase()}`)).body.data;
    expect(en.list.map((x: { id: number }) => x.id)).toEqual([g.id]);
    const zh = (await get(`/shop/goods/list?keyword=${encodeURIComponent(`${word}斑马木`)}`, { lang: 'zh-cn' })).body.data;
    expect(zh.list.map((x: { id: number; name: string }) => [x.id, x.name])).toEqual([[g.id, `${word}斑马木水壶`]]);
    expect((await get(`/shop/goods/list?keyword=${word}`, { lang: 'zh-cn' })).body.data.total).toBe(1);
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
    const c = await newCategories(t);
    const { id } = await newCatalogueGoods(t, { categoryId: c.parentId, stocks: [5, 0, 7, 3] });
    const g = (await get(`/shop/goods/info?id=${id}`)).body.data;
    expect(g.images).toHaveLength(3);
    expect(g.specs.map((s: { name: string }) => s.name)).toEqual(['Colour', 'Size']);
    expect(g.skus).toHaveLength(4);
    expect(g.skus.map((s: { spec_text: string }) => s.spec_text)).toEqual(['Red / Small', 'Red / Large', 'Blue / Small', 'Blue / Large']);
    expect(g.skus.map((s: { price: number }) => s.price)).toEqual([1500, 1900, 1600, 2100]);
    expect(g.stock).toBe(15);
    expect(g.price).toBe(1500);
  });

  it('finds a SKU by its spec values and says whether it can be bought', async () => {
    const c = await newCategories(t);
    const g = await newCatalogueGoods(t, { categoryId: c.parentId, stocks: [5, 0, 7, 3] });
    const out = (await get(`/shop/goods/sukInfo?goods_id=${g.id}&spec_value_ids=11,22`)).body.data;
    expect(out).toMatchObject({ id: g.skus[1]!.id, stock: 0, available: false });
    const ok = (await get(`/shop/goods/sukInfo?goods_id=${g.id}&sku_id=${g.skus[2]!.id}`)).body.data;
    expect(ok).toMatchObject({ id: g.skus[2]!.id, stock: 7, price: 1600, available: true });
    expect((await get(`/shop/goods/sukInfo?goods_id=${g.id}&spec_value_ids=99,98`)).body.code).toBe(ResponseCode.skuNotFound);
    expect((await get(`/shop/goods/sukInfo?goods_id=${g.id}`)).status).toBe(422);
  });

  it('shows new stock as soon as the catalogue reports the change', async () => {
    const c = await newCategories(t);
    const g = await newCatalogueGoods(t, { categoryId: c.parentId, stocks: [5, 0, 7, 3] });
    const before = (await get(`/shop/goods/info?id=${g.id}`)).body.data;
    expect(before.skus[0].stock).toBe(5);
    await t.db.updateTable('goods_skus').set({ stock: 16 }).where('id', '=', g.skus[0]!.id).execute();
    catalogueChanged(t.deps, [g.id]);
    const after = (await get(`/shop/goods/info?id=${g.id}`)).body.data;
    expect(after.skus[0].stock).toBe(16);
    expect(after.stock).toBe(before.stock + 11);
  });

  it('keeps an off-sale goods page but leaves it out of lists', async () => {
    const c = await newCategories(t);
    const off = await newCatalogueGoods(t, { categoryId: c.parentId, status: 'off_sale' });
    expect((await get(`/shop/goods/info?id=${off.id}`)).body.data.status).toBe('off_sale');
    const listed = (await get(`/shop/goods/list?cate_id=${c.parentId}&limit=100`)).body.data.list;
    expect(listed).toEqual([]);
    expect((await get(`/shop/goods/sukInfo?goods_id=${off.id}&sku_id=${off.skus[0]!.id}`)).body.data.available).toBe(false);
  });

  it('answers an unknown goods with its own code', async () => {
    expect((await get('/shop/goods/info?id=424242')).body).toMatchObject({ code: ResponseCode.goodsNotFound, msg: 'The goods does not exist' });
  });

  it('never lets a script from a description reach the page', async () => {
    const c = await newCategories(t);
    const g = await newCatalogueGoods(t, {
      categoryId: c.parentId,
      description: '<p onclick="steal()">Nice<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>',
    });
    const d = (await get(`/shop/goods/info?id=${g.id}`)).body.data.description as string;
    expect(d).toContain('Nice');
    expect(d).not.toMatch(/<script|onerror|onclick|javascript:/i);
  });
});

describe('languages', () => {
  it('answers in the request language and falls back to the shop default (English) for texts it lacks', async () => {
    const c = await newCategories(t);
    const g = await newCatalogueGoods(t, { categoryId: c.parentId, name: 'Copper kettle', zhName: '铜水壶' });
    expect((await get(`/shop/goods/info?id=${g.id}`, { lang: 'zh-cn' })).body.data.name).toBe('铜水壶');
    expect((await get(`/shop/goods/info?id=${g.id}`, { lang: 'jp' })).body.data.name).toBe('Copper kettle');
    expect((await get(`/shop/goods/info?id=${g.id}`)).body.data.name).toBe('Copper kettle');
    const zhSpecs = (await get(`/shop/goods/info?id=${g.id}`, { lang: 'zh-cn' })).body.data.specs;
    expect(zhSpecs.map((s: { name: string }) => s.name)).toEqual(['颜色', '尺寸']);
  });
});

describe('collecting goods', () => {
  it('is per member and idempotent', async () => {
    const c = await newCategories(t);
    const { id } = await newCatalogueGoods(t, { categoryId: c.parentId });
    const a = await newMember(t);
    const b = await newMember(t);
    expect((await post('/shop/goods/collect', { goods_id: id })).body.code).toBe(ResponseCode.loginRequired);
    const first = (await post('/shop/goods/collect', { goods_id: id }, { headers: a.headers })).body.data;
    const again = (await post('/shop/goods/collect', { goods_id: id }, { headers: a.headers })).body.data;
    expect(first).toEqual({ collected: true, collect_count: 1 });
    expect(again).toEqual(first);
    const byB = (await post('/shop/goods/collect', { goods_id: id }, { headers: b.headers })).body.data;
    expect(byB.collect_count).toBe(2);

    expect((await get(`/shop/goods/info?id=${id}`, { headers: a.headers })).body.data).toMatchObject({ is_collected: true, collect_count: 2 });
    expect((await get(`/shop/goods/info?id=${id}`)).body.data).toMatchObject({ is_collected: false, collect_count: 2 });

    const removed = (await post('/shop/goods/collect', { goods_id: id, collect: false }, { headers: a.headers })).body.data;
    const removedAgain = (await post('/shop/goods/collect', { goods_id: id, collect: false }, { headers: a.headers })).body.data;
    expect(removed).toEqual({ collected: false, collect_count: 1 });
    expect(removedAgain).toEqual(removed);
    expect((await get(`/shop/goods/info?id=${id}`, { headers: a.headers })).body.data.is_collected).toBe(false);
    expect((await get(`/shop/goods/info?id=${id}`, { headers: b.headers })).body.data.is_collected).toBe(true);
  });

  it('refuses an unknown goods', async () => {
    const a = await newMember(t);
    expect((await post('/shop/goods/collect', { goods_id: 424242 }, { headers: a.headers })).body.code).toBe(ResponseCode.goodsNotFound);
  });
});

describe('reviews', () => {
  it('counts, filters and pages the reviews of one goods with masked names', async () => {
    const c = await newCategories(t);
    const { id } = await newCatalogueGoods(t, { categoryId: c.parentId });
    await newReviews(t, id, [5, 5, 4, 3, 1]);
    const totals = (await get(`/shop/goods_comment/total?goods_id=${id}`)).body.data;
    expect(totals).toMatchObject({ total: 5, good: 3, medium: 1, bad: 1, good_rate: 60, average: 3.6 });
    const page1 = (await get(`/shop/goods_comment/list?goods_id=${id}&limit=3`)).body.data;
    expect(page1.list).toHaveLength(3);
    expect(page1.has_more).toBe(true);
    expect(page1.list[0].user_name).toMatch(/\*/);
    expect(page1.list[0].user_name).not.toBe('Reviewer4');
    const good = (await get(`/shop/goods_comment/list?goods_id=${id}&filter=good&limit=50`)).body.data;
    expect(good.total).toBe(3);
    expect(good.list.every((r: { rating: number }) => r.rating >= 4)).toBe(true);
    const one = (await get(`/shop/goods_comment/info?id=${page1.list[0].id}`)).body.data;
    expect(one).toEqual(page1.list[0]);
    expect((await get('/shop/goods_comment/info?id=999999')).body.code).toBe(ResponseCode.reviewNotFound);
  });
});
