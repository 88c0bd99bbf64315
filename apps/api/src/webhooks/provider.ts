import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Actor } from '../lib/actor.js';
import type { Tx } from '../lib/transaction.js';

/** A provider's notification once its authenticity is proven. */
export interface WebhookEvent {
  /** The provider's own id of the event: stored once per provider. */
  eventId: string;
  type: string;
  payload: unknown;
}

/** Why a notification is refused (answered 4xx, stored nowhere, logged). */
export type WebhookRejection = 'missing_signature' | 'bad_signature' | 'stale' | 'wrong_merchant' | 'malformed';

export type WebhookVerification = { ok: true; event: WebhookEvent } | { ok: false; reason: WebhookRejection };

/** How the ingress ended, for the provider's own answer format. */
export type WebhookOutcome = 'accepted' | 'duplicate' | 'rejected' | 'failed';

/**
 * One provider's notifications: how to prove them authentic from the raw bytes, what to do with
 * an event (inside the transaction that stores it), and how the provider wants to be answered.
 */
export interface WebhookProvider {
  readonly name: string;
  /** Checks the signature (and timestamp, merchant) over the raw body before anything is parsed for use. */
  verify(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): WebhookVerification | Promise<WebhookVerification>;
  /** Applies a new event; throwing rolls back and the provider is asked to deliver it again. */
  apply(tx: Tx, event: WebhookEvent, ctx: { deps: AppDeps; actor: Actor }): Promise<void>;
  /** Sends the answer the provider expects (Alipay wants `success`, WeChat 204, most any 2xx …). */
  answer(reply: FastifyReply, outcome: WebhookOutcome, reason?: WebhookRejection): void;
}
