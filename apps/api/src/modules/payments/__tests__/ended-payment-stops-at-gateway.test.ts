import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { jobActor } from '../../../lib/actor.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import type { FakeAlipay } from '../gateways/alipay/fake.js';
import type { FakeWechat } from '../gateways/wechat/fake.js';
import { refundOwedBack } from '../reconcile.js';
import { entriesOf, flagsOf, memberWithOrder, orderStatus, paymentRow, TEST_SHOP_URL, useHeldSandboxes, type Delivery } from './payments-helpers.js';

// A payment the shop ends (replaced by another method, its order cancelled) is closed at Alipay and
// WeChat Pay once committed: Pay on their page still open takes nothing. A trade paid just before
// the close is not reported as stopped: its success arrives and is owed back, then refunded.

let t: TestApp;
let sandboxes: ReturnType<typeof useHeldSandboxes>;
beforeAll(async () => {
  t = await buildTestApp();
  sandboxes = useHeldSandboxes(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

const alipay = () => sandboxes.fakes.alipay as unknown as FakeAlipay;
const wechat = () => sandboxes.fakes.wechat as unknown as FakeWechat;

interface Case {
  name: 'alipay' | 'wechat';
  payWay: string;
  /** The other CNY method a member switches to in a second tab. */
  otherWay: string;
  otherGateway: 'alipay' | 'wechat';
  /** The trade's state at the fake, its closed state, and its word for a refused cashier. */
  state: (reference: string) => string | undefined;
  closed: string;
  refusal: string;
  answers: () => number[];
}
const cases: Case[] = [
  { name: 'alipay', payWay: 'alipay_wap', otherWay: 'wechat_h5', otherGateway: 'wechat', state: (r) => alipay().trades.get(r)?.status, closed: 'TRADE_CLOSED', refusal: 'ACQ.TRADE_HAS_CLOSE', answers: () => alipay().notifier.answers },
  { name: 'wechat', payWay: 'wechat_h5', otherWay: 'alipay_wap', otherGateway: 'alipay', state: (r) => wechat().orders.get(r)?.state, closed: 'CLOSED', refusal: 'ORDER_CLOSED', answers: () => wechat().notifier.answers },
];

let clients = 0;
const ip = () => `10.8.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;
type Member = Awaited<ReturnType<typeof memberWithOrder>>;

/** Starts a payment of the member's order with `payWay` and opens the gateway's page, as the browser does. */
async function startPaying(m: Member, payWay: string) {
  const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: payWay }, ip: ip() });
  expect(started.body.code, started.body.msg).toBe(200);
  const info = started.body.data as { payment_no: string; redirect_url: string };
  const page = await t.app.inject({ method: 'GET', url: info.redirect_url.replace(TEST_SHOP_URL, '') });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('data-choice="pay"');
  return { info, page: page.body };
}

const entity = (s: string) => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)));
/** Presses Pay on a page opened earlier. */
function pressPay(page: string) {
  const action = entity(/<form method="post" action="([^"]+)"/.exec(page)![1]!);
  const hidden = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((x) => [entity(x[1]!), entity(x[2]!)]));
  return t.app.inject({ method: 'POST', url: action.replace(TEST_SHOP_URL, ''), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...hidden, choice: 'pay' }).toString() });
}

const payInfo = async (m: Member, paymentNo: string) => (await call(t, 'GET', `/shop/buy/payInfo?payment_no=${paymentNo}&order_type=order`, { headers: m.headers })).body.data;

/** Pay on the first page, after the shop ended its payment: refused by the gateway, nothing taken, nothing owed. */
async function payTakesNothing(c: Case, m: Member, first: { info: { payment_no: string; redirect_url: string }; page: string }) {
  const sent = c.answers().length;
  const pressed = await pressPay(first.page);
  expect(pressed.statusCode).toBe(409);
  expect(pressed.body).toContain(c.refusal);
  expect(pressed.body).toContain('Nothing was charged');
  expect(c.state(first.info.payment_no)).toBe(c.closed);
  expect(c.answers().length).toBe(sent);
  const row = await paymentRow(t, first.info.payment_no);
  expect(row.status).toBe('canceled');
  expect(await flagsOf(t, row.id)).toEqual([]);
  expect(await entriesOf(t, first.info.payment_no)).toEqual([]);
  expect((await payInfo(m, first.info.payment_no)).owed_back).toBeNull();
  // Opening the page again (another tab, the back button) shows the refusal too.
  const again = await t.app.inject({ method: 'GET', url: first.info.redirect_url.replace(TEST_SHOP_URL, '') });
  expect(again.body).toContain(c.refusal);
  expect(again.body).not.toContain('data-choice="pay"');
}

describe.each(cases)('$name: a payment the shop ended', (c) => {
  it('replaced by another method in a second tab: Pay on the first page takes nothing; the new payment pays the order once', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 6_600 });
    const first = await startPaying(m, c.payWay);
    const second = await startPaying(m, c.otherWay);
    expect(second.info.payment_no).not.toBe(first.info.payment_no);
    expect((await paymentRow(t, first.info.payment_no)).status).toBe('canceled');

    await payTakesNothing(c, m, first);

    // The member pays in the second tab: the order is paid once, by the new payment.
    await sandboxes.fakes[c.otherGateway]!.decide(second.info.payment_no, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await entriesOf(t, second.info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
    expect(await flagsOf(t, (await paymentRow(t, first.info.payment_no)).id)).toEqual([]);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('its order cancelled: Pay on the page still open takes nothing, no paid-after-cancel flag', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 4_400 });
    const first = await startPaying(m, c.payWay);
    const cancelled = await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(200);

    await payTakesNothing(c, m, first);
    expect(await orderStatus(t, m.order.id)).toBe('cancelled');
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('paid just before the order was cancelled: not reported as stopped; the success is owed back and refunded', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 3_300 });
    const first = await startPaying(m, c.payWay);
    // The member pays; the gateway's notification is still on its way when the order is cancelled.
    const late: Delivery[] = await sandboxes.held(async () => expect((await pressPay(first.page)).statusCode).toBe(303));
    expect(late.length).toBeGreaterThan(0);
    const cancelled = await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    expect(cancelled.body.code, cancelled.body.msg).toBe(200);
    const row = await paymentRow(t, first.info.payment_no);
    expect(row.status).toBe('canceled');
    // Asked to stop it, the gateway's answer is "paid", never "stopped".
    await expect(t.deps.providers.payments[c.name]!.cancel!({ reference: row.reference, providerRef: row.provider_ref })).rejects.toThrow(/paid/);
    expect(c.state(row.reference)).not.toBe(c.closed);

    for (const d of late) await sandboxes.deliver(d);
    expect((await paymentRow(t, row.reference)).status).toBe('canceled');
    expect(await flagsOf(t, row.id)).toEqual(['paid_after_cancel']);
    expect((await entriesOf(t, row.reference)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    expect((await payInfo(m, row.reference)).owed_back).toEqual({ amount: row.gateway_minor, currency: 'CNY', reason: 'canceled', refunded: false });
    expect(await orderStatus(t, m.order.id)).toBe('cancelled');

    // The shop gives it back through the same gateway.
    await refundOwedBack(t.deps, jobActor('reconcile_payments', ++clients), 10, 0);
    expect(await t.db.selectFrom('payment_refunds').select(['status', 'amount_minor']).where('payment_id', '=', row.id).execute()).toEqual([{ status: 'succeeded', amount_minor: row.gateway_minor }]);
    expect((await payInfo(m, row.reference)).owed_back).toMatchObject({ refunded: true });
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('paid, its notice lost, then replaced by another method: the gateway is asked, its success owed back and refunded at once; the new payment pays the order', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 5_500 });
    const first = await startPaying(m, c.payWay);
    // The member pays; the gateway's notification never arrives (lost), and the member pays another way.
    const lost: Delivery[] = await sandboxes.held(async () => expect((await pressPay(first.page)).statusCode).toBe(303));
    expect(lost.length).toBeGreaterThan(0);
    const second = await startPaying(m, c.otherWay);
    const row = await paymentRow(t, first.info.payment_no);
    expect(row.status).toBe('canceled');
    // Not left at the gateway unseen: owed back and flagged as soon as the switch answered.
    expect(await flagsOf(t, row.id)).toEqual(['paid_after_cancel']);
    expect((await entriesOf(t, row.reference)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    expect((await payInfo(m, row.reference)).owed_back).toMatchObject({ amount: row.gateway_minor, currency: 'CNY', refunded: false });

    await sandboxes.fakes[c.otherGateway]!.decide(second.info.payment_no, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    await refundOwedBack(t.deps, jobActor('reconcile_payments', ++clients), 10, 0);
    expect(await t.db.selectFrom('payment_refunds').select(['status', 'amount_minor']).where('payment_id', '=', row.id).execute()).toEqual([{ status: 'succeeded', amount_minor: row.gateway_minor }]);
    // The lost notice turning up after all changes nothing more.
    for (const d of lost) await sandboxes.deliver(d);
    expect((await entriesOf(t, row.reference)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    expect(await flagsOf(t, row.id)).toEqual(['paid_after_cancel']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});

describe('Alipay: a trade it has not opened yet', () => {
  it('is not reported as stopped (wap.pay opens the trade only at the cashier); a success from that page is still owed back', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 2_200 });
    const started = await call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body: { order_id: m.order.id, pay_way: 'alipay_wap' }, ip: ip() });
    const row = await paymentRow(t, started.body.data.payment_no);
    await expect(t.deps.providers.payments.alipay!.cancel!({ reference: row.reference, providerRef: row.provider_ref })).rejects.toThrow(/ACQ\.TRADE_NOT_EXIST/);

    await call(t, 'POST', '/shop/order/cancelOrder', { headers: m.keyed(), body: { id: m.order.id, reason: 'changed my mind' } });
    const page = await t.app.inject({ method: 'GET', url: started.body.data.redirect_url.replace(TEST_SHOP_URL, '') });
    expect((await pressPay(page.body)).statusCode).toBe(303);
    expect(await flagsOf(t, row.id)).toEqual(['paid_after_cancel']);
    expect((await entriesOf(t, row.reference)).map((e) => e.kind)).toEqual(['payment.owed_back']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });
});
