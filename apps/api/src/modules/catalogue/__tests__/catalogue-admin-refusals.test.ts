import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { call } from './helpers.js';

// What the console may put in front of members: goods on sale at a price above 0, pictures the shop itself stores, names without markup, banners that lead to
// goods that exist. Each refusal says what is wrong, on its field, and nothing is saved.

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

const RUN = Date.now().toString(36);
const post = (url: string, body: unknown, lang?: string) => call(t, 'POST', url, { headers: op.headers, body, ...(lang ? { lang } : {}) });
const goods = (over: Record<string, unknown> = {}) => ({
  category_id: categoryId,
  name: { 'en-us': `Speaker ${RUN}` },
  images: ['/media/demo/goods-1-1.png'],
  currency: 'USD',
  status: 'on_sale',
  skus: [{ price: 6499, stock: 5 }],
  ...over,
});
const saveGoods = (over: Record<string, unknown>, lang?: string) => post('/admin/api/catalogue/goods/save', goods(over), lang);
const saved = async (name: string) => (await t.db.selectFrom('goods').select('id').where(sqlName(name)).execute()).length;
const sqlName = (name: string) => (eb: any) => eb(eb.ref('name'), '@>', JSON.stringify({ 'en-us': name }));
const refusal = (res: { status: number; body: { code: number; msg: string; data: any } }) => ({ status: res.status, msg: res.body.msg, fields: (res.body.data?.errors ?? []).map((e: { field: string }) => e.field) });

describe('goods the console saves', () => {
  it('are refused at a price of 0 (saying it); a list price below the sale price is saved (the app does not show it)', async () => {
    expect(refusal(await saveGoods({ name: { 'en-us': `Free ${RUN}` }, skus: [{ price: 0, stock: 5 }] }))).toEqual({ status: 422, msg: 'Price must be more than 0', fields: ['skus.0.price'] });
    expect(await saved(`Free ${RUN}`)).toBe(0);
    // An operator raising a price whose list price was set equal to it is not refused.
    expect((await saveGoods({ name: { 'en-us': `List ${RUN}` }, market_price: 1000, skus: [{ price: 6499, market_price: 5000, stock: 5 }] })).body.code).toBe(200);
  });

  it('take only pictures the shop stores: another site, a path outside its stores or with a query is refused', async () => {
    for (const picture of ['https://evil.example/x.svg', '/uploads/../../etc/passwd', '/admin/api/catalogue/goods?x', '//evil.example/x.png', '/uploads/2026/11/a.png?x=1']) {
      const res = await saveGoods({ name: { 'en-us': `Pic ${RUN}` }, images: [picture] });
      expect(refusal(res), picture).toEqual({ status: 422, msg: 'Image 1 must be a picture stored by this shop: upload it here (addresses of other sites are not accepted)', fields: ['images.0'] });
    }
    expect(refusal(await saveGoods({ name: { 'en-us': `Pic ${RUN}` }, skus: [{ price: 6499, stock: 5, image: 'https://evil.example/sku.png' }] })).fields).toEqual(['skus.0.image']);
    expect(await saved(`Pic ${RUN}`)).toBe(0);
    // An upload as the upload call answers it (on the shop's address) is kept by its path here only.
    const ok = await saveGoods({ name: { 'en-us': `Stored ${RUN}` }, images: ['https://shop.example/uploads/2026/11/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png', '/media/demo/goods-2-1.png'] });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.data.images).toEqual(['/uploads/2026/11/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png', '/media/demo/goods-2-1.png']);

    const icon = await post('/admin/api/catalogue/categories/save', { name: { 'en-us': `Icons ${RUN}` }, icon: 'https://evil.example/i.png' });
    expect(refusal(icon)).toEqual({ status: 422, msg: 'Icon must be a picture stored by this shop: upload it here (addresses of other sites are not accepted)', fields: ['icon'] });
  });

  it('and categories are refused with markup in their names', async () => {
    const markup = await saveGoods({ name: { 'en-us': 'Probe <b>Bold</b><img src=x onerror=alert(1)>' } });
    expect(refusal(markup)).toEqual({ status: 422, msg: 'Name cannot contain markup such as <b> or <img>: write plain text', fields: ['name.en-us'] });
    expect((await saveGoods({ name: { 'en-us': `Probe ${RUN}`, 'zh-cn': '探针 <!-- x -->' } }, 'zh-cn')).body.msg).toBe('名称不能包含 <b>、<img> 之类的标记：请填写纯文本');
    expect(refusal(await saveGoods({ name: { 'en-us': `Sub ${RUN}` }, subtitle: { 'en-us': 'x</p>' } })).fields).toEqual(['subtitle.en-us']);
    expect(await saved('Probe <b>Bold</b><img src=x onerror=alert(1)>')).toBe(0);
    const category = await post('/admin/api/catalogue/categories/save', { name: { 'en-us': 'Cat <script>x</script>' } });
    expect(refusal(category)).toEqual({ status: 422, msg: 'Name cannot contain markup such as <b> or <img>: write plain text', fields: ['name.en-us'] });
    // A "less than" that opens no tag stays a word.
    expect((await saveGoods({ name: { 'en-us': `Cable <2m ${RUN}` } })).body.code).toBe(200);
  });
});

describe('a banner the console saves', () => {
  it('is refused with a picture from elsewhere, and with a link to goods that do not exist', async () => {
    const banner = { title: { 'en-us': `Banner ${RUN}` }, image: '/media/demo/banner-1.png', is_visible: false };
    expect(refusal(await post('/admin/api/content/banners/save', { ...banner, image: 'https://evil.example/b.png' }))).toEqual({ status: 422, msg: 'Image must be a picture stored by this shop: upload it here (addresses of other sites are not accepted)', fields: ['image'] });
    const missing = await post('/admin/api/content/banners/save', { ...banner, link: '/pages/goods/goodsInfo?id=999999' });
    expect(refusal(missing)).toEqual({ status: 422, msg: 'Link leads to goods number 999999, which does not exist: link to goods the shop has', fields: ['link'] });
    expect((await t.db.selectFrom('banners').select('id').where('image', '=', 'https://evil.example/b.png').execute()).length).toBe(0);
    const real = await newGoods(t.db);
    const ok = await post('/admin/api/content/banners/save', { ...banner, link: `/pages/goods/goodsInfo?id=${real.goodsId}` });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.code).not.toBe(ResponseCode.validation);
  });
});
