import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// Whom the chat desk can hand a conversation to: the operators who may take chats (active, allowed
// the support chat), by name, without the operator asking; nothing but their number and name.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

const nameOf = async (id: number) => (await t.db.selectFrom('operators').select('user_name').where('id', '=', id).executeTakeFirstOrThrow()).user_name;

describe('GET /admin/api/chat/agents', () => {
  it('lists the other active operators who may chat, by name, with their number and name only', async () => {
    const me = await newOperatorSession(t.db, 'support');
    const colleague = await newOperatorSession(t.db, 'support');
    const owner = await newOperatorSession(t.db, 'owner');
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    const away = await newOperatorSession(t.db, 'support');
    await t.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', away.operatorId).execute();

    const res = await call(t, 'GET', '/admin/api/chat/agents', { headers: me.headers });
    expect(res.body.code).toBe(200);
    const list = res.body.data.list as { id: number; name: string }[];
    const ids = list.map((a) => a.id);
    expect(ids).toContain(colleague.operatorId);
    expect(ids).toContain(owner.operatorId);
    expect(ids).not.toContain(me.operatorId);
    expect(ids).not.toContain(catalogue.operatorId);
    expect(ids).not.toContain(away.operatorId);
    expect(list.find((a) => a.id === colleague.operatorId)).toEqual({ id: colleague.operatorId, name: await nameOf(colleague.operatorId) });
    expect(list.map((a) => a.name)).toEqual([...list.map((a) => a.name)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    // The colleague's list has the first operator in it: each sees the others, never themselves.
    const theirs = (await call(t, 'GET', '/admin/api/chat/agents', { headers: colleague.headers })).body.data.list as { id: number }[];
    expect(theirs.map((a) => a.id)).toContain(me.operatorId);
    expect(theirs.map((a) => a.id)).not.toContain(colleague.operatorId);
  });

  it('is refused to an operator who may not chat', async () => {
    const catalogue = await newOperatorSession(t.db, 'catalogue');
    const res = await call(t, 'GET', '/admin/api/chat/agents', { headers: catalogue.headers });
    expect(res.body.code).toBe(ResponseCode.forbidden);
  });
});
