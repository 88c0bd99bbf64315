import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { signTestWebhook, TEST_MERCHANT_ID, TEST_SIGNATURE_HEADER } from '../test-provider.js';

const SECRET = 'whsec_test_0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEBHOOK_TEST_SECRET: SECRET });
});
afterAll(() => t.close());

let seq = 0;
const event = (overrides: Record<string, unknown> = {}) => ({ id: `evt_${Date.now()}_${++seq}`, type: 'payment.succeeded', merchant: TEST_MERCHANT_ID, data: { amount: 1999, currency: 'usd' }, ...overrides });
const now = () => Math.floor(Date.now() / 1000);

async function deliver(raw: string | Buffer, signature?: string, contentType = 'application/json') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/webhooks/test',
    headers: { 'content-type': contentType, ...(signature === undefined ? {} : { [TEST_SIGNATURE_HEADER]: signature }) },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}
const stored = async (eventId: string) => t.db.selectFrom('webhook_events').selectAll().where('provider', '=', 'test').where('event_id', '=', eventId).execute();

describe('webhook ingress (test provider)', () => {
  it('stores and applies a signed event once, and answers in the provider format', async () => {
    const e = event();
    const raw = JSON.stringify(e);
    const res = await deliver(raw, signTestWebhook(SECRET, raw, now()));
    expect(res).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const [row] = await stored(e.id);
    expect(row).toMatchObject({ type: 'payment.succeeded', payload: { amount: 1999, currency: 'usd' }, deliveries: 1 });
    expect(row!.processed_at).not.toBeNull();
  });

  it('a redelivered event is a no-op that still answers success', async () => {
    const e = event();
    const raw = JSON.stringify(e);
    await deliver(raw, signTestWebhook(SECRET, raw, now()));
    const [before] = await stored(e.id);
    const again = await deliver(raw, signTestWebhook(SECRET, raw, now()));
    expect(again).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const rows = await stored(e.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ deliveries: 2, processed_at: before!.processed_at });
  });

  it('the same event delivered five times at once is stored and applied once', async () => {
    const e = event();
    const raw = JSON.stringify(e);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(raw, signTestWebhook(SECRET, raw, now()))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.duplicate === false)).toHaveLength(1);
    expect((await stored(e.id))[0]).toMatchObject({ deliveries: 5 });
  });

  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const e = event();
    const raw = JSON.stringify(e);
    expect(await deliver(raw)).toEqual({ status: 401, body: { error: 'missing_signature' } });
    expect(await deliver(raw, signTestWebhook('whsec_someone_elses_secret', raw, now()))).toEqual({ status: 401, body: { error: 'bad_signature' } });
    expect(await stored(e.id)).toEqual([]);
  });

  it('refuses a body with one byte changed after signing', async () => {
    const e = event();
    const raw = Buffer.from(JSON.stringify(e));
    const signature = signTestWebhook(SECRET, raw, now());
    const tampered = Buffer.from(raw);
    const at = tampered.indexOf('1999');
    tampered[at] = '9'.charCodeAt(0); // 1999 becomes 9999
    expect(await deliver(tampered, signature)).toEqual({ status: 401, body: { error: 'bad_signature' } });
    expect(await stored(e.id)).toEqual([]);
    // The untouched bytes with the same signature are accepted: the check is over the raw body.
    expect((await deliver(raw, signature)).status).toBe(200);
  });

  it('refuses an old timestamp (a replay) even with a valid signature', async () => {
    const e = event();
    const raw = JSON.stringify(e);
    expect(await deliver(raw, signTestWebhook(SECRET, raw, now() - 301))).toEqual({ status: 401, body: { error: 'stale' } });
    expect(await stored(e.id)).toEqual([]);
  });

  it('refuses an event for another merchant', async () => {
    const e = event({ merchant: 'someone-else' });
    const raw = JSON.stringify(e);
    expect(await deliver(raw, signTestWebhook(SECRET, raw, now()))).toEqual({ status: 401, body: { error: 'wrong_merchant' } });
    expect(await stored(e.id)).toEqual([]);
  });

  it('keeps the raw bytes whatever the content type says', async () => {
    const e = event();
    const raw = JSON.stringify(e);
    expect((await deliver(raw, signTestWebhook(SECRET, raw, now()), 'text/plain')).status).toBe(200);
    expect(await stored(e.id)).toHaveLength(1);
  });

  it('an event whose processing fails is not stored and answers 5xx, so the provider delivers it again', async () => {
    const e = event({ type: 'test.processing_fails' });
    const raw = JSON.stringify(e);
    expect((await deliver(raw, signTestWebhook(SECRET, raw, now()))).status).toBe(500);
    expect(await stored(e.id)).toEqual([]);
  });

  it('answers 404 for a provider it does not know', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/webhooks/nobody', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(404);
  });
});

describe('the test provider outside development', () => {
  it('does not exist in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production', WEBHOOK_TEST_SECRET: SECRET, MAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://localhost:2525', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'http://localhost:9/sms', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64') });
    try {
      const e = event();
      const raw = JSON.stringify(e);
      const res = await prod.app.inject({ method: 'POST', url: '/webhooks/test', payload: raw, headers: { 'content-type': 'application/json', [TEST_SIGNATURE_HEADER]: signTestWebhook(SECRET, raw, now()) } });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
