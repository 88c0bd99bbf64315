import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { fromMajorString, toMajorString } from '../../gateway.js';
import { c2p2Gateway, c2p2Merchant } from '../../sandbox-keys.js';
import { twoC2pDefinition, TwoC2pGateway } from '../index.js';
import { Fake2c2p } from '../fake.js';
import { fromXml, openMaintenance, paymentTokenClaims, readFrontendReturn, readSignedBody, sealMaintenance, signPayload, toXml, verifyPayload } from '../protocol.js';

const SECRET = 'CD229682D3297390B9F66FF4020B758F4A5E625AF4992E5D75D311D6458B38E2';
const MERCHANT = 'JT01';

describe('2C2P PGW 4.3 protocol', () => {
  it('converts amounts at the edge: minor units ↔ decimal major units', () => {
    expect(toMajorString(100000, 'MYR')).toBe('1000.00');
    expect(toMajorString(5, 'THB')).toBe('0.05');
    expect(toMajorString(1200, 'JPY')).toBe('1200');
    expect(fromMajorString(1000, 'MYR')).toBe(100000);
    expect(fromMajorString('1000.10', 'MYR')).toBe(100010);
    expect(fromMajorString(0.29, 'USD')).toBe(29);
    expect(() => fromMajorString('10.005', 'USD')).toThrow();
    expect(() => fromMajorString('12.5', 'JPY')).toThrow();
  });

  it('signs a payment token request as JWT HS256 with the amount as a decimal number', async () => {
    const claims = paymentTokenClaims({ merchantId: MERCHANT, invoiceNo: 'P123', description: 'Order', amountMinor: 100000, currency: 'MYR', frontendReturnUrl: 'https://shop/r', backendReturnUrl: 'https://shop/w' });
    const jwt = await signPayload(claims, SECRET);
    const [header, body] = jwt.split('.').map((p) => Buffer.from(p, 'base64url').toString());
    expect(JSON.parse(header!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(body).toContain('"amount":1000.00');
    const v = await verifyPayload(jwt, SECRET);
    expect(v).toMatchObject({ ok: true, claims: { merchantID: MERCHANT, invoiceNo: 'P123', amount: 1000, currencyCode: 'MYR' } });
  });

  it('refuses a forged signature, a changed byte, alg none and other algorithms', async () => {
    const jwt = await signPayload({ merchantID: MERCHANT, invoiceNo: 'A1', amount: '10.00', currencyCode: 'USD', respCode: '0000' }, SECRET);
    expect(await verifyPayload(await signPayload({ merchantID: MERCHANT }, 'another-secret-of-the-attacker'), SECRET)).toEqual({ ok: false, reason: 'bad_signature' });
    const [h, p, s] = jwt.split('.');
    const tampered = Buffer.from(p!, 'base64url');
    tampered[tampered.indexOf('1'.charCodeAt(0))] = '9'.charCodeAt(0);
    expect(await verifyPayload(`${h}.${tampered.toString('base64url')}.${s}`, SECRET)).toEqual({ ok: false, reason: 'bad_signature' });
    const none = new UnsecuredJWT({ merchantID: MERCHANT, invoiceNo: 'A1', respCode: '0000' }).encode();
    expect((await verifyPayload(none, SECRET)).ok).toBe(false);
    const hs512 = await new SignJWT({ merchantID: MERCHANT }).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(SECRET));
    expect(await verifyPayload(hs512, SECRET)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await readSignedBody('{"payload":', SECRET)).toEqual({ ok: false, reason: 'malformed' });
    expect(await readSignedBody('{"nope":1}', SECRET)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads the browser return as a hint only', () => {
    const b64 = Buffer.from(JSON.stringify({ invoiceNo: 'P9', respCode: '2000' })).toString('base64');
    expect(readFrontendReturn(b64)).toEqual({ invoiceNo: 'P9', respCode: '2000' });
    expect(readFrontendReturn('not base64 json')).toBeUndefined();
    expect(readFrontendReturn(Buffer.from('{"invoiceNo":"a b"}').toString('base64'))).toBeUndefined();
  });

  it('seals maintenance requests (JWS PS256 inside JWE RSA-OAEP) and refuses a wrong key or a changed byte', async () => {
    const xml = toXml('PaymentProcessRequest', { merchantID: MERCHANT, processType: 'R', invoiceNo: 'P1', actionAmount: '1.00' });
    const sealed = await sealMaintenance(xml, c2p2Merchant.privateKey, c2p2Gateway.publicKey);
    expect(await openMaintenance(sealed, c2p2Gateway.privateKey, c2p2Merchant.publicKey)).toBe(xml);
    expect(fromXml('PaymentProcessRequest', xml)).toMatchObject({ processType: 'R', actionAmount: '1.00' });
    // Signed by someone else's key, or altered in transit: refused.
    expect(await openMaintenance(await sealMaintenance(xml, c2p2Gateway.privateKey, c2p2Gateway.publicKey), c2p2Gateway.privateKey, c2p2Merchant.publicKey)).toBeUndefined();
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    parts[3] = ct.toString('base64url');
    expect(await openMaintenance(parts.join('.'), c2p2Gateway.privateKey, c2p2Merchant.publicKey)).toBeUndefined();
  });
});

describe('2C2P adapter against its fake', () => {
  const sent: { url: string; body: string }[] = [];
  const ctx = { publicUrl: 'http://shop.test', sandboxUrl: 'http://shop.test/sandbox/2c2p', webhookUrl: 'http://shop.test/webhooks/2c2p', deliver: async (url: string, _h: Record<string, string>, body: string) => (sent.push({ url, body }), 200) };
  const settings = twoC2pDefinition.sandboxDefaults(ctx);
  const fake = twoC2pDefinition.sandbox(settings, ctx) as Fake2c2p;
  const gw = twoC2pDefinition.create(settings, 'sandbox', ctx) as TwoC2pGateway;
  const input = (reference: string, amountMinor = 2500) => ({ reference, amountMinor, currency: 'MYR', method: 'card' as const, description: 'Order', returnUrl: 'http://shop.test/h5/#/pages/pay/2c2pPay?id=1', notifyUrl: ctx.webhookUrl, expiresAt: new Date(Date.now() + 1800_000) });

  it('creates one payment per invoice (same token again), refuses another amount under it', async () => {
    const a = await gw.create(input('P100'));
    expect(a).toMatchObject({ status: 'pending', redirectUrl: `${ctx.sandboxUrl}/pay/${a.providerRef}` });
    expect((await gw.create(input('P100'))).providerRef).toBe(a.providerRef);
    await expect(gw.create(input('P100', 2600))).rejects.toThrow(/payment token refused/);
    expect(await gw.inquire({ reference: 'P100' })).toMatchObject({ status: 'pending', amountMinor: 2500, currency: 'MYR', merchant: settings.PAY2C2P_MERCHANT_ID });
  });

  it('refuses a request signed with another secret (the fake answers unsigned 9042)', async () => {
    const other = new TwoC2pGateway({ ...settings, PAY2C2P_MERCHANT_ID: settings.PAY2C2P_MERCHANT_ID!, PAY2C2P_SECRET_KEY: 'an-attackers-secret-of-good-length-0000', PAY2C2P_API_URL: ctx.sandboxUrl, PAY2C2P_MAINTENANCE_URL: settings.PAY2C2P_MAINTENANCE_URL! }, true);
    await expect(other.create(input('P101'))).rejects.toMatchObject({ code: '9042' });
  });

  it('pays on the hosted page: the browser goes back with a hint, the shop gets signed notifications it can verify', async () => {
    const a = await gw.create(input('P102'));
    const page = await fake.handle({ method: 'GET', url: `/pay/${a.providerRef}`, headers: {}, rawBody: Buffer.alloc(0) });
    expect(String(page.body)).toContain('data-choice="pay"');
    sent.length = 0;
    const res = await fake.handle({ method: 'POST', url: `/pay/${a.providerRef}`, headers: {}, rawBody: Buffer.from('choice=pay&duplicates=3') });
    expect(res.status).toBe(303);
    const hint = new URLSearchParams(res.headers!.location!.split('?')[1]).get('paymentResponse')!;
    expect(res.headers!.location).toMatch(/^http:\/\/shop\.test\/h5\/#\/pages\/pay\/2c2pPay\?id=1&paymentResponse=/);
    expect(readFrontendReturn(hint)).toEqual({ invoiceNo: 'P102', respCode: '2000' });
    expect(sent).toHaveLength(3);
    const v = await gw.verifyNotification(Buffer.from(sent[0]!.body));
    expect(v).toMatchObject({ ok: true, notification: { kind: 'payment', reference: 'P102', status: 'succeeded', amountMinor: 2500, currency: 'MYR', merchant: settings.PAY2C2P_MERCHANT_ID } });
    expect(await gw.inquire({ reference: 'P102' })).toMatchObject({ status: 'succeeded', amountMinor: 2500 });
  });

  it('verifyNotification refuses a forged JWT, alg none, a changed byte and another merchant', async () => {
    const claims = { merchantID: settings.PAY2C2P_MERCHANT_ID, invoiceNo: 'P103', amount: '25.00', currencyCode: 'MYR', respCode: '0000', respDesc: 'Success', tranRef: '1', referenceNo: '', transactionDateTime: '20261123101010', channelCode: 'VI', approvalCode: '1' };
    const good = JSON.stringify({ payload: await signPayload(claims, settings.PAY2C2P_SECRET_KEY!) });
    expect((await gw.verifyNotification(Buffer.from(good))).ok).toBe(true);
    expect(await gw.verifyNotification(Buffer.from(JSON.stringify({ payload: await signPayload(claims, 'forged-secret-forged-secret-forged') })))).toEqual({ ok: false, reason: 'bad_signature' });
    expect((await gw.verifyNotification(Buffer.from(JSON.stringify({ payload: new UnsecuredJWT(claims).encode() })))).ok).toBe(false);
    const changed = good.replace('"payload":"ey', '"payload":"ex');
    expect((await gw.verifyNotification(Buffer.from(changed))).ok).toBe(false);
    expect(await gw.verifyNotification(Buffer.from(JSON.stringify({ payload: await signPayload({ ...claims, merchantID: 'OTHER' }, settings.PAY2C2P_SECRET_KEY!) })))).toEqual({ ok: false, reason: 'wrong_merchant' });
    expect(gw.answerNotification('rejected', 'bad_signature').status).toBe(401);
    expect(gw.answerNotification('accepted').status).toBe(200);
  });

  it('sends amount-mismatched, held and silent notifications as switched', async () => {
    await gw.create(input('P104'));
    sent.length = 0;
    fake.switches = { amountMinor: 1, outOfOrder: true };
    await fake.decide('P104', 'pay');
    expect(sent).toHaveLength(0);
    await fake.notifyPending('P104');
    await fake.flush();
    const got = await Promise.all(sent.map(async (s) => { const v = await gw.verifyNotification(Buffer.from(s.body)); return v.ok ? [v.notification.status, v.notification.amountMinor] : v.reason; }));
    expect(got).toEqual([['pending', 2500], ['succeeded', 1]]);
    fake.switches = { silent: true };
    await gw.create(input('P105'));
    sent.length = 0;
    await fake.decide('P105', 'fail');
    expect(sent).toHaveLength(0);
    expect((await gw.inquire({ reference: 'P105' })).status).toBe('failed');
    fake.switches = {};
  });

  it('refunds through the maintenance API once per refund reference, never past the amount paid', async () => {
    await gw.create(input('P106'));
    await fake.decide('P106', 'pay');
    const refund = { paymentReference: 'P106', providerRef: 'x', reference: 'R1', amountMinor: 1000, currency: 'MYR', paymentAmountMinor: 2500 };
    expect(await gw.refund(refund)).toEqual({ refundRef: 'R1', status: 'succeeded' });
    expect(await gw.refund(refund)).toEqual({ refundRef: 'R1', status: 'succeeded' });
    expect(await gw.refund({ ...refund, reference: 'R2', amountMinor: 1501 })).toEqual({ refundRef: 'R2', status: 'failed', reason: expect.stringMatching(/^respCode \w+/) });
    expect(fake.invoices.get('P106')!.refundedMinor).toBe(1000);
  });
});
