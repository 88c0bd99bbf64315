import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, normalizeLanguage, type Language } from '@shop/contract';

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
}

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s?.trim() ? s.trim().slice(0, 200) : undefined;
};

/** The request's language: `think-lang` first, then `Accept-Language`, else English. */
export function requestLanguage(req: FastifyRequest): Language {
  return normalizeLanguage(header(req, 'think-lang')) ?? languageFromAcceptLanguage(header(req, 'accept-language')) ?? DEFAULT_LANGUAGE;
}

export function contextPlugin(app: FastifyInstance): void {
  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (req) => {
    req.ctx = {
      lang: requestLanguage(req),
      area: header(req, 'area'),
      areaName: header(req, 'area-name') ?? header(req, 'areaname'),
      ip: req.ip,
      claimedIp: header(req, 'client-ip') ?? header(req, 'clientip'),
      source: header(req, 'source'),
    };
  });
}
