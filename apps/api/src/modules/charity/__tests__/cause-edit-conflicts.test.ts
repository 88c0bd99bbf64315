import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { decide, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two operators changing the same charity cause: a change from a copy changed since it was opened is
// refused with nothing written, so one never silently reopens a cause the other closed (or puts back
// its old minimum).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
const post = async (url: string, body: unknown, op: Operator) => (await decide(t, url, body, op.token, `cause-${RUN}-${++keys}`)).body;
const change = (body: unknown, op: Operator) => post('/admin/api/charity/causes/update', body, op);
/** What the cause form sends unchanged: the cause as the console's list gives it, with the version it was loaded at. */
async function opened(id: number, op: Operator) {
  const res = await t.app.inject({ method: 'GET', url: '/admin/api/charity/causes/list', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}` } });
  const c = (res.json().data.list as Array<{ id: number; title: Record<string, string>; description: Record<string, string>; image: string; min_amount: number; goal: number | null; status: 'open' | 'closed'; updated_at: string }>).find((x) => x.id === id);
  expect(c).toBeDefined();
  return { id, base_updated_at: c!.updated_at, title: c!.title, description: c!.description, image: c!.image, min_amount: c!.min_amount, goal: c!.goal, status: c!.status };
}
const stored = (id: number) => t.db.selectFrom('charity_causes').select(['status', 'min_amount_minor']).where('id', '=', id).executeTakeFirstOrThrow().then((c) => ({ status: c.status, min_amount: Number(c.min_amount_minor) }));
const changesBy = async (id: number, op: Operator) =>
  (await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('target_type', '=', 'charity_cause').where('target_id', '=', id).where('operator', '=', op.recordedAs).execute()).map((a) => [a.action, a.facts]);

describe('two operators changing the same charity cause', () => {
  it('the later change from the old copy is refused and the cause stays closed; one naming no version is refused; reopened, it saves', async () => {
    const [own1, own2] = [await signedInOperator(t, 'owner'), await signedInOperator(t, 'owner')];
    const created = await post('/admin/api/charity/causes', { title: { 'en-us': `Clean water ${RUN}` }, currency: 'USD', min_amount: 100 }, own1);
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    const [copy1, copy2] = [await opened(id, own1), await opened(id, own2)];

    const closed = await change({ ...copy1, status: 'closed', reason: 'goal met elsewhere' }, own1);
    expect(closed.code, closed.msg).toBe(200);
    expect(closed.data.updated_at).not.toBe(copy1.base_updated_at);

    // own2 raises the minimum from the copy where the cause is open: saving it would open it again.
    expect(await change({ ...copy2, min_amount: 500, reason: 'smaller pledges cost more than they bring' }, own2)).toMatchObject({
      code: ResponseCode.editedSinceOpened,
      msg: 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again',
    });
    expect(await stored(id)).toEqual({ status: 'closed', min_amount: 100 });
    const { base_updated_at: _loaded, ...unversioned } = await opened(id, own2);
    expect((await change({ ...unversioned, min_amount: 500, reason: 'again' }, own2)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await stored(id)).toEqual({ status: 'closed', min_amount: 100 });
    expect(await changesBy(id, own2)).toEqual([]);

    // Reloaded: the minimum is raised and the cause stays closed.
    const raised = await change({ ...(await opened(id, own2)), min_amount: 500, reason: 'smaller pledges cost more than they bring' }, own2);
    expect(raised.code, raised.msg).toBe(200);
    expect(await stored(id)).toEqual({ status: 'closed', min_amount: 500 });
    expect(await changesBy(id, own2)).toEqual([['charity.cause', { key: 'charity_cause', status: 'closed' }]]);
  });

  it('two changes from the same copy at the same moment: one is written, the other refused', async () => {
    const [own1, own2] = [await signedInOperator(t, 'owner'), await signedInOperator(t, 'owner')];
    for (let round = 0; round < 4; round++) {
      const created = await post('/admin/api/charity/causes', { title: { 'en-us': `Round ${round} ${RUN}` }, currency: 'USD', min_amount: 100 }, own1);
      const copy = await opened(created.data.id, own1);
      const [a, b] = await Promise.all([change({ ...copy, status: 'closed', reason: 'over' }, own1), change({ ...copy, min_amount: 300, reason: 'higher' }, own2)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await stored(created.data.id)).toEqual(a.code === 200 ? { status: 'closed', min_amount: 100 } : { status: 'open', min_amount: 300 });
    }
  });
});
