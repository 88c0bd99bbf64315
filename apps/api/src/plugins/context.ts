import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, normalizeLanguage, ResponseCode, type Language } from '@shop/contract';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../lib/errors.js';
import type { HitResult } from '../lib/rate-limiter.js';
import { limitKeyOf } from '../lib/client-network.js';
import { BASE_SECURITY_HEADERS } from './security.js';

/** What every request carries, read once from the spec's headers. */
export interface RequestContext {
  readonly lang: Language;
  /** `Area` header (the app sends 1). */
  readonly area: string | undefined;
  /** Optional area name header. */
  readonly areaName: string | undefined;
  /** The address the connection comes from (through trusted proxies when TRUST_PROXY is on). */
  readonly ip: string;
  /** The address the client says it has (`client-ip` header): logged, never trusted. */
  readonly claimedIp: string | undefined;
  /** `source` header: H5, app … */
  readonly source: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** A per-route limit per client address, or `false` to exempt the route from the global one. */
    rateLimit?: RouteRateLimit | false;
  }
}

/** A route's own limit per client address. */
export interface RouteRateLimit {
  max: number;
  timeWindow: number;
  /** Told of the first request the limit refuses in a window, with its address (before the body is read); not awaited. */
  onLimitReached?: (ip: string) => Promise<unknown>;
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() ? s.trim().slice(0, 200) : undefined;
};

// Clients send a handful of distinct language headers; remember what each one means.
const languageMemo = new Map<string, Language>();
function memoLanguage(think: string | undefined, accept: string | undefined): Language {
  const key = `${think ?? ''}|${accept ?? ''}`;
  let lang = languageMemo.get(key);
  if (lang === undefined) {
    lang = normalizeLanguage(think) ?? languageFromAcceptLanguage(accept) ?? DEFAULT_LANGUAGE;
    if (languageMemo.size > 1000) languageMemo.clear();
    languageMemo.set(key, lang);
  }
  return lang;
}

/** The context of one request; the headers few calls need are read when asked for. */
class Context implements RequestContext {
  constructor(
    private readonly req: FastifyRequest,
    readonly lang: Language,
  ) {}
  get ip(): string {
    return this.req.ip;
  }
  get area(): string | undefined {
    return header(this.req, 'area');
  }
  get areaName(): string | undefined {
    return header(this.req, 'area-name') ?? header(this.req, 'areaname');
  }
  get claimedIp(): string | undefined {
    return header(this.req, 'client-ip') ?? header(this.req, 'clientip');
  }
  get source(): string | undefined {
    return header(this.req, 'source');
  }
}

/** The request's language: `think-lang` first, then `Accept-Language`, else English. */
export function requestLanguage(req: FastifyRequest): Language {
  return memoLanguage(header(req, 'think-lang'), header(req, 'accept-language'));
}

/**
 * At the start of every routed request: the context from the headers, the security headers and
 * the per-client rate limits (global, and stricter where a route asks).
 */
export function requestPlugin(app: FastifyInstance, deps: AppDeps): void {
  const globalMax = deps.config.RATE_LIMIT_PER_MINUTE;
  const { limiter } = deps;
  app.decorateRequest('ctx', null as unknown as RequestContext);

  // Each route gets one hook of its own when it is added, with its limits already looked up: the
  // context, the security headers, then the global and the route's own limit per client address (an
  // IPv6 client per /64 network: `limitKeyOf`).
  app.addHook('onRoute', (route) => {
    const own = route.config?.rateLimit;
    const limited = own !== false && (globalMax > 0 || Boolean(own));
    const url = route.url;
    const ownKey = own ? `route:${url}:` : '';
    // No closures are made per request: this runs before every call.
    const start: onRequestHookHandler = (req, reply, done) => {
      req.ctx = new Context(req, requestLanguage(req));
      reply.headers(BASE_SECURITY_HEADERS);
      if (!limited) return done();
      const client = limitKeyOf(req.ip);
      const first = globalMax > 0 ? limiter.hit(`ip:${client}`, globalMax, 60_000) : undefined;
      if (first === undefined || !(first instanceof Promise)) {
        if (first && !first.allowed) return done(tooMany(reply, first.resetInMs));
        if (!own) return done();
        const second = limiter.hit(ownKey + client, own.max, own.timeWindow);
        if (!(second instanceof Promise)) return done(ownLimit(req, reply, own, second));
        second.then((hit) => done(ownLimit(req, reply, own, hit)), done);
        return;
      }
      first.then(async (hit) => {
        if (!hit.allowed) return done(tooMany(reply, hit.resetInMs));
        if (!own) return done();
        done(ownLimit(req, reply, own, await limiter.hit(ownKey + client, own.max, own.timeWindow)));
      }, done);
    };
    route.onRequest = [start, ...(route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest])];
  });
}

/** For answers no route gave (not found): the same context and headers. */
export function startUnroutedRequest(req: FastifyRequest, reply: FastifyReply): void {
  req.ctx ??= new Context(req, requestLanguage(req));
  reply.headers(BASE_SECURITY_HEADERS);
}

/** The route's own limit judged: nothing when the hit is allowed, else the refusal (the window's first one told to the route). */
function ownLimit(req: FastifyRequest, reply: FastifyReply, own: RouteRateLimit, hit: HitResult): AppError | undefined {
  if (hit.allowed) return undefined;
  if (hit.count === own.max + 1 && own.onLimitReached) own.onLimitReached(req.ip).catch((e: unknown) => req.log.error(e, 'recording a reached rate limit'));
  return tooMany(reply, hit.resetInMs);
}

function tooMany(reply: FastifyReply, resetInMs: number): AppError {
  reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
  return new AppError(ResponseCode.rateLimited, undefined, { httpStatus: 429 });
}
