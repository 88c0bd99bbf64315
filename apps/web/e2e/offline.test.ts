import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actOnceStarted, launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

let browser: Browser;
beforeAll(async () => {
  // The whole browser: the headless shell has no install check.
  browser = await launchBrowser(baseUrl, { serviceWorkers: 'allow', full: true });
});
afterAll(() => browser?.close());

/** The member acts: the page is usable, so the app registers its worker; resolves once the worker serves the page. */
async function untilWorkerServes(page: Page): Promise<void> {
  await actOnceStarted(page);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 30_000 }).toBe(true);
}

/** Every address kept in the page's Cache Storage. */
const cachedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) found.push(request.url);
    return found;
  });

const go = async (page: Page, hashPath: string) => {
  await page.evaluate((h) => (window.location.hash = h), hashPath);
};

describe('the installable app without a network', () => {
  it('passes the browser’s installability checks with the shop’s manifest', async () => {
    const page = await browser.open('/pages/tabbar/index');
    await page.locator('.app-tabbar').waitFor();
    // The manifest is linked once the page is usable.
    await actOnceStarted(page);
    const cdp = await browser.context.newCDPSession(page);
    await expect.poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, { timeout: 20_000 }).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    expect(manifest.url).toBe(`${baseUrl}/h5/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    await page.close();
  });

  it('opens the pages seen before offline with a banner, refuses member pages clearly, and never keeps a wallet answer', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    const page = await browser.open('/pages/tabbar/index', {
      snoozePopups: true,
      localStorage: {
        'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    await untilWorkerServes(page);
    const goods = (await (await fetch(`${baseUrl}/shop/goods/list?page=1&limit=1`)).json()) as { data: { list: Array<{ id: number; name: string }> } };
    const item = goods.data.list[0]!;
    // Seen once, online: the categories, a goods page and the member's wallet.
    await go(page, '/pages/activity/allAct');
    await page.locator('.page-header').waitFor();
    await go(page, `/pages/goods/goodsInfo?id=${item.id}`);
    await page.locator('h1.goods-name').waitFor();
    const walletAnswer = page.waitForResponse((r) => r.url().includes('/user/wallet/') || r.url().includes('/attractive/UserPageData/assetPage'));
    await go(page, '/pages/my/wallet');
    await walletAnswer;

    const kept = await cachedAddresses(page);
    expect(kept.some((u) => u.includes('/shop/goods/info'))).toBe(true);
    expect(kept.filter((u) => /\/user\/(wallet|info)\/|\/attractive\/UserPageData\/|\/shop\/(order|buy)\//.test(u))).toEqual([]);

    await browser.context.setOffline(true);
    try {
      await go(page, '/pages/tabbar/index');
      await page.reload();
      await page.getByText('You are offline. We will reload when the connection is back.').waitFor();
      await page.locator('.app-tabbar').waitFor();
      await go(page, `/pages/goods/goodsInfo?id=${item.id}`);
      await page.locator('h1.goods-name', { hasText: item.name }).waitFor();
      await go(page, '/pages/my/wallet');
      await page.getByText('This page needs the network').waitFor();
      await page.getByText('It opens as soon as you are back online.').waitFor();

      // An address with a query before the hash (a language link, `index.html?…`) opens the release's copy too,
      // and so does a reload of it (the app keeps the query in the address).
      for (const address of ['/h5/?lang=km#/pages/tabbar/index', '/h5/index.html?lang=hu#/pages/tabbar/index']) {
        await page.goto(`${baseUrl}${address}`);
        await page.locator('.app-tabbar').waitFor();
        await page.locator('.offline-bar').waitFor();
        await page.reload();
        await page.locator('.app-tabbar').waitFor();
        await page.locator('.offline-bar').waitFor();
      }
      // The native shell's launch address last: inside a shell that does not ask for the worker, the app removes it once usable.
      await page.goto(`${baseUrl}/h5/?isFlutter=1`);
      await page.locator('.app-tabbar').waitFor();
      await page.locator('.offline-bar').waitFor();
    } finally {
      await browser.context.setOffline(false);
    }
    await page.close();
  });

  it('opens offline what a first visit saw before the worker took charge, and says an unseen goods page needs the network', async () => {
    // A new profile: the first visit's home and goods are read before the worker is registered (once the page is usable).
    const first = await launchBrowser(baseUrl, { serviceWorkers: 'allow' });
    try {
      const member = await createMemberSession(databaseUrl, 'live');
      const goods = (await (await fetch(`${baseUrl}/shop/goods/list?page=1&limit=2`)).json()) as { data: { list: Array<{ id: number; name: string }> } };
      const [seen, unseen] = goods.data.list as [{ id: number; name: string }, { id: number; name: string }];
      const page = await first.open('/pages/tabbar/index', {
        snoozePopups: true,
        localStorage: {
          'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
          'shop.session.refreshedAt': String(Date.now()),
        },
      });
      await page.locator('.home-categories').waitFor();
      await go(page, `/pages/goods/goodsInfo?id=${seen.id}`);
      await page.locator('h1.goods-name', { hasText: seen.name }).waitFor();
      await go(page, '/pages/tabbar/index');
      await page.locator('.home-categories').waitFor();
      // The member scrolls and waits a moment: the worker takes charge and keeps what was seen (never the member's own answers).
      await untilWorkerServes(page);
      const keptSeen = async () => {
        const kept = await cachedAddresses(page);
        return ['/attractive/page/indexApiData', `/shop/goods/info?id=${seen.id}&`].filter((address) => kept.some((u) => u.includes(address)));
      };
      await expect.poll(keptSeen, { timeout: 30_000 }).toHaveLength(2);
      expect((await cachedAddresses(page)).filter((u) => /\/user\/(wallet|info)\/|\/attractive\/UserPageData\/|\/shop\/(order|buy|cart)\//.test(u))).toEqual([]);

      await first.context.setOffline(true);
      // The network drops with the app open; a goods page never opened is opened inside the app.
      await go(page, `/pages/goods/goodsInfo?id=${unseen.id}`);
      const notice = page.getByRole('alert').filter({ hasText: 'This page needs the network' });
      await notice.getByText('It opens as soon as you are back online.').waitFor({ timeout: 10_000 });
      expect(await page.locator('h1.goods-name').count()).toBe(0);
      await notice.getByRole('button', { name: 'Back' }).click();
      await page.locator('.home-categories').waitFor();

      // Opened from scratch without a network: the home and the goods seen on the first visit.
      await page.goto(`${baseUrl}/h5/#/pages/tabbar/index`);
      await page.locator('.offline-bar').waitFor();
      await page.locator('.home-categories').waitFor();
      await page.goto(`${baseUrl}/h5/#/pages/goods/goodsInfo?id=${seen.id}`);
      await page.locator('h1.goods-name', { hasText: seen.name }).waitFor();
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      await page.close();
    } finally {
      await first.context.setOffline(false);
      await first.close();
    }
  });
});
