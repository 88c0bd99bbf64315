import { pingDatabase } from '../../db/health.queries.js';
import { within } from '../../lib/within.js';
import type { Api } from '../../plugins/routes.js';

/** How long readiness waits for the database before answering "not ready". */
export const READY_TIMEOUT_MS = 1_500;

/**
 * Liveness (the process answers) and readiness (the database answers too, and Redis when the
 * processes share limits and invalidations through it), outside the contract. A process whose
 * Redis does not answer serves stale answers other processes changed: the load balancer takes it
 * out until Redis answers again.
 */
export function healthRoutes({ app, deps }: Api): void {
  app.get('/health', { config: { rateLimit: false } }, async () => ({ code: 200, msg: 'ok', data: { status: 'ok' } }));
  app.get('/ready', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      // A stalled database must not stall the check: a load balancer wants its answer within its own timeout.
      await within(pingDatabase(deps.db), READY_TIMEOUT_MS, () => {
        throw new Error('readiness check timed out');
      });
    } catch {
      return reply.status(503).send({ code: 503, msg: 'database unavailable', data: { status: 'unavailable' } });
    }
    const redis = deps.redis;
    if (redis) {
      try {
        // A client still connecting would queue the ping until Redis is back: not ready at once.
        if (redis.status !== 'ready') throw new Error(`redis ${redis.status}`);
        await within(redis.ping(), READY_TIMEOUT_MS, () => {
          throw new Error('redis readiness check timed out');
        });
      } catch {
        return reply.status(503).send({ code: 503, msg: 'redis unavailable', data: { status: 'unavailable' } });
      }
    }
    return { code: 200, msg: 'ok', data: { status: 'ready' } };
  });
}
