import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../lib/transaction.js';
import { kuaidi100PushSign, kuaidi100Report, type Kuaidi100Result } from '../../providers/tracking/kuaidi100.js';
import { track17PushSign, track17Report, type Track17TrackInfo } from '../../providers/tracking/track17.js';
import type { WebhookEvent, WebhookOutcome, WebhookProvider, WebhookRejection, WebhookVerification } from '../../webhooks/provider.js';
import { recordProviderTracking } from './fulfilment.service.js';
import { findPackageByProviderNumber } from './orders.queries.js';

// Tracking providers' pushes: verified over the raw body, stored once (a redelivered push is the
// same event), and applied by storing the parcel's events as a query of the provider would.

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
/** A push carries no id of its own: the same bytes delivered again are the same event. */
const bodyId = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');

interface ParcelPush {
  number: string;
  carrier?: string;
  report: { delivered: boolean; events: Array<{ time: string; place: string; text: string }> };
}

async function applyPush(tx: Tx, provider: string, push: ParcelPush): Promise<void> {
  const pkg = await findPackageByProviderNumber(tx, provider, push.number, push.carrier);
  // A number the shop does not track (another merchant's, or a package since removed) is acknowledged and left.
  if (pkg) await recordProviderTracking(tx, pkg.id, provider, push.report);
}

/** Kuaidi100's subscription pushes: a form with `param` (JSON) and `sign` = MD5(param + salt); answered `{ result, returnCode, message }`. */
export class Kuaidi100PushProvider implements WebhookProvider {
  readonly name = 'kuaidi100';

  constructor(private readonly salt: string) {}

  verify(rawBody: Buffer): WebhookVerification {
    const form = new URLSearchParams(rawBody.toString('utf8'));
    const param = form.get('param');
    const sign = form.get('sign');
    if (!param || !sign) return { ok: false, reason: 'missing_signature' };
    if (!sameText(sign.toUpperCase(), kuaidi100PushSign(param, this.salt))) return { ok: false, reason: 'bad_signature' };
    let body: { lastResult?: Kuaidi100Result & { com?: string; nu?: string } };
    try {
      body = JSON.parse(param) as typeof body;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    const last = body.lastResult;
    if (!last?.nu || !last.com) return { ok: false, reason: 'malformed' };
    const push: ParcelPush = { number: last.nu, carrier: last.com, report: kuaidi100Report(last) };
    return { ok: true, event: { eventId: bodyId(rawBody), type: 'tracking.push', payload: push } };
  }

  apply(tx: Tx, event: WebhookEvent): Promise<void> {
    return applyPush(tx, this.name, event.payload as ParcelPush);
  }

  answer(reply: FastifyReply, outcome: WebhookOutcome, reason?: WebhookRejection): void {
    // Kuaidi100 pushes again unless told the push was taken.
    if (outcome === 'accepted' || outcome === 'duplicate') reply.status(200).send({ result: true, returnCode: '200', message: '成功' });
    else if (outcome === 'failed') reply.status(500).send({ result: false, returnCode: '500', message: 'retry later' });
    else reply.status(400).send({ result: false, returnCode: '400', message: reason ?? 'rejected' });
  }
}

/** 17TRACK's webhook: JSON `{ event, data: { number, carrier, track_info } }` with `sign` = SHA-256(body + "/" + API key); any 200 is taken. */
export class Track17PushProvider implements WebhookProvider {
  readonly name = '17track';

  constructor(private readonly key: string) {}

  verify(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookVerification {
    const sign = headers.sign;
    if (typeof sign !== 'string' || !sign) return { ok: false, reason: 'missing_signature' };
    if (!sameText(sign.toLowerCase(), track17PushSign(rawBody, this.key))) return { ok: false, reason: 'bad_signature' };
    let body: { event?: string; data?: { number?: string; track_info?: Track17TrackInfo } };
    try {
      body = JSON.parse(rawBody.toString('utf8')) as typeof body;
    } catch {
      return { ok: false, reason: 'malformed' };
    }
    if (typeof body.event !== 'string' || !body.data?.number) return { ok: false, reason: 'malformed' };
    const push: ParcelPush = { number: body.data.number, report: track17Report(body.data.track_info) };
    return { ok: true, event: { eventId: bodyId(rawBody), type: body.event, payload: push } };
  }

  async apply(tx: Tx, event: WebhookEvent): Promise<void> {
    // TRACKING_STOPPED and other notices carry no new events.
    if (event.type === 'TRACKING_UPDATED') await applyPush(tx, this.name, event.payload as ParcelPush);
  }

  answer(reply: FastifyReply, outcome: WebhookOutcome, reason?: WebhookRejection): void {
    if (outcome === 'accepted' || outcome === 'duplicate') reply.status(200).send({ code: 0 });
    else if (outcome === 'failed') reply.status(500).send({ code: -1 });
    else reply.status(401).send({ code: -1, message: reason });
  }
}

/** The tracking providers whose pushes the shop accepts: those configured with their secret. */
export function trackingWebhookProviders(deps: AppDeps): WebhookProvider[] {
  const providers: WebhookProvider[] = [];
  if (deps.config.KUAIDI100_SALT) providers.push(new Kuaidi100PushProvider(deps.config.KUAIDI100_SALT));
  if (deps.config.TRACK17_TOKEN) providers.push(new Track17PushProvider(deps.config.TRACK17_TOKEN));
  return providers;
}
