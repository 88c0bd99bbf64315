import { sql } from 'kysely';
import type { Api } from '../../plugins/routes.js';

/** Liveness (the process answers) and readiness (the database answers too), outside the contract. */
export function healthRoutes({ app, deps }: Api): void {
  app.get('/health', { config: { rateLimit: false } }, async () => ({ code: 200, msg: 'ok', data: { status: 'ok' } }));
  app.get('/ready', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db);
      return { code: 200, msg: 'ok', data: { status: 'ready' } };
    } catch {
      return reply.status(503).send({ code: 503, msg: 'database unavailable', data: { status: 'unavailable' } });
    }
  });
}
