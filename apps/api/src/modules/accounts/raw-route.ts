import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ValidationError } from '../../lib/errors.js';
import { zodProblems, type Api } from '../../plugins/routes.js';

/**
 * A JSON call outside the spec's 240 (the slider's challenge and answer, the development outbox):
 * same envelope, validation and error path as contract calls.
 */
export function rawJsonRoute<S extends z.ZodType | undefined>(
  api: Api,
  def: { method: 'GET' | 'POST'; url: string; input?: S; rateLimit?: { max: number; timeWindow: number } },
  handler: (input: S extends z.ZodType ? z.infer<S> : undefined, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  api.app.route({
    method: def.method,
    url: def.url,
    config: def.rateLimit ? { rateLimit: def.rateLimit } : {},
    handler: async (request, reply) => {
      let input: unknown;
      if (def.input) {
        const r = def.input.safeParse((def.method === 'GET' ? request.query : request.body) ?? {}, { reportInput: true });
        if (!r.success) throw new ValidationError(zodProblems(r.error, (k) => api.deps.i18n.has(k)));
        input = r.data;
      }
      const data = await handler(input as never, request, reply);
      if (reply.sent) return reply;
      return reply.send({ code: 200, msg: api.deps.i18n.t(request.ctx.lang, 'code.ok'), data: data ?? null });
    },
  });
}
