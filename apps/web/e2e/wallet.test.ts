import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';

const baseUrl = inject('baseUrl');
const databaseUrl = inject('databaseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

async function openAsMember(path: string) {
  const { token, userId, userName } = await createMemberSession(databaseUrl, 'live');
  return browser.open(path, {
    localStorage: {
      'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
      // Logged in today: no token exchange at start.
      'shop.session.refreshedAt': String(Date.now()),
    },
  });
}

describe('the wallet in Chromium', () => {
  it('shows a new member\'s assets on a phone, refuses a transfer to nobody and lists the banks of a country with their branches', async () => {
    const page = await openAsMember('/pages/my/wallet');
    await page.getByText('Total assets (USD)').waitFor();
    await page.getByText('$0.00').first().waitFor();
    // Nothing sticks out of the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (process.env.WALLET_SCREENSHOT) await page.screenshot({ path: process.env.WALLET_SCREENSHOT, fullPage: true });

    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.waitForURL(/#\/pages\/my\/transfer$/);
    await field(page, 'account').fill('nobody-of-ours');
    await field(page, 'amount').fill('10');
    await field(page, 'pay_password').fill('123456');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByText('No member with that user name, mobile or invitation code').first().waitFor();

    await page.goto(`${baseUrl}/h5/#/pages/my/bankCards`);
    await page.getByText('No bank cards yet').waitFor();
    await page.getByRole('button', { name: 'Add a bank card' }).click();
    await page.waitForURL(/#\/pages\/my\/bankCardEdit$/);
    await page.getByText('CIMB Bank').waitFor();
    await page.getByText('Maybank', { exact: true }).click();
    await page.getByText('Maybank Penang Branch').waitFor();
  });
});
