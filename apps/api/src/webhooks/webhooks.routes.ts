import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { WebhookProvider } from './provider.js';
import { receiveWebhookEvent } from './webhooks.service.js';

/**
 * `POST /webhooks/<provider>`, outside the envelope: the body is kept as raw bytes so the
 * signature is checked over exactly what was sent, before anything is parsed for use. `providers`
 * come from the composition root (`webhook-providers.ts`).
 */
export async function webhooksPlugin(app: FastifyInstance, deps: AppDeps, providers: ReadonlyMap<string, WebhookProvider>): Promise<void> {
  await app.register(async (scope) => {
    // In this scope only: every content type arrives as the Buffer the provider signed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>('/webhooks/:provider', { config: { inputChecked: true } }, async (request, reply) => {
      const provider = providers.get(request.params.provider);
      if (!provider) return reply.status(404).send({ error: 'unknown provider' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const verified = await provider.verify(raw, request.headers, new Date());
      if (!verified.ok) {
        request.log.warn({ provider: provider.name, reason: verified.reason, ip: request.ip, reqId: request.id }, 'webhook refused');
        return provider.answer(reply, 'rejected', verified.reason);
      }
      try {
        const outcome = await receiveWebhookEvent(deps, provider, verified.event, request.ip);
        if (outcome === 'duplicate') request.log.info({ provider: provider.name, eventId: verified.event.eventId }, 'webhook redelivered');
        return provider.answer(reply, outcome);
      } catch (error) {
        // Nothing was stored: the provider delivers it again later.
        request.log.error({ err: error, provider: provider.name, eventId: verified.event.eventId, reqId: request.id }, 'webhook processing failed');
        return provider.answer(reply, 'failed');
      }
    });
  });
}
