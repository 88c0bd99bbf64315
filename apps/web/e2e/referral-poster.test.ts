import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// The invite page's poster saved as one picture with the member's invitation QR drawn on it (a
// download in a browser): the poster's size, a white square for the QR in its bottom-right corner.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

async function query(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('a poster with the invitation QR in Chromium', () => {
  it('is saved as one PNG of the poster’s size with the QR drawn on it', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    const title = `Poster ${member.userId}`;
    // A share poster (the app's own 512 × 512 icon as its picture); the cached poster list is dropped as an operator's change would.
    await query(`insert into banners (position, title, text, image) values ('share', $1::jsonb, '{}'::jsonb, '/h5/icons/icon-512.png')`, [JSON.stringify({ 'en-us': title })]);
    await query(`select pg_notify('shop_changes', '[{"kind":"cache","tags":["content"]}]')`);
    await new Promise((r) => setTimeout(r, 500));

    const storage = {
      'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
    };
    const page = await browser.open('/pages/invite/index', { localStorage: storage });
    await page.getByTestId('invite-code').waitFor();
    const poster = page.locator('figure.poster', { has: page.getByAltText(title) });
    // On the page, as on the saved picture, the QR sits inside the picture's bottom-right corner, clear of the words below it.
    // The picture and the QR show a moment after the page (each once loaded, the QR after its call):
    // a box is measured only once both show (a box of what does not show yet is null).
    await poster.getByAltText(title).waitFor();
    await poster.locator('.poster-qr').waitFor();
    const picture = (await poster.getByAltText(title).boundingBox())!;
    const code = (await poster.locator('.poster-qr').boundingBox())!;
    expect(code.x + code.width).toBeLessThanOrEqual(picture.x + picture.width);
    expect(code.y + code.height).toBeLessThanOrEqual(picture.y + picture.height);
    expect(code.y + code.height).toBeGreaterThan(picture.y + picture.height - code.height);
    const [download] = await Promise.all([page.waitForEvent('download'), poster.getByTestId('poster-save').click()]);
    expect(download.suggestedFilename()).toBe(`${title}.png`);
    const saved = fs.readFileSync((await download.path())!);
    // A PNG of the poster's size, not the poster's own bytes.
    expect(saved.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([saved.readUInt32BE(16), saved.readUInt32BE(20)]).toEqual([512, 512]);
    const icon = await (await fetch(`${baseUrl}/h5/icons/icon-512.png`)).arrayBuffer();
    expect(Buffer.compare(saved, Buffer.from(icon))).not.toBe(0);
    // The QR's white square in the bottom-right corner (its margin is white; the QR is dark and light modules).
    const pixels = await page.evaluate(async (dataUrl) => {
      const img = new Image();
      img.src = dataUrl;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width;
      c.height = img.height;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      // The QR's side is 24 % of 512 = 123, its white margin 10, and 10 more to the edges: the white
      // square spans 359…501 on both axes, the QR 369…491.
      const at = (x: number, y: number) => Array.from(g.getImageData(x, y, 1, 1).data);
      const qr = g.getImageData(369, 369, 123, 123).data;
      let dark = 0;
      for (let i = 0; i < qr.length; i += 4) if (qr[i]! < 100) dark++;
      return { margin: at(362, 362), beside: at(497, 440), dark };
    }, `data:image/png;base64,${saved.toString('base64')}`);
    expect(pixels.margin).toEqual([255, 255, 255, 255]);
    expect(pixels.beside).toEqual([255, 255, 255, 255]);
    expect(pixels.dark).toBeGreaterThan(1000);
  }, 90_000);

  it('at 1280 × 800 shows a whole poster, its QR included, within the screen, centred in the column', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    const title = `Wide poster ${member.userId}`;
    await query(`insert into banners (position, title, text, image) values ('share', $1::jsonb, '{}'::jsonb, '/h5/icons/icon-512.png')`, [JSON.stringify({ 'en-us': title })]);
    await query(`select pg_notify('shop_changes', '[{"kind":"cache","tags":["content"]}]')`);
    await new Promise((r) => setTimeout(r, 500));
    const page = await browser.open('/pages/invite/index', {
      viewport: { width: 1280, height: 800 },
      localStorage: {
        'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    const first = page.locator('figure.poster').first();
    await first.locator('.poster-qr').waitFor();
    const column = (await page.locator('[data-testid="app-column"]').boundingBox())!;
    const poster = (await first.boundingBox())!;
    const header = (await page.locator('.page-header').boundingBox())!;
    // Scrolled to, the poster from its top to its save button fits between the header and the screen's bottom.
    expect(poster.height).toBeLessThanOrEqual(800 - header.height);
    // The first poster is in the middle of the column, with as much room on its left as on its right.
    expect(Math.abs(poster.x + poster.width / 2 - (column.x + column.width / 2))).toBeLessThanOrEqual(1);
    const carousel = (await page.locator('.poster-swiper').boundingBox())!;
    expect(Math.abs(carousel.x - column.x - (column.x + column.width - carousel.x - carousel.width))).toBeLessThanOrEqual(1);
    await page.close();
  });
});
