import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two operators editing the same feedback category: the later save, from the copy loaded before the
// other's change, put the old names back (or offered a hidden category again). A change now names the
// version it was loaded at; from a copy changed since it is refused (4020) and nothing is written.

let t: TestApp;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
let alice: Operator;
let bob: Operator;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signedInOperator(t, 'owner');
  bob = await signedInOperator(t, 'owner');
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
const save = async (body: unknown, who: Operator, lang = 'en-us') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/feedback/categories/save',
    remoteAddress: '10.0.0.1',
    headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json', 'idempotency-key': `fbcat-${RUN}-${++keys}`, 'think-lang': lang },
    payload: JSON.stringify(body),
  });
  return res.json() as { code: number; msg: string; data: any };
};
/** What the category form sends unchanged: the category as the console's list gives it, with the version it was loaded at. */
async function opened(id: number, who: Operator) {
  const res = await t.app.inject({ method: 'GET', url: '/admin/api/feedback/categories', remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${who.token}` } });
  const c = (res.json().data.list as Array<{ id: number; names: Record<string, string>; sort: number; enabled: boolean; updated_at: string }>).find((x) => x.id === id);
  expect(c).toBeDefined();
  return { id, names: c!.names, sort: c!.sort, enabled: c!.enabled, base_updated_at: c!.updated_at };
}
const stored = (id: number) => t.db.selectFrom('feedback_categories').select(['names', 'enabled']).where('id', '=', id).executeTakeFirstOrThrow();
const updatesBy = async (id: number, who: Operator) =>
  (await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'feedback_category').where('target_id', '=', id).where('operator', '=', who.recordedAs).execute()).map((a) => a.action);

describe('two operators editing the same feedback category', () => {
  it('the later save from the old copy is refused, in the operator’s language, and the first one’s names stay; reopened, it saves on top', async () => {
    const created = await save({ names: { 'en-us': `Delivery ${RUN}` } }, alice);
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    const [aliceCopy, bobCopy] = [await opened(id, alice), await opened(id, bob)];
    const renamed = await save({ ...aliceCopy, names: { 'en-us': `Delivery and tracking ${RUN}` } }, alice);
    expect(renamed.code, renamed.msg).toBe(200);
    expect(await save({ ...bobCopy, enabled: false }, bob, 'th')).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: 'มีผู้อื่นแก้ไขรายการนี้หลังจากที่คุณเปิดดู จึงยังไม่ได้บันทึกสิ่งใด (การบันทึกจะยกเลิกการแก้ไขนั้น) โปรดโหลดใหม่แล้วแก้ไขอีกครั้ง' });
    expect(await stored(id)).toEqual({ names: { 'en-us': `Delivery and tracking ${RUN}` }, enabled: true });
    expect(await updatesBy(id, bob)).toEqual([]);

    const { base_updated_at: _v, ...unversioned } = await opened(id, bob);
    expect((await save({ ...unversioned, enabled: false }, bob)).code).toBe(ResponseCode.editedSinceOpened);
    expect((await stored(id)).enabled).toBe(true);

    const hidden = await save({ ...(await opened(id, bob)), enabled: false }, bob);
    expect(hidden.code, hidden.msg).toBe(200);
    expect(await stored(id)).toEqual({ names: { 'en-us': `Delivery and tracking ${RUN}` }, enabled: false });
    expect(await updatesBy(id, bob)).toEqual(['feedback.category.update']);
  });

  it('two saves from the same copy at the same moment: one is written, the other refused', async () => {
    for (let round = 0; round < 4; round++) {
      const created = await save({ names: { 'en-us': `Round ${round} ${RUN}` } }, alice);
      const copy = await opened(created.data.id, alice);
      const [a, b] = await Promise.all([save({ ...copy, names: { 'en-us': `Renamed ${round} ${RUN}` } }, alice), save({ ...copy, enabled: false }, bob)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await stored(created.data.id)).toEqual(a.code === 200 ? { names: { 'en-us': `Renamed ${round} ${RUN}` }, enabled: true } : { names: { 'en-us': `Round ${round} ${RUN}` }, enabled: false });
    }
  });
});
