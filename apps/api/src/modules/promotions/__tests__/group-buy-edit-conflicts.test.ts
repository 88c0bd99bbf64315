import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { decide, signedInOperator } from '../../operators/__tests__/operator-fixtures.js';

// Two operators changing the same group buy: a change from a copy changed (or ended) since it was
// opened is refused with nothing written, so one never silently puts back the other's price or
// gives an ended group buy its old end again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const RUN = Date.now().toString(36);
let keys = 0;
type Operator = Awaited<ReturnType<typeof signedInOperator>>;
const post = async (url: string, body: unknown, op: Operator) => (await decide(t, url, body, op.token, `gbv-${RUN}-${++keys}`)).body;
const change = (body: unknown, op: Operator) => post('/admin/api/catalogue/group-buys/update', body, op);
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

/** A running group buy of 4 units on new goods. */
async function newGroupBuy(op: Operator) {
  const g = await newGoods(t.db, [{ price: 3000, stock: 20 }], { name: `Kettle ${RUN}` });
  const now = Date.now();
  const created = await post('/admin/api/orders/group-buys', { goods_id: g.goodsId, sku_id: g.skuIds[0], group_size: 3, fill_hours: 24, starts_at: new Date(now - 60_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString(), price: 2500, quantity: 4 }, op);
  expect(created.code, created.msg).toBe(200);
  return created.data.id as number;
}
/** What the group-buy form sends unchanged: the row as the console's list gives it, with the version it was loaded at. */
async function opened(id: number, op: Operator) {
  const res = await t.app.inject({ method: 'GET', url: `/admin/api/catalogue/group-buys?q=${id}`, remoteAddress: '10.0.0.1', headers: { authorization: `Bearer ${op.token}` } });
  const r = (res.json().data.list as Array<Record<string, any>>).find((x) => x.id === id)!;
  expect(r).toBeDefined();
  const { price, group_size, fill_hours, starts_at, ends_at, per_order_limit, per_member_limit, virtual_fill_percent } = r;
  return { id, base_updated_at: r.updated_at as string, price, group_size, fill_hours, starts_at, ends_at, per_order_limit, per_member_limit, virtual_fill_percent };
}
const stored = (id: number) =>
  t.db.selectFrom('group_buy_activities').select(['price_minor', 'per_member_limit', 'ends_at']).where('id', '=', id).executeTakeFirstOrThrow().then((a) => ({ price: Number(a.price_minor), per_member_limit: a.per_member_limit, ended: new Date(a.ends_at).getTime() <= Date.now() }));
const changesBy = async (id: number, op: Operator) =>
  (await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'group_buy').where('target_id', '=', id).where('operator', '=', op.recordedAs).where('action', 'like', 'group_buy.update%').execute()).map((a) => a.action);

describe('two operators changing the same group buy', () => {
  it('the later change from the old copy is refused and the first one’s price stays; one naming no version is refused; reopened, it saves', async () => {
    const [op1, op2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    const id = await newGroupBuy(op1);
    const [copy1, copy2] = [await opened(id, op1), await opened(id, op2)];

    const cheaper = await change({ ...copy1, price: 2200, reason: 'supplier discount' }, op1);
    expect(cheaper.code, cheaper.msg).toBe(200);
    expect(cheaper.data.updated_at).not.toBe(copy1.base_updated_at);

    // op2 only raises the member limit, from the copy with the old price: saving it would put 25.00 back.
    expect(await change({ ...copy2, per_member_limit: 3, reason: 'families buy more' }, op2)).toMatchObject({ code: ResponseCode.editedSinceOpened, msg: stale });
    expect(await stored(id)).toEqual({ price: 2200, per_member_limit: 1, ended: false });
    const { base_updated_at: _loaded, ...unversioned } = await opened(id, op2);
    expect((await change({ ...unversioned, per_member_limit: 3, reason: 'again' }, op2)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await changesBy(id, op2)).toEqual([]);

    const raised = await change({ ...(await opened(id, op2)), per_member_limit: 3, reason: 'families buy more' }, op2);
    expect(raised.code, raised.msg).toBe(200);
    expect(await stored(id)).toEqual({ price: 2200, per_member_limit: 3, ended: false });
    // Each recorded by its kind with what changed, old → new, as facts the console words (never `per_member_limit: 1 → 3` after the kind).
    const recorded = await t.db.selectFrom('operator_actions').select(['operator', 'action', 'facts']).where('target_type', '=', 'group_buy').where('target_id', '=', id).where('action', '=', 'group_buy.update').orderBy('id').execute();
    const change_ = (changes: unknown[]) => ({ key: 'promotion_change', kind: 'group_buy.update', code: null, currency: expect.any(String), changes, request_id: null });
    expect(recorded).toEqual([
      { operator: op1.recordedAs, action: 'group_buy.update', facts: change_([{ field: 'price', star: null, from: 2500, to: 2200 }]) },
      { operator: op2.recordedAs, action: 'group_buy.update', facts: change_([{ field: 'per_member_limit', star: null, from: 1, to: 3 }]) },
    ]);
  });

  it('a change from a copy opened before the group buy was ended early is refused: it stays ended', async () => {
    const [op1, op2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    const id = await newGroupBuy(op1);
    const copy = await opened(id, op2);
    const ended = await post('/admin/api/orders/group-buys/end', { id, reason: 'supplier stopped' }, op1);
    expect(ended.code, ended.msg).toBe(200);

    expect((await change({ ...copy, price: 2000, reason: 'cheaper' }, op2)).code).toBe(ResponseCode.editedSinceOpened);
    expect(await stored(id)).toEqual({ price: 2500, per_member_limit: 1, ended: true });
  });

  it('two changes from the same copy at the same moment: one is written, the other refused', async () => {
    const [op1, op2] = [await signedInOperator(t, 'catalogue'), await signedInOperator(t, 'catalogue')];
    for (let round = 0; round < 4; round++) {
      const id = await newGroupBuy(op1);
      const copy = await opened(id, op1);
      const [a, b] = await Promise.all([change({ ...copy, price: 2100, reason: 'cheaper' }, op1), change({ ...copy, per_member_limit: 5, reason: 'more' }, op2)]);
      expect([a.code, b.code].sort()).toEqual([200, ResponseCode.editedSinceOpened]);
      expect(await stored(id)).toEqual(a.code === 200 ? { price: 2100, per_member_limit: 1, ended: false } : { price: 2500, per_member_limit: 5, ended: false });
    }
  });
});
