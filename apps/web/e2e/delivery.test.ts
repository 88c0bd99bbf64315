import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOnceStarted, launchBrowser, type Browser } from './browser.js';
import { baseUrl } from './shop.js';

// What a phone downloads: compressed scripts, modern picture formats at the size shown, the largest picture first.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

describe('delivery to the phone', () => {
  it('home: scripts arrive brotli-compressed, pictures as AVIF at a delivery width, the first banner fetched first', async () => {
    const responses: Response[] = [];
    const page = await browser.newPage();
    page.on('response', (r) => responses.push(r));
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/index`);
    await page.locator('.goods-card').first().waitFor();
    await page.waitForLoadState('networkidle');

    const scripts = responses.filter((r) => /\/h5\/assets\/.+\.js$/.test(r.url()));
    expect(scripts.length).toBeGreaterThan(3);
    for (const r of scripts) expect((await r.allHeaders())['content-encoding'], r.url()).toBe('br');

    const pictures = responses.filter((r) => r.url().includes('/media/demo/') && r.request().resourceType() === 'image');
    expect(pictures.length).toBeGreaterThan(0);
    for (const r of pictures) expect((await r.allHeaders())['content-type'], r.url()).toBe('image/avif');
    // A phone 375 px wide never gets the full 750 px goods picture for a half-width card.
    const cards = pictures.filter((r) => /goods-\d+-\d+\.png/.test(r.url()));
    expect(cards.length).toBeGreaterThan(0);
    for (const r of cards) expect(new URL(r.url()).searchParams.get('w'), r.url()).not.toBeNull();

    const banner = page.locator('.home-banner-image').first();
    expect(await banner.getAttribute('fetchpriority')).toBe('high');
    expect(await banner.getAttribute('loading')).toBe('eager');
    expect(await banner.getAttribute('width')).toBe('750');
    expect(await banner.getAttribute('height')).toBe('320');
    const card = page.locator('.goods-card-image').first();
    expect(await card.getAttribute('srcset')).toMatch(/\?w=200 200w/);
    expect(await card.getAttribute('width')).toBeTruthy();
    await page.close();
  });

  it('a promotion opening shifts nothing on the page or inside itself', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { value: number }>) (window as unknown as { shifts: number }).shifts += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/index`);
    await page.evaluate(() => localStorage.removeItem('popupSnooze'));
    await page.reload();
    await page.locator('.goods-card').first().waitFor();
    await actOnceStarted(page);
    const picture = page.locator('.promo-popup .promo-popup-image');
    await picture.waitFor();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
    await page.close();
  });
});
