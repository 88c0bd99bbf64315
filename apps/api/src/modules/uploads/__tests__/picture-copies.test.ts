import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCode } from '@shop/contract';
import { SIZE_STEPS } from '../../../lib/image-format.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { newOperatorSession } from '../../orders/__tests__/fixtures.js';
import { COPIES_AT_ONCE, COPIES_WAITING } from '../picture-copies.js';
import { pictureCopiesMade } from '../uploads.service.js';

// Goods pictures are shown to anyone, signed in or not, and each new copy (a size in a format) costs
// a decode of the whole picture: a copy is made once however many ask, a few at a time, and a flood
// of new copies is told to come back instead of taking every core.

// What a phone's browser sends for pictures, and what an older one sends.
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const WEBP_ONLY = 'image/webp,*/*';

let t: TestApp;
let operator: Awaited<ReturnType<typeof newOperatorSession>>;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-picture-copies-'));
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  operator = await newOperatorSession(t.db, 'catalogue');
}, 60_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = '----pictureCopiesBoundary';
/** A goods picture the shop uploads (public): its address. 24 MP by default, so every copy of it is a real decode. */
async function goodsPicture(width = 6000, height = 4000): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/api/uploads/image',
    headers: { ...operator.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="goods.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
  expect(res.json()).toMatchObject({ code: 200 });
  return res.json().data.url as string;
}

const ask = (url: string, accept = CHROME) => t.app.inject({ method: 'GET', url, headers: { accept } });

describe('copies of pictures', () => {
  it('shoppers asking at once for a copy not made yet, more than the queue holds, all get the same picture, made once', async () => {
    const url = await goodsPicture();
    const before = pictureCopiesMade();
    const shoppers = COPIES_AT_ONCE + COPIES_WAITING + 6;
    const answers = await Promise.all(Array.from({ length: shoppers }, () => ask(`${url}?w=500`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(shoppers).fill(200));
    expect(pictureCopiesMade() - before).toBe(1);
    expect(new Set(answers.map((a) => a.rawPayload.toString('base64'))).size).toBe(1);
    expect(answers[0]!.headers['content-type']).toBe('image/avif');
    expect(await sharp(answers[0]!.rawPayload).metadata()).toMatchObject({ width: 500, height: 333 });
  }, 60_000);

  it('more new copies asked at once than are made and queued: the rest are told to come back, and get their picture when they do', async () => {
    const pictures = [await goodsPicture(), await goodsPicture()];
    // Both pictures at every delivery width, in AVIF, WebP and PNG: 60 copies, none made yet.
    const asks = pictures.flatMap((url) => SIZE_STEPS.flatMap((w) => [CHROME, WEBP_ONLY, 'image/png'].map((accept) => ({ url: `${url}?w=${w}`, accept }))));
    const answers = await Promise.all(asks.map((a) => ask(a.url, a.accept)));
    const refused = asks.filter((_, i) => answers[i]!.statusCode !== 200);
    // Every place in line was taken before anyone was turned away, and some were.
    expect(asks.length - refused.length).toBeGreaterThanOrEqual(COPIES_AT_ONCE + COPIES_WAITING);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('2');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.json()).toEqual({ code: ResponseCode.serviceUnavailable, msg: 'The service is busy, please try again later', data: null });
    }
    // Asking again, each refused one gets its picture.
    const again = await Promise.all(refused.map((a) => ask(a.url, a.accept)));
    expect(again.map((a) => a.statusCode)).toEqual(refused.map(() => 200));
    expect(again.map((a) => a.headers['content-type'])).toEqual(refused.map((a) => (a.accept === CHROME ? 'image/avif' : a.accept === WEBP_ONLY ? 'image/webp' : 'image/png')));
  }, 120_000);

  it('a height the apps never send with its width makes no copy of its own; their square thumbnails keep their box', async () => {
    const url = await goodsPicture(1000, 1500);
    const wide = await ask(`${url}?w=300`);
    expect(await sharp(wide.rawPayload).metadata()).toMatchObject({ width: 300, height: 450 });
    const made = pictureCopiesMade();
    for (const query of ['w=300&h=64', 'w=300&h=2000', 'width=300&height=1000']) {
      expect((await ask(`${url}?${query}`)).rawPayload.equals(wide.rawPayload), query).toBe(true);
    }
    expect(pictureCopiesMade()).toBe(made);
    // `sizedUpload(src, 300, 300)`, as the apps ask for thumbnails.
    expect(await sharp((await ask(`${url}?width=300&height=300`)).rawPayload).metadata()).toMatchObject({ width: 200, height: 300 });
  });
});
