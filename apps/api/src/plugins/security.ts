import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { AppDeps } from '../app.js';

/** Security headers that work over plain http, CORS for configured origins, and the global rate limit. */
export async function securityPlugin(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'connect-src': ["'self'", 'https:'],
        'frame-ancestors': ["'self'"],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    // Over plain http these only produce browser warnings; keep them for https deployments.
    strictTransportSecurity: https,
    crossOriginOpenerPolicy: https,
    originAgentCluster: https,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });

  const origins = config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean);
  await app.register(cors, {
    origin: origins.includes('*') ? true : origins.length ? origins : false,
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'think-lang', 'Area', 'Area-Name', 'client-ip', 'source'],
    methods: ['GET', 'POST'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: config.RATE_LIMIT_PER_MINUTE > 0,
    max: config.RATE_LIMIT_PER_MINUTE || 1_000_000,
    timeWindow: 60_000,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'shop-rl:' } : {}),
    // The error handler turns this into the envelope with HTTP 429.
    errorResponseBuilder: (_req, ctx) => Object.assign(new Error('rate limited'), { statusCode: ctx.statusCode }),
  });
}
