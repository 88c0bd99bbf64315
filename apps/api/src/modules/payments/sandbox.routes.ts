import type { Api } from '../../plugins/routes.js';

/**
 * `/sandbox/<gateway>/…`: the local fakes of gateways in sandbox mode, on the shop's own server —
 * their API as the adapters call it, their hosted pages where a developer decides a payment. Not
 * registered at all in production (config.ts also refuses a sandbox gateway there).
 */
export function sandboxRoutes({ app, deps }: Api): void {
  if (deps.config.NODE_ENV === 'production') return;
  void app.register(async (scope) => {
    // The fakes check signatures over the exact bytes, as the providers do.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.all<{ Params: { gateway: string; '*': string } }>('/sandbox/:gateway/*', { config: { inputChecked: true } }, async (request, reply) => {
      // Looked up per request: tests and the development server put their fakes in place after start.
      const fake = deps.providers.paymentSandboxes[request.params.gateway];
      if (!fake) return reply.status(404).type('text/plain').send('no sandbox for this gateway');
      const prefix = `/sandbox/${request.params.gateway}`;
      const res = await fake.handle({
        method: request.method,
        url: request.url.slice(prefix.length) || '/',
        headers: request.headers,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      reply.status(res.status);
      for (const [k, v] of Object.entries(res.headers ?? {})) reply.header(k, v);
      return reply.send(res.body ?? '');
    });
  });
}
