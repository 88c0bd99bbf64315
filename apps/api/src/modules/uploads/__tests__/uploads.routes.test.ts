import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../accounts/__tests__/account-helpers.js';
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_VIDEO_BYTES } from '../uploads.service.js';
import { box, mp4 } from './mp4-fixture.js';

let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-uploads-test-'));
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemo(t);
  member = await registerMember(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----shopTestBoundary7MA4YWxkTrZu0gW';
function multipart(token: string | undefined, file: Buffer, filename: string, declaredType: string): Buffer {
  const parts: Buffer[] = [];
  if (token) parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`));
  parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${declaredType}\r\n\r\n`));
  parts.push(file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

async function uploadToken(): Promise<string> {
  return (await call(t, 'POST', '/user/upload/createToken', { host_id: 1 }, { token: member.token })).body.data.token;
}

async function upload(file: Buffer, filename: string, declaredType = 'image/jpeg', token?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/upload2',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: multipart(token === undefined ? await uploadToken() : token || undefined, file, filename, declaredType),
  });
  return res.json() as { code: number; msg: string; data: any };
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
/** A PNG padded after its end to exactly `size` bytes (decoders ignore what follows IEND). */
const paddedPng = async (size: number) => {
  const png = await photo(20, 20);
  return Buffer.concat([png, Buffer.alloc(size - png.length)]);
};

/** A PNG built by hand: its header says `width` x `height`, its pixel data is `rows` (each row a filter byte, then the pixels). */
function handMadePng(width: number, height: number, bitDepth: number, colourType: number, rows: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = colourType;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
/** A 10 x 10 RGB PNG whose compressed pixel rows stop after 5 of its 10 rows (every chunk well formed). */
const truncatedPng = () => handMadePng(10, 10, 8, 2, Buffer.alloc(5 * (1 + 10 * 3)));
/** An animated GIF of `frames` identical 2000 x 2000 frames: one frame encoded, its frame blocks repeated. */
let oneFrameGif: Promise<Buffer> | undefined;
async function animatedGif(frames: number): Promise<Buffer> {
  const one = await (oneFrameGif ??= sharp({ create: { width: 2000, height: 2000, channels: 3, background: { r: 200, g: 80, b: 40 } } }).gif({ loop: 0 }).toBuffer());
  // Past the header, the screen descriptor and its colour table: extensions (0x21) and the image (0x2c), to the trailer (0x3b).
  let at = 13 + (one[10]! & 0x80 ? 3 * 2 ** ((one[10]! & 7) + 1) : 0);
  const head = at;
  let frameStart = at;
  while (one[at] !== 0x3b) {
    const start = at;
    if (one[at] === 0x21) at += 2;
    else at += 10 + (one[at + 9]! & 0x80 ? 3 * 2 ** ((one[at + 9]! & 7) + 1) : 0) + 1;
    while (one[at] !== 0) at += one[at]! + 1;
    at += 1;
    // The looping extension (0x21 0xff) is said once; the frame's control extension and image repeat.
    if (one[start] === 0x21 && one[start + 1] === 0xff) frameStart = at;
  }
  const frame = one.subarray(frameStart, at);
  return Buffer.concat([one.subarray(0, head), one.subarray(head, frameStart), ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

describe('uploads', () => {
  it('stores an image and delivers it resized (750 by default, or as asked) with nosniff', async () => {
    const res = await upload(await photo(1600, 1200), 'holiday.png', 'application/octet-stream');
    expect(res).toMatchObject({ code: 200, data: { kind: 'image', mime: 'image/png' } });
    expect(res.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png\?exp=\d+&sig=[\w-]+$/);
    const shown = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ width: 750, height: 563 });
    const small = await t.app.inject({ method: 'GET', url: `${res.data.url}&width=200&height=200` });
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
    // Odd sizes are rounded up to the next delivery step, so an image has a bounded number of copies.
    const odd = await t.app.inject({ method: 'GET', url: `${res.data.url}&width=173&height=9999` });
    expect(await sharp(odd.rawPayload).metadata()).toMatchObject({ width: 200, height: 150 });
    expect((await t.app.inject({ method: 'GET', url: '/uploads/2026/01/not-there.png' })).statusCode).toBe(404);
  });

  it('decides the type by content: an HTML page named .jpg is refused', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'.padEnd(5000, ' '));
    expect(await upload(html, 'cat.jpg', 'image/jpeg')).toMatchObject({ code: ResponseCode.uploadType, msg: 'This file type is not supported' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    expect((await upload(svg, 'icon.png', 'image/png')).code).toBe(ResponseCode.uploadType);
  });

  it('takes an image of exactly 2 MB and refuses 2 MB + 1 byte', async () => {
    expect((await upload(await paddedPng(MAX_IMAGE_BYTES), 'big.png')).code).toBe(200);
    expect(await upload(await paddedPng(MAX_IMAGE_BYTES + 1), 'big.png')).toMatchObject({ code: ResponseCode.uploadTooLarge, msg: 'Failed to upload, the picture is too large: pictures up to 2 MB' });
  });

  it('takes videos up to 10 MB and refuses more', async () => {
    expect(await upload(mp4(3 * 1024 * 1024), 'clip.mp4', 'video/mp4')).toMatchObject({ code: 200, data: { kind: 'video', mime: 'video/mp4' } });
    expect((await upload(mp4(MAX_VIDEO_BYTES + 1), 'clip.mp4', 'video/mp4')).code).toBe(ResponseCode.uploadTooLarge);
  });

  it('plays a video on a phone: a byte range answers 206 with those bytes, a whole GET its length, a range past the end 416', async () => {
    const clip = mp4(200_000);
    const res = await upload(clip, 'evidence.mp4', 'video/mp4');
    expect(res).toMatchObject({ code: 200, data: { kind: 'video', mime: 'video/mp4' } });
    // What iOS Safari asks first: the first two bytes, on the member's signed address.
    const probe = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=0-1' } });
    expect(probe.statusCode).toBe(206);
    expect(probe.headers['content-range']).toBe(`bytes 0-1/${clip.length}`);
    expect(probe.headers['content-length']).toBe('2');
    expect(probe.rawPayload.equals(clip.subarray(0, 2))).toBe(true);
    expect(probe.headers['content-type']).toBe('video/mp4');
    expect(probe.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(probe.headers['x-content-type-options']).toBe('nosniff');
    expect(probe.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // Seeking: a range in the middle, one open-ended, and the last bytes.
    const middle = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=150000-150999' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 150000-150999/${clip.length}`);
    expect(middle.rawPayload.equals(clip.subarray(150_000, 151_000))).toBe(true);
    const rest = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=199000-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload.equals(clip.subarray(199_000))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=-10' } });
    expect(tail.headers['content-range']).toBe(`bytes ${clip.length - 10}-${clip.length - 1}/${clip.length}`);
    expect(tail.rawPayload.equals(clip.subarray(-10))).toBe(true);
    // The whole file: its length and the promise that ranges work, not a chunked stream.
    const whole = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(clip.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['transfer-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(clip)).toBe(true);
    // Past the end: nothing to send, and the size to ask within.
    const past = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: `bytes=${clip.length}-${clip.length + 10}` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${clip.length}`);
    // Several ranges at once are answered with the whole file.
    const several = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=0-1,5-6' } });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(clip.length);
    // A range still needs the signed address: the bare one is not found.
    const bare = await t.app.inject({ method: 'GET', url: res.data.url.replace(/\?.*$/, ''), headers: { range: 'bytes=0-1' } });
    expect(bare.statusCode).toBe(404);
  });

  it('sends pictures with their length and answers byte ranges of them too', async () => {
    const res = await upload(await photo(300, 200), 'small.png', 'image/png');
    const whole = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(whole.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await t.app.inject({ method: 'GET', url: res.data.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 8))).toBe(true);
  });

  it('refuses an "MP4" that is a web page behind an MP4 header, and keeps nothing of it', async () => {
    const before = await t.db.selectFrom('uploads').select('id').execute();
    const storedFiles = () => fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
    const filesBefore = storedFiles();
    const head = Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script>'.padEnd(7 * 1024, ' ') + '</body></html>');
    expect(await upload(Buffer.concat([head, html]), 'clip.mp4', 'video/mp4')).toMatchObject({ code: ResponseCode.uploadType, msg: 'This file type is not supported' });
    // An MP4 header padded with zeros has no movie in it either.
    expect((await upload(Buffer.concat([head, Buffer.alloc(64 * 1024)]), 'clip.mp4', 'video/mp4')).code).toBe(ResponseCode.uploadType);
    // A fragmented movie whose fragment's decode-time box is empty (cut short): refused as not a movie, not a failure of the shop.
    const cut = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')),
      box('moov', box('mvhd', Buffer.alloc(100)), box('mvex')),
      box('moof', box('traf', box('tfhd', Buffer.alloc(8)), box('tfdt'))),
    ]);
    expect(await upload(cut, 'clip.mp4', 'video/mp4')).toMatchObject({ code: ResponseCode.uploadType, msg: 'This file type is not supported' });
    expect((await t.db.selectFrom('uploads').select('id').execute()).length).toBe(before.length);
    expect(storedFiles()).toBe(filesBefore);
  });

  it('needs a fresh upload token of the member, used once', async () => {
    const png = await photo(10, 10);
    expect((await upload(png, 'a.png', 'image/png', '')).code).toBe(ResponseCode.uploadTokenInvalid);
    const token = await uploadToken();
    expect((await upload(png, 'a.png', 'image/png', token)).code).toBe(200);
    expect((await upload(png, 'a.png', 'image/png', token)).code).toBe(ResponseCode.uploadTokenInvalid);
  });

  it('refuses an oversized image while it streams, before the client has finished sending', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = await uploadToken();
    const head = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`),
      await photo(20, 20),
    ]);
    const answer = await new Promise<{ code: number }>((resolve, reject) => {
      const req = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/upload2', headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'transfer-encoding': 'chunked' } });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      });
      req.on('error', reject);
      req.write(head);
      // 3 MB of a claimed 50 MB file, then the client keeps the request open: the answer must come anyway.
      for (let i = 0; i < 3; i++) req.write(Buffer.alloc(1024 * 1024));
      setTimeout(() => reject(new Error('no answer while the upload was still open')), 10_000).unref();
    });
    expect(answer.code).toBe(ResponseCode.uploadTooLarge);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', '.tmp'))).toEqual([]);
  });

  it('sets an uploaded avatar on the profile; inline uploads take small images only', async () => {
    const png = await photo(64, 64);
    const inline = await call(t, 'POST', '/user/upload', { image: `data:image/png;base64,${png.toString('base64')}` }, { token: member.token });
    expect(inline.body).toMatchObject({ code: 200, data: { kind: 'image' } });
    const saved = await call(t, 'POST', '/user/info/save', { avatar: inline.body.data.url, nickname: 'Pictured' }, { token: member.token });
    // Saved by its lasting address: an avatar is public.
    expect(saved.body.data).toMatchObject({ avatar: inline.body.data.url.replace(/\?.*$/, ''), nickname: 'Pictured' });
    const notImage = await call(t, 'POST', '/user/upload', { image: `data:image/png;base64,${Buffer.from('hello world'.repeat(500)).toString('base64')}` }, { token: member.token });
    expect(notImage.body.code).toBe(ResponseCode.uploadType);
    expect((await call(t, 'POST', '/user/info/save', { avatar: 'javascript:alert(1)' }, { token: member.token })).status).toBe(422);
    expect((await call(t, 'POST', '/user/info/save', { avatar: 'https://tracker.example/pixel.png' }, { token: member.token })).status).toBe(422);
    // Another member's picture is not one's own avatar.
    const other = await registerMember(t);
    expect((await call(t, 'POST', '/user/info/save', { avatar: inline.body.data.url }, { token: other.token })).status).toBe(422);
  });

  it('refuses a small image made of more pixels than a photo (50 MP in all its frames), at upload and as an inline avatar', async () => {
    // 31 KB declaring 16000 x 16000 (256 MP): one bit per pixel, all zeros, compresses to nearly nothing.
    const bomb = handMadePng(16000, 16000, 1, 0, Buffer.alloc(16000 * (1 + 16000 / 8)));
    expect(bomb.length).toBeLessThan(40_000);
    expect(await upload(bomb, 'bomb.png', 'image/png')).toMatchObject({ code: ResponseCode.uploadTooLarge, msg: 'Failed to upload, the picture has too many pixels: pictures up to 50 megapixels' });
    const inline = await call(t, 'POST', '/user/upload', { image: `data:image/png;base64,${bomb.toString('base64')}` }, { token: member.token });
    expect(inline.body.code).toBe(ResponseCode.uploadTooLarge);
    // Frames count together: 50 frames of 2000 x 2000 (200 MP) are refused; 3 of them (12 MP) are an animation that is taken.
    expect(13 * 2000 * 2000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const flood = await animatedGif(50);
    expect(flood.length).toBeLessThan(MAX_IMAGE_BYTES);
    expect((await sharp(flood, { animated: true }).metadata()).pages).toBe(50);
    expect((await upload(flood, 'flood.gif', 'image/gif')).code).toBe(ResponseCode.uploadTooLarge);
    const animation = await upload(await animatedGif(3), 'party.gif', 'image/gif');
    expect(animation).toMatchObject({ code: 200, data: { kind: 'image', mime: 'image/gif' } });
    const shown = await t.app.inject({ method: 'GET', url: `${animation.data.url}&width=200&height=200` });
    expect(shown.statusCode).toBe(200);
    expect(await sharp(shown.rawPayload).metadata()).toMatchObject({ format: 'gif', width: 200 });
  });

  it('refuses an image whose pixels do not decode, and answers 404 for a stored one that does not', async () => {
    const broken = truncatedPng();
    expect((await sharp(broken).metadata()).width).toBe(10);
    expect(await upload(broken, 'broken.png', 'image/png')).toMatchObject({ code: ResponseCode.uploadType, msg: 'This file type is not supported' });
    const inline = await call(t, 'POST', '/user/upload', { image: `data:image/png;base64,${broken.toString('base64')}` }, { token: member.token });
    expect(inline.body.code).toBe(ResponseCode.uploadType);
    // The same rows complete are an image.
    expect((await upload(handMadePng(10, 10, 8, 2, Buffer.alloc(10 * (1 + 10 * 3))), 'whole.png', 'image/png')).code).toBe(200);
    // A file stored before this check (or damaged on the disk since) is not there, not a server error.
    const stored = await upload(await photo(40, 40), 'later-damaged.png', 'image/png');
    fs.writeFileSync(path.join(dataDir, 'uploads', /\/uploads\/([^?]+)/.exec(stored.data.url)![1]!), broken);
    const shown = await t.app.inject({ method: 'GET', url: `${stored.data.url}&width=120` });
    expect(shown.statusCode).toBe(404);
  });
});
