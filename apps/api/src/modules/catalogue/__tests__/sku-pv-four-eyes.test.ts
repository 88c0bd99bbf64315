import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { jobActor } from '../../../lib/actor.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newGoods } from '../../cart/__tests__/fixtures.js';
import { fund } from '../../ledger/__tests__/ledger-helpers.js';
import { newAddress, newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { settleOrder } from '../../orders/order-settlement.js';
import { PAY_PASSWORD, walletMember } from '../../wallet/__tests__/fixtures.js';
import { checkLedgerAfterEach } from '../../wallet/__tests__/ledger-guard.js';
import { call } from './helpers.js';

// An SKU's PV is paid out as pair bonus on every unit sold: a catalogue operator alone may lower it,
// but raising it waits for a second operator (docs/decisions/2026-11-29-goods-points-four-eyes.md).

let t: TestApp;
let cataloguer: Awaited<ReturnType<typeof newOperatorSession>>;
let approver: Awaited<ReturnType<typeof newOperatorSession>>;
beforeAll(async () => {
  t = await buildTestApp();
  cataloguer = await newOperatorSession(t.db, 'catalogue');
  approver = await newOperatorSession(t.db, 'owner');
});
afterAll(() => t.close());
checkLedgerAfterEach(() => t);

type Headers = Record<string, string>;
let keys = 0;
const post = (url: string, body: unknown, headers: Headers) => call(t, 'POST', url, { headers: { ...headers, 'idempotency-key': `pv-${Date.now()}-${++keys}` }, body, lang: 'en-us' });
const get = (url: string, headers: Headers) => call(t, 'GET', url, { headers, lang: 'en-us' });
const pvOf = async (skuId: number) => (await t.db.selectFrom('goods_skus').select('pv').where('id', '=', skuId).executeTakeFirstOrThrow()).pv;
const setPv = (skuId: number, pv: number) => t.db.updateTable('goods_skus').set({ pv }).where('id', '=', skuId).execute();
const statusOf = async (id: number) => (await t.db.selectFrom('approval_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const actionsOn = (type: string, id: number) => t.db.selectFrom('operator_actions').select(['action', 'reason']).where('target_type', '=', type as never).where('target_id', '=', id).orderBy('id').execute();
/** An SKU's PV changes as the log records them: from and to as facts, with the request a raise was approved in (null: done at once). */
const pvTrail = async (skuId: number) =>
  (await t.db.selectFrom('operator_actions').select(['action', 'facts']).where('target_type', '=', 'sku').where('target_id', '=', skuId).where('action', 'like', 'sku.pv%').orderBy('id').execute()).map((a) => [a.action, a.facts]);

/** The body the console's editor sends for goods as they are, with `pv` for each SKU (by its place) and anything else changed. */
async function editBody(goodsId: number, pv: number[], extra: Record<string, unknown> = {}) {
  const res = await get(`/admin/api/catalogue/goods/info?id=${goodsId}`, cataloguer.headers);
  expect(res.body.code, res.body.msg).toBe(200);
  const g = res.body.data;
  return {
    id: goodsId, base_updated_at: g.updated_at, category_id: g.category_id, name: g.name, subtitle: g.subtitle, description: g.description, images: g.images.length ? g.images : ['/media/demo/goods-1-1.png'], currency: g.currency, market_price: g.market_price,
    status: g.status, specs: g.specs,
    skus: g.skus.map((s: { id: number; spec_value_ids: number[]; price: number; market_price: number; weight_g: number; image: string }, i: number) => ({ id: s.id, spec_value_ids: s.spec_value_ids, price: s.price, market_price: s.market_price, pv: pv[i], weight_g: s.weight_g, image: s.image })),
    ...extra,
  };
}
const decide = (id: number, headers: Headers) => post('/admin/api/approvals/decide', { id, decision: 'approve' }, headers);

describe('an SKU’s PV', () => {
  it('a catalogue operator’s raise saves everything else at once and leaves PV as it was until a second operator approves it', async () => {
    const g = await newGoods(t.db, [{ price: 3699, stock: 9 }, { price: 3699, stock: 9 }], { name: 'Green tea' });
    await setPv(g.skuIds[0]!, 10);
    // A raise needs a reason: nothing is saved without one.
    const noReason = await post('/admin/api/catalogue/goods/save', await editBody(g.goodsId, [1_000_000, 0], { warranty_months: 6 }), cataloguer.headers);
    expect(noReason.body.code).toBe(ResponseCode.reasonRequired);
    const saved = await post('/admin/api/catalogue/goods/save', await editBody(g.goodsId, [1_000_000, 0], { warranty_months: 6, reason: 'launch' }), cataloguer.headers);
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ warranty_months: 6, skus: [{ id: g.skuIds[0], pv: 10 }, { id: g.skuIds[1], pv: 0 }] });
    expect(await pvOf(g.skuIds[0]!)).toBe(10);
    const [request] = saved.body.data.pv_requests;
    expect(saved.body.data.pv_asked).toEqual([request.id]);
    expect(request).toMatchObject({ kind: 'sku.pv', status: 'pending', reason: 'launch' });
    // What the approver reads: the goods by name and the SKU by its options, in each language they have, and PV now → asked.
    const listed = (await get('/admin/api/approvals?kind=sku.pv', approver.headers)).body.data.list.find((r: { id: number }) => r.id === request.id);
    expect(listed.what).toEqual({ key: 'sku_pv', goods_id: g.goodsId, sku_id: g.skuIds[0], name: { 'en-us': 'Green tea', 'zh-cn': '茶壶 Green tea' }, options: { 'en-us': 'Colour 1', 'zh-cn': '颜色 1' }, from: 10, to: 1_000_000 });
    // The editor, opened again, shows the PV in force and the raise waiting.
    const reopened = (await get(`/admin/api/catalogue/goods/info?id=${g.goodsId}`, cataloguer.headers)).body.data;
    expect(reopened.skus[0].pv).toBe(10);
    expect(reopened.pv_requests.map((r: { id: number }) => r.id)).toEqual([request.id]);
    // Saving again with the same raise answers the same request; the catalogue operator cannot approve it.
    const again = await post('/admin/api/catalogue/goods/save', await editBody(g.goodsId, [1_000_000, 0], { reason: 'launch' }), cataloguer.headers);
    expect(again.body.data.pv_asked).toEqual([request.id]);
    expect((await decide(request.id, cataloguer.headers)).body.code).not.toBe(200);
    expect(await pvOf(g.skuIds[0]!)).toBe(10);
    expect((await actionsOn('approval', request.id)).map((a) => a.action)).toEqual([`sku.pv.request #${request.id}`]);

    expect((await decide(request.id, approver.headers)).body).toMatchObject({ code: 200, data: { status: 'approved' } });
    expect(await pvOf(g.skuIds[0]!)).toBe(1_000_000);
    expect(await actionsOn('sku', g.skuIds[0]!)).toEqual([{ action: 'sku.pv', reason: 'launch' }]);
    expect(await pvTrail(g.skuIds[0]!)).toEqual([['sku.pv', { key: 'sku_pv', from: 10, to: 1_000_000, request_id: request.id }]]);
    expect((await get(`/admin/api/catalogue/goods/info?id=${g.goodsId}`, cataloguer.headers)).body.data.pv_requests).toEqual([]);
  });

  it('a new SKU with PV waits as a raise from 0; a cut applies at once and withdraws the raise waiting; another raise meanwhile is refused', async () => {
    const category = (await t.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const created = await post('/admin/api/catalogue/goods/save', { category_id: category, name: { 'en-us': 'Oolong' }, images: ['/media/demo/goods-1-1.png'], currency: 'USD', skus: [{ price: 999, pv: 20, stock: 3 }], reason: 'new tea' }, cataloguer.headers);
    expect(created.body.code, created.body.msg).toBe(200);
    const skuId = created.body.data.skus[0].id as number;
    expect(created.body.data.skus[0].pv).toBe(0);
    expect(created.body.data.pv_requests[0].what).toMatchObject({ sku_id: skuId, from: 0, to: 20, options: {} });
    await decide(created.body.data.pv_asked[0], approver.headers);
    expect(await pvOf(skuId)).toBe(20);

    const raise = await post('/admin/api/catalogue/goods/save', await editBody(created.body.data.id, [50], { reason: 'promo' }), cataloguer.headers);
    const raiseId = raise.body.data.pv_asked[0] as number;
    const other = await post('/admin/api/catalogue/goods/save', await editBody(created.body.data.id, [70], { reason: 'more' }), cataloguer.headers);
    expect(other.body.code).toBe(ResponseCode.approvalAlreadyWaiting);
    // Saving the goods with the PV in force (an edit of something else) leaves the raise waiting.
    await post('/admin/api/catalogue/goods/save', await editBody(created.body.data.id, [20], { sort: 3 }), cataloguer.headers);
    expect(await statusOf(raiseId)).toBe('pending');

    const cut = await post('/admin/api/catalogue/goods/save', await editBody(created.body.data.id, [8]), cataloguer.headers);
    expect(cut.body.data).toMatchObject({ skus: [{ pv: 8 }], pv_requests: [], pv_asked: [] });
    expect(await pvOf(skuId)).toBe(8);
    expect(await statusOf(raiseId)).toBe('cancelled');
    expect((await decide(raiseId, approver.headers)).body.code).not.toBe(200);
    expect(await pvOf(skuId)).toBe(8);
    expect(await pvTrail(skuId)).toEqual([
      ['sku.pv', { key: 'sku_pv', from: 0, to: 20, request_id: created.body.data.pv_asked[0] }],
      ['sku.pv', { key: 'sku_pv', from: 20, to: 8, request_id: null }],
    ]);
  });

  it('a settled order earns the PV in force when it was bought, never a raise still waiting', async () => {
    const g = await newGoods(t.db, [{ price: 3699, stock: 9 }]);
    await setPv(g.skuIds[0]!, 10);
    const asked = await post('/admin/api/catalogue/goods/save', await editBody(g.goodsId, [1_000_000], { reason: 'launch' }), cataloguer.headers);
    expect(asked.body.data.pv_asked).toHaveLength(1);

    const m = await walletMember(t);
    const addressId = await newAddress(t.db, m.userId);
    const order = await call(t, 'POST', '/shop/buy/createOrder', { headers: m.keyed(), body: { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 2, address_id: addressId, remarks: '' } });
    expect(order.body.code, order.body.msg).toBe(200);
    const orderId = order.body.data.order_id as number;
    await fund(t.db, m.userId, order.body.data.total, order.body.data.currency);
    expect((await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: orderId, pay_way: 'balance', pay_password: PAY_PASSWORD } })).body.data).toMatchObject({ state: 'success' });
    expect((await post('/admin/api/orders/ship', { order_id: orderId, carrier: 'DHL', tracking_number: `PV0000${orderId}` }, approver.headers)).body.code).toBe(200);
    expect((await call(t, 'POST', '/shop/order/confirmReceipt', { headers: m.keyed(), body: { id: orderId } })).body.code).toBe(200);
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 400 * 86_400_000) }).where('id', '=', orderId).execute();
    expect(await settleOrder(t.deps, jobActor('settle_order', 1), orderId)).toBe(true);
    const entries = await t.db.selectFrom('pv_entries').select('pv').where('order_id', '=', orderId).execute();
    expect(entries.map((e) => Number(e.pv))).toEqual([20]);
  });

  it('approving a raise and cutting the PV at the same moment end in one state: nothing waiting, the cut in force or refused as made from a copy the approval changed', async () => {
    for (let round = 0; round < 4; round++) {
      const g = await newGoods(t.db, [{ price: 1000, stock: 5 }]);
      await setPv(g.skuIds[0]!, 10);
      const id = (await post('/admin/api/catalogue/goods/save', await editBody(g.goodsId, [1000], { reason: 'race' }), cataloguer.headers)).body.data.pv_asked[0] as number;
      const cutBody = await editBody(g.goodsId, [5]);
      const [approved, cut] = await Promise.all([decide(id, approver.headers), post('/admin/api/catalogue/goods/save', cutBody, cataloguer.headers)]);
      // Approved first: the cut was typed on a copy the approval changed, so it is refused (the operator reloads and
      // sees the approved PV); cut first: the raise was withdrawn and approving found it closed.
      const approvedFirst = cut.body.code === ResponseCode.editedSinceOpened;
      if (!approvedFirst) expect(cut.body.code, cut.body.msg).toBe(200);
      expect(await pvOf(g.skuIds[0]!)).toBe(approvedFirst ? 1000 : 5);
      const status = await statusOf(id);
      expect(status).toBe(approvedFirst ? 'approved' : 'cancelled');
      expect(approved.body.code === 200).toBe(approvedFirst);
      expect(await pvTrail(g.skuIds[0]!)).toEqual([['sku.pv', approvedFirst ? { key: 'sku_pv', from: 10, to: 1000, request_id: id } : { key: 'sku_pv', from: 10, to: 5, request_id: null }]]);
      expect((await get(`/admin/api/catalogue/goods/info?id=${g.goodsId}`, cataloguer.headers)).body.data.pv_requests).toEqual([]);
    }
  });
});
