import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { decide, idleOut, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t);
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const key = () => `content-${RUN}-${++keys}`;
const actionsOn = (targetType: string, targetId: number) =>
  t.db.selectFrom('operator_actions').select(['action', 'operator', 'reason']).where('target_type', '=', targetType as never).where('target_id', '=', targetId).orderBy('id').execute();
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('the console’s content calls', () => {
  it('each refuses no token, a member token, an operator without the permission, and an idled-out session', async () => {
    const member = await registerMember(t);
    const catalogue = await signedInOperator(t, 'catalogue');
    const owner = await signedInOperator(t, 'owner');
    const calls: Array<{ method: 'GET' | 'POST'; url: string; body?: unknown }> = [];
    for (const kind of ['banners', 'news', 'notices', 'faqs', 'popups']) {
      calls.push({ method: 'GET', url: `/admin/api/content/${kind}` }, { method: 'POST', url: `/admin/api/content/${kind}/delete`, body: { id: 2147483000 } });
    }
    calls.push(
      { method: 'POST', url: '/admin/api/content/banners/save', body: { title: { 'en-us': 'Sale' }, image: '/uploads/x.png', is_visible: false } },
      { method: 'POST', url: '/admin/api/content/news/save', body: { title: { 'en-us': 'Draft' } } },
      { method: 'POST', url: '/admin/api/content/notices/save', body: { title: { 'en-us': 'Later' }, published_at: soon(86_400_000 * 365) } },
      { method: 'POST', url: '/admin/api/content/faqs/save', body: { question: { 'en-us': 'Why?' }, answer: { 'en-us': 'Because.' } } },
      { method: 'GET', url: '/admin/api/content/agreements' },
      { method: 'POST', url: '/admin/api/content/agreements/save', body: { kind: 'purchase', title: { 'en-us': 'Purchase terms' }, content: { 'en-us': '<p>Terms</p>' } } },
      { method: 'POST', url: '/admin/api/content/popups/save', body: { title: { 'en-us': 'Hello' }, starts_at: soon(0), ends_at: soon(1000), is_visible: false } },
    );
    for (const c of calls) {
      expect((await call(t, c.method, c.url, c.body)).body.code, c.url).toBe(ResponseCode.loginRequired);
      expect((await call(t, c.method, c.url, c.body, { token: member.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
      const refused = await call(t, c.method, c.url, c.body, { token: catalogue.token });
      expect([refused.status, refused.body.code], c.url).toEqual([403, ResponseCode.forbidden]);
      const allowed = await call(t, c.method, c.url, c.body, { token: owner.token });
      expect([200, ResponseCode.notFound], `${c.url}: ${allowed.body.msg}`).toContain(allowed.body.code);
    }
    await idleOut(t, owner.id);
    for (const c of calls) expect((await call(t, c.method, c.url, c.body, { token: owner.token })).body.code, c.url).toBe(ResponseCode.tokenInvalid);
  });

  it('a notice in several languages, scheduled for later: members see it only from then; safe markup; one notice per key', async () => {
    const op = await signedInOperator(t, 'owner');
    const body = {
      title: { 'en-us': `Holiday hours ${RUN}`, 'zh-cn': `假期营业时间 ${RUN}`, jp: '' },
      summary: { 'en-us': 'Closed on Monday' },
      content: { 'en-us': '<p>Closed <b>Monday</b><script>alert(1)</script></p>' },
      published_at: soon(86_400_000),
    };
    const k = key();
    const [a, b] = await Promise.all([decide(t, '/admin/api/content/notices/save', body, op.token, k), decide(t, '/admin/api/content/notices/save', body, op.token, k)]);
    for (const r of [a, b]) expect([200, ResponseCode.requestInProgress]).toContain(r.body.code);
    const saved = (await decide(t, '/admin/api/content/notices/save', body, op.token, k)).body.data;
    expect(saved).toMatchObject({ title: { 'en-us': `Holiday hours ${RUN}`, 'zh-cn': `假期营业时间 ${RUN}` }, is_visible: true });
    expect(saved.title.jp).toBeUndefined();
    expect(saved.content['en-us']).toBe('<p>Closed <b>Monday</b></p>');
    const stored = await t.db.selectFrom('notices').select('id').where('id', '>=', saved.id).execute();
    expect(stored).toHaveLength(1);
    const memberTitles = async (lang: string) => ((await call(t, 'GET', '/web/notice/list?limit=50', undefined, { lang })).body.data.list as Array<{ title: string }>).map((n) => n.title);
    expect(await memberTitles('zh-cn')).not.toContain(`假期营业时间 ${RUN}`);
    expect((await call(t, 'GET', '/admin/api/content/notices?limit=100', undefined, { token: op.token })).body.data.list.map((n: { id: number }) => n.id)).toContain(saved.id);

    // Moved to now: members see it at once, in their language (English where none is written).
    const now = await decide(t, '/admin/api/content/notices/save', { ...body, id: saved.id, base_updated_at: saved.updated_at, published_at: soon(-1000), reason: 'open early' }, op.token, key());
    expect(now.body.code).toBe(200);
    expect(await memberTitles('zh-cn')).toContain(`假期营业时间 ${RUN}`);
    expect(await memberTitles('jp')).toContain(`Holiday hours ${RUN}`);
    expect(await actionsOn('notice', saved.id)).toEqual([
      { action: 'notice.create', operator: op.recordedAs, reason: null },
      { action: 'notice.update', operator: op.recordedAs, reason: 'open early' },
    ]);
  });

  it('news with attachments, FAQ, agreement, popup and banner: saved, shown to members, deleted, each recorded', async () => {
    const op = await signedInOperator(t, 'owner');
    const news = await decide(
      t,
      '/admin/api/content/news/save',
      {
        title: { 'en-us': `Spring catalogue ${RUN}` },
        content: { 'en-us': '<p>New <a href="https://example.com" onclick="x()">range</a></p>' },
        status: 'published',
        attachments: [
          { name: 'catalogue.pdf', url: '/uploads/2026/11/catalogue.pdf', mime: 'application/pdf', size: 120_000 },
          { name: 'price list.png', url: '/uploads/2026/11/prices.png', mime: 'image/png', size: 8_000 },
        ],
      },
      op.token,
      key(),
    );
    expect(news.body.code, news.body.msg).toBe(200);
    const newsId = news.body.data.id as number;
    expect(news.body.data.content['en-us']).not.toContain('onclick');
    const annex = (await call(t, 'GET', `/web/news/annex?news_id=${newsId}`)).body.data.list;
    expect(annex.map((a: { name: string }) => a.name)).toEqual(['catalogue.pdf', 'price list.png']);
    // An attachment somewhere else than this site or https is refused.
    expect((await decide(t, '/admin/api/content/news/save', { title: { 'en-us': 'x' }, attachments: [{ name: 'a', url: 'javascript:alert(1)', mime: 'text/plain', size: 1 }] }, op.token, key())).body.code).toBe(ResponseCode.validation);

    const faq = (await decide(t, '/admin/api/content/faqs/save', { question: { 'en-us': `How long is delivery ${RUN}?`, th: `จัดส่งกี่วัน ${RUN}` }, answer: { 'en-us': 'Three days.' }, sort: 100000 }, op.token, key())).body.data;
    const faqs = (await call(t, 'GET', '/web/question/list?limit=50', undefined, { lang: 'th' })).body.data.list as Array<{ question: string }>;
    expect(faqs.map((f) => f.question)).toContain(`จัดส่งกี่วัน ${RUN}`);

    const agreement = await decide(t, '/admin/api/content/agreements/save', { kind: 'privacy', title: { 'en-us': 'Privacy' }, content: { 'en-us': `<p>We keep little ${RUN}</p>` }, reason: 'new law' }, op.token, key());
    expect(agreement.body.data).toMatchObject({ kind: 'privacy' });
    expect((await call(t, 'GET', '/web/agreement?type=privacy')).body.data.content).toContain(`We keep little ${RUN}`);

    const popup = (await decide(t, '/admin/api/content/popups/save', { title: { 'en-us': `Welcome ${RUN}` }, starts_at: soon(-60_000), ends_at: soon(3_600_000), audience: 'all' }, op.token, key())).body.data;
    const popups = (await call(t, 'GET', '/attractive/popup/list')).body.data.list as Array<{ id: number }>;
    expect(popups.map((p) => p.id)).toContain(popup.id);
    expect((await decide(t, '/admin/api/content/popups/save', { title: { 'en-us': 'Backwards' }, starts_at: soon(1000), ends_at: soon(0) }, op.token, key())).body.code).toBe(ResponseCode.validation);

    const banner = (await decide(t, '/admin/api/content/banners/save', { title: { 'en-us': `Big sale ${RUN}` }, image: '/media/demo/banner-1.png', link: '/pages/tabbar/index', sort: 100000 }, op.token, key())).body.data;
    expect((await call(t, 'GET', '/admin/api/content/banners?limit=100', undefined, { token: op.token })).body.data.list.find((b: { id: number }) => b.id === banner.id)).toMatchObject({ position: 'home', is_visible: true });

    // Deleted: gone for members, recorded; a second delete is not found.
    expect((await decide(t, '/admin/api/content/popups/delete', { id: popup.id, reason: 'ended' }, op.token, key())).body.data).toEqual({ deleted: true });
    expect(((await call(t, 'GET', '/attractive/popup/list')).body.data.list as Array<{ id: number }>).map((p) => p.id)).not.toContain(popup.id);
    expect((await decide(t, '/admin/api/content/popups/delete', { id: popup.id }, op.token, key())).body.code).toBe(ResponseCode.notFound);
    expect((await decide(t, '/admin/api/content/news/delete', { id: newsId }, op.token, key())).body.code).toBe(200);
    expect((await call(t, 'GET', `/web/news/annex?news_id=${newsId}`)).body.data?.list ?? []).toEqual([]);

    expect((await actionsOn('news', newsId)).map((a) => a.action)).toEqual(['news.create', 'news.delete']);
    expect((await actionsOn('faq', faq.id)).map((a) => a.action)).toEqual(['faq.create']);
    expect((await actionsOn('popup', popup.id)).map((a) => [a.action, a.reason])).toEqual([
      ['popup.create', null],
      ['popup.delete', 'ended'],
    ]);
    expect((await actionsOn('agreement', 0)).map((a) => a.reason)).toContain('privacy: new law');
  });
  it('a banner or popup link must be an app page (/pages/…) or an http(s) address: anything else is refused on its field and not stored', async () => {
    const op = await signedInOperator(t, 'owner');
    const banner = (link: string) => decide(t, '/admin/api/content/banners/save', { title: { 'en-us': `Link ${RUN} ${link}` }, image: '/media/demo/banner-1.png', link, is_visible: false }, op.token, key());
    const popup = (link: string) => decide(t, '/admin/api/content/popups/save', { title: { 'en-us': `Link ${RUN} ${link}` }, starts_at: soon(0), link, is_visible: false }, op.token, key());
    for (const bad of ['javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', 'pages/tabbar/index', 'ftp://files.example/a', '/admin/', 'https://', 'https:// spaced.example']) {
      for (const save of [banner, popup]) {
        const refused = await save(bad);
        expect([refused.status, refused.body.code], bad).toEqual([422, ResponseCode.validation]);
        expect(refused.body.data.errors[0].field, bad).toBe('link');
        expect(refused.body.msg, bad).toContain('/pages/');
      }
    }
    const stored = (await call(t, 'GET', '/admin/api/content/banners?limit=100', undefined, { token: op.token })).body.data.list as Array<{ link: string }>;
    expect(stored.map((b) => b.link)).not.toContain('javascript:alert(document.cookie)');
    // A goods page link names goods the shop has (one that does not exist is refused: catalogue-admin-refusals.test.ts).
    const { goodsId } = await newGoods(t.db);
    for (const good of [`/pages/goods/goodsInfo?id=${goodsId}`, 'https://example.com/sale?x=1', 'http://example.com', '']) {
      expect((await banner(good)).body.data, good).toMatchObject({ link: good });
      expect((await popup(good)).body.data, good).toMatchObject({ link: good });
    }
  });
  it('a banner or popup link to a page the app does not have is refused on its field, in the operator’s language: members would land on "Page not found"', async () => {
    const op = await signedInOperator(t, 'owner');
    const banner = async (link: string, lang = 'en-us') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/admin/api/content/banners/save',
        remoteAddress: '10.0.0.1',
        headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json', 'idempotency-key': key(), 'think-lang': lang },
        payload: JSON.stringify({ title: { 'en-us': `Page ${RUN} ${link}` }, image: '/media/demo/banner-1.png', link, is_visible: false }),
      });
      return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
    };
    const popup = (link: string) => decide(t, '/admin/api/content/popups/save', { title: { 'en-us': `Page ${RUN} ${link}` }, starts_at: soon(0), link, is_visible: false }, op.token, key());
    for (const missing of ['/pages/charity/index', '/pages/lovers/index2?id=1', '/pages/tabbar', '/pages/']) {
      for (const save of [banner, popup]) {
        const refused = await save(missing);
        expect([refused.status, refused.body.data?.errors?.[0]?.field], missing).toEqual([422, 'link']);
        expect(refused.body.msg, missing).toContain('is not a page of the app');
      }
    }
    const zh = await banner('/pages/charity/index', 'zh-cn');
    expect(zh.body.msg).toContain('不是应用内存在的页面');
    for (const real of ['/pages/lovers/index', '/pages/goods/goodsInfo?id=7', '/pages/my/wallet']) {
      expect((await popup(real)).body.data, real).toMatchObject({ link: real });
    }
  });
  it('each list is searched by its title in any language, sorted and exported as CSV', async () => {
    const op = await signedInOperator(t, 'owner');
    const get = async (url: string) => (await call(t, 'GET', url, undefined, { token: op.token })).body.data;
    const ids: number[] = [];
    for (const [i, title] of [`Harvest ${RUN} A`, `Harvest ${RUN} B`].entries()) {
      const saved = await decide(t, '/admin/api/content/notices/save', { title: { 'en-us': title, 'zh-cn': `丰收 ${RUN} ${i}` }, published_at: soon(-(i + 1) * 60_000) }, op.token, key());
      ids.push(saved.body.data.id);
    }
    // Found by the English or the Chinese title; nothing else.
    expect((await get(`/admin/api/content/notices?q=${encodeURIComponent(`harvest ${RUN}`)}`)).list.map((n: { id: number }) => n.id)).toEqual(ids);
    expect((await get(`/admin/api/content/notices?q=${encodeURIComponent(`丰收 ${RUN} 1`)}`)).list.map((n: { id: number }) => n.id)).toEqual([ids[1]]);
    // Oldest publication first when asked; an unknown column is refused.
    expect((await get(`/admin/api/content/notices?q=${encodeURIComponent(`harvest ${RUN}`)}&sort=published_at&order=asc`)).list.map((n: { id: number }) => n.id)).toEqual([ids[1], ids[0]]);
    expect((await call(t, 'GET', '/admin/api/content/notices?sort=title', undefined, { token: op.token })).body.code).toBe(ResponseCode.validation);
    const file = await t.app.inject({ method: 'GET', url: `/admin/api/content/notices/export?q=${encodeURIComponent(`harvest ${RUN}`)}`, headers: { authorization: `Bearer ${op.token}` } });
    const lines = file.body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`Harvest ${RUN} A`);
    for (const kind of ['banners', 'news', 'faqs', 'popups']) {
      expect((await call(t, 'GET', `/admin/api/content/${kind}?q=nothing-${RUN}`, undefined, { token: op.token })).body.data.total, kind).toBe(0);
      expect((await t.app.inject({ method: 'GET', url: `/admin/api/content/${kind}/export?sort=id&order=desc`, headers: { authorization: `Bearer ${op.token}` } })).headers['content-type'], kind).toMatch(/^text\/csv/);
    }
  });
});
