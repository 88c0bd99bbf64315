import { describe, expect, it } from 'vitest';
import { alipayApp, alipayPlatform } from '../../sandbox-keys.js';
import { FakeAlipay } from '../fake.js';
import { AlipayGateway, alipayDefinition } from '../index.js';
import { chinaTime, formFields, fromYuan, rawJsonValue, signContent, signedAnswer, signNotification, verifyAnswer, verifyNotificationSign, yuan } from '../protocol.js';

describe('Alipay protocol', () => {
  it('amounts are yuan strings with two decimals', () => {
    expect(yuan(8888, 'CNY')).toBe('88.88');
    expect(yuan(5, 'CNY')).toBe('0.05');
    expect(() => yuan(100, 'USD')).toThrow();
    expect(fromYuan('88.88')).toBe(8888);
    expect(fromYuan('88.888')).toBeUndefined();
    expect(fromYuan(88.88)).toBeUndefined();
  });

  it('signs over the sorted non-empty fields; a notification leaves out sign and sign_type', () => {
    expect(signContent({ b: '2', a: '1', c: '', sign: 'x', sign_type: 'RSA2' })).toBe('a=1&b=2&sign_type=RSA2');
    expect(signContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2' }, ['sign', 'sign_type'])).toBe('a=1&b=2');
    const f = signNotification({ out_trade_no: 'P1', total_amount: '88.88', trade_status: 'TRADE_SUCCESS' }, alipayPlatform.privateKey);
    expect(verifyNotificationSign(f, alipayPlatform.publicKey)).toBe(true);
    expect(verifyNotificationSign({ ...f, total_amount: '88.89' }, alipayPlatform.publicKey)).toBe(false);
    expect(verifyNotificationSign(signNotification({ out_trade_no: 'P1' }, alipayApp.privateKey), alipayPlatform.publicKey)).toBe(false);
    expect(verifyNotificationSign({ ...f, sign_type: 'RSA' }, alipayPlatform.publicKey)).toBe(false);
  });

  it('verifies an answer over the exact text of its response node', () => {
    const text = signedAnswer('alipay.trade.query', { code: '10000', msg: 'Success', subject: 'a "quoted" {brace}' }, alipayPlatform.privateKey);
    expect(rawJsonValue(text, 'alipay_trade_query_response')).toBe('{"code":"10000","msg":"Success","subject":"a \\"quoted\\" {brace}"}');
    expect(verifyAnswer(text, 'alipay.trade.query', alipayPlatform.publicKey)).toMatchObject({ code: '10000' });
    expect(verifyAnswer(text.replace('10000', '10001'), 'alipay.trade.query', alipayPlatform.publicKey)).toBeUndefined();
    expect(verifyAnswer(text, 'alipay.trade.query', alipayApp.publicKey)).toBeUndefined();
  });
});

describe('Alipay adapter against its fake', () => {
  const sent: { url: string; body: string }[] = [];
  const ctx = { publicUrl: 'http://shop.test', sandboxUrl: 'http://shop.test/sandbox/alipay', webhookUrl: 'http://shop.test/webhooks/alipay', deliver: async (url: string, _h: Record<string, string>, body: string) => (sent.push({ url, body }), 200) };
  const settings = alipayDefinition.sandboxDefaults(ctx);
  const fake = alipayDefinition.sandbox(settings, ctx) as FakeAlipay;
  const gw = alipayDefinition.create(settings, 'sandbox', ctx) as AlipayGateway;
  const input = (reference: string, amountMinor = 8888) => ({ reference, amountMinor, currency: 'CNY', method: 'alipay_wap' as const, description: 'Order', returnUrl: 'http://shop.test/h5/#/pages/goods/payFinish?id=1', notifyUrl: ctx.webhookUrl, expiresAt: new Date(Date.now() + 1800_000) });
  const open = async (redirectUrl: string) => {
    const u = new URL(redirectUrl);
    return fake.handle({ method: 'GET', url: u.pathname.replace('/sandbox/alipay', '') + u.search, headers: {}, rawBody: Buffer.alloc(0) });
  };
  const tradeNoOf = (page: { body?: string | Buffer }) => /\/pay\/(\w+)"/.exec(String(page.body))![1]!;

  it('sends the browser with signed wap.pay fields; the fake opens one trade per out_trade_no and refuses a forged sign', async () => {
    const a = await gw.create(input('P30001'));
    const fields = Object.fromEntries(new URL(a.redirectUrl!).searchParams);
    expect(fields).toMatchObject({ method: 'alipay.trade.wap.pay', sign_type: 'RSA2', charset: 'utf-8', app_id: settings.ALIPAY_APP_ID });
    expect(JSON.parse(fields.biz_content!)).toMatchObject({ out_trade_no: 'P30001', total_amount: '88.88', product_code: 'QUICK_WAP_WAY' });
    const page = await open(a.redirectUrl!);
    expect(String(page.body)).toContain('data-choice="pay"');
    expect(tradeNoOf(await open(a.redirectUrl!))).toBe(tradeNoOf(page));
    expect(String((await open((await gw.create(input('P30001', 100))).redirectUrl!)).body)).toContain('ACQ.CONTEXT_INCONSISTENT');
    const forged = new URL(a.redirectUrl!);
    forged.searchParams.set('biz_content', fields.biz_content!.replace('88.88', '0.01'));
    expect(String((await open(forged.toString())).body)).toContain('isv.invalid-signature');
    expect(await gw.inquire({ reference: 'P30001' })).toMatchObject({ status: 'pending', amountMinor: 8888, currency: 'CNY' });
    await expect(gw.inquire({ reference: 'P39999' })).rejects.toMatchObject({ code: 'ACQ.TRADE_NOT_EXIST' });
  });

  it('pays: the shop gets a signed notification it verifies, the browser a return, the query agrees; answer is exactly success', async () => {
    const a = await gw.create(input('P30002'));
    const tradeNo = tradeNoOf(await open(a.redirectUrl!));
    sent.length = 0;
    const res = await fake.handle({ method: 'POST', url: `/pay/${tradeNo}`, headers: {}, rawBody: Buffer.from('choice=pay&duplicates=2') });
    expect(res.status).toBe(303);
    expect(res.headers!.location).toMatch(/^http:\/\/shop\.test\/h5\/#\/pages\/goods\/payFinish\?id=1&app_id=/);
    expect(sent).toHaveLength(2);
    expect(gw.verifyNotification(Buffer.from(sent[0]!.body), {}, new Date())).toMatchObject({ ok: true, notification: { kind: 'payment', reference: 'P30002', transactionRef: tradeNo, status: 'succeeded', amountMinor: 8888, currency: 'CNY', merchant: settings.ALIPAY_SELLER_ID } });
    expect(await gw.inquire({ reference: 'P30002' })).toMatchObject({ status: 'succeeded', transactionRef: tradeNo });
    expect(gw.answerNotification('accepted')).toMatchObject({ status: 200, body: 'success' });
    expect(gw.answerNotification('duplicate').body).toBe('success');
  });

  it('verifyNotification refuses a wrong sign, a changed byte, a stale notify_time and another app', async () => {
    const a = await gw.create(input('P30003'));
    await open(a.redirectUrl!);
    sent.length = 0;
    await fake.decide('P30003', 'pay');
    const body = sent[0]!.body;
    const f = formFields(body);
    expect(gw.verifyNotification(Buffer.from(body), {}, new Date()).ok).toBe(true);
    expect(gw.verifyNotification(Buffer.from(body.replace('total_amount=88.88', 'total_amount=88.80')), {}, new Date())).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gw.verifyNotification(Buffer.from(new URLSearchParams(signNotification({ ...f, sign: '', sign_type: '' }, alipayApp.privateKey)).toString()), {}, new Date())).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gw.verifyNotification(Buffer.from(new URLSearchParams({ ...f, sign: '' }).toString()), {}, new Date())).toEqual({ ok: false, reason: 'missing_signature' });
    expect(gw.verifyNotification(Buffer.from(body), {}, new Date(Date.now() + 27 * 3600_000))).toEqual({ ok: false, reason: 'stale' });
    const other = signNotification({ ...f, sign: '', sign_type: '', app_id: '9021000199999999' }, alipayPlatform.privateKey);
    expect(gw.verifyNotification(Buffer.from(new URLSearchParams(other).toString()), {}, new Date())).toEqual({ ok: false, reason: 'wrong_merchant' });
    expect(gw.answerNotification('rejected', 'bad_signature')).toMatchObject({ status: 401, body: 'fail' });
    expect(chinaTime(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01 08:00:00');
  });

  it('a cancelled trade is closed and notified; refunds once per out_request_no; a fully refunded trade stays paid', async () => {
    const c = await gw.create(input('P30004'));
    await open(c.redirectUrl!);
    sent.length = 0;
    await fake.decide('P30004', 'cancel');
    expect(gw.verifyNotification(Buffer.from(sent[0]!.body), {}, new Date())).toMatchObject({ ok: true, notification: { status: 'canceled', kind: 'payment' } });
    expect((await gw.inquire({ reference: 'P30004' })).status).toBe('canceled');
    const p = await gw.create(input('P30005'));
    await open(p.redirectUrl!);
    await fake.decide('P30005', 'pay');
    const refund = { paymentReference: 'P30005', providerRef: 'x', reference: 'RF1', amountMinor: 8000, currency: 'CNY', paymentAmountMinor: 8888 };
    expect(await gw.refund(refund)).toEqual({ refundRef: 'RF1', status: 'succeeded' });
    expect(await gw.refund(refund)).toEqual({ refundRef: 'RF1', status: 'succeeded' });
    expect(await gw.refund({ ...refund, reference: 'RF2', amountMinor: 889 })).toEqual({ refundRef: 'RF2', status: 'failed', reason: expect.stringMatching(/\S/) });
    expect(await gw.refund({ ...refund, reference: 'RF3', amountMinor: 888 })).toEqual({ refundRef: 'RF3', status: 'succeeded' });
    expect(fake.trades.get('P30005')).toMatchObject({ refunded: 8888, status: 'TRADE_CLOSED' });
    expect((await gw.inquire({ reference: 'P30005' })).status).toBe('succeeded');
  });

  it('the fake refuses an API call signed with another key', async () => {
    const other = new AlipayGateway({ ...(settings as Required<typeof settings>), ALIPAY_APP_PRIVATE_KEY: alipayPlatform.privateKey }, true);
    await expect(other.inquire({ reference: 'P30001' })).rejects.toMatchObject({ code: 'isv.invalid-signature' });
  });
});
