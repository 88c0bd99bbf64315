import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { decide, idleOut, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-catalogue-admin-'));
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemo(t);
  // A category to file goods under.
  await newGoods(t.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// Letters only: a search by a goods number also matches names, and a digit of the run's tag made that another's name.
const RUN = Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
let keys = 0;
const key = (name: string) => `cat-${name}-${RUN}-${++keys}`;
let approver: Awaited<ReturnType<typeof signedInOperator>> | undefined;
/** A second owner approves what one asked for (four eyes); the request as decided, with what it did. */
async function approved(id: number) {
  approver ??= await signedInOperator(t, 'owner');
  const res = await decide(t, '/admin/api/approvals/decide', { id, decision: 'approve' }, approver.token, key('approve'));
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}
const get = (url: string, token: string, lang?: string) => call(t, 'GET', url, undefined, { token, lang });
const actionsOn = (targetType: string, targetId: number) =>
  t.db.selectFrom('operator_actions').select(['action', 'operator', 'reason']).where('target_type', '=', targetType as never).where('target_id', '=', targetId).orderBy('id').execute();

/** A goods body the editor sends: names in two languages, one spec with two values, two SKUs with PV (asked for, with its reason). */
async function goodsBody(overrides: Record<string, unknown> = {}) {
  const categoryId = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  return {
    category_id: categoryId,
    name: { 'en-us': `Lantern ${RUN}`, 'zh-cn': `灯笼 ${RUN}`, th: '' },
    subtitle: { 'en-us': 'Paper, hand made' },
    description: { 'en-us': '<p>Warm <b>light</b><script>alert(1)</script><img src="x" onerror="alert(2)"></p>' },
    images: ['/media/demo/goods-1-1.png'],
    currency: 'USD',
    market_price: 3000,
    status: 'on_sale',
    specs: [{ id: 1, name: { 'en-us': 'Size' }, values: [{ id: 11, name: { 'en-us': 'Small' } }, { id: 12, name: { 'en-us': 'Large' } }] }],
    skus: [
      { spec_value_ids: [11], price: 1999, pv: 20, weight_g: 300, stock: 8 },
      { spec_value_ids: [12], price: 2999, pv: 30, weight_g: 500, stock: 0 },
    ],
    reason: 'new range',
    ...overrides,
  };
}

describe('the console’s catalogue calls', () => {
  it('each refuses no token, a member token, an operator without the permission, and an idled-out session', async () => {
    const member = await registerMember(t);
    const reviewer = await signedInOperator(t, 'reviewer');
    const catalogue = await signedInOperator(t, 'catalogue');
    const owner = await signedInOperator(t, 'owner');
    const calls: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown; allowed: typeof catalogue; refused: typeof catalogue }> = [
      { method: 'GET', url: '/admin/api/catalogue/categories', allowed: catalogue, refused: reviewer },
      { method: 'POST', url: '/admin/api/catalogue/categories/save', body: { name: { 'en-us': 'Lamps' } }, allowed: catalogue, refused: reviewer },
      { method: 'POST', url: '/admin/api/catalogue/categories/reorder', body: { parent_id: 2147483000, ids: [2147483000] }, allowed: catalogue, refused: reviewer },
      { method: 'GET', url: '/admin/api/catalogue/goods', allowed: catalogue, refused: reviewer },
      { method: 'GET', url: '/admin/api/catalogue/goods/info?id=2147483000', allowed: catalogue, refused: reviewer },
      { method: 'GET', url: '/admin/api/catalogue/goods/export?q=none', allowed: catalogue, refused: reviewer },
      { method: 'POST', url: '/admin/api/catalogue/goods/save', body: await goodsBody({ status: 'off_sale', name: { 'en-us': 'Access check' } }), allowed: catalogue, refused: reviewer },
      { method: 'POST', url: '/admin/api/catalogue/goods/status', body: { ids: [2147483000], status: 'off_sale' }, allowed: catalogue, refused: reviewer },
      { method: 'POST', url: '/admin/api/catalogue/stock/adjust', body: { sku_id: 2147483000, delta: 1, reason: 'count' }, allowed: catalogue, refused: reviewer },
      { method: 'GET', url: '/admin/api/catalogue/stock/adjustments?goods_id=1', allowed: catalogue, refused: reviewer },
      { method: 'POST', url: '/admin/api/uploads/image', allowed: catalogue, refused: reviewer },
      { method: 'GET', url: '/admin/api/catalogue/group-buys', allowed: catalogue, refused: reviewer },
      { method: 'GET', url: '/admin/api/catalogue/coupons', allowed: owner, refused: catalogue },
    ];
    for (const c of calls) {
      expect((await call(t, c.method, c.url, c.body)).body.code, c.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, c.method, c.url, c.body, { token: member.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
      const refused = await call(t, c.method, c.url, c.body, { token: c.refused.token });
      expect([refused.status, refused.body.code], c.url).toEqual([403, ResponseCode.forbidden]);
      if (c.url.includes('/export?')) {
        // A file, not the envelope.
        expect((await t.app.inject({ method: 'GET', url: c.url, headers: { authorization: `Bearer ${c.allowed.token}` } })).statusCode).toBe(200);
        continue;
      }
      const allowed = await call(t, c.method, c.url, c.body, { token: c.allowed.token });
      // Let in: the call's own answer (unknown ids are not found; the upload without a file is missing).
      expect([200, ResponseCode.notFound, ResponseCode.goodsNotFound, ResponseCode.skuNotFound, ResponseCode.validation, ResponseCode.uploadMissing], `${c.url}: ${allowed.body.msg}`).toContain(allowed.body.code);
    }
    for (const op of [catalogue, owner]) await idleOut(t, op.id);
    for (const c of calls) expect((await call(t, c.method, c.url, c.body, { token: c.allowed.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
  });

  it('categories: created under a parent, ordered, never filed under their own child; the member app’s tree follows at once', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const save = async (body: unknown) => (await decide(t, '/admin/api/catalogue/categories/save', body, op.token, key('cat'))).body;
    const root = await save({ name: { 'en-us': `Lighting ${RUN}`, 'zh-cn': '照明' } });
    expect(root).toMatchObject({ code: 200, data: { parent_id: null, name: { 'en-us': `Lighting ${RUN}`, 'zh-cn': '照明' }, is_visible: true, goods_count: 0 } });
    const a = (await save({ parent_id: root.data.id, name: { 'en-us': 'Lamps' } })).data;
    const b = (await save({ parent_id: root.data.id, name: { 'en-us': 'Lanterns' } })).data;
    const c = (await save({ parent_id: root.data.id, name: { 'en-us': 'Candles' } })).data;
    const treeChildren = async () => {
      const tree = (await call(t, 'GET', '/shop/cate/cateAll')).body.data.list as Array<{ id: number; children?: Array<{ name: string }> }>;
      return tree.find((n) => n.id === root.data.id)!.children!.map((n) => n.name);
    };
    // New ones go last.
    expect(await treeChildren()).toEqual(['Lamps', 'Lanterns', 'Candles']);
    const order = await decide(t, '/admin/api/catalogue/categories/reorder', { parent_id: root.data.id, ids: [c.id, a.id, b.id] }, op.token, key('order'));
    expect(order.body).toMatchObject({ code: 200, data: { ok: true } });
    expect(await treeChildren()).toEqual(['Candles', 'Lamps', 'Lanterns']);
    const listed = (await get('/admin/api/catalogue/categories', op.token)).body.data.list.filter((x: { parent_id: number }) => x.parent_id === root.data.id);
    expect(listed.map((x: { id: number }) => x.id)).toEqual([c.id, a.id, b.id]);
    // A partial order (a sibling left out) changes nothing.
    expect((await decide(t, '/admin/api/catalogue/categories/reorder', { parent_id: root.data.id, ids: [b.id, a.id] }, op.token, key('order'))).body.code).toBe(ResponseCode.validation);
    // A change names the version it was opened at (the list's `updated_at`).
    const versionOf = async (id: number) => (await get('/admin/api/catalogue/categories', op.token)).body.data.list.find((x: { id: number }) => x.id === id).updated_at as string;
    // Under its own child: refused.
    expect((await save({ id: root.data.id, base_updated_at: await versionOf(root.data.id), parent_id: a.id, name: { 'en-us': 'Loop' } })).code).toBe(ResponseCode.validation);
    // Hidden from members; renamed.
    expect((await save({ id: b.id, base_updated_at: await versionOf(b.id), parent_id: root.data.id, name: { 'en-us': 'Paper lanterns' }, is_visible: false })).data).toMatchObject({ is_visible: false, name: { 'en-us': 'Paper lanterns' } });
    expect(await treeChildren()).toEqual(['Candles', 'Lamps']);
    // An English name is required.
    expect((await save({ name: { 'zh-cn': '只有中文' } })).code).toBe(ResponseCode.validation);
    expect((await actionsOn('category', b.id)).map((x) => [x.action, x.operator])).toEqual([
      ['category.create', op.recordedAs],
      ['category.update', op.recordedAs],
    ]);
    expect((await actionsOn('category', root.data.id)).map((x) => x.action)).toEqual(['category.create', 'category.reorder']);
    // The order given as facts; the reason column holds only what an operator typed (here nothing).
    const reordered = await t.db.selectFrom('operator_actions').select(['reason', 'facts']).where('action', '=', 'category.reorder').where('target_id', '=', root.data.id).executeTakeFirstOrThrow();
    expect(reordered).toEqual({ reason: null, facts: { key: 'category_order', ids: [c.id, a.id, b.id] } });
  });

  it('goods: created in several languages with safe rich text, SKUs with price, PV and first stock; a double submit is one goods', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const body = await goodsBody();
    const k = key('create');
    const [first, second] = await Promise.all([
      decide(t, '/admin/api/catalogue/goods/save', body, op.token, k),
      decide(t, '/admin/api/catalogue/goods/save', body, op.token, k),
    ]);
    for (const r of [first, second]) expect([200, ResponseCode.requestInProgress]).toContain(r.body.code);
    const again = await decide(t, '/admin/api/catalogue/goods/save', body, op.token, k);
    expect(again.body.code).toBe(200);
    const created = again.body.data;
    expect(await t.db.selectFrom('goods').select('id').where(sql<string>`name->>'en-us'`, '=', `Lantern ${RUN}`).execute()).toHaveLength(1);
    expect(created).toMatchObject({ name: { 'en-us': `Lantern ${RUN}`, 'zh-cn': `灯笼 ${RUN}` }, status: 'on_sale', currency: 'USD' });
    // An empty language is left out (the member app then shows English).
    expect(created.name.th).toBeUndefined();
    expect(created.description['en-us']).toContain('<b>light</b>');
    expect(created.description['en-us']).not.toMatch(/script|onerror/);
    // PV is paid out as pair bonus: a new SKU's PV waits for a second operator, everything else is saved.
    expect(created.skus.map((s: { price: number; pv: number; stock: number; weight_g: number }) => [s.price, s.pv, s.stock, s.weight_g])).toEqual([
      [1999, 0, 8, 300],
      [2999, 0, 0, 500],
    ]);
    expect(created.pv_requests.map((r: { id: number; what: { from: number; to: number } }) => [r.id, r.what.from, r.what.to])).toEqual([
      [created.pv_asked[0], 0, 20],
      [created.pv_asked[1], 0, 30],
    ]);
    for (const id of created.pv_asked) await approved(id);
    expect((await get(`/admin/api/catalogue/goods/info?id=${created.id}`, op.token)).body.data.skus.map((s: { pv: number }) => s.pv)).toEqual([20, 30]);
    expect((await actionsOn('goods', created.id)).map((x) => x.action)).toEqual(['goods.create']);
    const adjustments = (await get(`/admin/api/catalogue/stock/adjustments?goods_id=${created.id}`, op.token)).body.data;
    expect(adjustments.list.map((a: { delta: number; stock_after: number; reason: string }) => [a.delta, a.stock_after, a.reason])).toEqual([[8, 8, 'initial stock']]);

    // The member app, in Chinese and English.
    const zh = (await call(t, 'GET', `/shop/goods/info?id=${created.id}`, undefined, { lang: 'zh-cn' })).body.data;
    expect(zh).toMatchObject({ name: `灯笼 ${RUN}`, price: 1999, stock: 8 });
    const th = (await call(t, 'GET', `/shop/goods/info?id=${created.id}`, undefined, { lang: 'th' })).body.data;
    expect(th.name).toBe(`Lantern ${RUN}`);

    // SKUs must name one value of each spec, each combination once.
    const twice = await decide(t, '/admin/api/catalogue/goods/save', await goodsBody({ skus: [{ spec_value_ids: [11], price: 1 }, { spec_value_ids: [11], price: 2 }] }), op.token, key('bad'));
    expect(twice.body.code).toBe(ResponseCode.validation);
    const unknownValue = await decide(t, '/admin/api/catalogue/goods/save', await goodsBody({ skus: [{ spec_value_ids: [99], price: 1 }] }), op.token, key('bad'));
    expect(unknownValue.body.code).toBe(ResponseCode.validation);
    const noPicture = await decide(t, '/admin/api/catalogue/goods/save', await goodsBody({ images: [] }), op.token, key('bad'));
    expect(noPicture.body.code).toBe(ResponseCode.validation);
  });

  it('SKUs that do not match the options are refused saying so, and to make the SKUs again, in the operator’s language', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const save = async (skus: unknown[], lang: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/admin/api/catalogue/goods/save', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json', 'idempotency-key': key('skus'), 'think-lang': lang }, payload: JSON.stringify(await goodsBody({ skus })) });
      return res.json() as { code: number; msg: string; data: { errors: Array<{ field: string; msg: string }> } };
    };
    // A value the options do not have, a combination twice, a value missing: each the same answer.
    for (const skus of [[{ spec_value_ids: [99], price: 1 }], [{ spec_value_ids: [11], price: 1 }, { spec_value_ids: [11], price: 2 }], [{ spec_value_ids: [], price: 1 }]]) {
      expect(await save(skus, 'en-us'), JSON.stringify(skus)).toMatchObject({
        code: ResponseCode.validation,
        msg: 'The SKUs do not match the options: make the SKUs again from the options, then save',
        data: { errors: [{ field: 'skus' }] },
      });
    }
    expect((await save([{ spec_value_ids: [99], price: 1 }], 'zh-cn')).msg).toBe('SKU 与规格项不一致：请重新按规格生成 SKU 后再保存');
    expect((await save([{ spec_value_ids: [99], price: 1 }], 'zh-tw')).msg).toBe('SKU 與規格項不一致：請重新依規格產生 SKU 後再儲存');
    // Every language says it in its own words (none falls back to English).
    const english = (await save([{ spec_value_ids: [99], price: 1 }], 'en-us')).msg;
    for (const lang of ['jp', 'th', 'km', 'may', 'id', 'hu']) expect((await save([{ spec_value_ids: [99], price: 1 }], lang)).msg, lang).not.toBe(english);
  });

  it('an edited price shows in the member app at once, and the change is in the audit log', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const g = await newGoods(t.db, [{ price: 1500, stock: 4 }], { name: `Kettle ${RUN}` });
    // The member app has the goods and the list cached.
    expect((await call(t, 'GET', `/shop/goods/info?id=${g.goodsId}`)).body.data.price).toBe(1500);
    const listed = async () => ((await call(t, 'GET', '/shop/goods/list?sort=new&limit=100')).body.data.list as Array<{ id: number; price: number }>).find((x) => x.id === g.goodsId)?.price;
    expect(await listed()).toBe(1500);

    const editing = (await get(`/admin/api/catalogue/goods/info?id=${g.goodsId}`, op.token)).body.data;
    const sku = editing.skus[0];
    expect(editing.warranty_months).toBe(0);
    // The warranty, in which members may ask for a repair (read by after-sales from the goods).
    const body = { ...editing, base_updated_at: editing.updated_at, warranty_months: 24, market_price: 2000, skus: [{ id: sku.id, spec_value_ids: sku.spec_value_ids, price: 1750, market_price: 2000, pv: 15, weight_g: 250, image: '' }], reason: 'supplier price' };
    delete body.updated_at;
    delete body.id;
    const tooLong = await decide(t, '/admin/api/catalogue/goods/save', { ...body, id: g.goodsId, warranty_months: 121 }, op.token, key('warranty'));
    expect(tooLong.body).toMatchObject({ code: ResponseCode.validation, msg: 'Warranty (months) must be at most 120' });
    const saved = await decide(t, '/admin/api/catalogue/goods/save', { ...body, id: g.goodsId }, op.token, key('price'));
    // The price is changed at once; the PV raise (0 → 15) waits for a second operator.
    expect(saved.body).toMatchObject({ code: 200, data: { warranty_months: 24, skus: [{ id: sku.id, price: 1750, pv: 0, stock: 4 }], pv_requests: [{ kind: 'sku.pv', status: 'pending', reason: 'supplier price' }] } });
    expect((await get(`/admin/api/catalogue/goods/info?id=${g.goodsId}`, op.token)).body.data.warranty_months).toBe(24);

    expect((await call(t, 'GET', `/shop/goods/info?id=${g.goodsId}`)).body.data).toMatchObject({ price: 1750, stock: 4 });
    expect(await listed()).toBe(1750);
    // The reason holds only what the operator typed; the change is a fact the console words (it read "1500 → 1750 USD: supplier price").
    expect(await actionsOn('sku', sku.id)).toEqual([{ action: 'sku.price', operator: op.recordedAs, reason: 'supplier price' }]);
    expect((await t.db.selectFrom('operator_actions').select('facts').where('target_type', '=', 'sku').where('target_id', '=', sku.id).execute()).map((r) => r.facts)).toEqual([
      { key: 'sku_price', from: 1500, to: 1750, currency: 'USD' },
    ]);
    expect((await actionsOn('goods', g.goodsId)).map((x) => [x.action, x.reason])).toEqual([['goods.update', 'supplier price']]);

    // Off sale: members no longer see it in the list; back on sale, they do.
    const off = await decide(t, '/admin/api/catalogue/goods/status', { ids: [g.goodsId], status: 'off_sale' }, op.token, key('off'));
    expect(off.body.data).toEqual({ changed: 1 });
    expect(await listed()).toBeUndefined();
    expect((await call(t, 'GET', `/shop/goods/info?id=${g.goodsId}`)).body.data.status).toBe('off_sale');
    expect((await decide(t, '/admin/api/catalogue/goods/status', { ids: [g.goodsId], status: 'on_sale' }, op.token, key('on'))).body.data).toEqual({ changed: 1 });
    expect(await listed()).toBe(1750);
    expect((await actionsOn('goods', g.goodsId)).map((x) => x.action)).toEqual(['goods.update', 'goods.off_sale', 'goods.on_sale']);
  });

  it('the goods list: search in any language or by number, filter by category and state, sort and page', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const tag = `Quill${RUN}`;
    const made = [];
    for (const [i, price] of [2500, 900, 4100].entries()) {
      const body = await goodsBody({ name: { 'en-us': `${tag} ${i}`, 'zh-cn': `羽毛笔${tag}${i}` }, status: i === 2 ? 'off_sale' : 'on_sale', specs: [], market_price: 0, skus: [{ price, stock: i }] });
      const saved = await decide(t, '/admin/api/catalogue/goods/save', body, op.token, key('q'));
      expect(saved.body.code, saved.body.msg).toBe(200);
      made.push(saved.body.data.id as number);
    }
    const list = async (qs: string) => (await get(`/admin/api/catalogue/goods?${qs}`, op.token)).body.data;
    const ids = (page: { list: Array<{ id: number }> }) => page.list.map((x) => x.id);
    expect(ids(await list(`q=${tag}&sort=price_asc`))).toEqual([made[1], made[0], made[2]]);
    expect(ids(await list(`q=${tag}&sort=price_desc`))).toEqual([made[2], made[0], made[1]]);
    expect(ids(await list(`q=${encodeURIComponent(`羽毛笔${tag}1`)}`))).toEqual([made[1]]);
    expect(ids(await list(`q=${made[0]}`))).toContain(made[0]);
    expect(ids(await list(`q=${tag}&status=off_sale`))).toEqual([made[2]]);
    const paged = await list(`q=${tag}&sort=stock_asc&limit=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2, has_more: false });
    expect(ids(paged)).toEqual([made[2]]);
    expect((await list(`q=${tag}&sort=price_asc`)).list[0]).toMatchObject({ name: `${tag} 1`, price: 900, currency: 'USD', stock: 1, sku_count: 1, status: 'on_sale' });
    const categoryId = (await list(`q=${tag}`)).list[0].category_id as number;
    expect((await list(`q=${tag}&category_id=${categoryId}`)).total).toBe(3);

    // The same list as a CSV file, in the operator's language, the export recorded.
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/catalogue/goods/export?q=${tag}&sort=price_asc`, headers: { authorization: `Bearer ${op.token}`, 'think-lang': 'zh-cn' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('编号,名称,分类,价格,币种,库存,已售,状态,更新时间');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual([
      `${made[1]},羽毛笔${tag}1,Things,9.00,USD`,
      `${made[0]},羽毛笔${tag}0,Things,25.00,USD`,
      `${made[2]},羽毛笔${tag}2,Things,41.00,USD`,
    ]);
    expect(await t.db.selectFrom('operator_actions').select('action').where('operator', '=', op.recordedAs).where('action', 'like', 'export.%').execute()).toEqual([{ action: 'export.goods' }]);
  });

  it('stock adjustments: recorded with the reason, never below zero under a race, one change per key', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const g = await newGoods(t.db, [{ price: 1000, stock: 5 }]);
    const skuId = g.skuIds[0]!;
    const noReason = await decide(t, '/admin/api/catalogue/stock/adjust', { sku_id: skuId, delta: 3, reason: ' ' }, op.token, key('adj'));
    expect(noReason.body.code).toBe(ResponseCode.validation);
    const k = key('adj');
    const added = await decide(t, '/admin/api/catalogue/stock/adjust', { sku_id: skuId, delta: 3, reason: 'found in the back room' }, op.token, k);
    expect(added.body.data).toMatchObject({ sku_id: skuId, delta: 3, stock_after: 8, reason: 'found in the back room', operator: op.recordedAs });
    const replayed = await decide(t, '/admin/api/catalogue/stock/adjust', { sku_id: skuId, delta: 3, reason: 'found in the back room' }, op.token, k);
    expect(replayed.body.data.id).toBe(added.body.data.id);
    expect((await call(t, 'GET', `/shop/goods/info?id=${g.goodsId}`)).body.data.stock).toBe(8);

    // Ten operators take one unit each from eight: eight succeed, two are told what is left.
    const results = await Promise.all(Array.from({ length: 10 }, () => decide(t, '/admin/api/catalogue/stock/adjust', { sku_id: skuId, delta: -1, reason: 'damaged' }, op.token, key('race'))));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(8);
    expect(codes.filter((c) => c === ResponseCode.stockShortage)).toHaveLength(2);
    expect((await t.db.selectFrom('goods_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock).toBe(0);
    const history = (await get(`/admin/api/catalogue/stock/adjustments?goods_id=${g.goodsId}&limit=100`, op.token)).body.data;
    expect(history.total).toBe(9);
    expect(history.list.map((a: { stock_after: number }) => a.stock_after)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await actionsOn('sku', skuId)).filter((a) => a.action === 'sku.stock')).toHaveLength(9);
    expect((await call(t, 'GET', `/shop/goods/info?id=${g.goodsId}`)).body.data.stock).toBe(0);
  });

  it('pictures are uploaded by operators through the upload checks; a file that is not an image is refused', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const BOUNDARY = '----consoleUpload9x';
    const send = (file: Buffer, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/api/uploads/image',
        headers: { authorization: `Bearer ${op.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        payload: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } }).png().toBuffer();
    const res = (await send(png, 'lantern.png')).json();
    expect(res).toMatchObject({ code: 200, data: { kind: 'image', mime: 'image/png' } });
    const served = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(served.statusCode).toBe(200);
    const row = await t.db.selectFrom('uploads').select(['user_id', 'operator_id']).where('id', '=', res.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ user_id: null, operator_id: op.id });
    expect((await send(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png')).json().code).toBe(ResponseCode.uploadType);
  });

  it('group buys and coupons: created once per key, in the audit log and in their lists', async () => {
    const owner = await signedInOperator(t, 'owner');
    const g = await newGoods(t.db, [{ price: 2000, stock: 20 }], { name: `Wok ${RUN}` });
    const now = Date.now();
    const activity = { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 3, fill_hours: 24, starts_at: new Date(now - 60_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), price: 1500, quantity: 6 };
    const k = key('gb');
    const [a, b] = [await decide(t, '/admin/api/orders/group-buys', activity, owner.token, k), await decide(t, '/admin/api/orders/group-buys', activity, owner.token, k)];
    expect(a.body.code).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect((await t.db.selectFrom('goods_skus').select('stock').where('id', '=', g.skuIds[0]!).executeTakeFirstOrThrow()).stock).toBe(14);
    expect(await actionsOn('group_buy', a.body.data.id)).toEqual([{ action: 'group_buy.create', operator: owner.recordedAs, reason: null }]);
    const groupBuys = (await get('/admin/api/catalogue/group-buys', owner.token)).body.data;
    expect(groupBuys.list[0]).toMatchObject({ id: a.body.data.id, price: 1500, currency: 'USD', quantity: 6, remaining: 6, group_size: 3, created_by: owner.recordedAs });

    const coupon = { code: `SPRING${RUN}`.toUpperCase().slice(0, 40), kind: 'amount', amount: 500, currency: 'USD', min_spend: 2000, starts_at: new Date(now).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), reason: 'spring sale' };
    const ck = key('coupon');
    const c1 = await decide(t, '/admin/api/orders/coupons', coupon, owner.token, ck);
    const c2 = await decide(t, '/admin/api/orders/coupons', coupon, owner.token, ck);
    expect(c1.body.code).toBe(200);
    expect(c2.body.data.request.id).toBe(c1.body.data.request.id);
    // A discount is value given: the coupon exists once a second operator approves it.
    expect(c1.body.data).toMatchObject({ request: { kind: 'coupon.create', status: 'pending' }, result: null });
    const { id: couponId } = (await approved(c1.body.data.request.id)).result;
    expect(await actionsOn('coupon', couponId)).toHaveLength(1);
    const coupons = (await get('/admin/api/catalogue/coupons', owner.token)).body.data;
    expect(coupons.list[0]).toMatchObject({ id: couponId, code: coupon.code, kind: 'amount', amount: 500, min_spend: 2000, used: 0, total_limit: null });
  });
  it('a coupon goes through alone only when all it can give away is under the owner\'s threshold: its discount times its uses, never an unbounded one', async () => {
    const owner = await signedInOperator(t, 'owner');
    const set = await decide(t, '/admin/api/approvals/limits/set', { kind: 'coupon.create', currency: 'USD', auto_up_to: 10_000, daily_limit: null, reason: 'small coupons at once' }, owner.token, key('limit'));
    expect(set.body.code, set.body.msg).toBe(200);
    try {
      const now = Date.now();
      const coupon = (tag: string, amount: number, total_limit: number | null) => ({ code: `${tag}${RUN}`.toUpperCase().slice(0, 40), kind: 'amount', amount, currency: 'USD', min_spend: 0, starts_at: new Date(now).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), per_member_limit: 1000, total_limit, reason: 'promotion' });
      const status = async (body: object) => (await decide(t, '/admin/api/orders/coupons', body, owner.token, key('c'))).body.data.request;
      // 10.00 off five times: 50.00 in all, under the threshold: done at once.
      expect(await status(coupon('FIVE', 1_000, 5))).toMatchObject({ status: 'approved', amount: 5_000 });
      // 10.00 off twenty times (200.00), or 100.00 off with no total limit: a second operator approves.
      expect(await status(coupon('TWENTY', 1_000, 20))).toMatchObject({ status: 'pending', amount: 20_000 });
      expect(await status(coupon('OPEN', 10_000, null))).toMatchObject({ status: 'pending', amount: null });
      // Its code refused in the operator's language is named as the coupon's code, not as a verification code.
      const headers = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', 'idempotency-key': key('short'), 'think-lang': 'zh-cn' };
      const short = (await t.app.inject({ method: 'POST', url: '/admin/api/orders/coupons', remoteAddress: '10.0.0.1', headers, payload: JSON.stringify({ ...coupon('X', 1_000, 5), code: 'AB' }) })).json();
      expect(short).toMatchObject({ code: ResponseCode.validation, msg: '代码至少需要4个字符' });
    } finally {
      await t.db.deleteFrom('approval_limits').where('kind', '=', 'coupon.create').where('currency', '=', 'USD').execute();
    }
  });

  it('group buys and coupons are changed with a reason (recorded with what changed), found by search and state, sorted and exported', async () => {
    const owner = await signedInOperator(t, 'owner');
    const g = await newGoods(t.db, [{ price: 3000, stock: 20 }], { name: `Steamer ${RUN}` });
    const now = Date.now();
    const activity = { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 3, fill_hours: 24, starts_at: new Date(now - 60_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), price: 2500, quantity: 4 };
    const gb = (await decide(t, '/admin/api/orders/group-buys', activity, owner.token, key('gb2'))).body.data.id as number;
    const opened = (await get(`/admin/api/catalogue/group-buys?q=${gb}`, owner.token)).body.data.list.find((r: { id: number }) => r.id === gb);
    const change = { id: gb, base_updated_at: opened.updated_at as string, price: 2200, group_size: 2, fill_hours: 12, starts_at: activity.starts_at, ends_at: new Date(now + 2 * 86_400_000).toISOString(), per_order_limit: 2, per_member_limit: 3, virtual_fill_percent: 0 };

    // Without a reason, refused and nothing changes; a running group buy keeps its start; its end is never in the past.
    expect((await decide(t, '/admin/api/catalogue/group-buys/update', change, owner.token, key('gbu'))).body.code).toBe(ResponseCode.validation);
    expect((await decide(t, '/admin/api/catalogue/group-buys/update', { ...change, starts_at: new Date(now + 3_600_000).toISOString(), reason: 'later' }, owner.token, key('gbu'))).body.code).toBe(ResponseCode.validation);
    expect((await decide(t, '/admin/api/catalogue/group-buys/update', { ...change, ends_at: new Date(now - 1000).toISOString(), reason: 'stop' }, owner.token, key('gbu'))).body.code).toBe(ResponseCode.validation);
    expect((await t.db.selectFrom('group_buy_activities').select('price_minor').where('id', '=', gb).executeTakeFirstOrThrow()).price_minor).toBe(2500);

    const changed = await decide(t, '/admin/api/catalogue/group-buys/update', { ...change, reason: 'supplier discount' }, owner.token, key('gbu'));
    expect(changed.body.data).toMatchObject({ id: gb, price: 2200, group_size: 2, fill_hours: 12, per_order_limit: 2, per_member_limit: 3, state: 'running', quantity: 4 });
    expect(await actionsOn('group_buy', gb)).toEqual([
      { action: 'group_buy.create', operator: owner.recordedAs, reason: null },
      { action: 'group_buy.update', operator: owner.recordedAs, reason: 'supplier discount' },
    ]);
    // What changed, old → new, as facts the console words by the group-buy editor's labels (it read `group_buy.update price: 2500 → 2200, …`).
    const gbChange = await t.db.selectFrom('operator_actions').select('facts').where('target_type', '=', 'group_buy').where('target_id', '=', gb).where('action', '=', 'group_buy.update').executeTakeFirstOrThrow();
    expect(gbChange.facts).toMatchObject({ key: 'promotion_change', kind: 'group_buy.update', code: null, request_id: null });
    expect((gbChange.facts as { changes: Array<{ field: string; from: unknown; to: unknown }> }).changes.map((c) => [c.field, c.from, c.to])).toEqual([
      ['price', 2500, 2200],
      ['group_size', 3, 2],
      ['fill_hours', 24, 12],
      ['ends_at', expect.any(String), change.ends_at],
      ['per_order_limit', 1, 2],
      ['per_member_limit', 1, 3],
    ]);
    // Its units go back to the SKU at its new end: the closing job moved with it.
    const job = (await sql<{ run_at: Date }>`select run_at from graphile_worker.jobs where key = ${`group-buy-close:${gb}`}`.execute(t.db)).rows[0]!;
    expect(new Date(job.run_at).toISOString()).toBe(change.ends_at);
    // Members see the new price at once.
    const shopper = await registerMember(t);
    expect((await call(t, 'GET', `/shop/pintuan/goodsInfo?id=${gb}`, undefined, { token: shopper.token })).body.data).toMatchObject({ price: 2200, group_size: 2 });

    // Found by the goods' name or number, by state; sorted; exported.
    const byName = (await get(`/admin/api/catalogue/group-buys?q=${encodeURIComponent(`steamer ${RUN}`)}`, owner.token)).body.data;
    expect(byName.list.map((r: { id: number }) => r.id)).toEqual([gb]);
    expect((await get(`/admin/api/catalogue/group-buys?q=${g.goodsId}&state=ended`, owner.token)).body.data.list).toEqual([]);
    expect((await get(`/admin/api/catalogue/group-buys?q=${g.goodsId}&state=running`, owner.token)).body.data.list.map((r: { id: number }) => r.id)).toEqual([gb]);
    const byPrice = (await get('/admin/api/catalogue/group-buys?sort=price&order=asc&limit=100', owner.token)).body.data.list.map((r: { price: number }) => r.price);
    expect(byPrice).toEqual([...byPrice].sort((a, b) => a - b));
    const file = await t.app.inject({ method: 'GET', url: `/admin/api/catalogue/group-buys/export?q=${g.goodsId}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    expect(file.body.split('\r\n').filter(Boolean)).toHaveLength(2);

    // A coupon: its discount, dates and limits change with a reason; the total limit never goes below the uses.
    const coupon = { code: `AUTUMN${RUN}`.toUpperCase().slice(0, 40), kind: 'percent', percent_bp: 1000, currency: 'USD', min_spend: 0, starts_at: new Date(now + 86_400_000).toISOString(), ends_at: new Date(now + 2 * 86_400_000).toISOString(), reason: 'autumn sale' };
    const cid = (await approved((await decide(t, '/admin/api/orders/coupons', coupon, owner.token, key('c2'))).body.data.request.id)).result.id as number;
    await t.db.updateTable('coupons').set({ used: 3 }).where('id', '=', cid).execute();
    const edit = { id: cid, percent_bp: 1500, min_spend: 5000, starts_at: coupon.starts_at, ends_at: coupon.ends_at, per_member_limit: 2, total_limit: 2, reason: 'bigger autumn sale' };
    expect((await decide(t, '/admin/api/catalogue/coupons/update', edit, owner.token, key('cu'))).body.code).toBe(ResponseCode.validation);
    expect((await decide(t, '/admin/api/catalogue/coupons/update', { ...edit, total_limit: 100, percent_bp: undefined }, owner.token, key('cu'))).body.code).toBe(ResponseCode.validation);
    const asked = await decide(t, '/admin/api/catalogue/coupons/update', { ...edit, total_limit: 100 }, owner.token, key('cu'));
    expect(asked.body.data.request.summary).toBe(`coupon ${coupon.code}: percent_bp: 1000 → 1500, min_spend: 0 → 5000, per_member_limit: 1 → 2, total_limit: null → 100`);
    const saved = await approved(asked.body.data.request.id);
    expect(saved.result).toMatchObject({ id: cid, kind: 'percent', percent_bp: 1500, min_spend: 5000, per_member_limit: 2, total_limit: 100, used: 3, state: 'scheduled' });
    expect((await actionsOn('coupon', cid)).at(-1)).toEqual({ action: 'coupon.update', operator: approver!.recordedAs, reason: 'bigger autumn sale' });
    // What changed, old → new, as facts the console words by the coupon editor's labels, with the request it was approved in.
    const couponChange = await t.db.selectFrom('operator_actions').select('facts').where('target_type', '=', 'coupon').where('target_id', '=', cid).where('action', '=', 'coupon.update').executeTakeFirstOrThrow();
    expect(couponChange.facts).toEqual({
      key: 'promotion_change',
      kind: 'coupon.update',
      code: coupon.code,
      currency: 'USD',
      changes: [
        { field: 'percent_bp', star: null, from: 1000, to: 1500 },
        { field: 'min_spend', star: null, from: 0, to: 5000 },
        { field: 'per_member_limit', star: null, from: 1, to: 2 },
        { field: 'total_limit', star: null, from: null, to: 100 },
      ],
      request_id: asked.body.data.request.id,
    });
    const found = (await get(`/admin/api/catalogue/coupons?q=${`autumn${RUN}`.slice(0, 20)}&state=scheduled`, owner.token)).body.data;
    expect(found.list.map((c: { id: number }) => c.id)).toEqual([cid]);
    const byCode = (await get('/admin/api/catalogue/coupons?sort=code&order=desc&limit=100', owner.token)).body.data.list.map((c: { code: string }) => c.code);
    expect(byCode).toEqual([...byCode].sort().reverse());
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/catalogue/coupons/export?q=${coupon.code}`, headers: { authorization: `Bearer ${owner.token}`, 'accept-language': 'en-us' } });
    expect(csv.body).toContain(coupon.code);
  });

  it('goods and coupons only in one of the shop’s currencies: another code is refused on its field, in the operator’s language', async () => {
    const op = await signedInOperator(t, 'owner');
    const send = async (url: string, body: unknown, lang: string) => {
      const res = await t.app.inject({ method: 'POST', url, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json', 'idempotency-key': key('cur'), 'accept-language': lang, 'think-lang': lang }, payload: JSON.stringify(body) });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
    };
    const name = { 'en-us': `Currency check ${RUN}` };
    for (const currency of ['ABC', 'XXX']) {
      const goods = await send('/admin/api/catalogue/goods/save', await goodsBody({ name, currency }), 'en-us');
      expect(goods.status).toBe(422);
      expect(goods.body.msg).toBe(`${currency} is not one of the shop’s currencies: choose one from the list`);
      expect(goods.body.data.errors).toEqual([{ field: 'currency', msg: goods.body.msg }]);
    }
    expect((await send('/admin/api/catalogue/goods/save', await goodsBody({ name, currency: 'ABC' }), 'hu')).body.msg).toBe('A(z) ABC nem a bolt pénzneme: válasszon a listából');
    expect(await t.db.selectFrom('goods').select('id').where(sql`name->>'en-us'`, '=', name['en-us']).execute()).toEqual([]);

    const now = Date.now();
    const coupon = { code: `CUR${RUN}`.toUpperCase().slice(0, 40), kind: 'amount', amount: 500, currency: 'ABC', min_spend: 0, starts_at: new Date(now).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), reason: 'check' };
    const refused = await send('/admin/api/orders/coupons', coupon, 'zh-cn');
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe('ABC 不是本店的币种：请从列表中选择');
    expect(refused.body.data.errors[0].field).toBe('currency');
    expect(await t.db.selectFrom('approval_requests').select('id').where('subject', '=', `coupon:${coupon.code}`).execute()).toEqual([]);
    // A currency of the shop's table is taken.
    expect((await send('/admin/api/orders/coupons', { ...coupon, currency: 'JPY' }, 'en-us')).body.code).toBe(200);
  });

  it('a coupon request reads its amount in its currency’s own decimals: ¥100 off, not 100.00', async () => {
    const op = await signedInOperator(t, 'owner');
    const now = Date.now();
    const ask = (code: string, currency: string, amount: number) =>
      decide(t, '/admin/api/orders/coupons', { code, kind: 'amount', amount, currency, min_spend: 0, starts_at: new Date(now).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), reason: 'summary' }, op.token, key('sum'));
    const yen = `YEN${RUN}`.toUpperCase().slice(0, 40);
    expect((await ask(yen, 'JPY', 100)).body.data.request.summary).toBe(`coupon ${yen}: 100 JPY off`);
    const usd = `USD${RUN}`.toUpperCase().slice(0, 40);
    expect((await ask(usd, 'USD', 500)).body.data.request.summary).toBe(`coupon ${usd}: 5.00 USD off`);
  });
});
