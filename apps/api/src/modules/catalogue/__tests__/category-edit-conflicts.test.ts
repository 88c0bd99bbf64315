import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two catalogue operators editing the same category: a save from a copy changed since it was opened
// is refused with nothing written, so neither silently undoes the other's change (a name put back,
// a hidden category shown again).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
const save = async (body: unknown, op: Operator, lang = 'en-us') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/catalogue/categories/save',
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${op.token}`, 'content-type': 'application/json', 'idempotency-key': `category-${RUN}-${++keys}`, 'think-lang': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: any };
};
/** What the category form sends unchanged: the category as the console's list gives it, with the version it was loaded at. */
async function opened(id: number, op: Operator) {
  const res = await t.app.inject({ method: 'GET', url: '/admin/api/catalogue/categories', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}` } });
  const c = (res.json().data.list as Array<{ id: number; parent_id: number | null; name: Record<string, string>; icon: string; is_visible: boolean; updated_at: string }>).find((x) => x.id === id);
  expect(c).toBeDefined();
  return { id, base_updated_at: c!.updated_at, parent_id: c!.parent_id, name: c!.name, icon: c!.icon, is_visible: c!.is_visible };
}
const stored = (id: number) => t.db.selectFrom('categories').select(['name', 'is_visible']).where('id', '=', id).executeTakeFirstOrThrow();
const updatesBy = async (id: number, op: Operator) =>
  (await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'category').where('target_id', '=', id).where('operator', '=', op.recordedAs).execute()).map((a) => a.action);
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

describe('two operators editing the same category', () => {
  it('the later save from the old copy is refused and the first one’s name stays; reopened, it saves keeping that name', async () => {
    const [cat1, cat2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    const created = await save({ name: { 'en-us': `Lamps ${RUN}` } }, cat1);
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    const [copy1, copy2] = [await opened(id, cat1), await opened(id, cat2)];

    const renamed = await save({ ...copy1, name: { 'en-us': `Desk lamps ${RUN}` } }, cat1);
    expect(renamed.code, renamed.msg).toBe(200);
    expect(renamed.data.updated_at).not.toBe(copy1.base_updated_at);

    // cat2 only hides it, from the copy with the old name: saving it would put "Lamps" back.
    expect(await save({ ...copy2, is_visible: false }, cat2, 'zh-cn')).toMatchObject({
      code: ResponseCode.editedSinceOpened,
      msg: '您打开后，其他人已修改了此内容，因此未保存任何更改（保存会撤销对方的修改）。请重新加载后再修改',
    });
    expect(await stored(id)).toEqual({ name: { 'en-us': `Desk lamps ${RUN}` }, is_visible: true });
    expect(await updatesBy(id, cat2)).toEqual([]);

    // Reloaded: hidden, and cat1's name stays.
    const hidden = await save({ ...(await opened(id, cat2)), is_visible: false }, cat2);
    expect(hidden.code, hidden.msg).toBe(200);
    expect(await stored(id)).toEqual({ name: { 'en-us': `Desk lamps ${RUN}` }, is_visible: false });
    expect(await updatesBy(id, cat2)).toEqual(['category.update']);
  });

  it('a change naming no version is refused with nothing written; creating needs none', async () => {
    const op = await signedInOperator(t, 'catalogue');
    const created = await save({ name: { 'en-us': `Rugs ${RUN}` } }, op);
    expect(created.code, created.msg).toBe(200);
    const { base_updated_at: _loaded, ...unversioned } = await opened(created.data.id, op);
    expect(await save({ ...unversioned, name: { 'en-us': `Carpets ${RUN}` } }, op)).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: stale });
    expect(await stored(created.data.id)).toEqual({ name: { 'en-us': `Rugs ${RUN}` }, is_visible: true });
    expect((await save({ ...(await opened(created.data.id, op)), name: { 'en-us': `Carpets ${RUN}` } }, op)).code).toBe(200);
    expect((await stored(created.data.id)).name).toEqual({ 'en-us': `Carpets ${RUN}` });
  });

  it('two saves from the same copy at the same moment: one is written, the other refused', async () => {
    const [cat1, cat2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    for (let round = 0; round < 4; round++) {
      const created = await save({ name: { 'en-us': `Round ${round} ${RUN}` } }, cat1);
      const copy = await opened(created.data.id, cat1);
      const [a, b] = await Promise.all([save({ ...copy, name: { 'en-us': `Renamed ${round} ${RUN}` } }, cat1), save({ ...copy, is_visible: false }, cat2)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await stored(created.data.id)).toEqual(a.code === 200 ? { name: { 'en-us': `Renamed ${round} ${RUN}` }, is_visible: true } : { name: { 'en-us': `Round ${round} ${RUN}` }, is_visible: false });
    }
  });
});
