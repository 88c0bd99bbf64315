import { ResponseCode } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { newGoods, stockOf } from '../../cart/__tests__/fixtures.js';
import { systemActor } from '../../../lib/actor.js';
import { withTransaction } from '../../../lib/transaction.js';
import { balanceOf, ledgerCheck, post as postEntry } from '../../ledger/ledger.service.js';
import { afterSalesKit, type AfterSalesKit } from './fixtures.js';
import { responseCache } from '../../../lib/cache.js';
import { CASE_REASONS_TAG, SETTINGS_TAG } from '../after-sales.service.js';

let t: TestApp;
let kit: AfterSalesKit;
beforeAll(async () => {
  t = await buildTestApp();
  kit = await afterSalesKit(t);
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<AfterSalesKit['shopper']>>;
const shopper = () => kit.shopper();
const get = (m: { headers: Record<string, string> }, url: string) => kit.get(m, url);
const post = (m: Member, url: string, body: unknown) => kit.post(m, url, body);
const admin = (url: string, body: unknown) => kit.admin(url, body);
const adminGet = (url: string) => kit.adminGet(url);
const boughtOrder = (m: Member, opts?: Parameters<AfterSalesKit['boughtOrder']>[1]) => kit.boughtOrder(m, opts);
const uploaded = (userId: number, kind?: 'image' | 'video') => kit.uploaded(userId, kind);
const caseRow = (id: number) => kit.caseRow(id);
const eventsOf = (id: number) => kit.eventsOf(id);

describe('what may be asked', () => {
  it('afterSaleApply answers per line the kinds open now, the units left and the refundable share; nothing before shipping; another member is told the order does not exist', async () => {
    const m = await shopper();
    const early = await boughtOrder(m, { ship: false });
    const before = await post(m, '/shop/order/afterSaleApply', { order_id: early.orderId });
    expect(before.body.code).toBe(200);
    expect(before.body.data.kinds).toEqual([]);

    expect((await get(m, `/shop/order/info?id=${early.orderId}`)).body.data.actions).toMatchObject({ can_after_sale: false, can_review: false });
    const o = await boughtOrder(m);
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data.actions).toMatchObject({ can_after_sale: true, can_review: true });
    const res = await post(m, '/shop/order/afterSaleApply', { order_id: o.orderId });
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(d.kinds).toEqual(['return', 'exchange']);
    expect(new Date(d.deadlines.return).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    expect(new Date(d.deadlines.exchange).getTime()).toBeGreaterThan(Date.now() + 14.9 * 86_400_000);
    expect(d.lines.map((l: { bought: number; left: number; in_cases: number }) => [l.bought, l.left, l.in_cases])).toEqual([[2, 2, 0], [1, 1, 0]]);
    // The shares of what was paid add up to the goods' part of the total exactly.
    expect(d.lines.reduce((s: number, l: { refundable: number }) => s + l.refundable, 0)).toBe(o.total - o.freight);
    expect(d.reasons.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['damaged', 'changed_mind', 'wrong_size', 'not_working']));
    expect(d.reasons.find((r: { id: string }) => r.id === 'damaged')).toMatchObject({ text: 'Arrived damaged', needs_evidence: true });

    // Goods with a warranty offer a repair within it.
    await t.db.updateTable('goods').set({ warranty_months: 12 }).where('id', '=', o.goods.goodsId).execute();
    const withWarranty = (await post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data;
    expect(withWarranty.kinds).toEqual(['return', 'exchange', 'warranty']);
    expect(withWarranty.lines[0].warranty_until).toEqual(expect.any(String));

    const other = await shopper();
    expect((await post(other, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.code).toBe(ResponseCode.orderNotFound);
    // Past the windows: nothing but a clear refusal with the deadline.
    await t.db.updateTable('orders').set({ completed_at: new Date(Date.now() - 20 * 86_400_000) }).where('id', '=', o.orderId).execute();
    await t.db.updateTable('goods').set({ warranty_months: 0 }).where('id', '=', o.goods.goodsId).execute();
    expect((await post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data.kinds).toEqual([]);
    const late = await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(late.body.code).toBe(ResponseCode.afterSaleNotAllowed);
    // The message says the day the return window closed (data.deadline keeps the moment).
    expect(late.body.msg).toBe(`This request was possible until ${late.body.data.deadline.slice(0, 10)}`);
  });

  it('question, logistics and network answer the reasons per kind, the carriers, and the service points with the return address', async () => {
    const m = await shopper();
    const reasons = await get(m, '/attractive/AfterSales/question?kind=warranty');
    expect(reasons.body.data.list.map((r: { id: string; kind: string }) => [r.id, r.kind])).toEqual([['not_working', 'warranty'], ['defect', 'warranty']]);
    const zh = await call(t, 'GET', '/attractive/AfterSales/question?kind=return', { headers: m.headers, lang: 'zh-cn' });
    expect(zh.body.data.list[0].text).toBe('收到商品破损');
    const carriers = await get(m, '/attractive/AfterSales/logistics');
    expect(carriers.body.data.list).toEqual(expect.arrayContaining([{ code: 'sf', name: 'SF Express', needs_phone_tail: true }, { code: 'poslaju', name: 'Pos Laju', needs_phone_tail: false }]));
    await t.db.insertInto('after_sale_addresses').values([
      { country_code: 'MY', kind: 'return', name: 'Returns centre', address: 'Lot 5, Shah Alam', phone: '0355512345', hours: '9-18' },
      { country_code: 'MY', kind: 'service', name: 'Service point KL', address: 'Jalan Ampang 1', phone: '0321234567', hours: '10-20' },
    ]).execute();
    const network = await get(m, '/attractive/AfterSales/network?country=my');
    expect(network.body.data.return_address).toMatchObject({ name: 'Returns centre', country_code: 'MY' });
    expect(network.body.data.list.map((p: { name: string }) => p.name)).toEqual(['Service point KL']);
    expect((await get(m, '/attractive/AfterSales/network?country=TH')).body.data).toEqual({ return_address: null, list: [] });
  });
});

describe('opening a case', () => {
  it('a return of some units with evidence is under review; the list and the case show it; amounts or states in the body are never read', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    // The order list is read (and kept) before the case: the case shows in its after-sales view at once.
    expect((await get(m, '/shop/order/list?view=after_sales')).body.data).toMatchObject({ total: 0, counts: { after_sales: 0 } });
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data.has_after_sale).toBe(false);
    const image = await uploaded(m.userId);
    const res = await post(m, '/shop/order/afterSaleSubmit', {
      order_id: o.orderId, kind: 'return', reason_id: 'damaged', description: 'The lid was cracked', images: [image],
      lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }], refund: 999_999, status: 'refunded', refundable: 999_999,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'under_review', case_no: expect.stringMatching(/^AS\d{16}$/) });
    const id = res.body.data.case_id;
    const view = (await get(m, '/shop/order/list?view=after_sales')).body.data;
    expect(view).toMatchObject({ total: 1, counts: { after_sales: 1 } });
    expect(view.list.map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([[o.orderId, 'completed']]);
    expect((await get(m, '/shop/order/list?view=all')).body.data.counts.after_sales).toBe(1);
    // The order's pages lead to its cases (the list's and the order's own answer agree).
    expect(view.list[0].has_after_sale).toBe(true);
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data.has_after_sale).toBe(true);
    const otherOrder = await boughtOrder(m);
    expect((await get(m, `/shop/order/info?id=${otherOrder.orderId}`)).body.data.has_after_sale).toBe(false);
    const row = await caseRow(id);
    // One of two units of the 14.00 line: its share of what was paid, halved.
    const apply = (await post(m, '/shop/order/afterSaleApply', { order_id: o.orderId })).body.data;
    expect(apply.lines[0]).toMatchObject({ in_cases: 1, left: 1 });
    expect(Number(row.refundable_minor)).toBe(Math.floor((o.total - o.freight) * 1400 / 1700 / 2));
    expect(row).toMatchObject({ status: 'under_review', refund_minor: null });

    const list = await get(m, '/attractive/AfterSales/list');
    expect(list.body.data).toMatchObject({ total: 1 });
    expect(list.body.data.list[0]).toMatchObject({ id, kind: 'return', status: 'under_review', reason: 'Arrived damaged', actions: { can_cancel: true, can_ship_back: false } });
    // Evidence is private: the member reads it by an address signed for them.
    expect(list.body.data.list[0].images).toEqual([expect.stringMatching(new RegExp(`^${image}\\?exp=\\d+&sig=`))]);
    const info = await get(m, `/attractive/AfterSales/info?id=${id}`);
    expect(info.body.data).toMatchObject({ id, order_id: o.orderId, description: 'The lid was cracked', return_address: null, lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] });
    expect(info.body.data.events).toMatchObject([{ kind: 'submitted', to: 'under_review', by: 'member' }]);
    // The operator deciding it sees where the goods would go back (the member, only once it is approved),
    // or that the order's country has no return address yet.
    const country = (await t.db.selectFrom('orders').select('country_code').where('id', '=', o.orderId).executeTakeFirstOrThrow()).country_code;
    const others = await t.db.updateTable('after_sale_addresses').set({ enabled: false }).where('country_code', '=', country).where('kind', '=', 'return').where('enabled', '=', true).returning('id').execute();
    expect((await adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data).toMatchObject({ return_address: null, return_country: country });
    const desk = await t.db.insertInto('after_sale_addresses').values({ country_code: country, kind: 'return', name: 'Returns desk', address: '1 Dock Road' }).returning('id').executeTakeFirstOrThrow();
    expect((await adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data).toMatchObject({ return_address: { name: 'Returns desk', country_code: country }, return_country: country });
    expect((await get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.return_address).toBeNull();
    await t.db.deleteFrom('after_sale_addresses').where('id', '=', desk.id).execute();
    if (others.length) await t.db.updateTable('after_sale_addresses').set({ enabled: true }).where('id', 'in', others.map((r) => r.id)).execute();

    // Another member sees nothing of it.
    const other = await shopper();
    expect((await get(other, `/attractive/AfterSales/info?id=${id}`)).body.code).toBe(ResponseCode.afterSaleNotFound);
    expect((await get(other, '/attractive/AfterSales/list')).body.data.total).toBe(0);
    expect((await post(other, '/attractive/AfterSales/cancel', { case_id: id })).body.code).toBe(ResponseCode.afterSaleNotFound);
    expect((await caseRow(id)).status).toBe('under_review');
  });

  it('bad input is refused with a clear code and opens nothing', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const other = await shopper();
    const line = o.lines[0]!.id;
    const submit = (who: Member, body: Record<string, unknown>) => post(who, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line, qty: 1 }], ...body });
    expect((await submit(m, { lines: [] })).body.code).toBe(ResponseCode.afterSaleNoLines);
    expect((await submit(m, { lines: [{ order_line_id: line, qty: 0 }] })).body.code).toBe(ResponseCode.afterSaleNoLines);
    const over = await submit(m, { lines: [{ order_line_id: line, qty: 3 }] });
    expect(over.body).toMatchObject({ code: ResponseCode.afterSaleQuantity, msg: 'Only 2 of this item can still be chosen' });
    expect((await submit(m, { reason_id: 'wrong_size' })).body.code).toBe(ResponseCode.afterSaleReasonInvalid);
    expect((await submit(m, { reason_id: 'damaged' })).body.code).toBe(ResponseCode.afterSaleEvidenceRequired);
    expect((await submit(m, { reason_id: 'damaged', images: [await uploaded(other.userId)] })).body.code).toBe(ResponseCode.afterSaleEvidence);
    expect((await submit(m, { reason_id: 'damaged', video: await uploaded(m.userId, 'image') })).body.code).toBe(ResponseCode.afterSaleEvidence);
    expect((await submit(m, { kind: 'warranty', reason_id: 'defect', images: [await uploaded(m.userId)] })).body.code).toBe(ResponseCode.afterSaleKindNotAllowed);
    expect((await submit(m, { description: 'x'.repeat(141) })).status).toBe(422);
    expect((await submit(other, {})).body.code).toBe(ResponseCode.orderNotFound);
    expect((await submit(m, { kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: line, qty: 1, exchange_sku_id: (await newGoods(t.db)).skuIds[0] }] })).body.code).toBe(ResponseCode.afterSaleExchangeSku);
    expect(await t.db.selectFrom('after_sales').select('id').where('order_id', '=', o.orderId).execute()).toEqual([]);
  });

  it('a video is measured from the file itself: up to 60 s is taken, longer or unreadable is refused and opens nothing', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const submit = (video: string) => post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'damaged', video, lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] });
    const long = await submit(await kit.uploadedVideo(m.userId, 61));
    expect(long.body).toMatchObject({ code: ResponseCode.afterSaleVideoTooLong, msg: 'The video must be at most 60 seconds long' });
    expect((await submit(await kit.uploadedVideo(m.userId, 'unreadable'))).body.code).toBe(ResponseCode.afterSaleVideoTooLong);
    expect((await submit(await kit.uploadedVideo(m.userId, 3600, 1))).body.code).toBe(ResponseCode.afterSaleVideoTooLong);
    expect(await t.db.selectFrom('after_sales').select('id').where('order_id', '=', o.orderId).execute()).toEqual([]);
    const fine = await submit(await kit.uploadedVideo(m.userId, 59.5, 1));
    expect(fine.body.code).toBe(200);
    expect((await get(m, `/attractive/AfterSales/info?id=${fine.body.data.case_id}`)).body.data.video).toMatch(/^\/uploads\/as\/.+\.mp4\?exp=\d+&sig=/);
  });

  it('a burst of cases while the kept settings and reasons are being read again never waits on the pool: more cases at once than connections all answer', async () => {
    const m = await shopper();
    const orders: Awaited<ReturnType<typeof boughtOrder>>[] = [];
    for (let i = 0; i < 12; i++) orders.push(await boughtOrder(m));
    // As after an operator's change: the next case reads the settings and the reasons again, inside its transaction.
    responseCache(t.deps).invalidate(SETTINGS_TAG, CASE_REASONS_TAG);
    const results = await Promise.all(orders.map((o) => post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] })));
    expect(results.map((r) => r.body.code)).toEqual(orders.map(() => 200));
  });

  it('race: parallel cases on one line never hold more units than were bought (5 rounds)', async () => {
    const m = await shopper();
    for (let round = 0; round < 5; round++) {
      const o = await boughtOrder(m);
      const line = o.lines[0]!.id;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: line, qty: 1 }] })),
      );
      const codes = results.map((r) => r.body.code);
      expect(codes.filter((c) => c === 200)).toHaveLength(2);
      expect(codes.filter((c) => c !== 200).every((c) => c === ResponseCode.afterSaleQuantity)).toBe(true);
      // Those that lost are told nothing is left, not "only 0".
      expect([...new Set(results.filter((r) => r.body.code !== 200).map((r) => r.body.msg))]).toEqual(['No units of this item are left to choose']);
      const held = await t.db.selectFrom('after_sale_lines').select((eb) => eb.fn.sum<number>('qty').as('n')).where('order_line_id', '=', line).executeTakeFirstOrThrow();
      expect(Number(held.n)).toBe(2);
    }
  });
});

describe('who acted on a case', () => {
  it('the operator’s history names the operator of each decision (the member’s does not), and the approval records the refund it grants', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] })).body.data.case_id;
    const refund = Number((await caseRow(id)).refundable_minor) - 100;
    const refundable = (await get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.refundable as number;
    expect((await admin('/admin/api/after-sales/approve', { id, refund_amount: refund, refund_reason: 'The box is worn', reason: 'worn box' })).body.code).toBe(200);
    const { user_name } = await t.db.selectFrom('operators').select('user_name').where('id', '=', kit.operator.operatorId).executeTakeFirstOrThrow();
    const operator = `${user_name}#${kit.operator.operatorId}`;

    const events = (await adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data.events;
    expect(events.map((e: { kind: string; by: string; operator: string | null }) => [e.kind, e.by, e.operator])).toEqual([
      ['submitted', 'member', null],
      ['approved', 'operator', operator],
    ]);
    // The member reads that the shop acted, never who.
    const own = (await get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.events;
    expect(own.map((e: { kind: string; by: string }) => [e.kind, e.by])).toEqual([['submitted', 'member'], ['approved', 'operator']]);
    expect(JSON.stringify(own)).not.toContain(user_name);

    const approval = await t.db.selectFrom('operator_actions').select(['operator', 'reason', 'facts']).where('target_type', '=', 'after_sale').where('target_id', '=', id).where('action', '=', 'after_sale.approve').executeTakeFirstOrThrow();
    // The refund granted and what it was lowered from are facts (the log words them); the reason is what the operator typed: the member's reason for a lower one, then the operators' note.
    expect(approval).toEqual({ operator, reason: 'The box is worn · worn box', facts: { key: 'after_sale_refund', amount: refund, currency: o.currency, from: refundable } });
  });
});

describe('a return to its refund', () => {
  it('approve (partial, capped) → return shipped → received and restocked → refunded once to the balance under 20 parallel refunds; every step an event and a message', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 2 }, { order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id;
    const row = await caseRow(id);
    // The member's list of cases (kept between reads) follows every move below.
    const listed = async () => ((await get(m, '/attractive/AfterSales/list')).body.data.list as Array<{ id: number; status: string }>).find((c) => c.id === id)?.status;
    expect(await listed()).toBe('under_review');
    // Everything back: the whole total, freight included.
    expect(Number(row.refundable_minor)).toBe(o.total);
    expect((await admin('/admin/api/after-sales/refund', { id })).body.code).toBe(ResponseCode.afterSaleState);
    const tooMuch = await admin('/admin/api/after-sales/approve', { id, refund_amount: o.total + 1 });
    expect(tooMuch.body.code).toBe(ResponseCode.afterSaleRefundTooLarge);
    const partial = o.total - 100;
    const approved = await admin('/admin/api/after-sales/approve', { id, refund_amount: partial, refund_reason: 'The box is worn', reason: 'worn box' });
    expect(approved.body.data).toMatchObject({ id, status: 'awaiting_return', refunded: null });
    expect((await admin('/admin/api/after-sales/approve', { id })).body.code).toBe(ResponseCode.afterSaleState);
    expect(await listed()).toBe('awaiting_return');

    const info = (await get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
    expect(info).toMatchObject({ status: 'awaiting_return', refund: partial, ship_back_by: expect.any(String), actions: { can_ship_back: true, can_cancel: true } });
    // The member's shipment back: a listed carrier, the phone's last digits when it needs them.
    expect((await post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'pigeon', tracking_number: 'RT12345' })).body.code).toBe(ResponseCode.afterSaleCarrierInvalid);
    expect((await post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'sf', tracking_number: 'RT12345' })).body.code).toBe(ResponseCode.afterSaleCarrierInvalid);
    const other = await shopper();
    expect((await post(other, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: 'RT12345' })).body.code).toBe(ResponseCode.afterSaleNotFound);
    const shipped = await post(m, '/attractive/AfterSales/expressSave', { case_id: id, carrier_code: 'poslaju', tracking_number: 'RT12345' });
    expect(shipped.body.data).toEqual({ case_id: id, status: 'return_shipped' });
    expect(await listed()).toBe('return_shipped');
    const track = await get(m, `/attractive/AfterSales/expressTrack?case_id=${id}`);
    expect(track.body.data).toMatchObject({ carrier: 'Pos Laju', tracking_number: 'RT12345', status: 'in_transit' });
    expect((await get(m, `/attractive/AfterSales/expressTrack?case_id=${id}&leg=replacement`)).body.code).toBe(ResponseCode.afterSaleState);

    const stockBefore = await stockOf(t.db, o.lines[0]!.sku_id);
    expect((await admin('/admin/api/after-sales/receive', { id, resellable: true })).body.data.status).toBe('received');
    expect(await stockOf(t.db, o.lines[0]!.sku_id)).toBe(stockBefore + 2);
    // Received: too late to withdraw.
    expect((await post(m, '/attractive/AfterSales/cancel', { case_id: id })).body.code).toBe(ResponseCode.afterSaleState);

    const cash = await balanceOf(t.db, m.userId, 'cash', o.currency);
    const results = await Promise.all(Array.from({ length: 20 }, () => admin('/admin/api/after-sales/refund', { id })));
    expect(results.every((r) => r.body.code === 200)).toBe(true);
    expect(results.some((r) => r.body.data.status === 'refunded')).toBe(true);
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + partial);
    const refunds = await t.db.selectFrom('payment_refunds').select(['amount_minor', 'status']).where('cause', 'like', `after-sale:${id}:%`).execute();
    expect(refunds).toEqual([{ amount_minor: partial, status: 'succeeded' }]);
    expect(await caseRow(id)).toMatchObject({ status: 'refunded', refunded_minor: partial });
    expect(await listed()).toBe('refunded');
    expect((await admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunded', refunded: partial });
    expect(await ledgerCheck(t.db)).toEqual([]);

    expect(await eventsOf(id)).toEqual(['submitted:under_review', 'approved:awaiting_return', 'return_shipped:return_shipped', 'received:received', 'refunding:refunding', 'refunded:refunded', 'points_reversed:']);
    // The points the order earned go back in the refund's share.
    const earned = Number((await t.db.selectFrom('orders').select('points_earned').where('id', '=', o.orderId).executeTakeFirstOrThrow()).points_earned);
    expect(earned).toBeGreaterThan(0);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(earned - Math.floor((earned * partial) / o.total));
    const messages = await t.db.selectFrom('member_messages').select('kind').where('member_id', '=', m.userId).where('kind', 'like', 'after_sale.%').orderBy('id').execute();
    expect(messages.map((x) => x.kind)).toEqual(['after_sale.approved_reduced', 'after_sale.received', 'after_sale.refunded']);
    const read = await get(m, '/user/message/list?kind=after_sale');
    expect(read.body.data.list[0].text).toContain(`of case ${(await caseRow(id)).case_no} was refunded`);
    const detail = await adminGet(`/admin/api/after-sales/detail?id=${id}`);
    expect(detail.body.data).toMatchObject({ id, status: 'refunded', member_id: m.userId, refunded: partial, order_refundable: 100 });
    const caseNo = (await caseRow(id)).case_no;
    const inConsole = await adminGet(`/admin/api/after-sales/list?status=refunded&q=${caseNo}`);
    expect(inConsole.body.data).toMatchObject({ total: 1, list: [{ id, case_no: caseNo, member_id: m.userId, status: 'refunded' }] });
    expect((await adminGet('/admin/api/after-sales/list?status=under_review&q=' + caseNo)).body.data.total).toBe(0);
    const csv = await t.app.inject({ method: 'GET', url: `/admin/api/after-sales/list/export?q=${caseNo}`, headers: kit.operator.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(caseNo);
    const decisions = await t.db.selectFrom('operator_actions').select('action').where('target_type', '=', 'after_sale').where('target_id', '=', id).orderBy('id').execute();
    expect(decisions.map((d) => d.action)).toEqual(['after_sale.approve', 'after_sale.restock', 'after_sale.receive', 'after_sale.refund']);
    expect(await t.db.selectFrom('operator_actions').select('action').where('action', '=', 'export.after-sales').execute()).toHaveLength(1);
  });

  it('race: refunds of several cases of one order at once refund each case once and never more than was paid, freight with the last units', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const cash = await balanceOf(t.db, m.userId, 'cash', o.currency);
    const ids: number[] = [];
    for (const lines of [[{ order_line_id: o.lines[0]!.id, qty: 1 }], [{ order_line_id: o.lines[0]!.id, qty: 1 }], [{ order_line_id: o.lines[1]!.id, qty: 1 }]]) {
      const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines })).body.data.case_id;
      await admin('/admin/api/after-sales/approve', { id });
      await admin('/admin/api/after-sales/receive', { id });
      ids.push(id);
    }
    const refundable = await Promise.all(ids.map(async (id) => Number((await caseRow(id)).refundable_minor)));
    expect(refundable.reduce((a, b) => a + b, 0)).toBe(o.total);
    await Promise.all(ids.flatMap((id) => Array.from({ length: 6 }, () => admin('/admin/api/after-sales/refund', { id }))));
    for (const id of ids) expect((await caseRow(id)).status).toBe('refunded');
    expect(await balanceOf(t.db, m.userId, 'cash', o.currency)).toBe(cash + o.total);
    const refunds = await t.db.selectFrom('payment_refunds').select(['cause', 'amount_minor']).where('cause', 'in', ids.map((id) => `after-sale:${id}:ledger`)).execute();
    expect(refunds).toHaveLength(3);
    // Everything back: no more is left to refund.
    expect((await adminGet(`/admin/api/after-sales/detail?id=${ids[0]}`)).body.data.order_refundable).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an order paid with points: each return gives its share of the points back, and all returns give back exactly what was spent', async () => {
    const m = await shopper();
    const o = await boughtOrder(m, { payWith: 'points' });
    const payment = await t.db.selectFrom('payments').selectAll().where('payable_type', '=', 'order').where('payable_id', '=', o.orderId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ ledger_asset: 'points', ledger_minor: o.total });
    const left = await balanceOf(t.db, m.userId, 'points', 'XXX');
    // Points earned on the order are in that balance, and go back with each refund's share.
    const earned = Number((await t.db.selectFrom('orders').select('points_earned').where('id', '=', o.orderId).executeTakeFirstOrThrow()).points_earned);
    const returned = async (lines: Array<{ order_line_id: number; qty: number }>) => {
      const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines })).body.data.case_id;
      await admin('/admin/api/after-sales/approve', { id });
      await admin('/admin/api/after-sales/receive', { id });
      const refunded = await admin('/admin/api/after-sales/refund', { id });
      expect(refunded.body.data.status).toBe('refunded');
      return refunded.body.data.refunded as number;
    };
    const first = await returned([{ order_line_id: o.lines[1]!.id, qty: 1 }]);
    expect(first).toBeGreaterThan(0);
    // Its share of the points: the units of the value refunded, rounded down.
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(left + Math.floor((payment.ledger_units * first) / payment.ledger_minor) - Math.floor((earned * first) / o.total));
    const second = await returned([{ order_line_id: o.lines[0]!.id, qty: 2 }]);
    expect(first + second).toBe(o.total);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(left + payment.ledger_units - earned);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('earned points already spent: what is left is taken back and the shortfall recorded on the case', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const earned = Number((await t.db.selectFrom('orders').select('points_earned').where('id', '=', o.orderId).executeTakeFirstOrThrow()).points_earned);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(earned);
    // The member spent all but 2 of them.
    await withTransaction(t.db, (tx) => postEntry(tx, { kind: 'test.spend', reference: { type: 'order', id: o.orderId }, idempotencyKey: `spend-${o.orderId}`, actor: systemActor('test'), postings: [{ account: { member: m.userId, asset: 'points', currency: 'XXX' }, amount: -(earned - 2) }, { account: { system: 'promotions', asset: 'points', currency: 'XXX' }, amount: earned - 2 }] }));
    const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 2 }, { order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id;
    await admin('/admin/api/after-sales/approve', { id });
    await admin('/admin/api/after-sales/receive', { id });
    expect((await admin('/admin/api/after-sales/refund', { id })).body.data.status).toBe('refunded');
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(0);
    const event = await t.db.selectFrom('after_sale_events').select('reason').where('case_id', '=', id).where('kind', '=', 'points_reversed').executeTakeFirstOrThrow();
    expect(event.reason).toBe(`reversed 2 of ${earned} earned points, shortfall ${earned - 2}`);
    // The operator and the member read the figures in their language.
    const detail = async (lang: string) =>
      (await t.app.inject({ method: 'GET', url: `/admin/api/after-sales/detail?id=${id}`, headers: { ...kit.operator.headers, 'think-lang': lang } })).json().data.events.find((e: { kind: string }) => e.kind === 'points_reversed').reason;
    expect(await detail('en-us')).toBe(`2 of ${earned} earned points taken back; ${earned - 2} were already spent and could not be`);
    expect(await detail('zh-cn')).toBe(`已收回获得积分 ${earned} 中的 2；另有 ${earned - 2} 已被使用，无法收回`);
    const mine = (await get(m, `/attractive/AfterSales/info?id=${id}`)).body.data.events.find((e: { kind: string }) => e.kind === 'points_reversed');
    expect(mine.reason).toBe(`2 of ${earned} earned points taken back; ${earned - 2} were already spent and could not be`);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a return refunded before the order was received: completion credits the points less their share, later returns take back the rest', async () => {
    const m = await shopper();
    const o = await boughtOrder(m, { receive: false });
    const earned = Number((await t.db.selectFrom('orders').select('points_earned').where('id', '=', o.orderId).executeTakeFirstOrThrow()).points_earned);
    expect(earned).toBeGreaterThan(0);
    const refundCase = async (lines: Array<{ order_line_id: number; qty: number }>) => {
      const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines })).body.data.case_id;
      expect((await admin('/admin/api/after-sales/approve', { id })).body.code).toBe(200);
      expect((await admin('/admin/api/after-sales/receive', { id })).body.code).toBe(200);
      const refunded = await admin('/admin/api/after-sales/refund', { id });
      expect(refunded.body.data.status).toBe('refunded');
      return { id, refunded: refunded.body.data.refunded as number };
    };
    // The 3.00 unit goes back before the parcel arrived: nothing is credited yet, so its share is withheld.
    const first = await refundCase([{ order_line_id: o.lines[1]!.id, qty: 1 }]);
    const withheld = Math.floor((earned * first.refunded) / o.total);
    expect(withheld).toBeGreaterThan(0);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(0);
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data).toMatchObject({ points_earned: earned - withheld, points_earned_posted: false });
    const note = async (id: number) => (await adminGet(`/admin/api/after-sales/detail?id=${id}`)).body.data.events.find((e: { kind: string }) => e.kind === 'points_reversed').reason;
    expect(await note(first.id)).toBe(`${withheld} points the order would earn will not be credited (they were not credited yet)`);
    // Received: what is left of the points is credited.
    expect((await post(m, '/shop/order/confirmReceipt', { id: o.orderId })).body.code).toBe(200);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(earned - withheld);
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data).toMatchObject({ points_earned: earned - withheld, points_earned_posted: true });
    // The rest goes back after: the rest of the points with it, none left over and none taken twice.
    const second = await refundCase([{ order_line_id: o.lines[0]!.id, qty: 2 }]);
    expect(first.refunded + second.refunded).toBe(o.total);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(0);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('race: a refund and the receipt at once: the points come out the same whichever goes first (5 runs)', async () => {
    for (let run = 0; run < 5; run++) {
      const m = await shopper();
      const o = await boughtOrder(m, { receive: false });
      const earned = Number((await t.db.selectFrom('orders').select('points_earned').where('id', '=', o.orderId).executeTakeFirstOrThrow()).points_earned);
      const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[0]!.id, qty: 1 }] })).body.data.case_id;
      await admin('/admin/api/after-sales/approve', { id });
      await admin('/admin/api/after-sales/receive', { id });
      const [refund, receipt] = await Promise.all([admin('/admin/api/after-sales/refund', { id }), post(m, '/shop/order/confirmReceipt', { id: o.orderId })]);
      expect([refund.body.data.status, receipt.body.code]).toEqual(['refunded', 200]);
      expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(earned - Math.floor((earned * refund.body.data.refunded) / o.total));
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('a whole order refunded before it was received earns no points and can no longer be received', async () => {
    const m = await shopper();
    const o = await boughtOrder(m, { receive: false });
    const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: o.lines.map((l) => ({ order_line_id: l.id, qty: l.quantity })) })).body.data.case_id;
    await admin('/admin/api/after-sales/approve', { id });
    await admin('/admin/api/after-sales/receive', { id });
    expect((await admin('/admin/api/after-sales/refund', { id })).body.data).toMatchObject({ status: 'refunded', refunded: o.total });
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data.points_earned).toBe(0);
    // Every unit came back refunded while it was on its way: the order is refunded, nothing is left to receive.
    expect((await get(m, `/shop/order/info?id=${o.orderId}`)).body.data.status).toBe('refunded');
    expect((await post(m, '/shop/order/confirmReceipt', { id: o.orderId })).body.code).toBe(ResponseCode.orderState);
    expect(await balanceOf(t.db, m.userId, 'points', 'XXX')).toBe(0);
    expect(await t.db.selectFrom('journal_entries').select('id').where('kind', '=', 'order.points.earn').where('reference_id', '=', String(o.orderId)).execute()).toEqual([]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('race: approve and withdraw at once give one outcome; a rejected case may be sent again once', async () => {
    for (let i = 0; i < 3; i++) {
      const m = await shopper();
      const o = await boughtOrder(m);
      const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id;
      const [approve, cancel] = await Promise.all([admin('/admin/api/after-sales/approve', { id }), post(m, '/attractive/AfterSales/cancel', { case_id: id })]);
      const status = (await caseRow(id)).status;
      if (approve.body.code === 200) expect(status).toBe(cancel.body.code === 200 ? 'withdrawn' : 'awaiting_return');
      else expect([approve.body.code, cancel.body.code, status]).toEqual([ResponseCode.afterSaleState, 200, 'withdrawn']);
      expect((await t.db.selectFrom('after_sale_events').select('id').where('case_id', '=', id).execute()).length).toBe(approve.body.code === 200 && cancel.body.code === 200 ? 3 : 2);
    }

    const m = await shopper();
    const o = await boughtOrder(m);
    const id = (await post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'return', reason_id: 'changed_mind', lines: [{ order_line_id: o.lines[1]!.id, qty: 1 }] })).body.data.case_id;
    expect((await admin('/admin/api/after-sales/reject', { id, reason: '' })).status).toBe(422);
    expect((await admin('/admin/api/after-sales/reject', { id, reason: 'Opened and used' })).body.data.status).toBe('rejected');
    const info = (await get(m, `/attractive/AfterSales/info?id=${id}`)).body.data;
    expect(info).toMatchObject({ status: 'rejected', reject_reason: 'Opened and used', actions: { can_resubmit: true, can_cancel: false } });
    // The units are free again: a new case, or the rejected one sent again (once).
    const again = await post(m, '/attractive/AfterSales/submit', { case_id: id, description: 'Unopened, see photo', images: [await uploaded(m.userId)] });
    expect(again.body.data.status).toBe('under_review');
    expect(await caseRow(again.body.data.case_id)).toMatchObject({ follows_case_id: id, description: 'Unopened, see photo' });
    expect((await post(m, '/attractive/AfterSales/submit', { case_id: id })).body.code).toBe(ResponseCode.afterSaleState);
    const other = await shopper();
    expect((await post(other, '/attractive/AfterSales/submit', { case_id: id })).body.code).toBe(ResponseCode.afterSaleNotFound);
  });
});

describe('an exchange', () => {
  it('to another SKU of the same goods: stock reserved at approval and given back when withdrawn; a replacement ships after the goods are received; the cap holds', async () => {
    const m = await shopper();
    const o = await boughtOrder(m);
    const target = o.goods.skuIds[2]!;
    const exchange = (qty: number) => post(m, '/shop/order/afterSaleSubmit', { order_id: o.orderId, kind: 'exchange', reason_id: 'wrong_size', lines: [{ order_line_id: o.lines[0]!.id, qty, exchange_sku_id: target }] });
    const first = (await exchange(1)).body.data.case_id;
    const stock = await stockOf(t.db, target);
    await admin('/admin/api/after-sales/approve', { id: first });
    expect(await stockOf(t.db, target)).toBe(stock - 1);
    expect((await post(m, '/attractive/AfterSales/cancel', { case_id: first })).body.data).toEqual({ case_id: first, status: 'withdrawn' });
    expect(await stockOf(t.db, target)).toBe(stock);

    const second = (await exchange(2)).body.data.case_id;
    await admin('/admin/api/after-sales/approve', { id: second });
    expect((await admin('/admin/api/after-sales/ship', { id: second, carrier: 'DHL', tracking_number: 'RP0001' })).body.code).toBe(ResponseCode.afterSaleState);
    await admin('/admin/api/after-sales/receive', { id: second, resellable: false });
    const shipped = await admin('/admin/api/after-sales/ship', { id: second, carrier: 'DHL', tracking_number: 'RP0001' });
    expect(shipped.body.data.status).toBe('replacement_shipped');
    const info = (await get(m, `/attractive/AfterSales/info?id=${second}`)).body.data;
    expect(info).toMatchObject({ replacement_shipment: { carrier: 'DHL', tracking_number: 'RP0001', status: 'in_transit' }, actions: { can_confirm_receipt: true }, lines: [{ exchange_sku_id: target, qty: 2 }] });
    // The withdrawn case gave its units back; both units were exchanged once: the cap (1 per unit) is reached.
    await t.db.updateTable('after_sales').set({ status: 'completed' }).where('id', '=', second).execute();
    const third = await exchange(1);
    expect(third.body).toMatchObject({ code: ResponseCode.afterSaleExchangeLimit, msg: 'Maximum number of item exchanges reached (1 per item)' });
  });
});
