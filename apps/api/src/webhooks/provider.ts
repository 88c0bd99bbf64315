import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { Actor } from '../lib/actor.js';
import type { Tx } from '../lib/transaction.js';

export type { WebhookEvent, WebhookOutcome, WebhookRejection, WebhookVerification } from './verification.js';
import type { WebhookEvent, WebhookOutcome, WebhookRejection, WebhookVerification } from './verification.js';

/** A locking read (`… for update`) of at most one row. */
export type WebhookTarget = SelectQueryBuilder<any, any, unknown>;

/**
 * One provider's notifications: how to prove them authentic from the raw bytes, what to do with
 * an event (inside the transaction that stores it), and how the provider wants to be answered.
 */
export interface WebhookProvider {
  readonly name: string;
  /** Checks the signature (and timestamp, merchant) over the raw body before anything is parsed for use. */
  verify(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): WebhookVerification | Promise<WebhookVerification>;
  /**
   * The locking read of the row an event is about (e.g. the payment it reports on), when the event
   * names it: run by the statement that stores the event, so applying it starts with the row
   * locked and read instead of a statement of its own.
   */
  target?(tx: Tx, event: WebhookEvent): WebhookTarget | undefined;
  /**
   * Applies a new event; throwing rolls back and the provider is asked to deliver it again.
   * `target` is what `target` read (its row, or undefined when there was none), when it read.
   */
  apply(tx: Tx, event: WebhookEvent, ctx: { deps: AppDeps; actor: Actor }, target?: { row: unknown }): Promise<void>;
  /** Sends the answer the provider expects (Alipay wants `success`, WeChat 204, most any 2xx …). */
  answer(reply: FastifyReply, outcome: WebhookOutcome, reason?: WebhookRejection): void;
}
