import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFakeShell, type FakeShellCall, type FakeShellPlan } from '../src/test/fake-shell.js';
import { launchBrowser, type Browser } from './browser.js';
import { baseUrl } from './shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/**
 * A page of the shop inside the fake shell (`isFlutter=1`, the shell's bridge in place before the
 * app runs), ready as an Android web view is: possibly before the app's code has arrived.
 */
async function inShell(hashPath: string, plan: FakeShellPlan): Promise<Page> {
  const page = await browser.newPage();
  await page.addInitScript(installFakeShell, { marksReady: true, ...plan });
  await page.goto(`${baseUrl}/h5/?isFlutter=1#${hashPath}`);
  return page;
}
const shellCalls = (page: Page) => page.evaluate(() => (window as unknown as { __shellCalls: FakeShellCall[] }).__shellCalls);
const output = (page: Page, message: string) => page.locator(`output[data-message="${message}"]`);
const rowButton = (page: Page, message: string) => page.locator('.adm-list-item', { has: page.locator('code', { hasText: new RegExp(`^${message}$`) }) }).getByRole('button');
/** `appInfo`'s time limit in the bridge (`SHELL_TIME_LIMITS_MS`). */
const APP_INFO_LIMIT_MS = 3_000;
const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64');

async function firstGoodsId(): Promise<number> {
  const body = (await (await fetch(`${baseUrl}/shop/goods/list?page=1&limit=1`)).json()) as { data: { list: Array<{ id: number }> } };
  return body.data.list[0]!.id;
}

describe('the bridge check page in the fake shell', () => {
  it('passes on answers and refusals, gives up on silence at the time limit, and says it needs the app in a browser', async () => {
    const page = await inShell('/pages/other/shell', {
      readyAfterMs: 300,
      replies: {
        appInfo: { never: true },
        getLocation: { answer: { latitude: 3.139, longitude: 101.6869 } },
        pushToken: { answer: { ok: false, error: 'denied' } },
        openExternal: { answer: { ok: true }, delayMs: 400 },
        saveImage: { answer: { ok: true } },
        share: { answer: { ok: false, error: 'cancelled' } },
        pickMedia: { answer: { ok: true, files: [{ name: 'receipt.png', mime: 'image/png', data: png }] } },
        scanCode: { answer: { ok: true, text: 'DEMO2026' } },
      },
    });
    const started = Date.now();
    await rowButton(page, 'appInfo').click();
    await rowButton(page, 'getLocation').click();
    await rowButton(page, 'pushToken').click();
    await rowButton(page, 'openExternal').click();
    await expect.poll(() => output(page, 'getLocation').textContent()).toBe('{"kind":"answered","answer":{"latitude":3.139,"longitude":101.6869}}');
    await expect.poll(() => output(page, 'pushToken').textContent()).toBe('{"kind":"refused","reason":"denied"}');
    await expect.poll(() => output(page, 'openExternal').textContent()).toBe('{"kind":"answered","answer":{}}');
    await expect.poll(() => output(page, 'appInfo').textContent()).toBe('{"kind":"unavailable"}');
    expect(Date.now() - started).toBeGreaterThanOrEqual(APP_INFO_LIMIT_MS);

    await rowButton(page, 'saveImage').click();
    await page.getByText('Saved to your photos').waitFor();
    await rowButton(page, 'share').click();
    await rowButton(page, 'pickMedia').click();
    await expect.poll(() => output(page, 'pickMedia').textContent()).toBe('["receipt.png image/png 8"]');
    await rowButton(page, 'scanCode').click();
    await expect.poll(() => output(page, 'scanCode').textContent()).toBe('"DEMO2026"');

    const calls = await shellCalls(page);
    const home = `${baseUrl}/h5/?isFlutter=1#/pages/tabbar/index`;
    // `appInfo` is also what the app asks once the page is usable (whether the shell wants its service worker).
    expect(calls.map((c) => c.name).filter((n) => n !== 'appInfo')).toEqual(['getLocation', 'pushToken', 'openExternal', 'saveImage', 'share', 'pickMedia', 'scanCode']);
    expect(calls.find((c) => c.name === 'openExternal')!.args).toEqual({ url: home, returnTo: home });
    expect(calls.find((c) => c.name === 'saveImage')!.args).toEqual({ url: `${baseUrl}/h5/icons/icon-512.png`, name: 'icon-512.png' });
    // The member closed the share sheet: nothing else happens (no copied link).
    expect(await page.getByText('Link copied').count()).toBe(0);
    await page.close();

    const plain = await browser.open('/pages/other/shell');
    await plain.getByText('Open this page in the H5 Shop app').waitFor();
    await plain.close();
  });
});

describe('sharing a goods item', () => {
  it("goes to the shell's share sheet inside the app, and copies the link in a browser", async () => {
    const id = await firstGoodsId();
    const page = await inShell(`/pages/goods/goodsInfo?id=${id}`, { replies: { share: { answer: { ok: true } } } });
    await page.locator('.goods-bar-icon', { hasText: 'Share' }).click();
    await page.locator('.share-sheet').getByRole('button', { name: 'Share' }).click();
    await expect.poll(async () => (await shellCalls(page)).filter((c) => c.name === 'share')).toHaveLength(1);
    const link = await page.getByTestId('share-link').textContent();
    expect((await shellCalls(page)).find((c) => c.name === 'share')!.args).toMatchObject({ url: link });
    await page.close();

    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const plain = await browser.open(`/pages/goods/goodsInfo?id=${id}`);
    await plain.locator('.goods-bar-icon', { hasText: 'Share' }).click();
    await plain.locator('.share-sheet').getByRole('button', { name: 'Share' }).click();
    await plain.getByText('Link copied').waitFor();
    expect(await plain.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await plain.close();
  });
});
