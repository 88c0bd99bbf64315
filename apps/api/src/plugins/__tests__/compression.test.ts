import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../web/precompress.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { COMPRESS_THRESHOLD_BYTES } from '../compression.js';

let t: TestApp;
let dist: string;
// A script like the built app's: large and repetitive enough to compress well.
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = "the shop's script line ${i}";`).join('\n');

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>shop</title><style>${'#splash { color: red }\n'.repeat(80)}</style><div id="root"></div>`);
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'config.js'), `window.SHOP_CONFIG = ${JSON.stringify({ note: 'x'.repeat(2000) })};`);
  precompressDir(dist);
  // The precompressed copy is what is sent, so prove it: the .br on disk says something the original does not.
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), (await import('node:zlib')).brotliCompressSync('/* from the build */' + script));
  t = await buildTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('compressed delivery', () => {
  it('the build writes a brotli and a gzip copy beside each compressible file, but not of the editable config.js', () => {
    expect(fs.existsSync(path.join(dist, 'assets', 'index-abc123.js.gz'))).toBe(true);
    expect(gunzipSync(fs.readFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'))).toString()).toBe(script);
    expect(fs.existsSync(path.join(dist, 'config.js.br'))).toBe(false);
    expect(fs.existsSync(path.join(dist, 'index.html.br'))).toBe(true);
  });

  it("sends the page compressed with the page's own headers: its content security policy and no caching", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('sends the brotli file made at build time to a browser that accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/h5/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('/* from the build */' + script);
  });

  it('sends the gzip copy to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/h5/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/h5/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses a JSON answer above the threshold and leaves a small one as it is', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(big.rawPayload).toString();
    expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    expect(JSON.parse(text)).toHaveProperty('paths');

    const small = await t.app.inject({ method: 'GET', url: '/web/version', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);
  });

  it('compresses a cached list (the countries) for each client that accepts it, the same bytes each time, and leaves it plain for one that does not', async () => {
    const ask = (encoding: string) => t.app.inject({ method: 'GET', url: '/attractive/country/list', headers: { 'accept-encoding': encoding, 'think-lang': 'en-us' } });
    const first = await ask('gzip, deflate, br');
    const second = await ask('br');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString())).toEqual(plain.json());
    expect(plain.json().data.list.length).toBeGreaterThan(100);
  });

  it("follows the client's weights: gzip when it weighs gzip higher, nothing when it refuses both", async () => {
    const ask = (encoding: string) => t.app.inject({ method: 'GET', url: '/user/getLangBag?lang=en-us', headers: { 'accept-encoding': encoding } });
    expect((await ask('br;q=0.5, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await ask('gzip;q=0.2, *')).headers['content-encoding']).toBe('br');
    const refused = await ask('br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().code).toBe(200);
    expect((await ask('*;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses an envelope answer of the member API for a gzip-only client', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/user/getLangBag?lang=en-us', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString()).code).toBe(200);
  });
});
