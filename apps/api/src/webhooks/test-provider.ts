import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { WebhookEvent, WebhookOutcome, WebhookProvider, WebhookRejection, WebhookVerification } from './provider.js';

/** The merchant the test provider's events must name. */
export const TEST_MERCHANT_ID = 'h5-shop-test';
export const TEST_SIGNATURE_HEADER = 'x-test-signature';
/** Events older (or further in the future) than this are refused as replays. */
export const TEST_TOLERANCE_SECONDS = 300;

/** The signature header a sender puts on `rawBody` at unix time `timestamp` (the test provider's protocol). */
export function signTestWebhook(secret: string, rawBody: Buffer | string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/**
 * A provider for development and tests only (never registered in production), with the shape of
 * Stripe's scheme: `x-test-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` (several
 * v1 during a secret rotation), a 300 s tolerance, and a JSON body `{ id, type, merchant, data }`.
 */
export class TestWebhookProvider implements WebhookProvider {
  readonly name = 'test';

  constructor(private readonly secret: string) {}

  verify(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): WebhookVerification {
    const header = headers[TEST_SIGNATURE_HEADER];
    if (typeof header !== 'string' || !header) return { ok: false, reason: 'missing_signature' };
    const parts = header.split(',').map((p) => p.trim().split('=', 2) as [string, string | undefined]);
    const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
    const given = parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)).map(([, v]) => Buffer.from(v!, 'hex'));
    if (!Number.isSafeInteger(timestamp) || !given.length) return { ok: false, reason: 'missing_signature' };
    const expected = Buffer.from(signTestWebhook(this.secret, rawBody, timestamp).split('v1=')[1]!, 'hex');
    // The signature first: an unsigned body is never looked at further.
    if (!given.some((g) => timingSafeEqual(g, expected))) return { ok: false, reason: 'bad_signature' };
    if (Math.abs(now.getTime() / 1000 - timestamp) > TEST_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' };
    let body: { id?: unknown; type?: unknown; merchant?: unknown; data?: unknown };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof body.id !== 'string' || !body.id || body.id.length > 200 || typeof body.type !== 'string' || !body.type) return { ok: false, reason: 'malformed' };
    if (body.merchant !== TEST_MERCHANT_ID) return { ok: false, reason: 'wrong_merchant' };
    return { ok: true, event: { eventId: body.id, type: body.type, payload: body.data ?? null } };
  }

  async apply(_tx: unknown, event: WebhookEvent): Promise<void> {
    // The one event type with an outcome of its own: processing fails, as an unknown payment would.
    if (event.type === 'test.processing_fails') throw new Error('the test event asked to fail');
  }

  answer(reply: FastifyReply, outcome: WebhookOutcome, reason?: WebhookRejection): void {
    if (outcome === 'rejected') reply.status(reason === 'malformed' ? 400 : 401).send({ error: reason });
    else if (outcome === 'failed') reply.status(500).send({ error: 'retry later' });
    else reply.status(200).send({ received: true, duplicate: outcome === 'duplicate' });
  }
}
