import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { signV4 } from '../../../providers/storage/s3-storage.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';

describe('SigV4 signing', () => {
  it('matches the GET Object example of the AWS documentation', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      headers: { range: 'bytes=0-9' },
      date: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** An S3-compatible bucket on a local port: keeps objects by path and refuses unsigned requests. */
function fakeBucket() {
  const objects = new Map<string, Buffer>();
  const ranges: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      if (!/^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=[\w;-]+, Signature=[0-9a-f]{64}$/.test(auth)) {
        return res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
      }
      const key = decodeURIComponent(req.url!.split('?')[0]!);
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        return res.writeHead(200).end();
      }
      const obj = objects.get(key);
      if (!obj) return res.writeHead(404).end();
      // One byte range, as S3 answers it.
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (range && req.method === 'GET') {
        ranges.push(req.headers.range!);
        const part = obj.subarray(Number(range[1]), Number(range[2]) + 1);
        res.writeHead(206, { 'content-length': part.length, 'content-range': `bytes ${range[1]}-${range[2]}/${obj.length}` });
        return res.end(part);
      }
      res.writeHead(200, { 'content-length': obj.length });
      res.end(req.method === 'HEAD' ? undefined : obj);
    });
  });
  return { server, objects, ranges };
}

describe('uploads in an S3-compatible bucket', () => {
  const bucket = fakeBucket();
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((r) => bucket.server.listen(0, '127.0.0.1', r));
    const { port } = bucket.server.address() as AddressInfo;
    t = await buildTestApp({
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'eu-test-1',
      S3_BUCKET: 'shop-uploads',
      S3_ACCESS_KEY_ID: 'test-key',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    await seedDemo(t);
  });
  afterAll(async () => {
    await t.close();
    bucket.server.close();
  });

  it('stores the upload in the bucket and serves it resized from there', async () => {
    const m = await registerMember(t);
    const png = await sharp({ create: { width: 1000, height: 500, channels: 3, background: { r: 10, g: 200, b: 90 } } }).png().toBuffer();
    const res = await call(t, 'POST', '/user/upload', { image: `data:image/png;base64,${png.toString('base64')}` }, { token: m.token });
    expect(res.body.code).toBe(200);
    // A member's upload is private: its address is signed (the key is what comes before the signature).
    const key = (res.body.data.url as string).replace(/^\/uploads\//, '').replace(/\?.*$/, '');
    expect(bucket.objects.get(`/shop-uploads/${key}`)?.equals(png)).toBe(true);
    const shown = await t.app.inject({ method: 'GET', url: `${res.body.data.url}&width=300` });
    expect(shown.statusCode).toBe(200);
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ width: 300, height: 150 });
    expect(bucket.objects.has(`/shop-uploads/resized/300x750/${key}`)).toBe(true);
  });

  it('serves a video from the bucket in parts, asking the bucket for just those bytes', async () => {
    const clip = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    const key = '2026/11/bucket-clip.mp4';
    await t.deps.providers.storage.write(key, clip);
    const m = await registerMember(t);
    await t.db.insertInto('uploads').values({ user_id: m.user.id, storage_key: key, mime: 'video/mp4', kind: 'video', size: clip.length, original_name: null, public: true }).execute();
    const part = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/5000');
    expect(part.rawPayload.equals(clip.subarray(100, 200))).toBe(true);
    expect(bucket.ranges).toContain('bytes=100-199');
    const whole = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(whole.headers['content-length']).toBe('5000');
    expect(whole.rawPayload.equals(clip)).toBe(true);
  });

  it('refuses to start without the bucket settings', async () => {
    await expect(buildTestApp({ STORAGE_PROVIDER: 's3' })).rejects.toThrow('STORAGE_PROVIDER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  });
});
