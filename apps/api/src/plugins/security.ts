import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import type { AppDeps } from '../app-deps.js';

/**
 * The headers every answer carries, kept short: most answers are small JSON, where a page's policy
 * means nothing and its bytes are a measurable share of the traffic.
 */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-site',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * The headers of the app's HTML document, computed once. They work over plain http: HSTS, COOP
 * and the upgrade of insecure requests are sent only when the shop's public address is https.
 */
export function documentSecurityHeaders(https: boolean): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self' https:",
    "media-src 'self' blob: https:",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-permitted-cross-domain-policies': 'none',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains', 'cross-origin-opener-policy': 'same-origin' } : {}),
  };
}

/** CORS for the configured origins (none by default: the app is served from the same origin). */
export async function corsPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const origins = deps.config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  if (!origins.length) return;
  await app.register(cors, {
    origin: origins.includes('*') ? true : origins,
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'think-lang', 'Area', 'Area-Name', 'client-ip', 'source', 'Idempotency-Key'],
    methods: ['GET', 'POST'],
    maxAge: 600,
  });
}
