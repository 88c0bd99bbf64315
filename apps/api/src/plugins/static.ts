import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { documentSecurityHeaders } from './security.js';

/** The built web app at /h5/: hashed assets cached for a year, index.html never cached. */
export async function staticPlugin(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/h5/', 302));
  app.get('/h5', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/h5/', 302));
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    app.log.warn(`The web app is not built (${config.webDist}); run "npm run build" to serve it at /h5/`);
    return;
  }
  const documentHeaders = documentSecurityHeaders(config.PUBLIC_URL?.startsWith('https://') ?? false);
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/h5/',
    index: ['index.html'],
    wildcard: true,
    // The build wrote a .br and a .gz beside each file; the one the browser accepts is sent (Vary: Accept-Encoding).
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res, sentPath) => {
      // A precompressed copy (index.html.br) is still the page it stands for.
      const filePath = sentPath.replace(/\.(br|gz)$/, '');
      const rel = path.relative(config.webDist, filePath);
      if (rel.startsWith(`assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
      if (filePath.endsWith('.html')) for (const [name, value] of Object.entries(documentHeaders)) res.header(name, value);
    },
  });
}
