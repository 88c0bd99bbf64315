import { describe, expect, it } from 'vitest';
import { FakeCtbc } from '../fake.js';
import { CtbcGateway, ctbcDefinition } from '../index.js';
import { authForm, decrypt, encrypt, openAuthForm, purchAmt, readResult, resultForm, taipeiStamp, type AuthResult } from '../protocol.js';

const KEY = 'Key0123456789abcdefghijk';
const result = (over: Partial<AuthResult> = {}): AuthResult => ({ status: '0', errcode: '00', authCode: '123456', authAmt: '1500', lidm: 'R1', xid: 'O-1', merID: '9001', Last4digitPAN: '4242', errDesc: '', Option: '', authTime: taipeiStamp(new Date()), ...over });

describe('CTBC protocol', () => {
  it('amounts are whole New Taiwan dollars; cents are refused, never rounded', () => {
    expect(purchAmt(150000, 'TWD')).toBe('1500');
    expect(() => purchAmt(150050, 'TWD')).toThrow(/whole dollars/);
    expect(() => purchAmt(100, 'USD')).toThrow();
  });

  it('encrypts with the 24-character key and refuses another key or a changed byte', () => {
    const hex = encrypt('lidm=R1&purchAmt=1500', KEY);
    expect(decrypt(hex, KEY)).toBe('lidm=R1&purchAmt=1500');
    expect(decrypt(hex, 'AnotherKey0123456789abcd')).not.toBe('lidm=R1&purchAmt=1500');
    const changed = `${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`;
    expect(decrypt(changed, KEY)).not.toBe('lidm=R1&purchAmt=1500');
  });

  it('URLEnc carries an InMac the bank checks', () => {
    const req = { MerchantID: 'M', TerminalID: 'T', lidm: 'R1', purchAmt: '1500', txType: '1' as const, Option: '6', AutoCap: '1' as const, AuthResURL: 'http://shop/webhooks/ctbc', OrderDetail: 'Top-up', Customize: '1' as const };
    const { URLEnc } = authForm('9001', req, KEY);
    expect(openAuthForm(URLEnc, KEY)).toMatchObject({ lidm: 'R1', purchAmt: '1500', txType: '1', Option: '6' });
    // The same fields with another amount and a MAC made without the key: refused.
    const forged = encrypt(new URLSearchParams({ ...req, purchAmt: '1', InMac: 'A'.repeat(48) }).toString(), KEY);
    expect(openAuthForm(forged, KEY)).toBeUndefined();
  });

  it('a result is accepted only with its OutMac, under the key, and fresh', () => {
    const now = new Date();
    expect(readResult(resultForm(result(), KEY).URLResEnc, KEY, now)).toMatchObject({ ok: true, result: { lidm: 'R1', authAmt: '1500' } });
    expect(readResult(undefined, KEY, now)).toEqual({ ok: false, reason: 'missing_signature' });
    expect(readResult(resultForm(result(), 'AnotherKey0123456789abcd').URLResEnc, KEY, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const noMac = encrypt(new URLSearchParams({ ...result(), authAmt: '1', OutMac: 'B'.repeat(48) }).toString(), KEY);
    expect(readResult(noMac, KEY, now)).toEqual({ ok: false, reason: 'bad_signature' });
    const old = resultForm(result({ authTime: taipeiStamp(new Date(now.getTime() - 3601_000)) }), KEY).URLResEnc;
    expect(readResult(old, KEY, now)).toEqual({ ok: false, reason: 'stale' });
  });
});

describe('CTBC adapter against its fake', () => {
  const sent: { url: string; body: string }[] = [];
  const ctx = { publicUrl: 'http://shop.test', sandboxUrl: 'http://shop.test/sandbox/ctbc', webhookUrl: 'http://shop.test/webhooks/ctbc', deliver: async (url: string, _h: Record<string, string>, body: string) => (sent.push({ url, body }), 303) };
  const settings = ctbcDefinition.sandboxDefaults(ctx);
  const fake = ctbcDefinition.sandbox(settings, ctx) as FakeCtbc;
  const gw = ctbcDefinition.create(settings, 'sandbox', ctx) as CtbcGateway;
  const input = (reference: string, amountMinor = 150000, instalments?: number) => ({ reference, amountMinor, currency: 'TWD', method: instalments ? ('ctbc_installment' as const) : ('ctbc_card' as const), description: 'Top-up', returnUrl: 'http://shop.test/h5/#/pages/my/rechargeList', notifyUrl: ctx.webhookUrl, expiresAt: new Date(Date.now() + 1800_000), ...(instalments ? { options: { instalments } } : {}) });
  const open = (redirectUrl: string) => {
    const u = new URL(redirectUrl);
    return fake.handle({ method: 'POST', url: u.pathname.replace('/sandbox/ctbc', ''), headers: {}, rawBody: Buffer.from(u.search.slice(1)) });
  };

  it('sends the browser with merID and URLEnc; one authorisation per lidm; another amount is refused', async () => {
    const a = await gw.create(input('R40001', 150000, 6));
    expect(a.sdkParams).toMatchObject({ formAction: `${ctx.sandboxUrl}/mauth/SSLAuthUI.jsp`, merID: settings.CTBC_MER_ID });
    expect(String((await open(a.redirectUrl!)).body)).toContain('6 months');
    expect(String((await open((await gw.create(input('R40001', 160000, 6))).redirectUrl!)).body)).toContain('another sale');
    expect(await gw.inquire({ reference: 'R40001' })).toMatchObject({ status: 'pending', amountMinor: 150000, currency: 'TWD' });
    await expect(gw.inquire({ reference: 'R49999' })).rejects.toMatchObject({ code: '25' });
    await expect(gw.create(input('R40002', 150050))).rejects.toThrow(/whole dollars/);
  });

  it('pays: the result is posted to AuthResURL by the server and by the browser; the shop verifies it and the query agrees', async () => {
    const a = await gw.create(input('R40003'));
    await open(a.redirectUrl!);
    sent.length = 0;
    const page = await fake.handle({ method: 'POST', url: '/pay/R40003', headers: {}, rawBody: Buffer.from('choice=pay&duplicates=2') });
    expect(sent).toHaveLength(2);
    expect(sent[0]!.url).toBe(ctx.webhookUrl);
    expect(String(page.body)).toContain(`action="${ctx.webhookUrl}"`);
    expect(String(page.body)).toContain('name="URLResEnc"');
    const v = gw.verifyNotification(Buffer.from(sent[0]!.body), {}, new Date());
    expect(v).toMatchObject({ ok: true, notification: { kind: 'payment', reference: 'R40003', status: 'succeeded', amountMinor: 150000, currency: 'TWD', merchant: settings.CTBC_MER_ID } });
    expect(await gw.inquire({ reference: 'R40003' })).toMatchObject({ status: 'succeeded', amountMinor: 150000 });
    expect(gw.answerNotification('accepted')).toEqual({ status: 303, headers: { location: 'http://shop.test/h5/#/pages/my/rechargeList' } });
  });

  it('refuses a result under another key, a changed byte, a stale one and another merchant', async () => {
    const a = await gw.create(input('R40004'));
    await open(a.redirectUrl!);
    sent.length = 0;
    fake.switches = { staleSeconds: 7200 };
    await fake.decide('R40004', 'pay');
    fake.switches = {};
    expect(gw.verifyNotification(Buffer.from(sent[0]!.body), {}, new Date())).toEqual({ ok: false, reason: 'stale' });
    const body = new URLSearchParams(resultForm(result({ lidm: 'R40004', merID: settings.CTBC_MER_ID! }), settings.CTBC_KEY!)).toString();
    expect(gw.verifyNotification(Buffer.from(body), {}, new Date()).ok).toBe(true);
    const i = body.indexOf('=') + 5;
    const changed = `${body.slice(0, i)}${body[i] === 'A' ? 'B' : 'A'}${body.slice(i + 1)}`;
    expect(gw.verifyNotification(Buffer.from(changed), {}, new Date())).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gw.verifyNotification(Buffer.from(new URLSearchParams(resultForm(result(), 'AnotherKey0123456789abcd')).toString()), {}, new Date())).toEqual({ ok: false, reason: 'bad_signature' });
    expect(gw.verifyNotification(Buffer.from(new URLSearchParams(resultForm(result({ merID: '1' }), settings.CTBC_KEY!)).toString()), {}, new Date())).toEqual({ ok: false, reason: 'wrong_merchant' });
    expect(gw.answerNotification('rejected', 'bad_signature').status).toBe(401);
  });

  it('a declined sale is reported failed; refunds once per RefundNo; a call under another key is refused', async () => {
    const d = await gw.create(input('R40005'));
    await open(d.redirectUrl!);
    sent.length = 0;
    await fake.decide('R40005', 'fail');
    expect(gw.verifyNotification(Buffer.from(sent[0]!.body), {}, new Date())).toMatchObject({ ok: true, notification: { status: 'failed' } });
    expect((await gw.inquire({ reference: 'R40005' })).status).toBe('failed');
    const p = await gw.create(input('R40006'));
    await open(p.redirectUrl!);
    await fake.decide('R40006', 'pay');
    const refund = { paymentReference: 'R40006', providerRef: 'x', reference: 'RF1', amountMinor: 50000, currency: 'TWD', paymentAmountMinor: 150000 };
    expect(await gw.refund(refund)).toEqual({ refundRef: 'RF1', status: 'succeeded' });
    expect(await gw.refund(refund)).toEqual({ refundRef: 'RF1', status: 'succeeded' });
    expect(await gw.refund({ ...refund, reference: 'RF2', amountMinor: 100100 })).toEqual({ refundRef: 'RF2', status: 'failed', reason: expect.stringMatching(/^RespCode \w+/) });
    expect(fake.auths.get('R40006')!.refunded).toBe(50000);
    const other = new CtbcGateway({ ...(settings as Required<typeof settings>), CTBC_KEY: 'AnotherKey0123456789abcd' }, true);
    await expect(other.inquire({ reference: 'R40006' })).rejects.toThrow(/MAC wrong/);
  });
});
