import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ResponseCode } from '@shop/contract';
import { AppError, ValidationError } from '../lib/errors.js';
import { zodProblems, type Api } from './routes.js';

/** Whether a connection comes from this machine (IPv4, IPv6 or IPv4-mapped loopback). */
export const isLoopback = (address: string | undefined): boolean =>
  address !== undefined && (address === '::1' || /^(?:::ffff:)?127\./.test(address));

/**
 * Headers proxies and CDNs add to name the client they relay for (besides every `x-forwarded-*`): a
 * request carrying any of them was relayed for someone else.
 */
const PROXY_HEADERS = new Set(['x-real-ip', 'forwarded', 'via', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip', 'fastly-client-ip', 'x-cluster-client-ip', 'x-original-forwarded-for']);
const isProxyHeader = (name: string) => name.startsWith('x-forwarded-') || PROXY_HEADERS.has(name);

/**
 * Whether a request comes from this machine itself: a loopback socket and no proxy in between
 * (a reverse proxy on this machine connects from loopback on behalf of everyone it serves).
 */
export const isFromThisMachine = (request: FastifyRequest): boolean => isLoopback(request.socket.remoteAddress) && !Object.keys(request.headers).some(isProxyHeader);

/**
 * A JSON call outside the spec's 240 (the slider's challenge and answer, the development outbox):
 * same envelope, validation and error path as contract calls.
 */
export function rawJsonRoute<S extends z.ZodType | undefined>(
  api: Api,
  def: {
    method: 'GET' | 'POST';
    url: string;
    input?: S;
    rateLimit?: { max: number; timeWindow: number };
    /** Answer only this machine, not through a proxy (others get the 404 of a route that does not exist). */
    localOnly?: boolean;
  },
  handler: (input: S extends z.ZodType ? z.infer<S> : undefined, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  api.app.route({
    method: def.method,
    url: def.url,
    config: def.rateLimit ? { rateLimit: def.rateLimit } : {},
    handler: async (request, reply) => {
      // The socket's own address (X-Forwarded-For can claim loopback, a connection cannot), and no
      // proxy in between: through a local proxy every caller's connection is loopback.
      if (def.localOnly && !isFromThisMachine(request)) throw new AppError(ResponseCode.notFound, undefined, { httpStatus: 404 });
      // These answers are per caller (a challenge, codes): never kept by a cache.
      reply.header('cache-control', 'no-store');
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
