import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { checkLedgerAfterEach } from '../../wallet/__tests__/ledger-guard.js';

// Points per unit of a goods item are value given on every unit sold: one operator alone may lower
// or remove a rule, but raising one waits for a second operator (docs/decisions/2026-11-29-goods-points-four-eyes.md).

let t: TestApp;
let asker: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  asker = await newOperatorSession(t.db, 'owner');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers, body });
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers });
const ruleOf = async (goodsId: number) => (await t.db.selectFrom('goods_points').select('points_per_unit').where('goods_id', '=', goodsId).executeTakeFirst())?.points_per_unit ?? null;

describe('goods points per unit', () => {
  it('a raise waits for a second operator, who reads the goods and old → new; the asker cannot approve it', async () => {
    const g = await newGoods(t.db, [{ price: 647, stock: 5 }], { name: 'Jasmine tea' });
    const asked = await post('/admin/api/orders/goods-points', { goods_id: g.goodsId, points_per_unit: 100_000_000, reason: 'launch' }, asker.headers);
    expect(asked.body).toMatchObject({ code: 200, data: { ok: true, points_per_unit: null, request: { kind: 'goods.points', status: 'pending', reason: 'launch' } } });
    expect(await ruleOf(g.goodsId)).toBeNull();
    const id = asked.body.data.request.id as number;
    // What the approver reads: the goods by name (in every language it has) and the rule now → asked.
    const listed = (await get('/admin/api/approvals?kind=goods.points', approver.headers)).body.data.list.find((r: { id: number }) => r.id === id);
    expect(listed.what).toEqual({ key: 'goods_points', goods_id: g.goodsId, name: { 'en-us': 'Jasmine tea', 'zh-cn': '茶壶 Jasmine tea' }, from: null, to: 100_000_000 });
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, asker.headers)).body.code).toBe(ResponseCode.approvalOwnRequest);
    expect(await ruleOf(g.goodsId)).toBeNull();
    expect((await post('/admin/api/approvals/decide', { id, decision: 'approve' }, approver.headers)).body).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await ruleOf(g.goodsId)).toBe(100_000_000);
  });

  it('lowering or removing a rule applies at once and withdraws a raise still waiting; a raise without a reason is refused', async () => {
    const g = await newGoods(t.db, [{ price: 1000, stock: 5 }]);
    expect((await post('/admin/api/orders/goods-points', { goods_id: g.goodsId, points_per_unit: 50 }, asker.headers)).body.code).toBe(ResponseCode.reasonRequired);
    const first = await post('/admin/api/orders/goods-points', { goods_id: g.goodsId, points_per_unit: 50, reason: 'promo' }, asker.headers);
    await post('/admin/api/approvals/decide', { id: first.body.data.request.id, decision: 'approve' }, approver.headers);
    expect(await ruleOf(g.goodsId)).toBe(50);
    const raise = await post('/admin/api/orders/goods-points', { goods_id: g.goodsId, points_per_unit: 80, reason: 'more' }, asker.headers);
    expect(raise.body.data.request).toMatchObject({ status: 'pending', what: { from: 50, to: 80 } });
    expect((await post('/admin/api/orders/goods-points', { goods_id: g.goodsId, points_per_unit: 20 }, asker.headers)).body).toMatchObject({ code: 200, data: { ok: true, points_per_unit: 20, request: null } });
    expect(await ruleOf(g.goodsId)).toBe(20);
    const withdrawn = (await get('/admin/api/approvals?kind=goods.points&status=cancelled', approver.headers)).body.data.list.map((r: { id: number }) => r.id);
    expect(withdrawn).toContain(raise.body.data.request.id);
    expect((await post('/admin/api/orders/goods-points', { goods_id: g.goodsId, points_per_unit: null }, asker.headers)).body.data).toMatchObject({ points_per_unit: null, request: null });
    expect(await ruleOf(g.goodsId)).toBeNull();
  });
});
