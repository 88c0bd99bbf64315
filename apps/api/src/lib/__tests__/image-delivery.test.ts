import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { call, registerMember, seedDemo } from '../../modules/accounts/__tests__/account-helpers.js';
import { forgetDrawnDemoImages, isDemoImageDrawn, warmDemoImages } from '../../modules/catalogue/demo/demo-images.js';
import { pickImageFormat } from '../image-format.js';

// What a phone's browser sends for pictures, and what an old one sends.
const CHROME = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const WEBP_ONLY = 'image/webp,*/*';

let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'shop-image-delivery-'));
beforeAll(async () => {
  t = await buildTestApp({ DATA_DIR: dataDir });
  await seedDemo(t);
  member = await registerMember(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('pickImageFormat', () => {
  it('prefers AVIF, then WebP, and honours q=0', () => {
    expect(pickImageFormat(CHROME)).toBe('avif');
    expect(pickImageFormat(WEBP_ONLY)).toBe('webp');
    expect(pickImageFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(pickImageFormat('image/png,image/*;q=0.8')).toBeUndefined();
    expect(pickImageFormat(undefined)).toBeUndefined();
  });
});

describe('demo pictures', () => {
  it('are sent as AVIF or WebP by Accept, narrower on request, and PNG to others', async () => {
    const avif = await t.app.inject({ method: 'GET', url: '/media/demo/goods-1-1.png?w=300', headers: { accept: CHROME } });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toMatch(/accept/i);
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(300);

    const webp = await t.app.inject({ method: 'GET', url: '/media/demo/goods-1-1.png?w=173', headers: { accept: WEBP_ONLY } });
    expect(webp.headers['content-type']).toBe('image/webp');
    // Rounded up to a delivery width, so each picture has few copies.
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 200 });

    const png = await t.app.inject({ method: 'GET', url: '/media/demo/goods-1-1.png', headers: { accept: 'image/png' } });
    expect(png.headers['content-type']).toBe('image/png');
    expect(avif.rawPayload.length).toBeLessThan(png.rawPayload.length);

    // Without a width, the picture as drawn, in the format the browser takes.
    const whole = await t.app.inject({ method: 'GET', url: '/media/demo/banner-1.png', headers: { accept: CHROME } });
    expect(whole.headers['content-type']).toBe('image/avif');
    expect(await sharp(whole.rawPayload).metadata()).toMatchObject({ width: 750, height: 320 });
  });
});

describe('demo goods pictures drawn ahead', () => {
  it('a copy asked wider than the drawing is the drawing, one copy for every such width', async () => {
    expect(isDemoImageDrawn('goods-2-1.png', 1000, 'avif')).toBe(false);
    const at750 = await t.app.inject({ method: 'GET', url: '/media/demo/goods-2-1.png?w=750', headers: { accept: CHROME } });
    expect(await sharp(at750.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 600 });
    // The 600 px drawing serves 750, 1000 and wider: a phone asking 1000 gets the copy already made.
    expect(isDemoImageDrawn('goods-2-1.png', 1000, 'avif')).toBe(true);
    expect(isDemoImageDrawn('goods-2-1.png', 500, 'avif')).toBe(false);
  });

  it('at start, the first gallery picture of the goods listed first is drawn at each width its srcset offers, in AVIF and WebP', async () => {
    expect(isDemoImageDrawn('goods-7-1.png', 750, 'avif')).toBe(false);
    await warmDemoImages(['/media/demo/goods-7-1.png']);
    for (const width of [200, 300, 400, 500, 750, 1000]) for (const format of ['avif', 'webp'] as const) expect(isDemoImageDrawn('goods-7-1.png', width, format)).toBe(true);
    // Only the goods listed first: another goods' picture waits for its first request.
    expect(isDemoImageDrawn('goods-8-1.png', 750, 'avif')).toBe(false);
    expect(isDemoImageDrawn('banner-1.png', 750, 'avif')).toBe(true);
  });
});

describe('demo pictures kept on disk', () => {
  it('are kept in the shop\'s data folder, and a shop started again serves the kept copy instead of drawing it anew', async () => {
    const kept = path.join(dataDir, 'cache', 'demo-images');
    const before = new Set(fs.existsSync(kept) ? fs.readdirSync(kept) : []);
    const ask = () => t.app.inject({ method: 'GET', url: '/media/demo/goods-12-2.png?w=400', headers: { accept: WEBP_ONLY } });
    const first = await ask();
    expect(first.headers['content-type']).toBe('image/webp');
    const added = fs.readdirSync(kept).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(fs.readFileSync(path.join(kept, added[0]!)).equals(first.rawPayload)).toBe(true);

    // A restart empties the memory; the copy on disk (marked here, to tell it from a new drawing) is what is sent.
    const marked = Buffer.concat([first.rawPayload, Buffer.from('kept')]);
    fs.writeFileSync(path.join(kept, added[0]!), marked);
    forgetDrawnDemoImages();
    expect((await ask()).rawPayload.equals(marked)).toBe(true);

    // Another width or format is another copy, drawn and kept beside it.
    const avif = await t.app.inject({ method: 'GET', url: '/media/demo/goods-12-2.png?w=400', headers: { accept: CHROME } });
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 400 });
    expect(fs.readdirSync(kept).filter((f) => !before.has(f))).toHaveLength(2);
  });

  it('a copy another server of the machine is drawing is waited for, not drawn twice; a claim left by a stopped server is taken over', async () => {
    const kept = path.join(dataDir, 'cache', 'demo-images');
    const ask = () => t.app.inject({ method: 'GET', url: '/media/demo/goods-13-3.png?w=300', headers: { accept: WEBP_ONLY } });
    const before = new Set(fs.existsSync(kept) ? fs.readdirSync(kept) : []);
    const drawnHere = (await ask()).rawPayload;
    const file = path.join(kept, fs.readdirSync(kept).find((f) => !before.has(f))!);
    const fresh = () => {
      fs.rmSync(file);
      forgetDrawnDemoImages();
    };

    // Another server claimed the copy and keeps it a moment later: that copy (marked) is the answer.
    fresh();
    fs.writeFileSync(`${file}.drawing`, '99999');
    const waiting = ask();
    await new Promise((r) => setTimeout(r, 300));
    const theirs = Buffer.concat([drawnHere, Buffer.from('theirs')]);
    fs.writeFileSync(file, theirs);
    fs.rmSync(`${file}.drawing`);
    expect((await waiting).rawPayload.equals(theirs)).toBe(true);

    // A claim from a server that stopped long ago: drawn here, kept, and the claim gone.
    fresh();
    fs.writeFileSync(`${file}.drawing`, '99999');
    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(`${file}.drawing`, longAgo, longAgo);
    const started = Date.now();
    const answer = await ask();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.rawPayload.equals(drawnHere)).toBe(true);
    expect(fs.readFileSync(file).equals(drawnHere)).toBe(true);
    expect(fs.existsSync(`${file}.drawing`)).toBe(false);
  });
});

describe('uploaded pictures', () => {
  it('are sent as AVIF or WebP by Accept at the asked size; the stored original is unchanged', async () => {
    const boundary = '----shopImageDelivery';
    const token = (await call(t, 'POST', '/user/upload/createToken', { host_id: 1 }, { token: member.token })).body.data.token as string;
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="token"\r\n\r\n${token}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/upload2', headers: { authorization: `Bearer ${member.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    const url = (up.json() as { data: { url: string } }).data.url;

    const avif = await t.app.inject({ method: 'GET', url: `${url}&width=400&height=400`, headers: { accept: CHROME } });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toMatch(/accept/i);
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ width: 400, height: 300 });

    const webp = await t.app.inject({ method: 'GET', url: `${url}&width=400&height=400`, headers: { accept: WEBP_ONLY } });
    expect(webp.headers['content-type']).toBe('image/webp');

    const png = await t.app.inject({ method: 'GET', url: `${url}&width=400&height=400`, headers: { accept: 'image/png' } });
    expect(png.headers['content-type']).toBe('image/png');
    expect(await sharp(png.rawPayload).metadata()).toMatchObject({ format: 'png', width: 400, height: 300 });
  });
});
