import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { decide, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two operators editing the same news, banner, notice …: a save from a copy changed since it was
// opened is refused with nothing written, so neither silently undoes the other's change.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
const save = async (kind: string, body: unknown, op: Operator) => (await decide(t, `/admin/api/content/${kind}/save`, body, op.token, `conflict-${RUN}-${++keys}`)).body;
/** The row as the console's list gives it to the editor: its fields, and the version it was loaded at. */
async function opened(kind: string, id: number, op: Operator): Promise<Record<string, unknown> & { updated_at: string }> {
  const res = await t.app.inject({ method: 'GET', url: `/admin/api/content/${kind}?limit=100&q=${RUN}`, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}` } });
  const row = (res.json().data.list as Array<Record<string, unknown> & { id: number; updated_at: string }>).find((r) => r.id === id);
  expect(row).toBeDefined();
  return row!;
}
/** What the editor sends back: the row's fields, with the version it was loaded at as the base. */
const edited = ({ updated_at, like_count: _l, comment_count: _c, ...row }: Record<string, unknown>, change: Record<string, unknown>) => ({ ...row, base_updated_at: updated_at, ...change });
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('two operators editing the same content', () => {
  it('news: the later save from the old copy is refused and the first one’s title stays; reopened, it saves', async () => {
    const [own1, own2] = [await signedInOperator(t, 'owner'), await signedInOperator(t, 'owner')];
    const created = await save('news', { title: { 'en-us': `Spring ${RUN}` }, status: 'published' }, own1);
    expect(created.code, created.msg).toBe(200);
    const [copy1, copy2] = [await opened('news', created.data.id, own1), await opened('news', created.data.id, own2)];

    expect((await save('news', edited(copy1, { title: { 'en-us': `Spring sale ${RUN}` } }), own1)).code).toBe(200);
    const stale = await save('news', edited(copy2, { is_banner: true }), own2);
    expect(stale).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again' });
    const row = await t.db.selectFrom('news').select(['title', 'is_banner']).where('id', '=', created.data.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: { 'en-us': `Spring sale ${RUN}` }, is_banner: false });
    expect(await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'news').where('target_id', '=', created.data.id).where('operator', '=', own2.recordedAs).execute()).toEqual([]);

    const fresh = await save('news', edited(await opened('news', created.data.id, own2), { is_banner: true }), own2);
    expect(fresh.code, fresh.msg).toBe(200);
    expect(fresh.data).toMatchObject({ title: { 'en-us': `Spring sale ${RUN}` }, is_banner: true });
  });

  it('banners, notices, questions and popups: a stale copy or one naming no version is refused, a fresh one saved', async () => {
    const op = await signedInOperator(t, 'owner');
    const kinds: Array<[kind: string, table: 'banners' | 'notices' | 'faqs' | 'popups', body: Record<string, unknown>, change: Record<string, unknown>]> = [
      ['banners', 'banners', { title: { 'en-us': `Banner ${RUN}` }, image: '/media/demo/banner-1.png', is_visible: false }, { sort: 5 }],
      ['notices', 'notices', { title: { 'en-us': `Notice ${RUN}` }, published_at: soon(86_400_000) }, { is_visible: false }],
      ['faqs', 'faqs', { question: { 'en-us': `Why ${RUN}?` }, answer: { 'en-us': 'Because.' } }, { sort: 5 }],
      ['popups', 'popups', { title: { 'en-us': `Popup ${RUN}` }, starts_at: soon(0), is_visible: false }, { sort: 5 }],
    ];
    for (const [kind, table, body, change] of kinds) {
      const created = await save(kind, body, op);
      expect(created.code, `${kind}: ${created.msg}`).toBe(200);
      const copy = await opened(kind, created.data.id, op);
      expect((await save(kind, edited(copy, change), op)).code, kind).toBe(200);
      expect((await save(kind, edited(copy, { sort: -1, is_visible: true }), op)).code, kind).toBe(ResponseCode.editedSinceOpened);
      const { base_updated_at: _b, ...unversioned } = edited(await opened(kind, created.data.id, op), { sort: -1 });
      expect((await save(kind, unversioned, op)).code, kind).toBe(ResponseCode.editedSinceOpened);
      const kept = await t.db.selectFrom(table).selectAll().where('id', '=', created.data.id).executeTakeFirstOrThrow();
      expect(kept, kind).toMatchObject(change);
      expect((await save(kind, edited(await opened(kind, created.data.id, op), { sort: -1 }), op)).code, kind).toBe(200);
    }
  });

  it('an agreement: replaced from the version loaded, refused from an older one or from a form opened as new', async () => {
    const op = await signedInOperator(t, 'owner');
    const list = async () => (await t.app.inject({ method: 'GET', url: '/admin/api/content/agreements', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}` } })).json().data.list as Array<{ kind: string; updated_at: string }>;
    const first = await save('agreements', { kind: 'purchase', title: { 'en-us': 'Terms' }, content: { 'en-us': '<p>One</p>' } }, op);
    expect(first.code, first.msg).toBe(200);
    const loaded = (await list()).find((a) => a.kind === 'purchase')!.updated_at;
    expect((await save('agreements', { kind: 'purchase', base_updated_at: loaded, title: { 'en-us': 'Terms' }, content: { 'en-us': `<p>Two ${RUN}</p>` } }, op)).code).toBe(200);
    expect((await save('agreements', { kind: 'purchase', base_updated_at: loaded, title: { 'en-us': 'Terms' }, content: { 'en-us': '<p>Three</p>' } }, op)).code).toBe(ResponseCode.editedSinceOpened);
    expect((await save('agreements', { kind: 'purchase', title: { 'en-us': 'Terms' }, content: { 'en-us': '<p>Four</p>' } }, op)).code).toBe(ResponseCode.editedSinceOpened);
    const stored = await t.db.selectFrom('agreements').select('content').where('kind', '=', 'purchase').executeTakeFirstOrThrow();
    expect(stored.content).toEqual({ 'en-us': `<p>Two ${RUN}</p>` });
  });

  it('two saves of one news from the same copy at the same moment: one is written, the other refused', async () => {
    const [own1, own2] = [await signedInOperator(t, 'owner'), await signedInOperator(t, 'owner')];
    for (let round = 0; round < 4; round++) {
      const created = await save('news', { title: { 'en-us': `Race ${round} ${RUN}` } }, own1);
      const copy = await opened('news', created.data.id, own1);
      const [a, b] = await Promise.all([save('news', edited(copy, { title: { 'en-us': `Race ${round} renamed ${RUN}` } }), own1), save('news', edited(copy, { is_banner: true }), own2)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      const row = await t.db.selectFrom('news').select(['title', 'is_banner']).where('id', '=', created.data.id).executeTakeFirstOrThrow();
      expect(row).toEqual(a.code === 200 ? { title: { 'en-us': `Race ${round} renamed ${RUN}` }, is_banner: false } : { title: { 'en-us': `Race ${round} ${RUN}` }, is_banner: true });
    }
  });
});
