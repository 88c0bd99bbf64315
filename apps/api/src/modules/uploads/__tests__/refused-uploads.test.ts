import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, newMember } from '../../catalogue/__tests__/helpers.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { mp4 } from './mp4-fixture.js';

// A refused upload leaves nothing behind: no file in the upload folder, no row, nothing served. And a
// file address with characters no file name holds is simply not found, like any other path trick.

let t: TestApp;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-refused-uploads-'));
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under the upload folder. */
const storedFiles = () => {
  const dir = path.join(dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
};
const uploadRows = async () => (await t.db.selectFrom('uploads').select('id').execute()).length;

const BOUNDARY = '----refusedUploadBoundary42';
const operatorUpload = (headers: Record<string, string>, file: Buffer, name: string, declared: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/api/uploads/image',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${declared}\r\n\r\n`), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });

describe('refused uploads', () => {
  it('a video sent to the console\'s picture upload is refused and nothing of it is kept or served', async () => {
    const op = await newOperatorSession(t.db, 'catalogue');
    const [files, rows] = [storedFiles(), await uploadRows()];
    const res = (await operatorUpload(op.headers, mp4(50_000), 'banner.jpg', 'image/jpeg')).json();
    expect(res.code).toBe(ResponseCode.uploadType);
    expect(storedFiles()).toBe(files);
    expect(await uploadRows()).toBe(rows);
    // A picture still goes through.
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#3a3' } }).png().toBuffer();
    const ok = (await operatorUpload(op.headers, png, 'banner.png', 'image/png')).json();
    expect(ok.code).toBe(200);
    expect(storedFiles()).toBe(files + 1);
  });

  it('a video sent as a member\'s inline picture is refused and nothing of it is kept', async () => {
    const m = await newMember(t);
    const [files, rows] = [storedFiles(), await uploadRows()];
    const res = await call(t, 'POST', '/user/upload', { headers: m.headers, body: { image: `data:image/png;base64,${mp4(50_000).toString('base64')}` } });
    expect(res.body.code).toBe(ResponseCode.uploadType);
    expect(storedFiles()).toBe(files);
    expect(await uploadRows()).toBe(rows);
  });

  it('a file address with a NUL or another control character is not found, not a form error', async () => {
    for (const url of ['/uploads/2026/11/0b7c9a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21.jpg%00.html', '/uploads/2026/11/x%01.png', '/media/demo/goods-1-1.png%00.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('*');
    }
    // Real input keeps its refusal: a call's field with a NUL is still told as such.
    const m = await newMember(t);
    expect((await call(t, 'POST', '/user/info/save', { headers: m.headers, body: { nickname: 'a\u0000b' } })).body.code).toBe(422);
  });
});
