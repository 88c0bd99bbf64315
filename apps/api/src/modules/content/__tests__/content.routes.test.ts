import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { seedCatalogueDemo } from '../../catalogue/demo/demo.seed.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { contentChanged } from '../../catalogue/response-cache.js';
import { operatorCliActor } from '../../../lib/actor.js';
import { setOperatorRate } from '../../rates/rates.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedCatalogueDemo(t.deps);
});
afterAll(() => t.close());

const get = (url: string, opts?: Parameters<typeof call>[3]) => call(t, 'GET', url, opts);
const post = (url: string, body: unknown, opts?: Parameters<typeof call>[3]) => call(t, 'POST', url, { ...opts, body });

describe('home and activity data', () => {
  it('gives banners, the category grid, notices and goods shelves with pictures in one call', async () => {
    const { body } = await get('/attractive/page/indexApiData');
    expect(body.code).toBe(200);
    const d = body.data;
    expect(d.banners.length).toBeGreaterThanOrEqual(3);
    expect(d.categories.length).toBeGreaterThanOrEqual(8);
    expect(d.notices.length).toBe(5);
    expect(d.shelves.map((s: { key: string }) => s.key)).toEqual(['hot', 'new', 'recommend']);
    for (const shelf of d.shelves) {
      expect(shelf.goods.length).toBeGreaterThan(0);
      expect(shelf.goods.every((g: { cover: string }) => g.cover.startsWith('/media/'))).toBe(true);
    }
    expect(d.shelves[0].title).toBe('Best sellers');
    const zh = (await get('/attractive/page/indexApiData', { lang: 'zh-cn' })).body.data;
    expect(zh.shelves[0].title).toBe('热销商品');
    expect(zh.banners[0].title).not.toBe(d.banners[0].title);
  });

  it('lists shelves, category grid, share posters, sale areas and live stock', async () => {
    expect((await get('/attractive/page/goodsType')).body.data.list.map((x: { key: string }) => x.key)).toEqual(['hot', 'new', 'recommend']);
    const grid = (await get('/attractive/page/goodsCate')).body.data.list;
    expect(grid.length).toBeGreaterThanOrEqual(12);
    expect(grid[0].icon).toMatch(/^\/media\/demo\/cate-\d+\.png$/);
    expect((await get('/attractive/page/shareList')).body.data.list.length).toBe(3);
    expect((await get('/attractive/page/areaList')).body.data.list.map((a: { code: string }) => a.code)).toEqual(['US', 'MY', 'CN', 'JP', 'TH', 'ID', 'HU', 'KH']);
    const stock = (await get('/attractive/page/goodsStock?goods_id=2')).body.data;
    const skus = await t.db.selectFrom('goods_skus').select(['id', 'stock']).where('goods_id', '=', 2).orderBy('id').execute();
    expect(stock).toEqual({ goods_id: 2, stock: skus.reduce((n, s) => n + s.stock, 0), skus });
  });
});

describe('sale areas', () => {
  type Area = { code: string; currency: string; rate: string | null; source: string | null; date: string | null };
  type CountryRate = { currency: string; rate: string | null; source: string | null; date: string | null };
  const areaOf = async (code: string): Promise<Area> => (await get('/attractive/page/areaList')).body.data.list.find((a: Area) => a.code === code);
  const countryRateOf = async (currency: string): Promise<CountryRate> => (await get('/attractive/country/areaHuilvList')).body.data.list.find((r: CountryRate) => r.currency === currency);

  it('gives each area the rates module’s rate with its source and date, the one areaHuilvList gives; none where none is recorded', async () => {
    const areas = (await get('/attractive/page/areaList')).body.data;
    expect(areas.base_currency).toBe('USD');
    const my = await areaOf('MY');
    // The ECB's reference rates of 2026-11-20 (the snapshot): 4.8135 MYR and 1.1573 USD per euro.
    expect(my).toMatchObject({ currency: 'MYR', source: 'ecb', date: '2026-11-20' });
    expect(Number(my.rate)).toBeCloseTo(4.8135 / 1.1573, 10);
    const { rate, source, date } = await countryRateOf('MYR');
    expect({ rate: my.rate, source: my.source, date: my.date }).toEqual({ rate, source, date });
    expect(await areaOf('US')).toMatchObject({ currency: 'USD', rate: '1', source: 'identity' });
    expect(await areaOf('HU')).toMatchObject({ currency: 'HUF', source: 'ecb', date: '2026-11-20' });
    // The ECB publishes no riel rate and no operator has set one: none, never an invented one.
    expect(await areaOf('KH')).toMatchObject({ currency: 'KHR', rate: null, source: null, date: null });
  });

  it('answers an operator’s new rate at once', async () => {
    expect((await areaOf('KH')).rate).toBeNull();
    await setOperatorRate(t.db, operatorCliActor('test', 0), { base: 'USD', quote: 'KHR', rate: '4012.5', reason: 'test' });
    await expect.poll(async () => (await areaOf('KH')).rate).toBe('4012.5');
    expect(await areaOf('KH')).toMatchObject({ source: 'operator', date: (await countryRateOf('KHR')).date });
  });
});

describe('notices, FAQ, agreements and the app version', () => {
  it('pages notices newest first and opens one', async () => {
    const p1 = (await get('/web/notice/list?limit=3')).body.data;
    expect(p1).toMatchObject({ total: 8, has_more: true });
    const dates = p1.list.map((n: { published_at: string }) => n.published_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const info = (await get(`/web/notice/info?id=${p1.list[0].id}`)).body.data;
    expect(info.content).toContain('<p>');
    expect((await get('/web/notice/info?id=9999')).body.code).toBe(ResponseCode.noticeNotFound);
  });

  it('answers the FAQ and the agreements in the request language, English when it lacks one', async () => {
    const faq = (await get('/web/question/list')).body.data;
    expect(faq.total).toBe(10);
    expect((await get('/web/question/list', { lang: 'zh-cn' })).body.data.list[0].question).toMatch(/[\u4e00-\u9fa5]/);
    expect((await get('/web/question/list', { lang: 'th' })).body.data.list[0].question).toMatch(/[\u0E00-\u0E7F]/);
    const onlyEnglish = await t.db.insertInto('faqs').values({ question: JSON.stringify({ 'en-us': 'Do you gift-wrap?' }), answer: JSON.stringify({ 'en-us': 'Yes, ask at checkout.' }), sort: -1 }).returning('id').executeTakeFirstOrThrow();
    contentChanged(t.deps);
    const inThai = (await get('/web/question/list', { lang: 'th' })).body.data.list;
    expect(inThai.find((f: { id: number }) => f.id === onlyEnglish.id)).toMatchObject({ question: 'Do you gift-wrap?', answer: 'Yes, ask at checkout.' });
    await t.db.deleteFrom('faqs').where('id', '=', onlyEnglish.id).execute();
    contentChanged(t.deps);
    const privacy = (await get('/web/agreement?type=privacy')).body.data;
    expect(privacy).toMatchObject({ type: 'privacy', title: 'Privacy policy' });
    expect((await get('/web/agreement')).body.data.type).toBe('user');
    expect((await get('/web/agreement?type=nonsense')).status).toBe(422);
  });

  it('tells the client version 1.6.7 and whether it must update', async () => {
    expect((await get('/web/version')).body.data).toMatchObject({ version: '1.6.7', update_required: false, update_available: false });
    expect((await get('/web/version?version=1.5.9')).body.data).toMatchObject({ update_required: true, update_available: true });
    expect((await get('/web/version?version=1.6.2')).body.data).toMatchObject({ update_required: false, update_available: true });
    expect((await get('/web/version?version=1.10.0')).body.data).toMatchObject({ update_required: false, update_available: false });
  });

  it('tells a native app of its own releases only when the shop names them: never the web app\'s versions', async () => {
    // The shell's store version (1.0.1) is not the web app's (1.6.7): with no native release named, nothing is asked of it.
    for (const platform of ['android', 'ios']) {
      expect((await get(`/web/version?version=1.0.1&platform=${platform}`)).body.data).toMatchObject({ update_required: false, update_available: false, download_url: '' });
    }
    const native = await buildTestApp({ NATIVE_APP_MIN_VERSION: '1.2.0', NATIVE_APP_LATEST_VERSION: '1.4.0', NATIVE_APP_DOWNLOAD_ANDROID: 'https://play.example/shop', NATIVE_APP_DOWNLOAD_IOS: 'https://apps.example/shop' });
    try {
      const ask = async (query: string) => (await call(native, 'GET', `/web/version?${query}`)).body.data;
      expect(await ask('version=1.0.1&platform=android')).toEqual({ version: '1.4.0', min_version: '1.2.0', update_required: true, update_available: true, download_url: 'https://play.example/shop' });
      expect(await ask('version=1.3&platform=ios')).toMatchObject({ update_required: false, update_available: true, download_url: 'https://apps.example/shop' });
      expect(await ask('version=1.4.0&platform=ios')).toMatchObject({ update_required: false, update_available: false });
      // The web app itself is still told of its own versions.
      expect(await ask('version=1.5.9')).toMatchObject({ version: '1.6.7', update_required: true });
    } finally {
      await native.close();
    }
  });

  it('shows a notice scheduled for later on the home page and in the list from its time on', async () => {
    const title = 'Flash sale starts now';
    await t.db.insertInto('notices').values({ title: JSON.stringify({ 'en-us': title }), published_at: sql<Date>`now() + interval '1500 milliseconds'` }).execute();
    // What an operator's tool does after writing content.
    contentChanged(t.deps);
    const titles = async () => ({
      home: (await get('/attractive/page/indexApiData')).body.data.notices.map((n: { title: string }) => n.title),
      list: (await get('/web/notice/list?limit=50')).body.data.list.map((n: { title: string }) => n.title),
    });
    const before = await titles();
    expect(before.home).not.toContain(title);
    expect(before.list).not.toContain(title);
    await new Promise((r) => setTimeout(r, 1600));
    const after = await titles();
    expect(after.home[0]).toBe(title);
    expect(after.list[0]).toBe(title);
  });
});

describe('popups', () => {
  it('shows visitors the visitor and general popups, members the general ones, only while they run', async () => {
    const visitor = (await get('/attractive/popup/list')).body.data.list;
    expect(visitor).toHaveLength(2);
    const m = await newMember(t);
    const member = (await get('/attractive/popup/list', { headers: m.headers })).body.data.list;
    expect(member).toHaveLength(1);
    await t.db.updateTable('popups').set({ ends_at: sql<Date>`now() - interval '1 minute'` }).where('id', '=', member[0].id).execute();
    expect((await get('/attractive/popup/list', { headers: m.headers })).body.data.list).toHaveLength(0);
    await t.db.updateTable('popups').set({ ends_at: null }).where('id', '=', member[0].id).execute();
  });
});

describe('news', () => {
  it('lists, opens and attaches files to articles; banners are articles too', async () => {
    const banners = (await get('/web/news/banner')).body.data.list;
    expect(banners).toHaveLength(3);
    const list = (await get('/web/news/list?limit=5')).body.data;
    expect(list).toMatchObject({ total: 12, has_more: true });
    const info = (await get(`/web/news/info?id=${banners[0].id}`)).body.data;
    expect(info).toMatchObject({ id: banners[0].id, is_liked: false, is_collected: false });
    expect(info.content).toContain('<img');
    expect(info.annex_count).toBe(1);
    const annex = (await get(`/web/news/annex?news_id=${banners[0].id}`)).body.data.list;
    expect(annex[0]).toMatchObject({ mime: 'image/png' });
    expect((await t.app.inject({ method: 'GET', url: annex[0].url })).statusCode).toBe(200);
    expect((await get('/web/news/info?id=9999')).body.code).toBe(ResponseCode.newsNotFound);
  });

  it('shows an article\'s pictures only from this site or an https address: one that could only show a broken image is dropped', async () => {
    const pictures = [
      '<img src="/media/demo/news-1.png" alt="site">',
      '<img src="https://cdn.example.com/b.png" alt="secure">',
      '<img src="x" onerror="alert(1)" alt="relative">',
      '<img src="http://cdn.example.com/c.png" alt="plain">',
      '<img src="//evil.example/d.png" alt="other-host">',
      '<img src="data:image/png;base64,AAAA" alt="inline">',
      '<img src="javascript:alert(2)" alt="script">',
      '<img alt="none">',
    ];
    const content = JSON.stringify({ 'en-us': `<p>Before</p>${pictures.join('')}<p>After</p>` });
    const [row] = await t.db.insertInto('news').values({ title: JSON.stringify({ 'en-us': 'Pictures' }), content, status: 'published' }).returning('id').execute();
    const info = (await get(`/web/news/info?id=${row!.id}`)).body.data;
    const shown = [...(info.content as string).matchAll(/<img[^>]*>/g)].map((m) => m[0]);
    expect(shown).toEqual(['<img src="/media/demo/news-1.png" alt="site" />', '<img src="https://cdn.example.com/b.png" alt="secure" />']);
    expect(info.content).toContain('<p>Before</p>');
    expect(info.content).toContain('<p>After</p>');
  });

  it('hides drafts', async () => {
    const [draft] = await t.db.insertInto('news').values({ title: JSON.stringify({ 'en-us': 'Draft' }), status: 'draft' }).returning('id').execute();
    expect((await get(`/web/news/info?id=${draft!.id}`)).body.code).toBe(ResponseCode.newsNotFound);
    expect((await get('/web/news/list?limit=100')).body.data.list.some((n: { id: number }) => n.id === draft!.id)).toBe(false);
  });

  it('counts a like once per member, and unliking twice once', async () => {
    const a = await newMember(t);
    const b = await newMember(t);
    expect((await post('/web/news/dianzan', { news_id: 1 })).body.code).toBe(ResponseCode.loginRequired);
    const one = (await post('/web/news/dianzan', { news_id: 1 }, { headers: a.headers })).body.data;
    expect(one).toEqual({ liked: true, like_count: 1 });
    expect((await post('/web/news/dianzan', { news_id: 1 }, { headers: a.headers })).body.data).toEqual({ liked: true, like_count: 1 });
    expect((await post('/web/news/dianzan', { news_id: 1 }, { headers: b.headers })).body.data).toEqual({ liked: true, like_count: 2 });
    expect((await get('/web/news/info?id=1', { headers: a.headers })).body.data).toMatchObject({ is_liked: true, like_count: 2 });
    expect((await get('/web/news/info?id=1')).body.data.is_liked).toBe(false);
    expect((await post('/web/news/dianzan', { news_id: 1, like: false }, { headers: a.headers })).body.data).toEqual({ liked: false, like_count: 1 });
    expect((await post('/web/news/dianzan', { news_id: 1, like: false }, { headers: a.headers })).body.data).toEqual({ liked: false, like_count: 1 });
  });

  it('collects an article once per member', async () => {
    const a = await newMember(t);
    expect((await post('/web/news/collect', { news_id: 2 }, { headers: a.headers })).body.data).toEqual({ collected: true, collect_count: 1 });
    expect((await post('/web/news/collect', { news_id: 2 }, { headers: a.headers })).body.data).toEqual({ collected: true, collect_count: 1 });
    expect((await get('/web/news/info?id=2', { headers: a.headers })).body.data.is_collected).toBe(true);
    expect((await post('/web/news/collect', { news_id: 9999 }, { headers: a.headers })).body.code).toBe(ResponseCode.newsNotFound);
  });
});

describe('comments on news', () => {
  it('needs a member to write, and keeps the text as typed: markup, encoded or not, comes back as inert text', async () => {
    expect((await post('/web/comment/create', { news_id: 3, content: 'hi' })).body.code).toBe(ResponseCode.loginRequired);
    // The nickname other members see is text too.
    const a = await newMember(t, '<img src=x onerror=alert(3)>');
    const typed = ['&lt;img src=x onerror=alert(1)&gt;', '<script>alert(2)</script>', 'Great <b>read</b> &amp; 5 < 6'];
    for (const content of typed) {
      const created = (await post('/web/comment/create', { news_id: 3, content }, { headers: a.headers })).body;
      expect(created.code).toBe(200);
      // Neither decoded (entities stay entities) nor stripped: exactly what was typed.
      expect(created.data).toMatchObject({ news_id: 3, parent_id: null, user_name: '<img src=x onerror=alert(3)>', content, is_mine: true, like_count: 0 });
    }
    const listed = (await get('/web/comment/list?news_id=3')).body.data.list.map((c: { content: string; user_name: string }) => [c.content, c.user_name]);
    expect(listed).toEqual([...typed].reverse().map((c) => [c, '<img src=x onerror=alert(3)>']));
    expect((await post('/web/comment/create', { news_id: 3, content: '   ' }, { headers: a.headers })).status).toBe(422);
    expect((await post('/web/comment/create', { news_id: 3, content: 'x'.repeat(141) }, { headers: a.headers })).status).toBe(422);
    expect((await get('/web/news/info?id=3')).body.data.comment_count).toBe(3);
  });

  it('threads replies under a comment and pages the list', async () => {
    const a = await newMember(t, 'Ben');
    const b = await newMember(t, 'Cleo');
    const top = (await post('/web/comment/create', { news_id: 4, content: 'First!' }, { headers: a.headers })).body.data;
    const reply = (await post('/web/comment/create', { news_id: 4, parent_id: top.id, content: 'Agreed' }, { headers: b.headers })).body.data;
    const replyToReply = (await post('/web/comment/create', { news_id: 4, parent_id: reply.id, content: 'Me too' }, { headers: a.headers })).body.data;
    expect(reply.parent_id).toBe(top.id);
    expect(replyToReply.parent_id).toBe(top.id);
    expect((await post('/web/comment/create', { news_id: 5, parent_id: top.id, content: 'Wrong article' }, { headers: a.headers })).body.code).toBe(ResponseCode.commentNotFound);

    const list = (await get('/web/comment/list?news_id=4')).body.data;
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: top.id, reply_count: 2, is_mine: false });
    const thread = (await get(`/web/comment/infoAllComment?id=${top.id}`, { headers: b.headers })).body.data;
    expect(thread.comment.id).toBe(top.id);
    expect(thread.replies.list.map((c: { content: string; is_mine: boolean }) => [c.content, c.is_mine])).toEqual([['Agreed', true], ['Me too', false]]);
    expect((await get(`/web/comment/info?id=${reply.id}`)).body.data.content).toBe('Agreed');
    expect((await get('/web/comment/info?id=99999')).body.code).toBe(ResponseCode.commentNotFound);
  });

  it('counts a comment like once per member', async () => {
    const a = await newMember(t, 'Dee');
    const c = (await post('/web/comment/create', { news_id: 6, content: 'Nice' }, { headers: a.headers })).body.data;
    const b = await newMember(t);
    expect((await post('/web/comment/dianzan', { comment_id: c.id }, { headers: b.headers })).body.data).toEqual({ liked: true, like_count: 1 });
    expect((await post('/web/comment/dianzan', { comment_id: c.id }, { headers: b.headers })).body.data).toEqual({ liked: true, like_count: 1 });
    expect((await get(`/web/comment/info?id=${c.id}`, { headers: b.headers })).body.data.is_liked).toBe(true);
    expect((await get(`/web/comment/info?id=${c.id}`, { headers: a.headers })).body.data.is_liked).toBe(false);
    expect((await post('/web/comment/dianzan', { comment_id: 99999 }, { headers: b.headers })).body.code).toBe(ResponseCode.commentNotFound);
  });
});

describe('sharing', () => {
  it('gives a link carrying the member share code, to the shop or to one goods, on the configured address whatever Host is sent', async () => {
    const m = await newMember(t);
    const hasInviteCodes = await t.db.selectFrom('information_schema.columns' as never).select(sql<string>`column_name`.as('c')).where(sql<boolean>`table_name = 'users' and column_name = 'invite_code'`).executeTakeFirst();
    if (hasInviteCodes) await sql`update users set invite_code = 'SHARE42' where id = ${m.userId}`.execute(t.db);
    // A forged Host (or X-Forwarded-Host) must not turn the shop's share links into links to another site.
    const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    const shop = (await get('/shop/share/shareInfo', { headers: { ...m.headers, ...forged } })).body.data;
    const code = hasInviteCodes ? 'SHARE42' : '';
    // Without PUBLIC_URL, links use the local address `npm start` prints.
    expect(shop.share_code).toBe(code);
    expect(shop.link).toBe(`http://localhost:8080/h5/#/pages/tabbar/index${code ? `?shareCode=${code}` : ''}`);
    expect(shop.image).toBe('http://localhost:8080/media/demo/poster-1.png');
    const goods = (await get('/shop/share/shareInfo?goods_id=12', { headers: { ...m.headers, ...forged } })).body.data;
    expect(goods.link).toContain('http://localhost:8080/h5/#/pages/goods/goodsInfo?id=12');
    expect(goods.text).toContain(goods.title);
    const wx = (await get('/shop/share/shareWx?goods_id=12', { headers: { ...m.headers, ...forged } })).body.data;
    expect(wx).toEqual({ title: goods.title, desc: goods.text, img_url: goods.image, link: goods.link });
    const visitor = (await get('/shop/share/shareInfo', { headers: forged })).body.data;
    expect(visitor).toMatchObject({ share_code: '', link: 'http://localhost:8080/h5/#/pages/tabbar/index' });
    expect(JSON.stringify([shop, goods, wx, visitor])).not.toContain('evil.example');
  });
});

describe('the contract', () => {
  it('describes every answer of the area, cached ones included', async () => {
    const { allEndpoints } = await import('@shop/contract');
    const m = await newMember(t);
    const samples: Record<string, string> = {
      '/shop/cate/info': '?id=1',
      '/shop/goods/info': '?id=3',
      '/shop/goods/sukInfo': '?goods_id=3&spec_value_ids=11,21',
      '/shop/goods_comment/total': '?goods_id=3',
      '/shop/goods_comment/list': '?goods_id=3',
      '/attractive/page/goodsStock': '?goods_id=3',
      '/web/news/info': '?id=1',
      '/web/news/annex': '?news_id=1',
      '/web/comment/list': '?news_id=3',
      '/web/notice/info': '?id=1',
      '/shop/share/shareInfo': '?goods_id=3',
      '/shop/share/shareWx': '',
    };
    const review = await t.db.selectFrom('goods_reviews').select('id').executeTakeFirstOrThrow();
    const comment = await t.db.selectFrom('news_comments').select('id').executeTakeFirstOrThrow();
    samples['/shop/goods_comment/info'] = `?id=${review.id}`;
    samples['/web/comment/info'] = `?id=${comment.id}`;
    samples['/web/comment/infoAllComment'] = `?id=${comment.id}`;
    const gets = allEndpoints.filter((e) => (e.area === 'catalogue' || e.area === 'content') && e.method === 'GET');
    expect(gets.length).toBe(32);
    for (const e of gets) {
      for (const headers of [{}, m.headers]) {
        const { body } = await get(`${e.path}${samples[e.path] ?? ''}`, { headers });
        expect(body.code, e.path).toBe(200);
        const parsed = e.data!.safeParse(body.data);
        expect(parsed.success, `${e.path}: ${parsed.error?.message}`).toBe(true);
      }
    }
  });
});
