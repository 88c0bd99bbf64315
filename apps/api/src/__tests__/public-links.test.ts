import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { registerMember, seedDemo } from '../modules/accounts/__tests__/account-helpers.js';
import { seedCatalogueDemo } from '../modules/catalogue/demo/demo.seed.js';

let t: TestApp;
let member: { token: string };
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-links-test-'));
beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com/', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0' });
  await seedDemo(t);
  await seedCatalogueDemo(t.deps);
  member = await registerMember(t, { password: 'Links: seven quiet harbours 2026' });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A call whose Host and forwarded host name an attacker's site. */
async function forged(method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', authorization: `Bearer ${member.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });
  return res.json() as { code: number; data: Record<string, string> };
}

describe('links the shop hands out are built from PUBLIC_URL only', () => {
  it('builds share links, share cards and invitation links on PUBLIC_URL whatever Host is sent', async () => {
    const shop = await forged('GET', '/shop/share/shareInfo');
    expect(shop.data.link).toMatch(/^https:\/\/shop\.example\.com\/h5\/#\/pages\/tabbar\/index/);
    expect(shop.data.image).toMatch(/^https:\/\/shop\.example\.com\//);
    const wx = await forged('GET', '/shop/share/shareWx?goods_id=3');
    expect(wx.data.link).toMatch(/^https:\/\/shop\.example\.com\/h5\/#\/pages\/goods\/goodsInfo\?id=3/);
    const invite = await forged('GET', '/user/info/shareImg');
    expect(invite.data.share_url).toMatch(/^https:\/\/shop\.example\.com\/h5\/#\/pages\/login\/reg\/reg\?shareCode=/);
    // The QR code encodes the same link; nothing anywhere names the forged host.
    expect(JSON.stringify([shop, wx, invite])).not.toContain('evil.example');
  });

  it('gives uploaded files an address on PUBLIC_URL', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const up = await forged('POST', '/user/upload', { image: `data:image/png;base64,${png.toString('base64')}`, name: 'a.png' });
    expect(up.code).toBe(200);
    // A member's file is private: its address is signed.
    expect(up.data.url).toMatch(/^https:\/\/shop\.example\.com\/uploads\/\d{4}\/\d{2}\/[\w-]+\.png\?exp=\d+&sig=[\w-]+$/);
    // And the file is served at that path.
    const address = new URL(up.data.url!);
    const served = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});
