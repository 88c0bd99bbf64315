import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two support agents with the same canned reply open: the later change, from the copy loaded before
// the other's, put the old text back; a removal from the list as loaded threw away a text rewritten
// meanwhile, unseen. Both now name the version they were loaded at; from a copy changed since they
// are refused (4020) and nothing is written.

let t: TestApp;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let alice: Operator;
let bob: Operator;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signedInOperator(t, 'support');
  bob = await signedInOperator(t, 'support');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const send = async (what: 'save' | 'delete', body: unknown, who: Operator, lang = 'en-us') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/admin/api/chat/canned/${what}`,
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', 'idempotency-key': `canned-${RUN}-${++keys}`, 'think-lang': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: any };
};
/** The reply as the desk's list gives it, with the version it was loaded at. */
async function opened(id: number, who: Operator) {
  const res = await t.app.inject({ method: 'GET', url: '/admin/api/chat/canned', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${who.token}` } });
  const c = (res.json().data.list as Array<{ id: number; lang: string; title: string; text: string; sort: number; updated_at: string }>).find((x) => x.id === id);
  expect(c).toBeDefined();
  return { id, lang: c!.lang, title: c!.title, text: c!.text, sort: c!.sort, base_updated_at: c!.updated_at };
}
const stored = (id: number) => t.db.selectFrom('chat_canned_replies').select(['title', 'text']).where('id', '=', id).executeTakeFirst();
const actionsOn = async (id: number, who: Operator) =>
  (await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'chat').where('target_id', '=', id).where('operator', '=', who.recordedAs).execute()).map((a) => a.action);

describe('two agents changing the same canned reply', () => {
  it('the later change from the old copy is refused and the first one’s text stays; no version is refused; reopened, it saves on top', async () => {
    const created = await send('save', { lang: 'en-us', title: `Hello ${RUN}`, text: 'Hello, how can I help?' }, alice);
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    const [aliceCopy, bobCopy] = [await opened(id, alice), await opened(id, bob)];
    expect((await send('save', { ...aliceCopy, text: 'Hello! How may I help you today?' }, alice)).code).toBe(200);
    expect(await send('save', { ...bobCopy, title: `Greeting ${RUN}` }, bob, 'zh-cn')).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: '您打开后，其他人已修改了此内容，因此未保存任何更改（保存会撤销对方的修改）。请重新加载后再修改' });
    expect(await stored(id)).toEqual({ title: `Hello ${RUN}`, text: 'Hello! How may I help you today?' });
    const { base_updated_at: _v, ...unversioned } = await opened(id, bob);
    expect((await send('save', { ...unversioned, title: `Greeting ${RUN}` }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await actionsOn(id, bob)).toEqual([]);

    expect((await send('save', { ...(await opened(id, bob)), title: `Greeting ${RUN}` }, bob)).code).toBe(200);
    expect(await stored(id)).toEqual({ title: `Greeting ${RUN}`, text: 'Hello! How may I help you today?' });
    // Each save recorded by its kind, the reply's language as facts (the console names the language), never the code after the kind.
    const recorded = await t.db.selectFrom('operator_actions').select(['operator', 'action', 'facts']).where('target_type', '=', 'chat').where('target_id', '=', id).orderBy('id').execute();
    expect(recorded).toEqual([
      { operator: alice.recordedAs, action: 'chat.canned.create', facts: { key: 'canned_reply', lang: 'en-us' } },
      { operator: alice.recordedAs, action: 'chat.canned.update', facts: { key: 'canned_reply', lang: 'en-us' } },
      { operator: bob.recordedAs, action: 'chat.canned.update', facts: { key: 'canned_reply', lang: 'en-us' } },
    ]);
  });

  it('removing a reply rewritten since the list was loaded is refused and it stays; removed from the list as it is now, it goes', async () => {
    const created = await send('save', { lang: 'en-us', title: `Bye ${RUN}`, text: 'Goodbye.' }, alice);
    const id = created.data.id as number;
    const bobCopy = await opened(id, bob);
    expect((await send('save', { ...(await opened(id, alice)), text: 'Thank you for contacting us. Goodbye!' }, alice)).code).toBe(200);
    expect((await send('delete', { id, base_updated_at: bobCopy.base_updated_at }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect((await send('delete', { id }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await stored(id)).toEqual({ title: `Bye ${RUN}`, text: 'Thank you for contacting us. Goodbye!' });
    expect(await actionsOn(id, bob)).toEqual([]);

    const now = await opened(id, bob);
    expect((await send('delete', { id, base_updated_at: now.base_updated_at }, bob)).data).toEqual({ deleted: true });
    expect(await stored(id)).toBeUndefined();
    expect((await send('delete', { id, base_updated_at: now.base_updated_at }, bob)).code).toBe(ResponseCode.notFound);
  });

  it('two changes from the same copy at the same moment: one is written, the other refused', async () => {
    for (let round = 0; round < 4; round++) {
      const created = await send('save', { lang: 'en-us', title: `Round ${round} ${RUN}`, text: 'First text' }, alice);
      const copy = await opened(created.data.id, alice);
      const [a, b] = await Promise.all([send('save', { ...copy, title: `Renamed ${round} ${RUN}` }, alice), send('save', { ...copy, text: 'Second text' }, bob)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await stored(created.data.id)).toEqual(a.code === 200 ? { title: `Renamed ${round} ${RUN}`, text: 'First text' } : { title: `Round ${round} ${RUN}`, text: 'Second text' });
    }
  });
});
