import { UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call } from '../../catalogue/__tests__/helpers.js';
import { ledgerCheck } from '../../ledger/ledger.service.js';
import { insertOperatorRate } from '../../rates/rates.queries.js';
import type { Fake2c2p } from '../gateways/2c2p/fake.js';
import { paymentResultClaims, RESP, signPayload, transactionDateTime } from '../gateways/2c2p/protocol.js';
import type { FakeAlipay } from '../gateways/alipay/fake.js';
import { formFields, signNotification } from '../gateways/alipay/protocol.js';
import type { FakeCtbc } from '../gateways/ctbc/fake.js';
import { resultForm, taipeiStamp } from '../gateways/ctbc/protocol.js';
import { alipayApp, wechatMerchant } from '../gateways/sandbox-keys.js';
import type { FakeWechat } from '../gateways/wechat/fake.js';
import { encryptResource, signedHeaders } from '../gateways/wechat/protocol.js';
import { entriesOf, flagsOf, memberWithOrder, orderStatus, paymentRow, TEST_SHOP_URL, useSandboxes } from './payments-helpers.js';
import { walletMember } from '../../wallet/__tests__/fixtures.js';

let t: TestApp;
let fakes: { '2c2p': Fake2c2p; wechat: FakeWechat; alipay: FakeAlipay; ctbc: FakeCtbc };

beforeAll(async () => {
  t = await buildTestApp();
  fakes = useSandboxes(t) as unknown as typeof fakes;
}, 60_000);
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) => t.app.inject({ method, url: url.replace(TEST_SHOP_URL, ''), ...(payload === undefined ? {} : { payload }), headers });
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const storedEvents = async (provider: string) => Number((await t.db.selectFrom('webhook_events').select((e) => e.fn.countAll().as('n')).where('provider', '=', provider).executeTakeFirstOrThrow()).n);
const pay = (m: { keyed: () => Record<string, string> }, body: Record<string, unknown>) => call(t, 'POST', '/shop/buy/payOrder', { headers: m.keyed(), body });

describe('2C2P PGW 4.3 end to end', () => {
  it('createToken, the hosted page, the signed notification, and the browser return as a hint: paid once', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 10_000 });
    const started = await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } });
    expect(started.body.code, started.body.msg).toBe(200);
    const info = started.body.data;
    expect(info).toMatchObject({ gateway: '2c2p', pay_way: '2c2p_card', status: 'pending', state: 'in_progress', amount: 10_000, fee: 280, gateway_part: 10_280 });
    expect(info.web_payment_url).toBe(`${TEST_SHOP_URL}/sandbox/2c2p/pay/${info.payment_token}`);
    // The same call again while it is open: the same token (invoiceNo is 2C2P's idempotency key).
    expect((await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data.payment_token).toBe(info.payment_token);
    expect(fakes['2c2p'].invoices.get(info.payment_no)).toMatchObject({ amountMinor: 10_280, currency: 'MYR' });

    const page = await inject('GET', info.web_payment_url);
    expect(page.body).toContain('MYR 102.80');
    const chosen = await inject('POST', info.web_payment_url, 'choice=pay', form);
    expect(chosen.statusCode).toBe(303);
    // 2C2P sends the browser back to the app's 2C2P page, which asks the shop about the invoice.
    expect(chosen.headers.location).toMatch(new RegExp(`/h5/#/pages/pay/2c2pPay\\?payment_no=${info.payment_no}&order_id=${m.order.id}&order_type=order&paymentResponse=`));
    const back = new URLSearchParams(chosen.headers.location!.split('?')[1]);
    expect(back.get('payment_no')).toBe(info.payment_no);
    const state = await call(t, 'GET', `/shop/order/queryOrder2c2p?paymentResponse=${encodeURIComponent(back.get('paymentResponse')!)}`, { headers: m.headers });
    expect(state.body.data).toMatchObject({ payment_no: info.payment_no, status: 'succeeded', state: 'success' });
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('the return is only a hint: a forged "success" return changes nothing while 2C2P says pending', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 3_000 });
    const info = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data;
    const forged = Buffer.from(JSON.stringify({ invoiceNo: info.payment_no, respCode: '0000', respDesc: 'Success' })).toString('base64');
    const state = await call(t, 'GET', `/shop/order/queryOrder2c2p?paymentResponse=${encodeURIComponent(forged)}`, { headers: m.headers });
    expect(state.body.data).toMatchObject({ status: 'pending', state: 'in_progress' });
    expect((await call(t, 'GET', '/shop/order/queryOrder2c2p?paymentResponse=bm90IGpzb24', { headers: m.headers })).body.code).not.toBe(200);
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('forged, alg none and altered notifications are refused with 4xx and change nothing', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 4_000 });
    const info = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data;
    const claims = paymentResultClaims({ merchantId: 'JT04', invoiceNo: info.payment_no, amountMinor: info.gateway_part, currency: 'MYR', respCode: RESP.success, respDesc: 'Success', tranRef: '77', referenceNo: 'R77', transactionDateTime: transactionDateTime(new Date()), channelCode: 'VI', approvalCode: '77' });
    const before = await storedEvents('2c2p');
    const json = { 'content-type': 'application/json' };
    expect((await inject('POST', '/webhooks/2c2p', JSON.stringify({ payload: await signPayload(claims, 'a-forger-does-not-know-the-secret-key') }), json)).statusCode).toBe(401);
    expect((await inject('POST', '/webhooks/2c2p', JSON.stringify({ payload: new UnsecuredJWT(claims).encode() }), json)).statusCode).toBeGreaterThanOrEqual(400);
    const good = await signPayload(claims, 'SANDBOX-2C2P-0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF');
    const [h, p, s] = good.split('.');
    const altered = Buffer.from(p!, 'base64url').toString().replace(`"amount":${(info.gateway_part / 100).toFixed(2)}`, '"amount":0.01');
    expect((await inject('POST', '/webhooks/2c2p', JSON.stringify({ payload: `${h}.${Buffer.from(altered).toString('base64url')}.${s}` }), json)).statusCode).toBe(401);
    expect((await inject('POST', '/webhooks/2c2p', '{"payload":', json)).statusCode).toBe(400);
    expect(await storedEvents('2c2p')).toBe(before);
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('50 concurrent identical notifications and the browser return: one transition, one ledger entry (5 rounds)', async () => {
    const fake = fakes['2c2p'];
    for (let round = 0; round < 5; round++) {
      const m = await memberWithOrder(t, { currency: 'MYR', price: 6_000 + round });
      const info = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data;
      // 2C2P settles it without telling; the notification's bytes are then delivered 50 times at once.
      fake.switches = { silent: true };
      await fake.decide(info.payment_no, 'pay');
      fake.switches = {};
      const inv = fake.invoices.get(info.payment_no)!;
      const claims = paymentResultClaims({ merchantId: 'JT04', invoiceNo: inv.invoiceNo, amountMinor: inv.amountMinor, currency: inv.currency, respCode: inv.respCode, respDesc: inv.respDesc, tranRef: inv.tranRef, referenceNo: `REF${inv.tranRef}`, transactionDateTime: transactionDateTime(new Date()), channelCode: 'VI', approvalCode: inv.tranRef.slice(-6) });
      const body = JSON.stringify({ payload: await signPayload(claims, 'SANDBOX-2C2P-0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF') });
      const [state, ...answers] = await Promise.all([
        call(t, 'GET', `/shop/order/queryOrder2c2p?payment_no=${info.payment_no}`, { headers: m.headers }),
        ...Array.from({ length: 50 }, () => inject('POST', '/webhooks/2c2p', body, { 'content-type': 'application/json' })),
      ]);
      expect(state.body.code).toBe(200);
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const row = await paymentRow(t, info.payment_no);
      expect(row.status).toBe('succeeded');
      const events = await t.db.selectFrom('payment_events').select(['kind', 'to_status']).where('payment_id', '=', row.id).where('to_status', '=', 'succeeded').execute();
      expect(events).toHaveLength(1);
      expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
      expect(await orderStatus(t, m.order.id)).toBe('paid');
    }
    expect(await ledgerCheck(t.db)).toEqual([]);
  });

  it('an amount mismatch is flagged and leaves the order unpaid; a stale "pending" never moves a success back', async () => {
    const m = await memberWithOrder(t, { currency: 'MYR', price: 7_000 });
    const info = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m.keyed(), body: { order_id: m.order.id } })).body.data;
    fakes['2c2p'].switches = { amountMinor: 1 };
    await fakes['2c2p'].decide(info.payment_no, 'pay');
    fakes['2c2p'].switches = {};
    expect(await flagsOf(t, (await paymentRow(t, info.payment_no)).id)).toContain('amount_mismatch');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');

    const m2 = await memberWithOrder(t, { currency: 'MYR', price: 7_100 });
    const info2 = (await call(t, 'POST', '/oms/onlinepay/order/createToken', { headers: m2.keyed(), body: { order_id: m2.order.id } })).body.data;
    fakes['2c2p'].switches = { outOfOrder: true };
    await fakes['2c2p'].decide(info2.payment_no, 'pay');
    await fakes['2c2p'].notifyPending(info2.payment_no);
    await fakes['2c2p'].flush();
    fakes['2c2p'].switches = {};
    await fakes['2c2p'].notifyPending(info2.payment_no);
    expect((await paymentRow(t, info2.payment_no)).status).toBe('succeeded');
    expect(await orderStatus(t, m2.order.id)).toBe('paid');
  });
});

describe('WeChat Pay v3 end to end', () => {
  it('H5: the page, TRANSACTION.SUCCESS through the ingress answered 204, the order paid once; redeliveries apply nothing', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 8_888 });
    const started = await pay(m, { order_id: m.order.id, pay_way: 'wechat_h5' });
    expect(started.body.code, started.body.msg).toBe(200);
    const info = started.body.data;
    expect(info).toMatchObject({ gateway: 'wechat', status: 'pending', currency: 'CNY', gateway_part: 8_941 });
    expect(fakes.wechat.orders.get(info.payment_no)).toMatchObject({ total: 8_941, tradeType: 'MWEB' });
    const url = new URL(info.redirect_url);
    expect(url.searchParams.get('redirect_url')).toContain(`payment_no=${info.payment_no}`);
    expect((await inject('GET', info.redirect_url)).body).toContain('CNY 89.41');
    fakes.wechat.switches = { duplicates: 3 };
    const chosen = await inject('POST', `${url.origin}${url.pathname}`, new URLSearchParams({ choice: 'pay', redirect_url: url.searchParams.get('redirect_url')! }).toString(), form);
    fakes.wechat.switches = {};
    expect(chosen.statusCode).toBe(303);
    expect(fakes.wechat.notifier.answers.slice(-3)).toEqual([204, 204, 204]);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
    const ev = await t.db.selectFrom('webhook_events').select('deliveries').where('provider', '=', 'wechat').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(ev.deliveries).toBe(3);
  });

  it('a wrong GCM tag, a changed byte, a stale timestamp and a foreign signature are refused and change nothing', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 1_000 });
    const info = (await pay(m, { order_id: m.order.id, pay_way: 'wechat_h5' })).body.data;
    const order = fakes.wechat.orders.get(info.payment_no)!;
    const before = await storedEvents('wechat');
    // What a real success would look like, captured instead of delivered.
    const real = fakes.wechat.notification({ ...order, state: 'SUCCESS', transactionId: '4200000001' });
    const send = (body: string, headers: Record<string, string>) => inject('POST', '/webhooks/wechat', body, headers);
    const wrongTag = JSON.parse(real.body) as { resource: { ciphertext: string; nonce: string } };
    wrongTag.resource.ciphertext = encryptResource('{"mchid":"1900000109"}', 'AnotherApiV3Key0123456789abcdefX', wrongTag.resource.nonce, 'transaction');
    const wrongTagBody = JSON.stringify(wrongTag);
    expect((await send(wrongTagBody, { 'content-type': 'application/json', ...signedHeaders(wrongTagBody, (await import('../gateways/sandbox-keys.js')).wechatPlatform.privateKey, 'PUB_KEY_ID_0000000000SANDBOX') })).statusCode).toBe(401);
    expect((await send(real.body.replace('"summary":"', '"summary":"x'), real.headers)).statusCode).toBe(401);
    expect((await send(real.body, { ...real.headers, ...signedHeaders(real.body, wechatMerchant.privateKey, 'PUB_KEY_ID_0000000000SANDBOX') })).statusCode).toBe(401);
    const stale = fakes.wechat.notification({ ...order, state: 'SUCCESS', transactionId: '4200000002' }, { staleSeconds: 600 });
    const res = await send(stale.body, stale.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'FAIL', message: 'stale' });
    expect(await storedEvents('wechat')).toBe(before);
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });

  it('JSAPI: the bridge parameters signed for the page, and in the sandbox its page instead of the bridge', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 1_500 });
    const started = await pay(m, { order_id: m.order.id, pay_way: 'wechat_jsapi' });
    expect(started.body.code, started.body.msg).toBe(200);
    const info = started.body.data;
    const prepay = fakes.wechat.orders.get(info.payment_no)!.prepayId;
    expect(info.sdk_params).toMatchObject({ appId: 'wxd0000000sandbox', package: `prepay_id=${prepay}`, signType: 'RSA' });
    expect(info.redirect_url).toContain(`/sandbox/wechat/pay/${prepay}`);
    await fakes.wechat.decide(info.payment_no, 'pay');
    expect(await orderStatus(t, m.order.id)).toBe('paid');
  });

  it('a failed payment is not notified: the state page asks the query and shows "Payment Failed"', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 1_200 });
    const info = (await pay(m, { order_id: m.order.id, pay_way: 'wechat_h5' })).body.data;
    await fakes.wechat.decide(info.payment_no, 'fail');
    const state = await call(t, 'GET', `/oms/onlinepay/order/getPayStateInfo?payment_no=${info.payment_no}`, { headers: m.headers });
    expect(state.body.data).toMatchObject({ status: 'failed', state: 'failed', message: 'Payment Failed' });
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });
});

describe('Alipay end to end', () => {
  it('wap.pay: the gateway page, trade_status_sync answered exactly "success", the order paid once', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 5_000 });
    const info = (await pay(m, { order_id: m.order.id, pay_way: 'alipay_wap' })).body.data;
    expect(info).toMatchObject({ gateway: 'alipay', status: 'pending', gateway_part: 5_030 });
    const fields = Object.fromEntries(new URL(info.redirect_url).searchParams);
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: info.payment_no, total_amount: '50.30' });
    const page = await inject('GET', info.redirect_url);
    expect(page.body).toContain('CNY 50.30');
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const chosen = await inject('POST', action, 'choice=pay&duplicates=2', form);
    expect(chosen.statusCode).toBe(303);
    // Alipay's return goes to the app's Alipay return page, which reads the payment from the shop.
    expect(chosen.headers.location).toMatch(new RegExp(`/h5/#/pages/goods/alione\\?payment_no=${info.payment_no}&order_id=${m.order.id}&order_type=order&`));
    expect(fakes.alipay.notifier.answers.slice(-2)).toEqual([200, 200]);
    expect(await orderStatus(t, m.order.id)).toBe('paid');
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
    // A redelivery of the stored notification is answered `success` and applies nothing.
    const again = fakes.alipay.notification(fakes.alipay.trades.get(info.payment_no)!);
    const res = await inject('POST', '/webhooks/alipay', again.body, again.headers);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('success');
    expect((await entriesOf(t, info.payment_no)).map((e) => e.kind)).toEqual(['payment.capture']);
  });

  it('a wrong sign, a changed byte and a foreign app are refused ("fail", 4xx) and change nothing', async () => {
    const m = await memberWithOrder(t, { currency: 'CNY', price: 2_000 });
    const info = (await pay(m, { order_id: m.order.id, pay_way: 'alipay_wap' })).body.data;
    await inject('GET', info.redirect_url);
    const trade = fakes.alipay.trades.get(info.payment_no)!;
    const real = fakes.alipay.notification({ ...trade, status: 'TRADE_SUCCESS', paidAt: new Date() });
    const before = await storedEvents('alipay');
    const f = formFields(real.body);
    const send = (fields: Record<string, string>) => inject('POST', '/webhooks/alipay', new URLSearchParams(fields).toString(), form);
    const wrong = await send(signNotification({ ...f, sign: '', sign_type: '' }, alipayApp.privateKey));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe('fail');
    expect((await send({ ...f, total_amount: '0.01' })).statusCode).toBe(401);
    expect((await send({ ...f, sign: '' })).statusCode).toBe(401);
    expect(await storedEvents('alipay')).toBe(before);
    expect((await paymentRow(t, info.payment_no)).status).toBe('pending');
    expect(await orderStatus(t, m.order.id)).toBe('awaiting_payment');
  });
});

describe('CTBC end to end (wallet top-up)', () => {
  it('a TWD top-up by card: the bank page, the result posted to the ingress, the wallet credited once', async () => {
    const today = new Date().toISOString().slice(0, 10);
    await insertOperatorRate(t.db, { base: 'TWD', quote: 'USD', rate: '0.03125', rate_date: today, set_by: 'test' }).catch(() => undefined);
    const m = await walletMember(t);
    const created = await call(t, 'POST', '/user/recharge/create', { headers: m.keyed(), body: { channel: 'ctbc', amount: '1600', currency: 'TWD' } });
    expect(created.body.code, created.body.msg).toBe(200);
    const r = created.body.data;
    const started = await pay(m, { order_type: 'recharge', order_id: r.id, pay_way: 'ctbc_card' });
    expect(started.body.code, started.body.msg).toBe(200);
    const info = started.body.data;
    expect(info).toMatchObject({ gateway: 'ctbc', status: 'pending', currency: 'TWD', gateway_part: 160_000 });
    const u = new URL(info.redirect_url);
    const page = await inject('POST', `${u.origin}${u.pathname}`, u.search.slice(1), form);
    expect(page.body).toContain('TWD 1600.00');
    const action = /action="([^"]+)"/.exec(page.body)![1]!;
    const chosen = await inject('POST', action, 'choice=pay', form);
    // The browser carries the result on to the shop too: same event, answered by the way back.
    const urlResEnc = /name="URLResEnc" value="([0-9A-F]+)"/.exec(chosen.body)![1]!;
    const viaBrowser = await inject('POST', '/webhooks/ctbc', `URLResEnc=${urlResEnc}`, form);
    expect(viaBrowser.statusCode).toBe(303);
    expect(viaBrowser.headers.location).toBe(`${TEST_SHOP_URL}/h5/#/pages/my/rechargeList`);
    expect((await paymentRow(t, info.payment_no)).status).toBe('succeeded');
    const rec = await t.db.selectFrom('recharge_orders').select(['status', 'credit_amount']).where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(rec.status).toBe('paid');
    expect((await t.db.selectFrom('journal_entries').select('kind').where('reference_id', '=', r.order_no).execute()).map((e) => e.kind)).toEqual(['recharge']);
    expect(await ledgerCheck(t.db)).toEqual([]);

    // A result under another key, or stale, is refused and stores nothing.
    const before = await storedEvents('ctbc');
    const forged = resultForm({ status: '0', errcode: '00', authCode: '1', authAmt: '1600', lidm: info.payment_no, xid: 'X', merID: '9001', Last4digitPAN: '4242', errDesc: '', Option: '', authTime: taipeiStamp(new Date()) }, 'AnotherKey0123456789abcd');
    expect((await inject('POST', '/webhooks/ctbc', new URLSearchParams(forged).toString(), form)).statusCode).toBe(401);
    const stale = resultForm({ status: '0', errcode: '00', authCode: '1', authAmt: '1600', lidm: info.payment_no, xid: 'Y', merID: '9001', Last4digitPAN: '4242', errDesc: '', Option: '', authTime: taipeiStamp(new Date(Date.now() - 7_200_000)) }, 'SandboxCtbcKey0123456789');
    expect((await inject('POST', '/webhooks/ctbc', new URLSearchParams(stale).toString(), form)).statusCode).toBe(401);
    expect(await storedEvents('ctbc')).toBe(before);
  });
});
