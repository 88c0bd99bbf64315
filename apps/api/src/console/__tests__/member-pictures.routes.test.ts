import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';

// Every picture the console sets that members' phones load (news covers, popups, charity causes) is one
// of the shop's own files, as goods pictures and banners are: another site's address would tell that
// site every member's address. Refused on its field in the operator's language, nothing saved.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signedInOperator(t, 'owner')).token;
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const send = (url: string, body: unknown) => decide(t, url, body, token, `pictures-${RUN}-${++keys}`);
const refusal = (res: { status: number; body: { msg: string; data: any } }) => ({ status: res.status, msg: res.body.msg, fields: (res.body.data?.errors ?? []).map((e: { field: string }) => e.field) });
const notStored = (label: string) => ({ status: 422, msg: `${label} must be a picture stored by this shop: upload it here (addresses of other sites are not accepted)`, fields: [label === 'Cover image' ? 'cover' : 'image'] });
const ELSEWHERE = ['https://evil.example/tracker.png', '//evil.example/x.png', '/uploads/../../etc/passwd', '/uploads/2026/11/a.png?who=1'];
const UPLOAD = '/uploads/2026/11/1b4e28ba-2fa1-11d2-883f-0016d3cca427.png';
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('pictures the console sets for members', () => {
  it('a news cover from another site is refused; an upload (even on the shop’s address) or a demo picture is kept by its path', async () => {
    for (const cover of ELSEWHERE) {
      expect(refusal(await send('/admin/api/content/news/save', { title: { 'en-us': `Tracked ${RUN}` }, cover })), cover).toEqual(notStored('Cover image'));
    }
    const zh = await t.app.inject({ method: 'POST', url: '/admin/api/content/news/save', headers: { authorization: `Bearer ${token}`, 'think-lang': 'zh-cn', 'idempotency-key': `pictures-${RUN}-zh` }, payload: { title: { 'en-us': `Tracked ${RUN}` }, cover: ELSEWHERE[0] } });
    expect(zh.json().msg).toBe('封面必须是本店保存的图片：请在此上传（不接受其他网站的地址）');
    expect(await t.db.selectFrom('news').select('id').where('cover', 'like', '%evil.example%').execute()).toEqual([]);

    const kept = await send('/admin/api/content/news/save', { title: { 'en-us': `Own ${RUN}` }, cover: `https://shop.example${UPLOAD}` });
    expect(kept.body.data?.cover, kept.body.msg).toBe(UPLOAD);
    expect((await send('/admin/api/content/news/save', { title: { 'en-us': `Demo ${RUN}` }, cover: '/media/demo/news-1.png' })).body.data?.cover).toBe('/media/demo/news-1.png');
    expect((await send('/admin/api/content/news/save', { title: { 'en-us': `Bare ${RUN}` }, cover: '' })).body.code).toBe(200);
  });

  it('a popup’s picture from another site is refused; the shop’s own is saved', async () => {
    const popup = { title: { 'en-us': `Welcome ${RUN}` }, starts_at: soon(0), ends_at: soon(3_600_000), is_visible: false };
    for (const image of ELSEWHERE) expect(refusal(await send('/admin/api/content/popups/save', { ...popup, image })), image).toEqual(notStored('Image'));
    expect(await t.db.selectFrom('popups').select('id').where('image', 'like', '%evil.example%').execute()).toEqual([]);
    const saved = await send('/admin/api/content/popups/save', { ...popup, image: UPLOAD });
    expect(saved.body.data?.image, saved.body.msg).toBe(UPLOAD);
  });

  it('a charity cause’s picture from another site is refused when created and when changed', async () => {
    const cause = { title: { 'en-us': `Wells ${RUN}` }, currency: 'USD', min_amount: 100, goal: null };
    for (const image of ELSEWHERE) expect(refusal(await send('/admin/api/charity/causes', { ...cause, image })), image).toEqual(notStored('Image'));
    const created = await send('/admin/api/charity/causes', { ...cause, image: '/media/demo/cause-1.png' });
    expect(created.body.data?.image, created.body.msg).toBe('/media/demo/cause-1.png');

    const row = await t.db.selectFrom('charity_causes').select('updated_at').where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
    const change = { id: created.body.data.id, base_updated_at: new Date(row.updated_at).toISOString(), title: cause.title, description: {}, min_amount: 100, goal: null, status: 'open', reason: 'new picture' };
    expect(refusal(await send('/admin/api/charity/causes/update', { ...change, image: 'https://evil.example/c.png' }))).toEqual(notStored('Image'));
    expect(await t.db.selectFrom('charity_causes').select('image').where('id', '=', created.body.data.id).executeTakeFirstOrThrow()).toEqual({ image: '/media/demo/cause-1.png' });
  });
});
