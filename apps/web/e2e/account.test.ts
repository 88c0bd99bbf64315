import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** What the development outbox holds for an address: the newest code, as a developer reads it. */
async function codeFromOutbox(to: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await res.json()) as { data: Array<{ code: string | null }> };
    const code = body.data[0]?.code;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code for ${to}`);
}

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

async function logIn(page: Page, account: string, password: string) {
  await page.goto(`${baseUrl}/h5/#/pages/login/login/login`);
  await field(page, 'account').fill(account);
  await field(page, 'password').fill(password);
  const agreement = page.locator('.agreement-check');
  if (!(await agreement.getAttribute('class'))?.includes('adm-checkbox-checked')) await agreement.click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function logOut(page: Page) {
  await page.goto(`${baseUrl}/h5/#/pages/other/setting`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(/#\/pages\/tabbar\/my$/);
  await page.getByText('Log in / Sign up').waitFor();
}

describe('an account in Chromium', () => {
  it('registers with an invitation code, logs in, sees the profile, changes the password and logs out', async () => {
    const stamp = Date.now().toString(36);
    const userName = `e2e${stamp}`.slice(0, 16);
    const email = `${userName}@example.com`;
    const page = await browser.open('/pages/login/reg/reg?shareCode=DEMO2026');

    // The form names the first empty field.
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Please enter Username').waitFor();

    await field(page, 'user_name').fill(userName);
    await field(page, 'nickname').fill('Erin Tester');
    await field(page, 'password').fill('FirstPass1');
    await field(page, 'email').fill(email);
    expect(await field(page, 'invite_code').inputValue()).toBe('DEMO2026');
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    await field(page, 'code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByText('Please tick the relevant agreement').waitFor();
    await page.getByText('I have read and agree to the User Agreement and Privacy Policy').click();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();

    // Registered and logged in: the personal tab shows who.
    await page.waitForURL(/#\/pages\/tabbar\/my$/);
    await page.locator('.my-name').getByText('Erin Tester').waitFor();
    await page.getByText(`Account: ${userName}`).waitFor();

    await logOut(page);

    // A wrong password gets the same answer as an unknown account.
    await logIn(page, userName, 'not-my-password');
    await page.getByText('Incorrect account or password').waitFor();

    await logIn(page, email, 'FirstPass1');
    await page.waitForURL(/#\/pages\/tabbar\/my$/);
    await page.locator('.my-name').getByText('Erin Tester').waitFor();

    // The profile in settings.
    await page.goto(`${baseUrl}/h5/#/pages/other/setting`);
    await page.getByText('Account and security').waitFor();
    await expect.poll(() => page.locator('.adm-list-item', { hasText: 'Email' }).first().innerText()).toMatch(/e2e\*+com/);

    // Change the password: the session ends, the new password works.
    await page.getByText('Change password').click();
    await page.waitForURL(/#\/pages\/other\/editPass$/);
    await field(page, 'old_password').fill('FirstPass1');
    await field(page, 'password').fill('SecondPass2');
    await field(page, 'password_confirm').fill('SecondPass3');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The new password is inconsistent').waitFor();
    await field(page, 'password_confirm').fill('SecondPass2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/#\/pages\/login\/login\/login$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').state);
    expect(stored).toEqual({ token: '', user: null });

    await logIn(page, userName, 'SecondPass2');
    await page.waitForURL(/#\/pages\/tabbar\/my$/);
    await page.getByText(`Account: ${userName}`).waitFor();

    await logOut(page);
    await page.close();
  });
});
