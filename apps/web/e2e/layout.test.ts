import type { Page } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOnceStarted, launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';
import { createDatabase } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { LANGUAGES } from '@shop/contract/common';

// How pages sit on a 375 px phone in the languages with the longest words.
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** The placeholders of the page's fields that are wider than the room their field gives them. */
async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[placeholder]')) {
      if (!input.placeholder || input.offsetParent === null) continue;
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      if (canvas.measureText(input.placeholder).width > room + 1) cut.push(input.placeholder);
    }
    return cut;
  });
}

describe('layout on a phone', () => {
  for (const lang of ['th', 'hu', 'km', 'en-us']) {
    it(`shows every placeholder whole on login, registration and the forgotten password (${lang})`, async () => {
      for (const path of ['/pages/login/login/login', '/pages/login/reg/reg', '/pages/login/forgetPwd/forgetPwd']) {
        const page = await browser.open(path, { snoozePopups: true, localStorage: { lang } });
        await page.locator('input[placeholder]').first().waitFor();
        expect(await cutPlaceholders(page), `${path} in ${lang}`).toEqual([]);
        await page.close();
      }
    });
  }

  it("keeps the article's comment area off the screen's edges", async () => {
    const page = await browser.open('/pages/my/content?id=1', { snoozePopups: true, localStorage: { lang: 'en-us' } });
    const login = page.locator('.comments > .adm-button');
    await login.waitFor();
    const box = (await login.boundingBox())!;
    const width = page.viewportSize()!.width;
    expect(box.x).toBeGreaterThanOrEqual(8);
    expect(width - (box.x + box.width)).toBeGreaterThanOrEqual(8);
    await page.close();
  });

  for (const path of ['/pages/login/login/login', '/pages/login/reg/reg']) {
    it(`opens the user agreement and the privacy policy named beside the tick over the form (${path})`, async () => {
      const page = await browser.open(path, { snoozePopups: true, localStorage: { lang: 'en-us' } });
      const field = page.locator('input').first();
      await field.fill('typed before reading');
      for (const name of ['User agreement', 'Privacy policy']) {
        await page.getByRole('button', { name }).click();
        const sheet = page.getByRole('dialog', { name });
        await sheet.locator('.rich-text').waitFor();
        await sheet.getByRole('button', { name: 'Close' }).click();
        await sheet.waitFor({ state: 'detached' });
      }
      // Still on the form, as the member left it: the address, what was typed, and the tick unchanged.
      expect(page.url()).toContain(path);
      expect(await field.inputValue()).toBe('typed before reading');
      expect(await page.locator('.agreement-check').getAttribute('class')).not.toContain('adm-checkbox-checked');
      await page.close();
    });
  }

  it('says a goods item does not exist when the server says so, and an article opened without an id', async () => {
    const english = { snoozePopups: true, localStorage: { lang: 'en-us' } };
    const goods = await browser.open('/pages/goods/goodsInfo?id=987654', english);
    await goods.getByText('The goods does not exist').waitFor();
    expect(await goods.getByText(/connection/i).count()).toBe(0);
    expect(await goods.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await goods.close();

    const noId = await browser.open('/pages/goods/goodsInfo', english);
    await noId.getByText('The goods does not exist').waitFor();
    await noId.close();

    const article = await browser.open('/pages/my/content', english);
    await article.getByText('The page you opened does not exist.').waitFor();
    expect(await article.locator('.list-state-loading').count()).toBe(0);
    await article.close();
  });
});

/** The words of the page's text under `selector` that are broken over two lines (a word's letters on more than one line). */
async function brokenWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const broken: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // Words: between spaces, and in Japanese between the marks a label may break at.
        for (const m of text.matchAll(/[^\s・/]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, selector);
}

describe('labels and fields on a 375 px phone', () => {
  let signedIn: Record<string, string>;
  beforeAll(async () => {
    const member = await createMemberSession(databaseUrl);
    signedIn = { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) };
  });

  for (const lang of ['en-us', 'jp', 'hu']) {
    it(`breaks no label of the address form or the wallet inside a word (${lang})`, async () => {
      const form = await browser.open('/pages/address/edit_add', { snoozePopups: true, localStorage: { ...signedIn, lang } });
      await form.locator('.adm-form-item-label').first().waitFor();
      expect(await brokenWords(form, '.adm-form-item-label')).toEqual([]);
      expect(await form.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await form.close();

      // Japanese may break between the parts of a long compound ("ショッピング|ポイント"), as its typesetting does.
      if (lang === 'jp') return;
      const wallet = await browser.open('/pages/my/wallet', { snoozePopups: true, localStorage: { ...signedIn, lang } });
      await wallet.locator('.wallet-figure-label').first().waitFor();
      expect(await brokenWords(wallet, '.wallet-page')).toEqual([]);
      await wallet.close();
    });
  }

  for (const lang of ['th', 'jp', 'km', 'hu']) {
    it(`breaks no choice of the real-name form inside a word (${lang})`, async () => {
      const page = await browser.open('/pages/other/setting?section=realName', { snoozePopups: true, localStorage: { ...signedIn, lang } });
      // A Thai document: its form with the document types and the titles.
      await page.locator('.account-sheet select[name="issuing_country"]').selectOption('TH');
      await page.locator('.account-sheet .choice-chips [role="radio"]').nth(4).waitFor();
      expect(await brokenWords(page, '.account-sheet .choice-chips')).toEqual([]);
      await page.close();
    });
  }

  it('keeps the WeChat steps’ address field inside its card, and says the page needs a payment when opened without one', async () => {
    const steps = await browser.open('/pages/goods/weixinGo?order_id=7', { snoozePopups: true, localStorage: { ...signedIn, lang: 'en-us' } });
    const field = steps.getByLabel('Or copy this address into your browser:');
    await field.waitFor();
    const card = (await steps.locator('.pay-section').boundingBox())!;
    const box = (await field.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
    expect(await steps.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await steps.close();

    const none = await browser.open('/pages/goods/weixinGo', { snoozePopups: true, localStorage: { ...signedIn, lang: 'en-us' } });
    await none.getByText('This page needs a payment: open it from the order you are paying').waitFor();
    expect(await none.getByLabel('Or copy this address into your browser:').count()).toBe(0);
    await none.close();
  });
});

describe('the narrowest phone (320 px) in Hungarian', () => {
  const narrow = { width: 320, height: 640 };
  /** How much wider than its window the page has become (0 when it fits). */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  /** The right edges of `selector`'s elements that lie beyond the window. */
  const beyondRight = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().right)).filter((right) => right > window.innerWidth));
  const shots = process.env.LAYOUT_SCREENSHOT_DIR;

  it('shows every sub-category tile and goods tile of "all categories" whole, the long names broken', async () => {
    const page = await browser.open('/pages/activity/allAct', { viewport: narrow, snoozePopups: true, localStorage: { lang: 'hu' } });
    await page.locator('.sub-category').first().waitFor();
    await page.locator('.categories-main .goods-card').first().waitFor();
    if (shots) await page.screenshot({ path: `${shots}/all-categories-hu-320.png`, fullPage: true });
    if (shots) await page.setViewportSize({ width: 375, height: 640 });
    if (shots) await page.screenshot({ path: `${shots}/all-categories-hu-375.png`, fullPage: true });
    if (shots) await page.setViewportSize(narrow);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await beyondRight(page, '.sub-category, .categories-main .goods-card')).toEqual([]);
    // Each name inside its tile, and each category's name inside the column on the left.
    const outside = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.sub-category > span, .adm-side-bar-item-title')]
        .filter((name) => {
          const box = name.getBoundingClientRect();
          const room = name.closest('.sub-category, .adm-side-bar-item')!.getBoundingClientRect();
          return box.left < room.left - 0.5 || box.right > room.right + 0.5;
        })
        .map((name) => name.textContent),
    );
    expect(outside).toEqual([]);
    await page.close();
  });

  it('keeps the arrow of every settings row on the screen, the identity check’s included', async () => {
    const member = await createMemberSession(databaseUrl);
    const signedIn = { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) };
    const page = await browser.open('/pages/other/setting', { viewport: narrow, snoozePopups: true, localStorage: { ...signedIn, lang: 'hu' } });
    await page.getByText('Nincs ellenőrizve').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/settings-hu-320.png`, fullPage: true });
    if (shots) await page.setViewportSize({ width: 375, height: 640 });
    if (shots) await page.screenshot({ path: `${shots}/settings-hu-375.png`, fullPage: true });
    if (shots) await page.setViewportSize(narrow);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await beyondRight(page, '.adm-list-item-content-arrow, .adm-list-item-content-extra')).toEqual([]);
    await page.close();
  });

  it('shows each of the wallet’s links whole in its own place, no word of a label broken', async () => {
    const member = await createMemberSession(databaseUrl);
    const signedIn = { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) };
    const page = await browser.open('/pages/my/wallet', { viewport: narrow, snoozePopups: true, localStorage: { ...signedIn, lang: 'hu' } });
    await page.getByRole('button', { name: 'Ajándékkártyák' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/wallet-hu-320.png`, fullPage: true });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await brokenWords(page, '.wallet-page')).toEqual([]);
    // Each label inside its link, and no two links over one another.
    const boxes = await page.locator('.wallet-action').evaluateAll((links) =>
      links.map((link) => {
        const own = link.getBoundingClientRect();
        const label = link.querySelector('.wallet-action-label')!.getBoundingClientRect();
        return { name: link.textContent, left: own.left, right: own.right, top: own.top, bottom: own.bottom, inside: label.left >= own.left - 0.5 && label.right <= own.right + 0.5 };
      }),
    );
    expect(boxes.length).toBeGreaterThanOrEqual(4);
    expect(boxes.filter((b) => !b.inside).map((b) => b.name)).toEqual([]);
    const overlapping = boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5).map((b) => `${a.name} / ${b.name}`));
    expect(overlapping).toEqual([]);
    await page.close();
  });
});

describe('the "add to home screen" bar on a 375 px phone', () => {
  for (const lang of ['zh-cn', 'km']) {
    it(`covers none of the home page's goods (${lang})`, async () => {
      const page = await browser.open('/pages/tabbar/index', { snoozePopups: true, localStorage: { lang } });
      await page.locator('.goods-card-name').first().waitFor();
      // The browser's install offer, as Chromium hands it to the page.
      await page.evaluate(() => {
        const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' }) });
        window.dispatchEvent(offer);
      });
      await actOnceStarted(page);
      const bar = page.locator('.app-download');
      await bar.waitFor();
      const covered = () =>
        page.evaluate(() => {
          const box = document.querySelector('.app-download')!.getBoundingClientRect();
          return [...document.querySelectorAll<HTMLElement>('.goods-card-name, .home-shelf h2, .goods-card img')]
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top;
            })
            .map((el) => el.textContent || el.className);
        });
      expect(await covered()).toEqual([]);
      await page.close();
    });
  }
});

describe("the cart's footer on a phone", () => {
  /** Each label of the footer on one line, the total whole, and whether the cart tab's badge is seen (not under the footer). */
  const footer = (page: Page) =>
    page.evaluate(() => {
      const lines = (el: Element) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
      };
      const bar = document.querySelector('.cart-bar')!;
      const badge = document.querySelector('[data-tab="/pages/tabbar/shop"] .adm-badge-content')!.getBoundingClientRect();
      const tabs = document.querySelector('.app-tabbar')!.getBoundingClientRect();
      const seen = [badge.left + 2, badge.right - 2].every((x) => document.elementFromPoint(x, badge.top + 1)?.closest('.adm-badge'));
      return {
        selectAll: lines(bar.querySelector('.adm-checkbox-content')!),
        checkout: lines(bar.querySelector('.adm-button')!),
        cutAmount: [...bar.querySelectorAll<HTMLElement>('.cart-bar-amount')].some((a) => a.scrollWidth > a.clientWidth),
        badgeSeen: seen && badge.top >= tabs.top && bar.getBoundingClientRect().bottom <= tabs.top + 0.5,
      };
    });

  it('keeps "select all" and the checkout button on one line and the badge in view, at 375 and 320 px (jp, th, km, hu)', async () => {
    const member = await createMemberSession(databaseUrl);
    const db = createDatabase(databaseUrl, 2);
    try {
      // Twelve goods for a five-digit total ($123.48): the badge reads "12".
      const { goodsId, skuIds } = await newGoods(db, [{ price: 1029, stock: 50 }]);
      await db.insertInto('cart_items').values({ user_id: member.userId, goods_id: goodsId, sku_id: skuIds[0]!, quantity: 12, added_price_minor: 1029 }).execute();
    } finally {
      await db.destroy();
    }
    const signedIn = { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) };
    for (const lang of ['jp', 'th', 'km', 'hu']) {
      for (const width of [375, 320]) {
        const page = await browser.open('/pages/tabbar/shop', { viewport: { width, height: 640 }, snoozePopups: true, localStorage: { ...signedIn, lang } });
        await page.locator('.cart-bar .cart-bar-amount').waitFor();
        await page.locator('[data-tab="/pages/tabbar/shop"] .adm-badge-content', { hasText: '12' }).waitFor();
        expect(await footer(page), `${lang} at ${width} px`).toEqual({ selectAll: 1, checkout: 1, cutAmount: false, badgeSeen: true });
        await page.close();
      }
    }
  });
});

describe('the settings rows, at 375 and 1280 px, in every language', () => {
  /**
   * For each row of the settings page's lists: its label, how far its arrow's right edge is from the
   * right end of the room the row gives it, and the right edge of its arrow and of its value (if any).
   */
  const rowEdges = (page: Page) =>
    page.locator('.page .adm-list-card .tap-row').evaluateAll((rows) =>
      rows.map((row) => {
        const content = row.querySelector('.adm-list-item-content')!;
        const roomRight = content.getBoundingClientRect().right - parseFloat(getComputedStyle(content).paddingRight);
        const arrow = row.querySelector('.adm-list-item-content-arrow')!.getBoundingClientRect();
        const value = row.querySelector('.adm-list-item-content-extra');
        return {
          label: row.querySelector('.adm-list-item-content-main')!.textContent,
          arrowShort: Math.round((roomRight - arrow.right) * 10) / 10,
          arrowRight: arrow.right,
          valueRight: value ? value.getBoundingClientRect().right : undefined,
        };
      }),
    );

  it('ends every row with its arrow at the same right edge, and every value at the same x, with or without a value', async () => {
    const member = await createMemberSession(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // A short e-mail and a nickname: rows whose values leave room beside them.
    await client.query('update users set email = $1, nickname = $2 where id = $3', [`${member.userName}@example.com`, 'Mia', member.userId]);
    await client.end();
    const signedIn = { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) };
    for (const lang of LANGUAGES) {
      const page = await browser.open('/pages/other/setting', { viewport: { width: 375, height: 800 }, snoozePopups: true, localStorage: { ...signedIn, lang } });
      // The profile has come: the nickname, the e-mail and the states of the other rows are shown.
      await page.locator('.account-settings-list .adm-list-item-content-extra', { hasText: 'Mia' }).waitFor();
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const rows = await rowEdges(page);
        // Change password and Close account (no value), the rows with one, and the language's row.
        expect(rows.length, `${lang} at ${width} px`).toBeGreaterThanOrEqual(9);
        expect(rows.filter((r) => r.arrowShort > 0.5 || r.arrowShort < -0.5).map((r) => `${r.label}: ${r.arrowShort} px`), `${lang} at ${width} px`).toEqual([]);
        const arrows = rows.map((r) => r.arrowRight);
        expect(Math.max(...arrows) - Math.min(...arrows), `${lang} at ${width} px`).toBeLessThanOrEqual(0.5);
        const values = rows.flatMap((r) => (r.valueRight === undefined ? [] : [r.valueRight]));
        expect(values.length, `${lang} at ${width} px`).toBeGreaterThanOrEqual(7);
        expect(Math.max(...values) - Math.min(...values), `${lang} at ${width} px: the values end at one x`).toBeLessThanOrEqual(0.5);
      }
      await page.close();
    }
  });
});

describe("an address card's actions in Hungarian, at 375 and 320 px", () => {
  it('keeps every label on one line and Edit and Delete on one row, at the right end', async () => {
    const member = await createMemberSession(databaseUrl);
    const db = createDatabase(databaseUrl, 2);
    try {
      // A default address (no "set as default") and one that is not: "Legyen alapértelmezett" beside its card's other actions.
      await newAddress(db, member.userId, { isDefault: true });
      await newAddress(db, member.userId, { isDefault: false, name: 'Anna' });
    } finally {
      await db.destroy();
    }
    const signedIn = { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()), lang: 'hu' };
    const page = await browser.open('/pages/address/addressMessage', { snoozePopups: true, localStorage: signedIn });
    await page.getByRole('button', { name: 'Legyen alapértelmezett' }).waitFor();
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 800 });
      const cards = await page.locator('.address-card-actions').evaluateAll((rows) =>
        rows.map((row) => {
          const buttons = [...row.querySelectorAll('button')].map((b) => {
            const range = document.createRange();
            range.selectNodeContents(b);
            const box = b.getBoundingClientRect();
            return { text: b.textContent!.trim(), lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size, top: Math.round(box.top), right: box.right };
          });
          return { buttons, right: row.getBoundingClientRect().right };
        }),
      );
      expect(cards.length).toBe(2);
      for (const card of cards) {
        expect(card.buttons.filter((b) => b.lines > 1).map((b) => b.text), `${width} px`).toEqual([]);
        const [edit, remove] = card.buttons.slice(-2);
        expect([edit!.text, remove!.text]).toEqual(['Szerkesztés', 'Törlés']);
        expect(edit!.top, `${width} px: Edit and Delete on one row`).toBe(remove!.top);
        expect(Math.abs(remove!.right - card.right), `${width} px`).toBeLessThanOrEqual(0.5);
      }
    }
    await page.close();
  });
});
