import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import pg from 'pg';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { baseUrl, databaseUrl } from './shop.js';

/** Reads or arranges what an operator or the member's own eyes would (the gap of the puzzle, the captcha mode). */
async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/**
 * What the development outbox holds for an address: the newest code, as a developer reads it; when
 * `previous` is given, a code other than it (a new mail may arrive a moment after the page's answer).
 */
async function codeFromOutbox(to: string, previous?: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}&limit=1`);
    const body = (await res.json()) as { data: Array<{ code: string | null }> };
    const code = body.data[0]?.code;
    if (code && code !== previous) return code;
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
  await logOutHere(page);
}

/** Presses the page's "Log out" and waits for the personal tab's logged-out state (the app goes there once the logout is answered; a page opened before that would be left at once). */
async function logOutHere(page: Page) {
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

    // The form names the first empty field under it, an alert screen readers hear, and the keyboard is
    // taken to the field, marked invalid and described by those words; no toast covers the form.
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('alert').getByText('Please enter Username').waitFor();
    expect(await page.evaluate(() => document.getElementById('toast-region')?.textContent ?? '')).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await page.evaluate(() => document.getElementById(document.activeElement?.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('Please enter Username');

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

  it('binds 2FA, passes the slider, uploads an avatar, submits real-name details and asks to close the account', async () => {
    const stamp = Date.now().toString(36);
    const userName = `e2f${stamp}`.slice(0, 16);
    const email = `${userName}@example.com`;
    const page = await browser.open('/pages/login/reg/reg?shareCode=DEMO2026');
    await field(page, 'user_name').fill(userName);
    await field(page, 'nickname').fill('Sam Secure');
    await field(page, 'password').fill('FirstPass1');
    await field(page, 'email').fill(email);
    await page.getByRole('button', { name: 'Get code' }).click();
    await field(page, 'code').fill(await codeFromOutbox(email));
    await page.locator('.agreement-check').click();
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL(/#\/pages\/tabbar\/my$/);

    // Google Authenticator: the QR code and key, then one code from the "phone".
    await page.goto(`${baseUrl}/h5/#/pages/other/setting`);
    await page.locator('.adm-list-item', { hasText: 'Google Authenticator' }).click();
    await page.getByRole('button', { name: 'Set up Google Authenticator' }).click();
    await page.getByRole('img', { name: 'QR code for Google Authenticator' }).waitFor();
    const secret = (await page.locator('.account-secret').innerText()).trim();
    await field(page, 'google_code').fill(await generate({ secret }));
    // Binding asks for the login password too: a borrowed session alone cannot bind its own authenticator.
    await page.getByRole('button', { name: 'Bind' }).click();
    await page.getByText('Please enter Login password').waitFor();
    await field(page, 'current_password').fill('FirstPass1');
    await page.getByRole('button', { name: 'Bind' }).click();
    await page.getByText('Google Authenticator is now bound').waitFor();
    await expect.poll(() => page.locator('.adm-list-item', { hasText: 'Google Authenticator' }).innerText()).toContain('Set');

    // An avatar: a picture chosen from the phone, uploaded and shown resized.
    const picture = path.join(os.tmpdir(), `avatar-${stamp}.png`);
    fs.writeFileSync(picture, await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer());
    await page.locator('.adm-list-item', { hasText: 'Profile' }).click();
    await page.locator('input[type="file"]').setInputFiles(picture);
    await expect.poll(() => page.locator('.account-sheet .adm-avatar img').getAttribute('src')).toMatch(/^\/uploads\/.+\.png\?exp=\d+&sig=[\w-]+&width=120&height=120$/);
    await page.locator('.account-sheet').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    fs.rmSync(picture, { force: true });

    // Real-name details go to review.
    await page.locator('.adm-list-item', { hasText: 'Real-name authentication' }).click();
    // A member who gave no phone has no known country: the form starts at none, and the member says which.
    await page.locator('.account-sheet').getByRole('combobox', { name: 'Country that issued your document' }).selectOption({ label: 'Thailand' });
    await page.locator('.account-sheet').getByRole('radiogroup', { name: 'Document type' }).getByRole('radio', { name: 'Passport', exact: true }).click();
    await field(page, 'document_number').fill('E12345678');
    await field(page, 'surname').fill('Secure');
    await field(page, 'given_name').fill('Sam');
    await page.locator('.account-sheet').getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Submitted for review').waitFor();
    await expect.poll(() => page.locator('.adm-list-item', { hasText: 'Real-name authentication' }).innerText()).toContain('Under review');

    // With the slider switched on by the operator, login goes through the human check and back.
    await logOutHere(page);
    await sql(`insert into account_settings (key, value, updated_by) values ('captcha_mode', 'always', 'e2e') on conflict (key) do update set value = 'always'`);
    try {
      await logIn(page, userName, 'FirstPass1');
      await page.waitForURL(/#\/pages\/other\/cloudflare\/index\?redirect=/);
      const handle = page.getByRole('slider');
      await page.locator('.slider-captcha-piece').waitFor();
      const x = (await sql<{ x: number }>(`select x from captcha_challenges order by created_at desc limit 1`))[0]!.x;
      const box = (await handle.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      for (const step of [0.1, 0.3, 0.55, 0.8, 0.93, 1]) {
        await page.mouse.move(box.x + box.width / 2 + x * step, box.y + box.height / 2 + (step < 1 ? 2 : 0), { steps: 3 });
        await page.waitForTimeout(60);
      }
      await page.mouse.up();
      await page.waitForURL(/#\/pages\/login\/login\/login$/);
      await page.getByText('Verification passed. Tap the button again to continue.').waitFor();
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.waitForURL(/#\/pages\/tabbar\/my$/);
    } finally {
      await sql(`update account_settings set value = 'auto' where key = 'captcha_mode'`);
    }
    await expect.poll(() => page.locator('.my-avatar img').getAttribute('src')).toMatch(/^\/uploads\/.+\?width=112&height=112$/);

    // Ask to close the account: the agreement first, then the request waits for review and can be withdrawn.
    await page.goto(`${baseUrl}/h5/#/pages/login/logOff/index`);
    await page.getByRole('button', { name: 'Apply to cancel the account' }).click();
    await page.getByText('Please tick the relevant agreement').waitFor();
    await page.locator('.agreement-check').click();
    await page.getByRole('button', { name: 'Apply to cancel the account' }).click();
    await page.getByText('Under review', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Withdraw the request' }).click();
    await page.getByRole('button', { name: 'Apply to cancel the account' }).waitFor();

    // Apply again (the tick is still there); the operator approves; the e-mailed code closes the account.
    expect(await page.locator('.agreement-check').getAttribute('class')).toContain('adm-checkbox-checked');
    await page.getByRole('button', { name: 'Apply to cancel the account' }).click();
    await page.getByText('Under review', { exact: true }).waitFor();
    await sql(`update account_cancellations set status = 'approved', reviewed_by = 'e2e', reviewed_at = now() where status = 'pending' and user_id = (select id from users where user_name = $1)`, [userName]);
    await page.reload();
    await page.getByRole('button', { name: 'Confirm by email' }).click();
    await page.waitForURL(/#\/pages\/login\/logOff\/rightEmail$/);
    await page.getByText(/^We will send a verification code to e2f\*+com\.$/).waitFor();
    await page.getByRole('button', { name: 'Get code' }).click();
    await page.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    await field(page, 'code').fill(await codeFromOutbox(email));
    await page.getByRole('button', { name: 'Close my account' }).click();
    await page.waitForURL(/#\/pages\/login\/logOff\/finish$/);
    await page.getByText('Account closed').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session') ?? '{}').state)).toEqual({ token: '', user: null });
    await logIn(page, userName, 'FirstPass1');
    await page.getByText('Incorrect account or password').waitFor();
    await page.close();
  });

  it('recovers a forgotten password, binds a phone, and sets the pay password once the real name is approved', async () => {
    const stamp = Date.now().toString(36);
    const userName = `e2g${stamp}`.slice(0, 16);
    const email = `${userName}@example.com`;
    const post = async (path: string, body: unknown, token = '') => {
      const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: token ? `Bearer ${token}` : '' }, body: JSON.stringify(body) });
      return (await res.json()) as { code: number; data: any };
    };
    // A member made through the API (the page flow is the first test's).
    await post('/user/send_code', { type: 'register', email });
    const registerCode = await codeFromOutbox(email);
    const made = await post('/user/no_auth/register', { user_name: userName, nickname: 'Pat Forgetful', password: 'OldPass123', email, invite_code: 'DEMO2026', code: registerCode });
    expect(made.code).toBe(200);

    const page = await browser.open('/pages/login/forgetPwd/forgetPwd');
    await field(page, 'account').fill(userName);
    await page.getByRole('button', { name: 'Get code' }).click();
    // The toast says the same for every account, real or not.
    await page.getByText('If this account exists, a code has been sent to its email or phone').waitFor();
    await field(page, 'code').fill(await codeFromOutbox(email, registerCode));
    await field(page, 'password').fill('NewPass456');
    await field(page, 'password_confirm').fill('NewPass456');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.waitForURL(/#\/pages\/login\/login\/login$/);
    expect(await field(page, 'account').inputValue()).toBe(userName);
    await logIn(page, userName, 'NewPass456');
    await page.waitForURL(/#\/pages\/tabbar\/my$/);

    // A phone number, proved with the code sent to it.
    await page.goto(`${baseUrl}/h5/#/pages/other/setting`);
    await page.locator('.adm-list-item', { hasText: 'Phone number' }).click();
    await expect.poll(() => page.locator('.account-sheet').getByRole('button', { name: 'Country code' }).innerText()).toBe('+1');
    await field(page, 'mobile').fill('2015550123');
    await page.locator('.account-sheet').getByRole('button', { name: 'Get code' }).click();
    await field(page, 'code').fill(await codeFromOutbox('+12015550123'));
    await field(page, 'current_password').fill('NewPass456');
    await page.locator('.account-sheet').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.adm-list-item', { hasText: 'Phone number' }).innerText()).toMatch(/\+1 201\*+123/);

    // The pay password needs an approved real name: the operator approves, then the member sets it.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('shop.session')!).state.token as string);
    const sent = await post('/user/certification/authGuoJi', { document_type: 'passport', document_number: 'P7654321', surname: 'Forgetful', given_name: 'Pat', country: 'US' }, token);
    expect(sent.code).toBe(200);
    await sql(`update certifications set status = 'approved', reviewed_by = 'e2e', reviewed_at = now() where id = $1`, [sent.data.record.id]);
    await page.reload();
    await page.locator('.adm-list-item', { hasText: 'Payment password' }).click();
    await field(page, 'pay_password').fill('246810');
    await field(page, 'pay_password_confirm').fill('246810');
    await page.locator('.account-sheet').getByRole('button', { name: 'Get code' }).click();
    // The e-mail has older codes: read the outbox once this one is sent.
    await page.locator('.account-sheet').getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    await field(page, 'code').fill(await codeFromOutbox(email));
    await field(page, 'current_password').fill('not-my-password');
    await page.locator('.account-sheet').getByRole('button', { name: 'Save' }).click();
    await page.getByText('The current password is incorrect').waitFor();
    await field(page, 'current_password').fill('NewPass456');
    await page.locator('.account-sheet').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    await expect.poll(() => page.locator('a.adm-list-item', { hasText: 'Payment password' }).innerText()).toContain('Set');
    await page.close();
  });
});
