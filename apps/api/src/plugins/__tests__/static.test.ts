import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { decide, signedInOperator } from '../../modules/operators/__tests__/operator-fixtures.js';

/** An inline script as the build writes one into index.html (the first screen's preloads). */
const BUILT_INLINE = "document.documentElement.dataset.early='1';";
let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>shop</title><script>${BUILT_INLINE}</script><div id="root"></div>`);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ WEB_DIST: dist, CORS_ORIGINS: 'https://partner.example.com' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web app at /h5/', () => {
  it('serves index.html without caching, so a release is picked up at once', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it("gives the app's page a content security policy that works over plain http", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it("allows the page's own built inline scripts by their hash, and no other inline script", async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/h5/' })).headers['content-security-policy']);
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(BUILT_INLINE).digest('base64')}'`);
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(1);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses a NUL or a bad escape in a file path with the envelope, not a crash or an HTML page', async () => {
    const nul = await t.app.inject({ method: 'GET', url: '/h5/assets/index%00.js' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().code).toBe(422);
    const bad = await t.app.inject({ method: 'GET', url: '/h5/assets/%E0%A4%A.js' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(400);
    expect(bad.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a missing asset with 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/h5/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('the runtime configuration written into the document', () => {
  const withConfig = (html: string) => fs.writeFileSync(path.join(dist, 'index.html'), html);
  const document = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/h5/', headers });
  const scriptSrcOf = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy']).split('; ').find((d) => d.startsWith('script-src '))!;
  const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

  it('is config.js as it is now: no second request before the app starts, and an operator’s edit is served at the next visit', async () => {
    withConfig(`<!doctype html><title>shop</title><script src="./config.js"></script><div id="root"></div>`);
    const first = "window.SHOP_CONFIG = { api: { default: '' } };";
    fs.writeFileSync(path.join(dist, 'config.js'), first);
    const res = await document();
    expect(res.body).toContain(`<script>${first}</script>`);
    expect(res.body).not.toContain('src="./config.js"');
    expect(scriptSrcOf(res)).toContain(sha(first));
    // config.js itself stays where it was, for anything that reads it.
    expect((await t.app.inject({ method: 'GET', url: '/h5/config.js' })).body).toBe(first);

    const edited = "window.SHOP_CONFIG = { api: { default: 'https://api.shop.example' } };";
    fs.writeFileSync(path.join(dist, 'config.js'), edited);
    const later = await document();
    expect(later.body).toContain(`<script>${edited}</script>`);
    expect(scriptSrcOf(later)).toContain(sha(edited));
    expect(scriptSrcOf(later)).not.toContain(sha(first));
    expect(later.headers.etag).not.toBe(res.headers.etag);
  });

  it('cannot end its script early, and is sent compressed as the browser accepts, or not at all when unchanged', async () => {
    withConfig(`<!doctype html><title>shop</title><script src="./config.js"></script><div id="root"></div>`);
    fs.writeFileSync(path.join(dist, 'config.js'), `window.SHOP_CONFIG = { note: '</script><script>alert(1)</script>' };`);
    const res = await document();
    expect(res.body).toContain(`<script>window.SHOP_CONFIG = { note: '<\\/script><script>alert(1)<\\/script>' };</script>`);
    expect(res.body.match(/<\/script>/g)).toHaveLength(1);

    const br = await document({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(res.body);
    const gz = await document({ 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(res.body);
    const unchanged = await document({ 'if-none-match': String(res.headers.etag) });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });
});

describe('the home page’s first picture named in the document', () => {
  const document = () => t.app.inject({ method: 'GET', url: '/h5/' });
  const named = (html: string) => html.match(/<meta name="shop-home-picture" content="([^"]*)" \/>/)?.[1];
  let keys = 0;
  const saveBanner = async (token: string, banner: Record<string, unknown>) => {
    const res = await decide(t, '/admin/api/content/banners/save', { title: { 'en-us': 'Sale' }, ...banner }, token, `home-picture-${Date.now()}-${++keys}`);
    expect(res.body.code, res.body.msg).toBe(200);
    return res.body.data as { id: number; updated_at: string };
  };

  it('is the picture of the banner the home data answers first, before the scripts, followed through the console’s changes', async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>shop</title><script>${BUILT_INLINE}</script><div id="root"></div>`);
    const op = await signedInOperator(t, 'owner');
    const homeFirst = async () => (await t.app.inject({ method: 'GET', url: '/attractive/page/indexApiData' })).json().data.banners[0]?.image;
    expect(named((await document()).body)).toBeUndefined();

    await saveBanner(op.token, { image: '/media/demo/first.png', sort: 10 });
    const first = await document();
    expect(named(first.body)).toBe('/media/demo/first.png');
    expect(first.body.indexOf('shop-home-picture')).toBeLessThan(first.body.indexOf('<script>'));
    expect(await homeFirst()).toBe('/media/demo/first.png');

    const above = await saveBanner(op.token, { image: '/uploads/above.png', sort: 20 });
    const later = await document();
    expect(named(later.body)).toBe('/uploads/above.png');
    expect(await homeFirst()).toBe('/uploads/above.png');
    expect(later.headers.etag).not.toBe(first.headers.etag);

    await saveBanner(op.token, { id: above.id, base_updated_at: above.updated_at, image: '/uploads/above.png', sort: 20, is_visible: false });
    expect(named((await document()).body)).toBe('/media/demo/first.png');

    // A picture from elsewhere (kept from before banners took only the shop's own pictures) is not
    // named: the early script starts only the shop's own. Another save drops the cached home data.
    await t.db.insertInto('banners').values({ position: 'home', title: JSON.stringify({ 'en-us': 'Old sale' }), text: JSON.stringify({}), image: 'https://cdn.example.com/sale.png', link: '', sort: 30, is_visible: true }).execute();
    await saveBanner(op.token, { image: '/uploads/hidden.png', sort: 1, is_visible: false });
    expect(await homeFirst()).toBe('https://cdn.example.com/sale.png');
    const elsewhere = await document();
    expect(named(elsewhere.body)).toBeUndefined();
    // The meta is no script: the policy still allows only the built inline script.
    expect(String(elsewhere.headers['content-security-policy']).match(/'sha256-/g)).toHaveLength(1);
  });
});

describe('CORS', () => {
  it('allows only the configured origins', async () => {
    const ok = await t.app.inject({ method: 'OPTIONS', url: '/user/getLangBag', headers: { origin: 'https://partner.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'think-lang' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const other = await t.app.inject({ method: 'GET', url: '/user/getLangBag', headers: { origin: 'https://evil.example.com' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("keeps CORS's Vary: Origin on a large answer that also varies by its encoding", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/getLangBag?lang=en-us', headers: { origin: 'https://partner.example.com', 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    const vary = String(res.headers.vary).toLowerCase().split(/\s*,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });
});

describe('the installable app and its service worker', () => {
  beforeAll(() => {
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'H5 Shop', start_url: '/h5/#/pages/tabbar/index' }));
  });

  it('serves the worker never cached, so a release is seen at the next check, under a policy that lets it fetch', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('no-cache');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' https:");
    expect(csp).not.toContain("default-src 'none'; frame-ancestors");
  });

  it('serves the web app manifest as a manifest, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'H5 Shop' });
  });
});
