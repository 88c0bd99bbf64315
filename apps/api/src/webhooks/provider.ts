import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { Actor } from '../lib/actor.js';
import type { Tx } from '../lib/transaction.js';

export type { WebhookEvent, WebhookOutcome, WebhookRejection, WebhookVerification } from './verification.js';
import type { WebhookEvent, WebhookOutcome, WebhookRejection, WebhookVerification } from './verification.js';

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
