import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { allEndpoints, type AnyEndpoint } from '@shop/contract';
import type { AppDeps } from './app-deps.js';
import { modules } from './routes.js';
import { compressionPlugin } from './plugins/compression.js';
import { requestPlugin } from './plugins/context.js';
import { clientErrorHandler, errorsPlugin, frameworkErrorHandler, WHOLE_BODY } from './plugins/errors.js';
import { openApiPlugin } from './plugins/openapi.js';
import { bindNotAvailable, createApi, guardRouteInput } from './plugins/routes.js';
import { corsPlugin } from './plugins/security.js';
import { staticPlugin } from './plugins/static.js';
import { homePicture } from './modules/content/content.service.js';
import { readDeadline, requestDeadlines, serverLimits } from './plugins/timeouts.js';
import { webhooksPlugin } from './webhooks/webhooks.routes.js';
import { webhookProviders } from './webhook-providers.js';
import { responseCache } from './lib/cache.js';
import { ValidationError } from './lib/errors.js';

export type { AppDeps } from './app-deps.js';

export interface BuiltApp extends FastifyInstance {
  /** How many of the contract's calls have a real handler. */
  builtCalls: number;
}

/**
 * The app. `options.endpoints` are the contract calls it answers (default: all of them); tests add
 * calls of their own to exercise the platform without depending on which areas are built.
 */
export async function buildApp(deps: AppDeps, logger: FastifyServerOptions['logger'] = false, options: { endpoints?: readonly AnyEndpoint[] } = {}): Promise<BuiltApp> {
  // Request ids: unique across processes (a random prefix per process) and cheap (a counter).
  const processId = randomBytes(4).toString('hex');
  let requestCount = 0;
  const app = Fastify({
    logger,
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    genReqId: () => `${processId}-${(++requestCount).toString(36)}`,
    requestIdHeader: false,
    forceCloseConnections: 'idle',
    // Slow senders are cut off; an upload keeps minutes to arrive.
    ...serverLimits(deps.config),
    // Refusals before routing, and by Node before Fastify, answer with the envelope and headers too.
    frameworkErrors: frameworkErrorHandler(deps.i18n),
    clientErrorHandler: clientErrorHandler(deps.i18n),
    // A child logger per request costs a tenth of a small request. Above info level nothing is
    // logged per request anyway, and the error handler names the request id itself.
    childLoggerFactory: (log, bindings, opts) => ((log as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled?.('info') === false ? log : log.child(bindings, opts)),
  });

  // POST with an empty body (the app sends `{}` or nothing) parses as an empty object.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      // Text that is not JSON is refused as a body of the wrong form is (an array, a bare value): "please send JSON".
      done(new ValidationError([{ field: WHOLE_BODY, key: 'validation.invalid', params: { field: WHOLE_BODY } }]), undefined);
    }
  });

  requestPlugin(app, deps);
  requestDeadlines(app, deps.config, deps.i18n);
  const reads = readDeadline(app, deps.config, deps.i18n);
  errorsPlugin(app, deps.i18n, reads);
  guardRouteInput(app);
  await corsPlugin(app, deps);
  // Before the routes, so every answer after it passes through (static files come precompressed).
  await compressionPlugin(app);
  await staticPlugin(app, deps.config, { homePicture: () => homePicture(deps) });
  await webhooksPlugin(app, deps, webhookProviders(deps));

  const api = createApi(app, deps, reads);
  for (const register of modules) register(api);
  // The cached answers stop listening for other processes' invalidations with the app.
  app.addHook('onClose', async () => responseCache(deps).close());
  const endpoints = options.endpoints ?? allEndpoints;
  const missing = bindNotAvailable(api, endpoints);
  openApiPlugin(app);

  const built = app as unknown as BuiltApp;
  built.builtCalls = endpoints.length - missing;
  return built;
}
