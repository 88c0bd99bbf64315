import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Actor } from '../../lib/actor.js';
import type { Tx } from '../../lib/transaction.js';
import type { WebhookEvent, WebhookOutcome, WebhookProvider, WebhookRejection, WebhookTarget, WebhookVerification } from '../../webhooks/provider.js';
import type { GatewayNotification } from './gateways/gateway.js';
import { gatewayDefinitions } from './gateways/registry.js';
import { paymentByReferenceForUpdate } from './payments.queries.js';
import type { PaymentRow } from './payments.table.js';
import { applyNotification } from './settlement.js';

/**
 * A gateway's notifications through the webhook ingress (`/webhooks/<gateway>`): verified by the
 * gateway's adapter over the raw bytes, stored once per event id, applied in the same transaction.
 * The adapter is looked up per request, so a gateway that is off refuses every notification.
 */
export class GatewayWebhookProvider implements WebhookProvider {
  constructor(
    readonly name: string,
    private readonly deps: AppDeps,
  ) {}

  async verify(rawBody: Buffer, headers: IncomingHttpHeaders, now: Date): Promise<WebhookVerification> {
    const gateway = this.deps.providers.payments[this.name];
    if (!gateway) return { ok: false, reason: 'wrong_merchant' };
    const v = await gateway.verifyNotification(rawBody, headers, now);
    if (!v.ok) return v;
    return { ok: true, event: { eventId: v.notification.eventId, type: v.notification.type, payload: v.notification } };
  }

  /** A payment's notification that names the payment by our reference: the payment, locked by the statement that stores the event. */
  target(tx: Tx, event: WebhookEvent): WebhookTarget | undefined {
    const n = event.payload as GatewayNotification;
    return n.kind === 'payment' && n.status && n.reference ? paymentByReferenceForUpdate(tx, n.reference) : undefined;
  }

  async apply(tx: Tx, event: WebhookEvent, ctx: { deps: AppDeps; actor: Actor }, target?: { row: unknown }): Promise<void> {
    const n = event.payload as GatewayNotification;
    await applyNotification(tx, ctx.deps, ctx.actor, this.name, n, target as { row: PaymentRow | undefined } | undefined);
  }

  answer(reply: FastifyReply, outcome: WebhookOutcome, reason?: WebhookRejection): void {
    const gateway = this.deps.providers.payments[this.name];
    if (!gateway) {
      reply.status(404).send({ error: 'gateway not configured' });
      return;
    }
    const res = gateway.answerNotification(outcome, reason);
    reply.status(res.status);
    for (const [k, v] of Object.entries(res.headers ?? {})) reply.header(k, v);
    reply.send(res.body ?? '');
  }
}

/** One webhook provider per gateway the shop knows. */
export const paymentWebhookProviders = (deps: AppDeps): WebhookProvider[] => gatewayDefinitions.map((d) => new GatewayWebhookProvider(d.name, deps));
