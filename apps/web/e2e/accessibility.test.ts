import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousFindings } from './axe.js';
import { launchBrowser, quiet, type Browser } from './browser.js';
import { baseUrl } from './shop.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

// axe-core in the page (WCAG 2.1 A and AA rules) on every page a shopper meets first.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** What to wait for on each page before looking: its content, not the loading state. */
const pages: Array<{ name: string; path: string; ready: string }> = [
  { name: 'home', path: '/pages/tabbar/index', ready: '.goods-card' },
  { name: 'goods list', path: '/pages/tabbar/page', ready: '.goods-card' },
  { name: 'goods', path: '/pages/goods/goodsInfo?id=1', ready: '.goods-bar, .goods-price, .page' },
  { name: 'login', path: '/pages/login/login/login', ready: 'form, input' },
  { name: 'registration', path: '/pages/login/reg/reg', ready: 'form, input' },
  { name: 'forgotten password', path: '/pages/login/forgetPwd/forgetPwd', ready: 'input' },
  { name: 'my', path: '/pages/tabbar/my', ready: '.page' },
  { name: 'news', path: '/pages/other/news', ready: '.page' },
  { name: 'settings', path: '/pages/other/setting', ready: '.page' },
  { name: 'support', path: '/pages/activity/kefu', ready: '.page' },
  { name: 'all categories', path: '/pages/activity/allAct', ready: '.page' },
];

describe('accessibility', () => {
  it('lets the member pinch-zoom every page', async () => {
    const page = await browser.open('/pages/tabbar/index', { snoozePopups: true });
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/);
    expect(viewport).not.toMatch(/maximum-scale\s*=\s*(1(\.0*)?|[0-4](\.\d*)?)\b/);
    await page.close();
  });

  for (const p of pages) {
    it(`axe finds nothing serious on the ${p.name} page`, async () => {
      const page = await browser.open(p.path, { snoozePopups: true });
      await page.locator(p.ready).first().waitFor();
      // Images and late parts settle before the check.
      await quiet(page);
      expect(await seriousFindings(page)).toEqual([]);
      await page.close();
    });
  }

  it('names the back button and shows where the keyboard is', async () => {
    const page = await browser.open('/pages/other/news', { snoozePopups: true });
    const back = page.getByRole('button', { name: 'Back' });
    await back.waitFor();
    await back.focus();
    const outline = await back.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.close();
  });

  it('draws the focus ring on antd-mobile buttons and text fields reached by Tab, and none on a tapped button', async () => {
    // The stylesheets as the app loads them (antd-mobile's, then the app's), read from the sources.
    const css = ['node_modules/antd-mobile/es/components/button/button.css', 'node_modules/antd-mobile/es/components/input/input.css', 'apps/web/src/app/styles.css'].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8'));
    const page = await browser.newPage();
    await page.setContent(`${css.map((c) => `<style>${c}</style>`).join('')}<div class="adm-input"><input class="adm-input-element" aria-label="Account"></div><button type="button" class="adm-button adm-button-primary adm-button-block">Log in</button>`);
    const outline = (selector: string) => page.locator(selector).evaluate((el) => `${getComputedStyle(el).outlineStyle} ${getComputedStyle(el).outlineWidth}`);
    await page.keyboard.press('Tab');
    expect(await outline('.adm-input-element')).toBe('solid 2px');
    await page.keyboard.press('Tab');
    expect(await outline('.adm-button')).toBe('solid 2px');
    await page.mouse.click(1, 1);
    await page.locator('.adm-button').click();
    expect(await page.locator('.adm-button').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await outline('.adm-button')).toMatch(/^none/);
  });
});

describe('toasts', () => {
  it('wrap between words, never inside one', async () => {
    const page = await browser.open('/pages/login/login/login', { snoozePopups: true });
    // Filled in, the agreement not ticked: a refusal said in a toast (an empty field is refused at the field).
    await page.locator('.account-form input').nth(0).fill('someone');
    await page.locator('.account-form input[type="password"]').fill('Secret2026!');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const toast = page.locator('.adm-toast-main');
    await toast.waitFor();
    // Each word of the message sits on one line: a word broken in two has two boxes.
    const split = await toast.evaluate((el) => {
      const text = document.createTreeWalker(el, NodeFilter.SHOW_TEXT).nextNode() as Text | null;
      if (!text?.data) return ['no text'];
      const broken: string[] = [];
      for (const m of text.data.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(m[0]);
      }
      return broken;
    });
    expect(split).toEqual([]);
    await page.close();
  });
});

describe('scroll position', () => {
  for (const path of ['/pages/tabbar/index', '/pages/tabbar/page']) {
    it(`returns to the same place on ${path} after a goods page`, async () => {
      const page = await browser.open(path, { snoozePopups: true });
      await page.locator('.goods-card').first().waitFor();
      await quiet(page);
      for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 300);
      // Wheel scrolling lands over a few frames: wait until the position holds still.
      let last = -1;
      await expect
        .poll(
          async () => {
            const y = await page.evaluate(() => window.scrollY);
            const still = y === last && y > 600;
            last = y;
            return still;
          },
          { interval: 300, timeout: 10_000 },
        )
        .toBe(true);
      const before = last;
      // A goods card in view, as the member would tap it.
      const cards = page.locator('.goods-card');
      const count = await cards.count();
      for (let i = 0; i < count; i++) {
        const box = await cards.nth(i).boundingBox();
        if (box && box.y > 80 && box.y + box.height < 700) {
          await cards.nth(i).click();
          break;
        }
      }
      await page.waitForURL(/goodsInfo/);
      await page.locator('.goods-bar, .goods-price').first().waitFor();
      await page.goBack();
      await page.locator('.goods-card').first().waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(before);
      await page.close();
    });
  }
});
