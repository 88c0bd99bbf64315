import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const html = '<!doctype html><title>Shop console</title><div id="root"></div>';
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await buildTestApp({ ADMIN_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the operator console at /admin/', () => {
  it('serves its page and hashed assets, the page for any other console path, and never shadows /admin/api/', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/admin' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('/admin/');

    const page = await t.app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Shop console');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    // Compressed as the build wrote it, for a browser that takes it, on a deep link too.
    const compressed = await t.app.inject({ method: 'GET', url: '/admin/orders', headers: { 'accept-encoding': 'gzip, br' } });
    expect([compressed.headers['content-encoding'], compressed.headers.vary]).toEqual(['br', 'Accept-Encoding']);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('Shop console');

    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    // A reloaded deep link gets the page; a missing asset is a 404, not the page.
    const deep = await t.app.inject({ method: 'GET', url: '/admin/reviews/realname?x=1' });
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toContain('Shop console');
    expect((await t.app.inject({ method: 'GET', url: '/admin/assets/missing.js' })).statusCode).toBe(404);

    // The calls stay calls: a known one answers its envelope, an unknown one the API's 404 envelope.
    const me = await t.app.inject({ method: 'GET', url: '/admin/api/auth/me' });
    expect(me.json()).toMatchObject({ code: 2002 });
    const unknown = await t.app.inject({ method: 'GET', url: '/admin/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
  });

  it('serves a console built anew under the running shop as built: its page names the new build’s files', async () => {
    const html = '<!doctype html><title>Shop console</title><script type="module" src="/admin/assets/index-new456.js"></script><div id="root"></div>';
    fs.rmSync(path.join(dist, 'assets', 'index-abc123.js'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-new456.js'), 'console.log(2)');
    fs.writeFileSync(path.join(dist, 'index.html'), html);
    fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(html));
    const page = await t.app.inject({ method: 'GET', url: '/admin/orders' });
    expect(page.body).toContain('/admin/assets/index-new456.js');
    const compressed = await t.app.inject({ method: 'GET', url: '/admin/', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('/admin/assets/index-new456.js');
    expect((await t.app.inject({ method: 'GET', url: '/admin/assets/index-new456.js' })).statusCode).toBe(200);
  });
});
