import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE } from '@shop/contract';
import { IDEMPOTENCY_KEY_PATTERN, type Actor } from '../lib/actor.js';
import type {} from './context.js';

// The actor of an HTTP request: the request layer builds it, services only read it.

/** The request's `Idempotency-Key` header when it is well-formed, else undefined (the route layer rejects malformed ones). */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return key && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined;
}

const userAgentOf = (request: FastifyRequest): string | undefined => request.headers['user-agent']?.slice(0, 300) || undefined;

/** The actor of a request: the member when logged in, otherwise a visitor counted as `system` with no id. */
export function actorOf(request: FastifyRequest, member?: { userId: number; sessionId?: number }): Actor {
  const idempotencyKey = idempotencyKeyOf(request);
  const userAgent = userAgentOf(request);
  return {
    kind: member ? 'member' : 'system',
    ...(member ? { memberId: member.userId } : {}),
    ...(member?.sessionId !== undefined ? { sessionId: member.sessionId } : {}),
    ...(userAgent ? { userAgent } : {}),
    ip: request.ctx?.ip ?? request.ip,
    lang: request.ctx?.lang ?? DEFAULT_LANGUAGE,
    requestId: String(request.id),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** The actor of an operator's request (console or `/admin/api/`). */
export function operatorActorOf(request: FastifyRequest, operatorId: number, name?: string, sessionId?: number, memberId?: number): Actor {
  const idempotencyKey = idempotencyKeyOf(request);
  const userAgent = userAgentOf(request);
  return {
    kind: 'operator',
    operatorId,
    ...(name ? { name } : {}),
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(memberId !== undefined ? { operatorMemberId: memberId } : {}),
    ...(userAgent ? { userAgent } : {}),
    ip: request.ctx?.ip ?? request.ip,
    lang: request.ctx?.lang ?? DEFAULT_LANGUAGE,
    requestId: String(request.id),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}
