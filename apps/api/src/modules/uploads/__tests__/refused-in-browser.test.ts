import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';

// A browser reads the answer to an upload only once it has sent the whole body: a refused upload must
// not be answered by cutting the connection, or the browser says "cannot be reached" instead of why.

let t: TestApp;
let browser: Browser;
let page: Page;
let origin: string;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-refused-in-browser-'));

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemo(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const shell = '/usr/bin/chromium-headless-shell';
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(shell) ? shell : '/usr/bin/chromium') });
  page = await browser.newPage();
  // A blank page of the shop's origin (the API's own answers forbid scripts from fetching): the uploads are same-origin calls.
  await page.route(`${origin}/blank`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(`${origin}/blank`);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A PNG of `bytes` bytes (padded after its end, as a camera's extra data would be), as base64 for the page. */
const bigPng = async (bytes: number) => {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c53' } }).png().toBuffer();
  return Buffer.concat([png, Buffer.alloc(bytes - png.length, 7)]).toString('base64');
};

/** Uploads a file from the page the way the console and the app do (FormData over fetch); answers the envelope or the network failure. */
function uploadFromPage(url: string, headers: Record<string, string>, fields: Record<string, string>, base64: string) {
  return page.evaluate(
    async ({ url, headers, fields, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'shelf.png');
      try {
        const res = await fetch(url, { method: 'POST', headers, body: form });
        return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
      } catch (e) {
        return { failed: String(e) };
      }
    },
    { url, headers, fields, base64 },
  );
}

describe('a refused upload, sent from a browser', () => {
  it('a 10.8 MB picture to the console is answered with the reason and the limit, not a broken connection', async () => {
    const op = await newOperatorSession(t.db, 'catalogue');
    const answer = await uploadFromPage(`${origin}/admin/api/uploads/image`, op.headers, {}, await bigPng(10_800_000));
    expect(answer).toMatchObject({ body: { code: ResponseCode.uploadTooLarge, msg: expect.stringContaining('2 MB') } });
    // The connection is still good for the next call.
    const next = await uploadFromPage(`${origin}/admin/api/uploads/image`, op.headers, {}, await bigPng(200_000));
    expect(next).toMatchObject({ body: { code: 200 } });
  }, 60_000);

  it('a 6 MB picture from the app (read until it passes 2 MB) is answered with the reason, and nothing is kept', async () => {
    const member = await registerMember(t);
    const grant = (await call(t, 'POST', '/user/upload/createToken', { host_id: 1 }, { token: member.token })).body.data;
    const answer = await uploadFromPage(`${origin}${grant.upload_path}`, { authorization: `Bearer ${member.token}`, 'accept-language': 'zh-cn', 'think-lang': 'zh-cn' }, { token: grant.token }, await bigPng(6_000_000));
    // In the member's language.
    expect(answer).toMatchObject({ body: { code: ResponseCode.uploadTooLarge, msg: '上传失败，图片过大：图片不超过 2 MB' } });
    expect(fs.readdirSync(path.join(dataDir, 'uploads', '.tmp'))).toEqual([]);
    expect(await t.db.selectFrom('uploads').select('id').where('user_id', '=', member.user.id).execute()).toEqual([]);
  }, 60_000);
});
