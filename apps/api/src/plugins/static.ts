import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { documentSecurityHeaders, inlineScriptHashes } from './security.js';

/** The built web app at /h5/ and the operator console at /admin/: hashed assets cached for a year, index.html never cached. */
export async function staticPlugin(app: FastifyInstance, config: Config): Promise<void> {
  await adminConsole(app, config);
  app.get('/', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/h5/', 302));
  app.get('/h5', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/h5/', 302));
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    app.log.warn(`The web app is not built (${config.webDist}); run "npm run build" to serve it at /h5/`);
    return;
  }
  const documentHeaders = documentSecurityHeaders(
    config.PUBLIC_URL?.startsWith('https://') ?? false,
    inlineScriptHashes(fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8')),
  );
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

/**
 * The operator console at /admin/ (its calls live under /admin/api/, never shadowed): its files,
 * and index.html for any other path under /admin/ so a reloaded page opens where it was.
 */
async function adminConsole(app: FastifyInstance, config: Config): Promise<void> {
  app.get('/admin', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/admin/', 302));
  const index = path.join(config.adminDist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`The operator console is not built (${config.adminDist}); run "npm run build" to serve it at /admin/`);
    return;
  }
  const documentHeaders = documentSecurityHeaders(config.PUBLIC_URL?.startsWith('https://') ?? false);
  await app.register(fastifyStatic, {
    root: config.adminDist,
    prefix: '/admin/',
    index: ['index.html'],
    // One route per built file: the /admin/api/ routes and the fallback below stay reachable.
    wildcard: false,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res, sentPath) => {
      const filePath = sentPath.replace(/\.(br|gz)$/, '');
      const rel = path.relative(config.adminDist, filePath);
      if (rel.startsWith(`assets${path.sep}`)) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
      if (filePath.endsWith('.html')) for (const [name, value] of Object.entries(documentHeaders)) res.header(name, value);
    },
  });
  const html = fs.readFileSync(index);
  app.get('/admin/*', { config: { rateLimit: false } }, (request, reply) => {
    const url = request.url.split('?')[0]!;
    // An unknown call, or a missing asset, is a 404 (the API's envelope), never the page.
    if (url.startsWith('/admin/api/') || url.startsWith('/admin/assets/')) return reply.callNotFound();
    return reply.headers({ ...documentHeaders, 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8' }).send(html);
  });
}
