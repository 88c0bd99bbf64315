import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, quiet, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/**
 * The page has stopped loading: no requests for a while. For the README's screenshots, also its
 * pictures drawn (the boxes measured here do not wait for them: each picture has its box before it loads).
 */
async function settled(page: Page) {
  await quiet(page, 300);
  if (process.env.SAVE_SCREENSHOTS !== '1') return;
  // Pictures below the fold load lazily, only when scrolled to: the ones in view must be complete.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete || (img.loading === 'lazy' && img.getBoundingClientRect().top > window.innerHeight)));
  await page.waitForTimeout(300);
}

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
const activeTab = (page: Page) => page.locator('.app-tabbar .adm-tab-bar-item-active');

const memberSession = (ends: 'expired' | 'live' = 'expired') => createMemberSession(databaseUrl, ends);

/** The envelope code the API answers to a profile read with this token. */
async function profileCode(token: string): Promise<number> {
  const res = await fetch(`${baseUrl}/user/info/index`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { code: number }).code;
}

const storedToken = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').state?.token as string | undefined);

describe('the app shell in Chromium', () => {
  it('opens /h5/ on the home tab with the four tabs, and switches tabs, without errors in the console', async () => {
    const page = await browser.open(undefined, { snoozePopups: true });
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.waitForURL(/#\/pages\/tabbar\/index$/);
    const tabs = page.locator('.app-tabbar .adm-tab-bar-item');
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Activities', 'Cart', 'Me']);
    await expect.poll(() => activeTab(page).innerText()).toBe('Home');

    await page.locator('.app-tabbar').getByText('Me', { exact: true }).click();
    await page.waitForURL(/#\/pages\/tabbar\/my$/);
    await expect.poll(() => activeTab(page).innerText()).toBe('Me');
    await page.getByText('Log in / Sign up').waitFor();

    await page.locator('.app-tabbar').getByText('Cart', { exact: true }).click();
    await page.waitForURL(/#\/pages\/tabbar\/shop$/);
    await expect.poll(() => activeTab(page).innerText()).toBe('Cart');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens a deep link and stays there on reload, with the current tab marked', async () => {
    const page = await browser.open('/pages/other/setting');
    await page.locator('.page-header').getByText('Settings').waitFor();
    expect(await page.locator('.app-tabbar').count()).toBe(0);
    await page.reload();
    expect(hashPath(page)).toBe('/pages/other/setting');
    await page.locator('.page-header').getByText('Settings').waitFor();

    await page.goto(`${baseUrl}/h5/#/pages/tabbar/shop`);
    await page.reload();
    await expect.poll(() => activeTab(page).innerText()).toBe('Cart');
    expect(hashPath(page)).toBe('/pages/tabbar/shop');
    await page.close();
  });

  it('shows a not-found page with a way home for an unknown address', async () => {
    const page = await browser.open('/pages/nowhere/at-all');
    await page.getByText('The page you opened does not exist.').waitFor();
    await page.getByRole('button', { name: 'Back to home' }).click();
    await page.waitForURL(/#\/pages\/tabbar\/index$/);
    await page.close();
  });

  it('switches the language in settings: the texts change and stay after a reload', async () => {
    const page = await browser.open('/pages/other/setting');
    await page.getByText('Language').click();
    await page.getByText('简体中文').click();
    await page.locator('.page-header').getByText('设置').waitFor();
    await page.reload();
    await page.locator('.page-header').getByText('设置').waitFor();
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/my`);
    await expect.poll(() => page.locator('.app-tabbar .adm-tab-bar-item').allInnerTexts()).toEqual(['首页', '活动', '购物车', '我的']);
    // Back to English for the tests that follow in this browser profile.
    await page.goto(`${baseUrl}/h5/#/pages/other/setting`);
    await page.getByText('语言').click();
    await page.getByText('English').click();
    await page.locator('.page-header').getByText('Settings').waitFor();
    await page.close();
  });

  it('takes the language from the launch parameter', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/h5/?lang=ja#/pages/tabbar/my`);
    await expect.poll(() => activeTab(page).innerText()).toBe('マイページ');
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/my?lang=en-us`);
    await page.reload();
    await expect.poll(() => activeTab(page).innerText()).toBe('Me');
    await page.close();
  });

  it('keeps the share code a visitor arrived with for the registration form', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/h5/?shareCode=INV123#/pages/tabbar/index`);
    await page.locator('.app-tabbar').waitFor();
    await page.goto(`${baseUrl}/h5/#/pages/login/reg/reg`);
    await page.reload();
    await expect.poll(() => page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toContain('INV123');
    await page.close();
  });

  it('sends a member with an expired token to login, with the session cleared', async () => {
    const { token } = await memberSession('expired');
    const page = await browser.open('/pages/tabbar/my', {
      localStorage: { 'shop.session': JSON.stringify({ state: { token, user: { id: 1, user_name: 'expired' } }, version: 0 }) },
    });
    await page.getByText('Your login has expired. Taking you to the login page…').waitFor();
    // Toasts are above everything (spec §9).
    expect(await page.locator('.adm-toast-mask').evaluate((e) => getComputedStyle(e).zIndex)).toBe('10090');
    // Logged in again, the member comes back to the page they were on.
    await page.waitForURL(/#\/pages\/login\/login\/login\?redirect=%2Fpages%2Ftabbar%2Fmy$/);
    await expect.poll(() => page.title()).toMatch(/^Log in · /);
    const stored = await page.evaluate(() => localStorage.getItem('shop.session'));
    expect(JSON.parse(stored!).state).toEqual({ token: '', user: null });
    await page.close();
  });

  it('exchanges a token issued more than a day ago for a fresh one at start; the member stays logged in', async () => {
    const { token, userName } = await memberSession('live');
    const page = await browser.open('/pages/tabbar/my', {
      localStorage: {
        'shop.session': JSON.stringify({ state: { token, user: { id: 1, user_name: userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now() - 25 * 3600_000),
      },
    });
    await expect.poll(() => storedToken(page)).not.toBe(token);
    const fresh = (await storedToken(page))!;
    expect(fresh).toMatch(/\S{20,}/);
    await page.getByText(userName).first().waitFor();
    // The server retired the old token; the app holds the one that works.
    expect(await profileCode(token)).toBe(2001);
    expect(await profileCode(fresh)).toBe(200);
    // Opened again the same day: no second refresh.
    await page.reload();
    await page.getByText(userName).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await storedToken(page)).toBe(fresh);
    // The browser profile is shared by the tests of this file: the next ones start as visitors.
    await page.evaluate(() => ['shop.session', 'shop.session.refreshedAt'].forEach((k) => localStorage.removeItem(k)));
    await page.close();
  });

  it('offers a reload, not a blank page, when the code of a page cannot be loaded', async () => {
    const page = await browser.newPage();
    // The settings page's own chunk fails, as after a release replaced the files.
    await page.route(/\/assets\/setting-page-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto(`${baseUrl}/h5/#/pages/other/setting`);
    await page.getByText('This page could not be loaded').waitFor();
    await page.unroute(/\/assets\/setting-page-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.locator('.page-header').getByText('Settings').waitFor();
    await page.close();
  });

  it('says when the network is lost and goes on when it is back', async () => {
    const page = await browser.open('/pages/tabbar/my');
    await page.getByText('Log in / Sign up').waitFor();
    await browser.context.setOffline(true);
    await page.getByText('You are offline. We will reload when the connection is back.').waitFor();
    await browser.context.setOffline(false);
    await page.getByText('You are offline. We will reload when the connection is back.').waitFor({ state: 'detached' });
    await page.close();
  });

  it('lays out a phone at 375 px and a centred 750 px column at 1280 px', async () => {
    const phone = await browser.open('/pages/tabbar/index', { viewport: { width: 375, height: 812 }, snoozePopups: true });
    await phone.locator('.app-tabbar').waitFor();
    await settled(phone);
    const column375 = await phone.locator('[data-testid="app-column"]').boundingBox();
    const tabbar375 = await phone.locator('.app-tabbar').boundingBox();
    expect(column375).toMatchObject({ x: 0, width: 375 });
    expect(tabbar375).toMatchObject({ x: 0, width: 375 });
    expect(tabbar375!.y + tabbar375!.height).toBeCloseTo(812, 0);
    // The banner keeps the column's 12 px margins like the blocks below it (it once ran past the right one).
    expect(await phone.locator('.home-banners').boundingBox()).toMatchObject({ x: 12, width: 351 });
    expect(await phone.locator('.home-categories').boundingBox()).toMatchObject({ x: 12, width: 351 });
    // SAVE_SCREENSHOTS=1 refreshes the README's screenshot in docs/; otherwise they go to a temporary folder.
    const shots = process.env.SAVE_SCREENSHOTS === '1' ? path.resolve(import.meta.dirname, '../../../docs/screenshots') : path.join(os.tmpdir(), 'shop-e2e-screenshots');
    fs.mkdirSync(shots, { recursive: true });
    await phone.screenshot({ path: path.join(shots, 'home-375.png') });
    await phone.close();

    const wide = await browser.open('/pages/tabbar/index', { viewport: { width: 1280, height: 800 }, snoozePopups: true });
    await wide.locator('.app-tabbar').waitFor();
    await settled(wide);
    const column = await wide.locator('[data-testid="app-column"]').boundingBox();
    const tabbar = await wide.locator('.app-tabbar').boundingBox();
    expect(column).toMatchObject({ x: 265, width: 750 });
    expect(tabbar).toMatchObject({ x: 265, width: 750 });
    expect(tabbar!.y + tabbar!.height).toBeCloseTo(800, 0);
    expect(await wide.locator('.home-banners').boundingBox()).toMatchObject({ x: 265 + 12, width: 750 - 24 });
    expect(await wide.locator('.home-categories').boundingBox()).toMatchObject({ x: 265 + 12, width: 750 - 24 });
    await wide.screenshot({ path: path.join(shots, 'home-1280.png') });
    await wide.close();
  });
});
