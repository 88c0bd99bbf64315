import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newMember } from '../../modules/catalogue/__tests__/helpers.js';
import { LocalFileStorage } from '../storage/storage.js';

const tmp = (name: string) => fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', `shop-providers-${name}-`));
const dataDir = tmp('data');
const storeDir = tmp('store');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir }, { providers: { storage: new LocalFileStorage(storeDir) } });
});
afterAll(async () => {
  await t.close();
  for (const dir of [dataDir, storeDir]) fs.rmSync(dir, { recursive: true, force: true });
});

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : [];

describe('providers as dependencies', () => {
  it('an upload goes to the storage the app was given, not to the configured folder', async () => {
    const m = await newMember(t);
    const token = (await t.app.inject({ method: 'POST', url: '/user/upload/createToken', headers: m.headers, payload: { host_id: 1 } })).json().data.token as string;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer();
    const boundary = '----providersTestBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/upload2', headers: { ...m.headers, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(res.json().code).toBe(200);
    const stored = filesUnder(storeDir).filter((f) => !f.includes(`${path.sep}.tmp${path.sep}`));
    expect(stored.some((f) => fs.readFileSync(f).equals(png))).toBe(true);
    expect(filesUnder(path.join(dataDir, 'uploads')).filter((f) => !f.includes('.tmp'))).toEqual([]);
  });
});
