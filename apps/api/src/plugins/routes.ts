import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import {
  allEndpoints,
  ResponseCode,
  type AnyEndpoint,
} from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import { PreSerialized } from '../lib/pre-serialized.js';
import { chosenEncoding, compressedAnswer, worthCompressing, type AnswerEncoding } from './compression.js';
import type { ReadDeadlines } from './timeouts.js';
import type { Actor } from '../lib/actor.js';
import { actorOf, operatorActorOf } from './actor.js';
import { WHOLE_BODY } from './errors.js';
import { AppError, ValidationError, type FieldProblem } from '../lib/errors.js';
import { idempotencyOnSend, idempotentHandler } from '../idempotency/idempotency.route.js';
import type { IdempotencyCaller } from '../idempotency/idempotency.service.js';
import { resolveOperator, requirePermission, type Operator } from '../modules/operators/operators.service.js';
import { bearerToken, resolveMember, type Member } from './auth.js';
import type { RequestContext, RouteRateLimit } from './context.js';

export type { Handler, HandlerInput } from './handler.js';
import type { Handler, HandlerInput } from './handler.js';

export interface HandleOptions {
  /** A stricter per-client limit for this call, e.g. `{ max: 10, timeWindow: 60_000 }`. */
  rateLimit?: RouteRateLimit;
  /**
   * Repeats of a request (same member, same `Idempotency-Key`, or the same body within two seconds
   * without a key) get the first answer and do nothing again. Default: the contract's `idempotent`.
   */
  idempotent?: boolean;
  /** Whose keys these are when not a member's (operator calls): default the logged-in member. */
  idempotencyCaller?: (input: HandlerInput<AnyEndpoint>) => IdempotencyCaller | undefined;
}

/** What a module's routes file gets: the app's dependencies and a way to bind contract calls. */
export interface Api {
  deps: AppDeps;
  app: FastifyInstance;
  handle<E extends AnyEndpoint>(endpoint: E, handler: Handler<E>, options?: HandleOptions): void;
  /**
   * Binds the calls `bind` names in a plugin scope of their own, where `setUp` registers what only
   * they need first (multipart bodies for uploads): its hooks then run for these calls, not for every request.
   */
  scoped(setUp: (scope: FastifyInstance) => PromiseLike<unknown>, bind: (handle: Api['handle']) => void): void;
}

/**
 * The problems of a failed parse, as i18n keys with their parameters: one per field, so a field is
 * never refused twice at once (a number over its own limit is also over the largest safe integer):
 * the first problem stands, with the tightest limit of its kind.
 */
export function zodProblems(error: z.ZodError, knownKey: (key: string) => boolean): FieldProblem[] {
  const byField = new Map<string, FieldProblem>();
  for (const problem of error.issues.map((issue) => issueProblem(issue, knownKey))) {
    const first = byField.get(problem.field);
    if (!first) byField.set(problem.field, problem);
    else if (first.key === problem.key) byField.set(problem.field, tighter(first, problem));
  }
  return [...byField.values()];
}

/** Of two refusals of one field for its size, the one with the tighter limit. */
function tighter(a: FieldProblem, b: FieldProblem): FieldProblem {
  const [am, bm] = [a.params.max, b.params.max];
  if (typeof am === 'number' && typeof bm === 'number') return bm < am ? b : a;
  const [an, bn] = [a.params.min, b.params.min];
  if (typeof an === 'number' && typeof bn === 'number') return bn > an ? b : a;
  return a;
}

/** One issue of a parse as an i18n key with its parameters. */
function issueProblem(issue: z.core.$ZodIssue, knownKey: (key: string) => boolean): FieldProblem {
  const field = issue.path.map(String).join('.') || WHOLE_BODY;
  const i = issue as z.core.$ZodIssue & { input?: unknown; minimum?: number | bigint; maximum?: number | bigint; origin?: string; format?: string };
  // A check across fields names its figures in its issue's `params` (the total it found, the most allowed).
  if (knownKey(issue.message)) return { field, key: issue.message, params: { ...(i.code === 'custom' ? i.params : undefined), field } };
  switch (i.code) {
    case 'invalid_type':
      return { field, key: i.input === undefined || i.input === null || i.input === '' ? 'validation.required' : 'validation.invalid', params: { field } };
    case 'too_small':
      if (i.origin === 'string' && Number(i.minimum) === 1) return { field, key: 'validation.required', params: { field } };
      return { field, key: i.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', params: { field, min: Number(i.minimum) } };
    case 'too_big':
      return { field, key: i.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', params: { field, max: Number(i.maximum) } };
    case 'invalid_format':
      if (i.input === '') return { field, key: 'validation.required', params: { field } };
      return { field, key: i.format === 'email' ? 'validation.email' : 'validation.invalid', params: { field } };
    case 'invalid_union':
      // A field that takes one of several forms (a number or its digits) and was left empty.
      return { field, key: i.input === undefined || i.input === null || i.input === '' ? 'validation.required' : 'validation.invalid', params: { field } };
    default:
      return { field, key: 'validation.invalid', params: { field } };
  }
}

/**
 * Characters no text field may hold: PostgreSQL refuses NUL in text and jsonb, and the other C0/C1
 * controls (tab, line feed and carriage return excepted) and unpaired surrogates are never typed by
 * a person, only by tools probing for a crash. Checked on every input before the contract's schema.
 */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what is refused
const UNSTORABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The dotted path of the first string (or object key) in `value` holding an unstorable character. */
export function unstorableField(value: unknown, root = WHOLE_BODY): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? root : undefined;
  // Binary bodies (a Buffer kept for a signature check) are not text.
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return undefined;
  // An explicit stack: a body of deeply nested arrays must not overflow the call stack.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return at || root;
    } else if (typeof node === 'object' && node !== null && !ArrayBuffer.isView(node)) {
      for (const key of Object.keys(node)) {
        const path = at ? `${at}.${key}` : key;
        if (UNSTORABLE.test(key)) return path;
        stack.push([(node as Record<string, unknown>)[key], path]);
      }
    }
  }
  return undefined;
}

/** Refuses input with a character no field may hold (HTTP 422, localized, naming the field). */
export function assertStorable(value: unknown, root?: string): void {
  const field = unstorableField(value, root);
  if (field !== undefined) throw new ValidationError([{ field, key: 'validation.unstorable', params: { field } }]);
}

function parseInput(schema: z.ZodType | undefined, value: unknown, knownKey: (k: string) => boolean): unknown {
  // Checked even when the call takes no input: whatever is sent with a NUL is refused the same way.
  assertStorable(value);
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) throw new ValidationError(zodProblems(result.error, knownKey));
  return result.data;
}

const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as PromiseLike<unknown> | null)?.then === 'function';

const QUERY_MEMO_SIZE = 500;
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Parsing is most of the cost of a small GET, and hot pages are asked for with the same few query
 * strings: remember the parsed query of each query string (frozen, so no handler can change it
 * for the next request), a bounded number per call.
 */
function queryParser(schema: z.ZodType | undefined, knownKey: (k: string) => boolean) {
  if (!schema) return (request: FastifyRequest): unknown => ((request.raw.url ?? '').includes('?') ? parseInput(undefined, request.query, knownKey) : undefined);
  const memo = new Map<string, unknown>();
  return (request: FastifyRequest): unknown => {
    const url = request.raw.url ?? '';
    const at = url.indexOf('?');
    const raw = at < 0 ? '' : url.slice(at + 1);
    const known = memo.get(raw);
    if (known !== undefined) return known;
    const parsed = Object.freeze(parseInput(schema, request.query, knownKey));
    if (memo.size >= QUERY_MEMO_SIZE) memo.clear();
    memo.set(raw, parsed);
    return parsed;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks its own input for unstorable characters (contract calls do, in `parseInput`). */
    inputChecked?: true;
  }
}

/**
 * Every route outside the contract (delivery of uploads, the outbox, the slider, static files …)
 * gets the same refusal of unstorable characters in its path parameters, query and body, so no
 * route added later can forget it. Register before any route.
 */
export function guardRouteInput(app: FastifyInstance): void {
  const check: preValidationHookHandler = (request, _reply, done) => {
    try {
      assertStorable(request.params, 'path');
      assertStorable(request.query);
      if (typeof request.body === 'object' || typeof request.body === 'string') assertStorable(request.body);
    } catch (e) {
      return done(e as Error);
    }
    done();
  };
  app.addHook('onRoute', (route) => {
    if (route.config?.inputChecked) return;
    route.preValidation = [check, ...(route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation])];
  });
}

/**
 * What a handler is given. A class, not an object literal with a getter: made per request, such a
 * literal kept the request and reply it names, and everything each request touched, alive past
 * young collections (measured: about 3 MB promoted per young collection, each taking 10–15 ms and
 * setting every call's p99; with the class, nothing is promoted and they take 1–2 ms). V8 creates
 * literals with accessors on a slower path of their own, which appears to place them in the old
 * generation.
 */
class Input {
  private builtActor: Actor | undefined;
  readonly ctx: RequestContext;
  constructor(
    readonly query: unknown,
    readonly body: unknown,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly member: Member | undefined,
    readonly operator: Operator | undefined,
  ) {
    this.ctx = request.ctx;
  }
  /** Built when a handler asks: a cached read never needs it. */
  get actor(): Actor {
    const { operator } = this;
    return (this.builtActor ??= operator ? operatorActorOf(this.request, operator.operatorId, operator.userName, operator.sessionId, operator.memberId) : actorOf(this.request, this.member));
  }
}

/** Binds contract calls to handlers: authentication, validation and the envelope in one place. */
export function createApi(app: FastifyInstance, deps: AppDeps, reads: ReadDeadlines): Api & { bound: Set<AnyEndpoint> } {
  const bound = new Set<AnyEndpoint>();
  const knownKey = (k: string) => deps.i18n.has(k);
  const checkResponses = deps.config.NODE_ENV === 'test';
  // The start of a successful envelope differs only by language: build each once.
  const okPrefixes = new Map<string, string>();
  const okPrefix = (lang: RequestContext['lang']) => {
    let prefix = okPrefixes.get(lang);
    if (prefix === undefined) {
      prefix = `{"code":200,"msg":${JSON.stringify(deps.i18n.t(lang, 'code.ok'))},"data":`;
      okPrefixes.set(lang, prefix);
    }
    return prefix;
  };

  /** The route of a contract call (counted as bound at once, added where the caller says). */
  const routeOf = <E extends AnyEndpoint>(endpoint: E, handler: Handler<E>, options?: HandleOptions): RouteOptions => {
    if (bound.has(endpoint)) throw new Error(`${endpoint.method} ${endpoint.path} is bound twice`);
    bound.add(endpoint);
    const idempotent = endpoint.method === 'POST' && (options?.idempotent ?? endpoint.idempotent === true);
    if (idempotent) handler = idempotentHandler(deps, endpoint, handler, options?.idempotencyCaller);
    const parseQuery = endpoint.method === 'GET' ? queryParser(endpoint.query, knownKey) : () => undefined;
    // Non-idempotent calls compress their own answers (see `compressionPlugin`); an idempotent call's
    // answer is kept as text for its repeats, so the plugin compresses it after that.
    const compressOwn = !idempotent;
    const send = (reply: FastifyReply, body: string | Buffer): undefined => {
      reads.answered(reply);
      reply.header('content-type', JSON_TYPE).send(body);
      return undefined;
    };
    /** A large answer: compressed (by `pack`) when the client accepts it, else as it is. */
    const sendLarge = (request: FastifyRequest, reply: FastifyReply, body: string | Buffer, pack: (encoding: AnswerEncoding) => Promise<Buffer>): Promise<FastifyReply> | undefined => {
      // Added to what CORS may have said already (`Vary: Origin`), never in its place.
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      if (!encoding) return send(reply, body);
      // Nothing when the read deadline answered while it was being compressed; the plain body if compressing failed.
      const sendOnce = (what: string | Buffer, encoded: boolean) => {
        if (!reply.sent) send(encoded ? reply.header('content-encoding', encoding) : reply, what);
        return reply;
      };
      return pack(encoding).then(
        (bytes) => sendOnce(bytes, true),
        () => sendOnce(body, false),
      );
    };
    const respond = (request: FastifyRequest, reply: FastifyReply, data: unknown): Promise<FastifyReply> | undefined => {
      // A handler that answered with a file (plugins/file-reply.ts) returns the reply itself.
      if (reply.sent || data === reply) return undefined;
      const prefix = okPrefix(request.ctx.lang);
      if (data instanceof PreSerialized) {
        const body = data.envelope(prefix);
        // A large cached answer is compressed once, and kept with it.
        return compressOwn && typeof body !== 'string' ? sendLarge(request, reply, body, (encoding) => data.compressed(prefix, encoding, (b) => compressedAnswer(b, encoding))) : send(reply, body);
      }
      if (checkResponses && endpoint.data) {
        const r = endpoint.data.safeParse(data);
        if (!r.success) throw new Error(`Response of ${endpoint.path} does not match the contract: ${r.error.message}`);
      }
      const body = `${prefix}${JSON.stringify(data ?? null)}}`;
      return compressOwn && worthCompressing(body) ? sendLarge(request, reply, body, (encoding) => compressedAnswer(body, encoding)) : send(reply, body);
    };
    /** Validates the input, runs the handler and sends its answer; a promise only when the handler gives one. */
    const run = (request: FastifyRequest, reply: FastifyReply, member: Member | undefined, operator?: Operator): Promise<FastifyReply> | undefined => {
      // A member's answers and session answers (the no_auth calls) are never kept by a browser or proxy.
      if (member !== undefined || operator !== undefined || endpoint.auth === 'none') reply.header('cache-control', 'no-store');
      const query = parseQuery(request);
      const body = endpoint.method === 'POST' ? parseInput(endpoint.body, request.body, knownKey) : undefined;
      const out = handler(new Input(query, body, request, reply, member, operator) as never);
      // The promise resolves to the reply: with an async onSend hook the answer is still on its way,
      // and resolving to nothing would make Fastify send a second, empty answer.
      return isThenable(out) ? Promise.resolve(out).then((data) => respond(request, reply, data) ?? reply) : respond(request, reply, out);
    };
    const route: RouteOptions = {
      method: endpoint.method,
      url: endpoint.path,
      config: options?.rateLimit ? { rateLimit: options.rateLimit, inputChecked: true } : { inputChecked: true },
      ...(compressOwn ? { compress: false as const } : {}),
      // Not async: a visitor's call with a synchronous answer (a cached one) is sent in the same
      // tick, without the promise hops an async handler costs on every request.
      // Once a session lookup makes it a promise, it resolves to the reply even for a handler that
      // answered synchronously: resolving to nothing would send a second, empty answer.
      handler: (request, reply) => {
        if (endpoint.auth === 'none') return run(request, reply, undefined);
        const token = bearerToken(request);
        if (endpoint.auth === 'operator') {
          if (!token) throw new AppError(ResponseCode.loginRequired);
          // Every operator call names a permission; one without would be refused rather than open.
          return resolveOperator(deps.db, token).then((operator) => {
            requirePermission(operator, endpoint.permission ?? 'operators.manage', endpoint.path);
            return run(request, reply, undefined, operator) ?? reply;
          });
        }
        if (endpoint.auth === 'member') {
          if (!token) throw new AppError(ResponseCode.loginRequired);
          return resolveMember(deps, token).then((member) => run(request, reply, member) ?? reply);
        }
        if (!token) return run(request, reply, undefined);
        // A stale token on a public read is treated as a visitor, not an error.
        return resolveMember(deps, token).then(
          (member) => run(request, reply, member) ?? reply,
          () => run(request, reply, undefined) ?? reply,
        );
      },
    };
    if (idempotent) route.onSend = idempotencyOnSend(deps);
    return route;
  };

  return {
    deps,
    app,
    bound,
    handle(endpoint, handler, options) {
      app.route(routeOf(endpoint, handler, options));
    },
    scoped(setUp, bind) {
      const routes: RouteOptions[] = [];
      bind((endpoint, handler, options) => void routes.push(routeOf(endpoint, handler, options)));
      void app.register(async (scope) => {
        await setUp(scope);
        for (const route of routes) scope.route(route);
      });
    },
  };
}

/** Every contract call no area has built yet answers a clear envelope instead of a 404. */
export function bindNotAvailable(api: ReturnType<typeof createApi>, endpoints: readonly AnyEndpoint[] = allEndpoints): number {
  const missing = endpoints.filter((e) => !api.bound.has(e));
  for (const endpoint of missing) {
    // Authentication still applies, so the app's session handling is the same before and after.
    api.handle(
      endpoint,
      () => {
        throw new AppError(ResponseCode.notAvailableYet);
      },
      { idempotent: false },
    );
  }
  return missing.length;
}
