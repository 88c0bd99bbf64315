import { describe, expect, it } from 'vitest';
import { wechatMerchant, wechatPlatform } from '../../sandbox-keys.js';
import { FakeWechat } from '../fake.js';
import { WechatGateway, wechatDefinition } from '../index.js';
import { authorization, decryptResource, encryptResource, fen, parseAuthorization, rsaVerify, signedHeaders, verifySignedHeaders } from '../protocol.js';

const KEY = 'SandboxApiV3Key0123456789abcdefX';
const keys = new Map([['SERIAL1', wechatPlatform.publicKey]]);
const now = new Date();
const ts = (d = now) => String(Math.floor(d.getTime() / 1000));

describe('WeChat Pay v3 protocol', () => {
  it('amounts are integer fen, CNY only', () => {
    expect(fen(8888, 'CNY')).toBe(8888);
    expect(() => fen(100, 'USD')).toThrow();
    expect(() => fen(0, 'CNY')).toThrow();
  });

  it('signs requests over method, path, timestamp, nonce and body', () => {
    const header = authorization({ method: 'POST', url: '/v3/pay/transactions/h5', body: '{"a":1}', mchid: '1900000109', serial: 'S', privateKey: wechatMerchant.privateKey, timestamp: '1700000000', nonce: 'N1' });
    const p = parseAuthorization(header)!;
    expect(p).toMatchObject({ mchid: '1900000109', nonce: 'N1', timestamp: '1700000000', serial: 'S' });
    expect(rsaVerify('POST\n/v3/pay/transactions/h5\n1700000000\nN1\n{"a":1}\n', p.signature, wechatMerchant.publicKey)).toBe(true);
    expect(rsaVerify('POST\n/v3/pay/transactions/h5\n1700000000\nN1\n{"a":2}\n', p.signature, wechatMerchant.publicKey)).toBe(false);
  });

  it('verifies Wechatpay-* headers: a bad signature, a changed byte, an unknown serial and a stale timestamp are refused', () => {
    const body = '{"id":"EV-1","event_type":"TRANSACTION.SUCCESS"}';
    const h = signedHeaders(body, wechatPlatform.privateKey, 'SERIAL1', ts());
    expect(verifySignedHeaders(h, body, keys, now)).toEqual({ ok: true });
    expect(verifySignedHeaders(h, body.replace('EV-1', 'EV-2'), keys, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifySignedHeaders(signedHeaders(body, wechatMerchant.privateKey, 'SERIAL1', ts()), body, keys, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifySignedHeaders({ ...h, 'wechatpay-serial': 'OTHER' }, body, keys, now)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifySignedHeaders({ ...h, 'wechatpay-signature': undefined }, body, keys, now)).toEqual({ ok: false, reason: 'missing_signature' });
    const old = signedHeaders(body, wechatPlatform.privateKey, 'SERIAL1', ts(new Date(now.getTime() - 301_000)));
    expect(verifySignedHeaders(old, body, keys, now)).toEqual({ ok: false, reason: 'stale' });
    const future = signedHeaders(body, wechatPlatform.privateKey, 'SERIAL1', ts(new Date(now.getTime() + 301_000)));
    expect(verifySignedHeaders(future, body, keys, now)).toEqual({ ok: false, reason: 'stale' });
  });

  it('opens AES-256-GCM resources with the APIv3 key and refuses a wrong tag, key, nonce or associated data', () => {
    const ct = encryptResource('{"out_trade_no":"P1"}', KEY, 'abcdefghijkl', 'transaction');
    expect(decryptResource(ct, KEY, 'abcdefghijkl', 'transaction')).toBe('{"out_trade_no":"P1"}');
    const raw = Buffer.from(ct, 'base64');
    raw[raw.length - 1] = raw[raw.length - 1]! ^ 1;
    expect(decryptResource(raw.toString('base64'), KEY, 'abcdefghijkl', 'transaction')).toBeUndefined();
    const body = Buffer.from(ct, 'base64');
    body[0] = body[0]! ^ 1;
    expect(decryptResource(body.toString('base64'), KEY, 'abcdefghijkl', 'transaction')).toBeUndefined();
    expect(decryptResource(ct, 'AnotherApiV3Key0123456789abcdefX', 'abcdefghijkl', 'transaction')).toBeUndefined();
    expect(decryptResource(ct, KEY, 'abcdefghijkX', 'transaction')).toBeUndefined();
    expect(decryptResource(ct, KEY, 'abcdefghijkl', 'refund')).toBeUndefined();
  });
});

describe('WeChat Pay adapter against its fake', () => {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const ctx = { publicUrl: 'http://shop.test', sandboxUrl: 'http://shop.test/sandbox/wechat', webhookUrl: 'http://shop.test/webhooks/wechat', deliver: async (url: string, headers: Record<string, string>, body: string) => (sent.push({ url, headers, body }), 204) };
  const settings = wechatDefinition.sandboxDefaults(ctx);
  const fake = wechatDefinition.sandbox(settings, ctx) as FakeWechat;
  const gw = wechatDefinition.create(settings, 'sandbox', ctx) as WechatGateway;
  const input = (reference: string, amountMinor = 8888, method: 'wechat_h5' | 'wechat_jsapi' = 'wechat_h5') => ({ reference, amountMinor, currency: 'CNY', method, description: 'Order', returnUrl: 'http://shop.test/h5/#/pages/goods/payFinish?id=1', notifyUrl: ctx.webhookUrl, expiresAt: new Date(Date.now() + 1800_000), options: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' }, customer: { memberId: 1, ip: '203.0.113.7' } });

  it('creates H5 and JSAPI orders once per out_trade_no and refuses the same number with another amount', async () => {
    const a = await gw.create(input('P20001'));
    expect(a.redirectUrl).toMatch(/^http:\/\/shop\.test\/sandbox\/wechat\/pay\/wx\w+\?prepay_id=wx\w+&redirect_url=http%3A%2F%2Fshop\.test/);
    expect((await gw.create(input('P20001'))).providerRef).toBe(a.providerRef);
    await expect(gw.create(input('P20001', 8889))).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    const j = await gw.create(input('P20002', 100, 'wechat_jsapi'));
    expect(j.sdkParams).toMatchObject({ appId: settings.WECHATPAY_APP_ID, package: `prepay_id=${j.providerRef}`, signType: 'RSA' });
    const p = j.sdkParams!;
    expect(rsaVerify(`${p.appId}\n${p.timeStamp}\n${p.nonceStr}\n${p.package}\n`, p.paySign!, wechatMerchant.publicKey)).toBe(true);
    expect(await gw.inquire({ reference: 'P20001' })).toMatchObject({ status: 'pending', amountMinor: 8888, currency: 'CNY', merchant: settings.WECHATPAY_MCH_ID });
  });

  it('the fake refuses a request signed with another key', async () => {
    const other = new WechatGateway({ ...(settings as Required<typeof settings>), WECHATPAY_MCH_PRIVATE_KEY: wechatPlatform.privateKey }, true);
    await expect(other.create(input('P20003'))).rejects.toMatchObject({ code: 'SIGN_ERROR' });
    // And an answer not signed by the platform is not believed.
    const fooled = new WechatGateway({ ...(settings as Required<typeof settings>), WECHATPAY_PLATFORM_PUBLIC_KEY: wechatMerchant.publicKey }, true);
    await expect(fooled.inquire({ reference: 'P20001' })).rejects.toThrow(/not signed by the platform/);
  });

  it('pays on the hosted page, notifies TRANSACTION.SUCCESS (encrypted, signed), goes back to redirect_url', async () => {
    const a = await gw.create(input('P20004'));
    const url = new URL(a.redirectUrl!);
    const page = await fake.handle({ method: 'GET', url: url.pathname.replace('/sandbox/wechat', '') + url.search, headers: {}, rawBody: Buffer.alloc(0) });
    expect(String(page.body)).toContain('data-choice="pay"');
    sent.length = 0;
    const res = await fake.handle({ method: 'POST', url: `/pay/${a.providerRef}`, headers: {}, rawBody: Buffer.from(new URLSearchParams({ choice: 'pay', redirect_url: url.searchParams.get('redirect_url')!, duplicates: '2' }).toString()) });
    expect(res).toMatchObject({ status: 303, headers: { location: 'http://shop.test/h5/#/pages/goods/payFinish?id=1' } });
    expect(sent).toHaveLength(2);
    const v = gw.verifyNotification(Buffer.from(sent[0]!.body), sent[0]!.headers, new Date());
    expect(v).toMatchObject({ ok: true, notification: { kind: 'payment', type: 'TRANSACTION.SUCCESS', reference: 'P20004', status: 'succeeded', amountMinor: 8888, currency: 'CNY', merchant: settings.WECHATPAY_MCH_ID } });
    expect(await gw.inquire({ reference: 'P20004' })).toMatchObject({ status: 'succeeded' });
    expect(gw.answerNotification('accepted')).toEqual({ status: 204 });
  });

  it('verifyNotification refuses a wrong GCM tag, a changed byte, a stale timestamp', async () => {
    await gw.create(input('P20005'));
    sent.length = 0;
    await fake.decide('P20005', 'pay');
    const { body, headers } = sent[0]!;
    expect(gw.verifyNotification(Buffer.from(body), headers, new Date()).ok).toBe(true);
    expect(gw.verifyNotification(Buffer.from(body.replace('"summary":"', '"summary":"x')), headers, new Date())).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gw.verifyNotification(Buffer.from(body), headers, new Date(Date.now() + 400_000))).toEqual({ ok: false, reason: 'stale' });
    // A resource encrypted under another APIv3 key, re-signed by the platform: the tag does not match.
    const parsed = JSON.parse(body) as { resource: { ciphertext: string; nonce: string } };
    parsed.resource.ciphertext = encryptResource('{"mchid":"1900000109"}', 'AnotherApiV3Key0123456789abcdefX', parsed.resource.nonce, 'transaction');
    const forged = JSON.stringify(parsed);
    expect(gw.verifyNotification(Buffer.from(forged), signedHeaders(forged, wechatPlatform.privateKey, settings.WECHATPAY_PLATFORM_SERIAL!), new Date())).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gw.answerNotification('rejected', 'bad_signature').status).toBe(401);
  });

  it('a failed or cancelled payment is not notified; the query tells; refunds once per out_refund_no', async () => {
    await gw.create(input('P20006'));
    await gw.create(input('P20007'));
    sent.length = 0;
    await fake.decide('P20006', 'fail');
    await fake.decide('P20007', 'cancel');
    expect(sent).toHaveLength(0);
    expect((await gw.inquire({ reference: 'P20006' })).status).toBe('failed');
    expect((await gw.inquire({ reference: 'P20007' })).status).toBe('canceled');
    await gw.create(input('P20008'));
    fake.switches = { staleSeconds: 600, amountMinor: 1 };
    await fake.decide('P20008', 'pay');
    fake.switches = {};
    const last = sent.at(-1)!;
    expect(gw.verifyNotification(Buffer.from(last.body), last.headers, new Date())).toEqual({ ok: false, reason: 'stale' });
    const refund = { paymentReference: 'P20008', providerRef: 'x', reference: 'RF1', amountMinor: 888, currency: 'CNY', paymentAmountMinor: 8888 };
    expect(await gw.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect(await gw.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect(await gw.refund({ ...refund, reference: 'RF2', amountMinor: 8001 })).toMatchObject({ status: 'failed' });
    expect(fake.orders.get('P20008')!.refunded).toBe(888);
    expect((await gw.inquire({ reference: 'P20008' })).status).toBe('succeeded');
  });
});
