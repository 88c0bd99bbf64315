import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOME_PICTURE_META } from '@shop/contract';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.js';
import { within } from '../lib/within.js';
import { documentSecurityHeaders, inlineScriptHashes } from './security.js';

export interface StaticOptions {
  /** The picture of the home page's first banner, which the document names (`HOME_PICTURE_META`); a failure names none. */
  homePicture?: () => Promise<string | undefined>;
}

/** The built web app at /h5/ and the operator console at /admin/: hashed assets cached for a year, index.html never cached. */
export async function staticPlugin(app: FastifyInstance, config: Config, options: StaticOptions = {}): Promise<void> {
  await adminConsole(app, config);
  app.get('/', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/h5/', 302));
  app.get('/h5', { config: { rateLimit: false } }, (_req, reply) => reply.redirect('/h5/', 302));
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    app.log.warn(`The web app is not built (${config.webDist}); run "npm run build" to serve it at /h5/`);
    return;
  }
  const document = webDocument(config);
  // Kept by the shop, the picture is there at once; looked up (the database slow or gone), the document goes without it.
  const homePicture = async () => (options.homePicture ? within(options.homePicture().catch(() => undefined), PICTURE_WAIT_MS, () => undefined) : undefined);
  const sendDocument = async (request: FastifyRequest, reply: FastifyReply) => {
    const d = document(await homePicture());
    reply.headers({ ...d.headers, 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8', etag: d.etag, vary: 'Accept-Encoding' });
    if (request.headers['if-none-match'] === d.etag) return reply.code(304).send();
    return sendCompressed(request, reply, d);
  };
  app.get('/h5/', { config: { rateLimit: false } }, sendDocument);
  app.get('/h5/index.html', { config: { rateLimit: false } }, sendDocument);
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/h5/',
    // The document is `webDocument`'s (above).
    index: false,
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
      // The service worker's policy is its own: it fetches the document, the release's files and the API's reads.
      if (rel === 'sw.js') res.header('content-security-policy', WORKER_POLICY);
      if (rel.endsWith('.webmanifest')) res.header('Content-Type', 'application/manifest+json; charset=utf-8');
    },
  });
}

/**
 * The service worker's content security policy (a worker is governed by its script's): it may fetch
 * from the shop and from the API's https hosts, and run no other script.
 */
export const WORKER_POLICY = "default-src 'none'; script-src 'self'; connect-src 'self' https:";

/** The built document's tag that loads the runtime configuration. */
const CONFIG_SCRIPT_TAG = '<script src="./config.js"></script>';

/** How long the document waits for the home's picture when the shop has to look it up. */
const PICTURE_WAIT_MS = 100;

/** Only the shop's own pictures are named in the document (what the early script would start anyway). */
const OWN_PICTURE = /^\/(media|uploads)\/[^\s"'<>&]+$/;

interface WebDocument {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/**
 * The web app's document: the built index.html with the runtime configuration (config.js) written
 * into it, so a first visit starts its early calls at once instead of after one more round trip for
 * a script that blocks the page. Operators still edit config.js in the built app: the document is
 * made again when either file changes, and compressed once per version, not per request. It also
 * names the home page's first picture as the shop knows it (`HOME_PICTURE_META`), so a first visit
 * starts it at once, and is made again when that changes. Its content security policy allows its
 * inline scripts by their hashes, the configuration's included.
 */
function webDocument(config: Config): (homePicture?: string) => WebDocument {
  const indexPath = path.join(config.webDist, 'index.html');
  const configPath = path.join(config.webDist, 'config.js');
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  let current: (WebDocument & { version: string }) | undefined;
  return (homePicture) => {
    const picture = homePicture && OWN_PICTURE.test(homePicture) ? homePicture : undefined;
    const version = `${fileVersion(indexPath)}|${fileVersion(configPath)}|${picture ?? ''}`;
    if (current?.version === version) return current;
    let html = fs.readFileSync(indexPath, 'utf8');
    const runtimeConfig = fs.existsSync(configPath) ? fs.readFileSync(configPath, 'utf8') : undefined;
    // A "</script" inside the configuration (in a string, say) must not end the inline script.
    if (runtimeConfig !== undefined) html = html.replace(CONFIG_SCRIPT_TAG, () => `<script>${runtimeConfig.replace(/<\/(script)/gi, '<\\/$1')}</script>`);
    // Before the scripts that read it.
    if (picture) html = html.replace('</title>', () => `</title>\n    <meta name="${HOME_PICTURE_META}" content="${picture}" />`);
    const body = Buffer.from(html);
    current = {
      version,
      body,
      br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      headers: documentSecurityHeaders(https, inlineScriptHashes(html)),
    };
    return current;
  };
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
    // The build's hashed files, under a wildcard route of their own; the page itself is the fallback's, below.
    root: path.join(config.adminDist, 'assets'),
    prefix: '/admin/assets/',
    index: false,
    wildcard: true,
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (res) => res.header('Cache-Control', 'public, max-age=31536000, immutable'),
  });
  // The page for /admin/ and any other path under it, so a reloaded page opens where it was; compressed as the build wrote it.
  const page = builtDocument(index);
  app.get('/admin/*', { config: { rateLimit: false } }, (request, reply) => {
    // An unknown call is a 404 (the API's envelope), never the page.
    if (request.url.startsWith('/admin/api/')) return reply.callNotFound();
    reply.headers({ ...documentHeaders, 'cache-control': 'no-cache', 'content-type': 'text/html; charset=utf-8', vary: 'Accept-Encoding' });
    return sendCompressed(request, reply, page());
  });
}

/** A file's version as its time of change and size ('-' while there is none): what is read from it is read again when this changes. */
const fileVersion = (file: string) => {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.mtimeMs}:${stat.size}` : '-';
};

const readIfThere = (file: string): Buffer | undefined => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);

/**
 * A built page with its compressed copies, read again when a file of them changes: a console built
 * anew under the running shop is served as built (its page names the new build's files, the old
 * ones being gone), never the page read at start.
 */
function builtDocument(file: string): () => { body: Buffer; br?: Buffer; gzip?: Buffer } {
  const files = [file, `${file}.br`, `${file}.gz`];
  let current: { version: string; body: Buffer; br?: Buffer; gzip?: Buffer } | undefined;
  return () => {
    const version = files.map(fileVersion).join('|');
    if (current?.version !== version) current = { version, body: fs.readFileSync(file), br: readIfThere(`${file}.br`), gzip: readIfThere(`${file}.gz`) };
    return current;
  };
}

/** Sends the brotli or gzip copy of a document when the browser takes it and there is one, else the document. */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, copies: { body: Buffer; br?: Buffer; gzip?: Buffer }) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = copies.br && /\bbr\b/.test(accepted) ? 'br' : copies.gzip && /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? copies.br : encoding === 'gzip' ? copies.gzip : copies.body);
}
