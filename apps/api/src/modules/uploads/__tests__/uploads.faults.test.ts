import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, DEMO_MEMBER, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { MAX_VIDEO_BYTES } from '../uploads.service.js';
import { mp4 } from './mp4-fixture.js';

let t: TestApp;
let member: { token: string; user: { id: number } };
let port: number;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-upload-faults-'));
const uploadsDir = path.join(dataDir, 'uploads');

beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemo(t);
  const login = await call(t, 'POST', '/user/no_auth/login', { account: DEMO_MEMBER.user_name, password: DEMO_MEMBER.password });
  member = login.body.data;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----shopFaultBoundary0d1e2f';

/** Every file under the uploads folder (stored files and temporary ones). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** One upload over a real connection, the way a phone sends it; resolves with the status and the parsed answer. */
function sendUpload(token: string, file: Buffer): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }> {
  const payload = Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      path: '/upload2',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': payload.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    // The server may close the connection as soon as it has answered, before the whole body is written.
    req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'EPIPE' || (e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
    req.end(payload);
  });
}

describe('uploads under abuse', () => {
  it('survives twenty videos of 10 MB + 1 byte: each is refused with the envelope and leaves no file behind', async () => {
    const tooBig = mp4(MAX_VIDEO_BYTES + 1);
    for (let i = 0; i < 20; i++) {
      const token = (await call(t, 'POST', '/user/upload/createToken', { host_id: 1 }, { token: member.token, ip: '127.0.0.1' })).body.data.token as string;
      const answer = await sendUpload(token, tooBig);
      expect(answer.body).toMatchObject({ code: ResponseCode.uploadTooLarge, msg: 'Failed to upload, the video is too large: videos up to 10 MB', data: null });
    }
    // The process still answers, and neither the temporary folder nor the store kept a byte of the refused files.
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    expect(filesUnder(uploadsDir)).toEqual([]);
    const rows = await t.db.selectFrom('uploads').select('id').where('user_id', '=', member.user.id).execute();
    expect(rows).toEqual([]);
  });

  it('still takes a video of exactly 10 MB afterwards', async () => {
    const token = (await call(t, 'POST', '/user/upload/createToken', { host_id: 1 }, { token: member.token, ip: '127.0.0.1' })).body.data.token as string;
    const answer = await sendUpload(token, mp4(MAX_VIDEO_BYTES));
    expect(answer.body).toMatchObject({ code: 200, data: { kind: 'video', size: MAX_VIDEO_BYTES } });
    expect(filesUnder(path.join(uploadsDir, '.tmp'))).toEqual([]);
    expect(filesUnder(uploadsDir)).toHaveLength(1);
  });
});
