import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { call, newMember } from './helpers.js';
import sharp from 'sharp';
import { saveGoodsBody } from '@shop/contract/catalogue';
import { saveGoods as saveGoodsService } from '../catalogue-admin.service.js';
import { operatorCliActor } from '../../../lib/actor.js';

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
/** A picture uploaded in the console, as the upload call answers it. */
async function shopUpload(): Promise<{ url: string }> {
  const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#36a' } }).png().toBuffer();
  const BOUNDARY = '----goodsPicture7q';
  const res = (
    await t.app.inject({
      method: 'POST',
      url: '/admin/api/uploads/image',
      headers: { ...op.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="goods.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    })
  ).json();
  expect(res.code, res.msg).toBe(200);
  return res.data;
}
const refusal = (res: { status: number; body: { code: number; msg: string; data: any } }) => ({ status: res.status, msg: res.body.msg, fields: (res.body.data?.errors ?? []).map((e: { field: string }) => e.field) });

describe('goods the console saves', () => {
  it('are refused at a price of 0 (saying it)', async () => {
    expect(refusal(await saveGoods({ name: { 'en-us': `Free ${RUN}` }, skus: [{ price: 0, stock: 5 }] }))).toEqual({ status: 422, msg: 'Price must be more than 0', fields: ['skus.0.price'] });
    expect(await saved(`Free ${RUN}`)).toBe(0);
  });

  it("are refused with an SKU's list price below its sale price, naming the SKU, and nothing is written", async () => {
    const twoSkus = (second: Record<string, unknown>) => ({
      name: { 'en-us': `List ${RUN}` },
      specs: [{ id: 1, name: { 'en-us': 'Size' }, values: [{ id: 1, name: { 'en-us': 'S' } }, { id: 2, name: { 'en-us': 'L' } }] }],
      skus: [{ spec_value_ids: [1], price: 6499, market_price: 7999, stock: 5 }, { spec_value_ids: [2], price: 10000, stock: 5, ...second }],
    });
    expect(refusal(await saveGoods(twoSkus({ market_price: 5000 })))).toEqual({ status: 422, msg: 'SKU 2: the list price must be at least its sale price (or 0 for none)', fields: ['skus.1.market_price'] });
    expect((await saveGoods(twoSkus({ market_price: 5000 }), 'zh-cn')).body.msg).toBe('第 2 个 SKU：原价不能低于其售价（不设请填 0）');
    expect(await saved(`List ${RUN}`)).toBe(0);
    // An existing SKU changed to a list price below its price is refused too, and keeps what it had.
    const created = await saveGoods(twoSkus({ market_price: 10000 }));
    expect(created.body.code, created.body.msg).toBe(200);
    const g = created.body.data;
    const change = { id: g.id, base_updated_at: g.updated_at, ...twoSkus({}), skus: g.skus.map((s: any, i: number) => ({ id: s.id, spec_value_ids: s.spec_value_ids, price: s.price, market_price: i === 0 ? 100 : s.market_price, stock: 0 })) };
    expect(refusal(await post('/admin/api/catalogue/goods/save', goods(change)))).toMatchObject({ status: 422, fields: ['skus.0.market_price'] });
    expect(Number((await t.db.selectFrom('goods_skus').select('market_price_minor').where('id', '=', g.skus[0].id).executeTakeFirstOrThrow()).market_price_minor)).toBe(7999);
    // Equal to the price, or none (0), is a list price that may be kept.
    expect((await saveGoods({ name: { 'en-us': `Equal ${RUN}` }, skus: [{ price: 6499, market_price: 6499, stock: 5 }] })).body.code).toBe(200);
    expect((await saveGoods({ name: { 'en-us': `None ${RUN}` }, skus: [{ price: 6499, market_price: 0, stock: 5 }] })).body.code).toBe(200);
  });

  it('are refused by the server whatever the caller skipped: the goods service itself refuses a list price below the sale price', async () => {
    const body = saveGoodsBody.parse(goods({ name: { 'en-us': `Direct ${RUN}` }, skus: [{ price: 6499, stock: 5 }] }));
    const bypassing = { ...body, skus: [{ ...body.skus[0]!, market_price: 100 }] };
    await expect(saveGoodsService(t.deps, operatorCliActor('ops', op.operatorId), bypassing)).rejects.toMatchObject({ problems: [{ field: 'skus.0.market_price', key: 'admin.validation.listPriceBelowPrice', params: { n: 1 } }] });
    expect(await saved(`Direct ${RUN}`)).toBe(0);
  });

  it('take only pictures the shop stores: another site, a path outside its stores or with a query is refused', async () => {
    for (const picture of ['https://evil.example/x.svg', '/uploads/../../etc/passwd', '/admin/api/catalogue/goods?x', '//evil.example/x.png', '/uploads/2026/11/a.png?x=1']) {
      const res = await saveGoods({ name: { 'en-us': `Pic ${RUN}` }, images: [picture] });
      expect(refusal(res), picture).toEqual({ status: 422, msg: 'Image 1 must be a picture stored by this shop: upload it here (addresses of other sites are not accepted)', fields: ['images.0'] });
    }
    expect(refusal(await saveGoods({ name: { 'en-us': `Pic ${RUN}` }, skus: [{ price: 6499, stock: 5, image: 'https://evil.example/sku.png' }] })).fields).toEqual(['skus.0.image']);
    expect(await saved(`Pic ${RUN}`)).toBe(0);
    // An upload as the upload call answers it (on the shop's address) is kept by its path here only.
    const path = new URL((await shopUpload()).url, 'http://shop.example').pathname;
    const ok = await saveGoods({ name: { 'en-us': `Stored ${RUN}` }, images: [`https://shop.example${path}`, '/media/demo/goods-2-1.png'] });
    expect(ok.body.code, ok.body.msg).toBe(200);
    expect(ok.body.data.images).toEqual([path, '/media/demo/goods-2-1.png']);

    const icon = await post('/admin/api/catalogue/categories/save', { name: { 'en-us': `Icons ${RUN}` }, icon: 'https://evil.example/i.png' });
    expect(refusal(icon)).toEqual({ status: 422, msg: 'Icon must be a picture stored by this shop: upload it here (addresses of other sites are not accepted)', fields: ['icon'] });
  });

  it("take no member's file the shop cannot show to shoppers (a private upload, or no upload at all); the shop's own upload is taken", async () => {
    const png = await sharp({ create: { width: 24, height: 24, channels: 3, background: '#3a6' } }).png().toBuffer();
    // A member's picture sent with feedback: private, read only through an address signed for it.
    const member = await newMember(t);
    const mine = await call(t, 'POST', '/user/upload', { headers: member.headers, body: { image: `data:image/png;base64,${png.toString('base64')}`, name: 'feedback.png' } });
    expect(mine.body.code, mine.body.msg).toBe(200);
    const privatePath = new URL(mine.body.data.url, 'http://shop.example').pathname;
    expect((await t.app.inject({ method: 'GET', url: privatePath })).statusCode).toBe(404);
    const refusedPrivate = await saveGoods({ name: { 'en-us': `Private ${RUN}` }, images: ['/media/demo/goods-1-1.png', privatePath] });
    expect(refusal(refusedPrivate)).toEqual({ status: 422, msg: "Image 2 is a member's file, not one of the shop's pictures: upload the picture here", fields: ['images.1'] });
    expect(refusal(await saveGoods({ name: { 'en-us': `Private ${RUN}` }, skus: [{ price: 6499, stock: 5, image: privatePath }] })).fields).toEqual(['skus.0.image']);
    // A stored-looking address of no upload at all shows shoppers a broken picture too.
    expect(refusal(await saveGoods({ name: { 'en-us': `Private ${RUN}` }, images: ['/uploads/2026/11/00000000-0000-4000-8000-000000000000.png'] })).fields).toEqual(['images.0']);
    expect(await saved(`Private ${RUN}`)).toBe(0);

    // The console's own upload is public: taken, and shoppers can load it.
    const uploaded = await shopUpload();
    const ok = await saveGoods({ name: { 'en-us': `Shop picture ${RUN}` }, images: [uploaded.url], skus: [{ price: 6499, stock: 5, image: uploaded.url }] });
    expect(ok.body.code, ok.body.msg).toBe(200);
    const shown = (await call(t, 'GET', `/shop/goods/info?id=${ok.body.data.id}`)).body.data;
    expect((await t.app.inject({ method: 'GET', url: shown.images[0] })).statusCode).toBe(200);
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
