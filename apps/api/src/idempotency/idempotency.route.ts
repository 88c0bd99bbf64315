import type { FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { ResponseCode, type AnyEndpoint, type EndpointData } from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../lib/actor.js';
import { ValidationError } from '../lib/errors.js';
import { PreSerialized } from '../lib/pre-serialized.js';
import type { Handler, HandlerInput } from '../plugins/handler.js';
import {
  beginIdempotentRequest,
  completeIdempotentRequest,
  DOUBLE_TAP_WINDOW_MS,
  doubleTapKey,
  releaseIdempotentRequest,
  requestHash,
  type IdempotencyCaller,
} from './idempotency.service.js';

/** The header a replayed answer carries, so a client (and a test) can tell it from a fresh one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

// The key a running request holds, until its answer is sent.
const running = new WeakMap<FastifyRequest, number>();

// Answers that mean "nothing happened, try again": their key is freed instead of saved.
const RETRYABLE_CODES = new Set<number>([ResponseCode.rateLimited, ResponseCode.serviceUnavailable, ResponseCode.internal, ResponseCode.requestInProgress]);

/** The caller a request's keys belong to by default: the member, or the operator; visitors have none (their calls are not guarded). */
function memberCaller(input: HandlerInput<AnyEndpoint>): IdempotencyCaller | undefined {
  if (input.member) return { kind: 'member', id: input.member.userId };
  return input.actor.kind === 'operator' && input.actor.operatorId !== undefined ? { kind: 'operator', id: input.actor.operatorId } : undefined;
}

/** The `Idempotency-Key` header: undefined when absent, a 422 when present but malformed. */
export function headerKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value.trim() === '') return undefined;
  const key = value.trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new ValidationError([{ field: 'idempotency_key', key: 'validation.invalid', params: { field: 'idempotency_key' } }]);
  return key;
}

/**
 * Wraps a handler so that a repeat of a request (same caller, same `Idempotency-Key`) is answered
 * from the saved answer without running it again. Without a key, the same request from the same
 * caller within `DOUBLE_TAP_WINDOW_MS` counts as a repeat (a double tap).
 */
export function idempotentHandler<E extends AnyEndpoint>(
  deps: AppDeps,
  endpoint: E,
  handler: Handler<E>,
  callerOf: (input: HandlerInput<AnyEndpoint>) => IdempotencyCaller | undefined = memberCaller,
): Handler<E> {
  return async (input) => {
    const caller = callerOf(input as HandlerInput<AnyEndpoint>);
    if (!caller) return handler(input);
    const { request, reply } = input;
    const hash = requestHash(endpoint.method, endpoint.path, request.body ?? null);
    const given = headerKey(request);
    const decision = await beginIdempotentRequest(
      deps.db,
      { caller, key: given ?? doubleTapKey(hash), method: endpoint.method, path: endpoint.path, requestHash: hash },
      given ? {} : { ttlMs: DOUBLE_TAP_WINDOW_MS },
    );
    if (decision.outcome === 'replay') {
      reply.status(decision.status).header(REPLAYED_HEADER, 'true');
      return verbatim<EndpointData<E>>(decision.body);
    }
    // A failure is saved (or its key freed) on its way out, by the onSend hook.
    running.set(request, decision.id);
    const data = await handler(input);
    // The route checks answers against the contract in tests; this answer bypasses that check, so check here.
    if (deps.config.NODE_ENV === 'test' && endpoint.data && !(data instanceof PreSerialized)) {
      const checked = endpoint.data.safeParse(data);
      if (!checked.success) throw new Error(`Response of ${endpoint.path} does not match the contract: ${checked.error.message}`);
    }
    running.delete(request);
    // A success is saved before it is answered, exactly as it will be sent.
    const prefix = `{"code":200,"msg":${JSON.stringify(deps.i18n.t(input.ctx.lang, 'code.ok'))},"data":`;
    const body = data instanceof PreSerialized ? String(data.envelope(prefix)) : `${prefix}${JSON.stringify(data ?? null)}}`;
    try {
      await completeIdempotentRequest(deps.db, decision.id, reply.statusCode, body);
    } catch (error) {
      // The effect is done: answer it anyway; the key stays in flight until its lock lapses.
      request.log.error({ err: error, reqId: request.id }, 'could not save the answer of an idempotent request');
    }
    return verbatim<EndpointData<E>>(body);
  };
}

/** An answer the route sends byte for byte (it is already a whole envelope). */
function verbatim<T>(envelope: string): PreSerialized<T> {
  const answer = new PreSerialized<T>(envelope);
  answer.envelope = () => envelope;
  return answer;
}

/**
 * On the way out of a guarded call that failed: save the refusal under its key (a business refusal
 * is final), or free the key when nothing happened (5xx, busy, rate limited) so a retry runs.
 */
export function idempotencyOnSend(deps: AppDeps): onSendHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const id = running.get(request);
    if (id === undefined) return payload;
    running.delete(request);
    try {
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
      const code = body === undefined ? undefined : codeOf(body);
      if (body === undefined || reply.statusCode >= 500 || code === undefined || RETRYABLE_CODES.has(code)) await releaseIdempotentRequest(deps.db, id);
      else await completeIdempotentRequest(deps.db, id, reply.statusCode, body);
    } catch (error) {
      // The answer still goes out; the key stays in flight until its lock lapses.
      request.log.error({ err: error, reqId: request.id }, 'could not save the answer of an idempotent request');
    }
    return payload;
  };
}

function codeOf(body: string): number | undefined {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'number' ? code : undefined;
  } catch {
    return undefined;
  }
}
