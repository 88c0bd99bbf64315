import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, normalizeLanguage, ResponseCode, type Language } from '@shop/contract';
import type { AppDeps } from '../app.js';
import { AppError } from '../lib/errors.js';
import type { HitResult } from '../lib/rate-limiter.js';
import { BASE_SECURITY_HEADERS } from './security.js';

/** What every request carries, read once from the spec's headers. */
export interface RequestContext {
  lang: Language;
  /** `Area` header (the app sends 1). */
  area: string | undefined;
  /** Optional area name header. */
  areaName: string | undefined;
  /** The address the connection comes from (through trusted proxies when TRUST_PROXY is on). */
  ip: string;
  /** The address the client says it has (`client-ip` header): logged, never trusted. */
  claimedIp: string | undefined;
  /** `source` header: H5, app … */
  source: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
  interface FastifyContextConfig {
    /** A per-route limit per client address, or `false` to exempt the route from the global one. */
    rateLimit?: { max: number; timeWindow: number } | false;
  }
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

/** The request's language: `think-lang` first, then `Accept-Language`, else English. */
export function requestLanguage(req: FastifyRequest): Language {
  return memoLanguage(header(req, 'think-lang'), header(req, 'accept-language'));
}

/**
 * One hook at the start of every request: the context from the headers, the security headers, and
 * the per-client rate limits (global, and stricter where a route asks).
 */
export function requestPlugin(app: FastifyInstance, deps: AppDeps): void {
  const globalMax = deps.config.RATE_LIMIT_PER_MINUTE;
  const { limiter } = deps;
  app.decorateRequest('ctx', null as unknown as RequestContext);

  app.addHook('onRequest', (req, reply, done) => {
    req.ctx = {
      lang: requestLanguage(req),
      area: header(req, 'area'),
      areaName: header(req, 'area-name') ?? header(req, 'areaname'),
      ip: req.ip,
      claimedIp: header(req, 'client-ip') ?? header(req, 'clientip'),
      source: header(req, 'source'),
    };
    reply.headers(BASE_SECURITY_HEADERS);

    const own = req.routeOptions.config.rateLimit;
    if (own === false || (globalMax <= 0 && !own)) return done();
    const checkOwn = () => (own ? limiter.hit(`route:${req.routeOptions.url}:${req.ip}`, own.max, own.timeWindow) : undefined);
    const verdict = (hit: HitResult | undefined) => (hit && !hit.allowed ? tooMany(reply, hit.resetInMs) : undefined);
    const first = globalMax > 0 ? limiter.hit(`ip:${req.ip}`, globalMax, 60_000) : undefined;
    if (first instanceof Promise) {
      first
        .then(async (hit) => done(verdict(hit) ?? verdict(await checkOwn())))
        .catch(done);
      return;
    }
    const err = verdict(first);
    if (err) return done(err);
    const second = checkOwn();
    if (second instanceof Promise) {
      second.then((hit) => done(verdict(hit))).catch(done);
      return;
    }
    done(verdict(second));
  });
}

function tooMany(reply: FastifyReply, resetInMs: number): AppError {
  reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
  return new AppError(ResponseCode.rateLimited, undefined, { httpStatus: 429 });
}
