import { createHash } from 'node:crypto';
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

/** Where the gateways' browser SDKs come from, and the frames they open (card fields, 3-D Secure). */
const PAYMENT_SCRIPT_SOURCES = 'https://js.stripe.com https://static.airwallex.com https://checkout.airwallex.com';
const PAYMENT_FRAME_SOURCES = 'https://js.stripe.com https://hooks.stripe.com https://checkout.airwallex.com';

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of a built HTML document: the policy allows
 * exactly those, as they were built, and no other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
}

/**
 * The headers of the app's HTML document, computed once. They work over plain http: HSTS, COOP
 * and the upgrade of insecure requests are sent only when the shop's public address is https.
 * `inlineScripts` are the hashes of the document's own inline scripts (`inlineScriptHashes`).
 */
export function documentSecurityHeaders(https: boolean, inlineScripts: string[] = []): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
    // Stripe.js and Airwallex.js must be loaded from their providers (the card and Airwallex pages only).
    `script-src 'self' ${[...inlineScripts, PAYMENT_SCRIPT_SOURCES].join(' ')}`,
    `frame-src 'self' ${PAYMENT_FRAME_SOURCES}`,
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
