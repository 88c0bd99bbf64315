import { pingDatabase } from '../../db/health.queries.js';
import { within } from '../../lib/within.js';
import type { Api } from '../../plugins/routes.js';

/** How long readiness waits for the database before answering "not ready". */
export const READY_TIMEOUT_MS = 1_500;

/** Liveness (the process answers) and readiness (the database answers too), outside the contract. */
export function healthRoutes({ app, deps }: Api): void {
  app.get('/health', { config: { rateLimit: false } }, async () => ({ code: 200, msg: 'ok', data: { status: 'ok' } }));
  app.get('/ready', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      // A stalled database must not stall the check: a load balancer wants its answer within its own timeout.
      await within(pingDatabase(deps.db), READY_TIMEOUT_MS, () => {
        throw new Error('readiness check timed out');
      });
      return { code: 200, msg: 'ok', data: { status: 'ready' } };
    } catch {
      return reply.status(503).send({ code: 503, msg: 'database unavailable', data: { status: 'unavailable' } });
    }
  });
}
