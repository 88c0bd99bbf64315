import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../src/config/paths.js';
import { launchBrowser, quiet, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// The charity page's way to the member's pledges is a link in its header: it must be seen (readable
// against the header, inside the window) in every language, and open the pledges, where a member
// finds the ones still to pay. axe does not judge it (antd-mobile buttons draw a ::before layer, so
// their contrast is "incomplete"), hence the colours are measured here.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** The contrast ratio (WCAG 2) of the element's text against the first opaque background behind it. */
const contrastOf = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
    };
    let background = [255, 255, 255];
    for (let n: Element | null = el; n; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3]! >= 1)) {
        background = c.slice(0, 3);
        break;
      }
    }
    const text = rgb(getComputedStyle(el).color);
    const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return (hi! + 0.05) / (lo! + 0.05);
  }, selector);

describe('the charity page in Chromium', () => {
  for (const lang of ['en-us', 'km']) {
    it(`shows its "My pledges" link readable in the header and opens the pledges (${lang})`, async () => {
      const member = await createMemberSession(databaseUrl, 'live');
      const page = await browser.open(paths.charity.index, {
        snoozePopups: true,
        localStorage: { lang, 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) },
      });
      await page.locator('.charity-page .page-header-right button').waitFor();
      await quiet(page);
      const link = page.locator('.charity-page .page-header-right button');
      const label = (await link.textContent())?.trim() ?? '';
      expect(label.length).toBeGreaterThan(0);
      expect(await contrastOf(page, '.charity-page .page-header-right button'), label).toBeGreaterThanOrEqual(4.5);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(375);
      expect(box.height).toBeGreaterThanOrEqual(24);
      await link.click();
      await page.waitForFunction((to) => location.hash.startsWith(`#${to}`), paths.charity.orders);
    });
  }
});
