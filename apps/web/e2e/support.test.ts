import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// The feedback page in Chromium against the real API: the type is asked for first, the text counts
// to 140, the feedback sent shows in "My feedback" as awaiting a reply, and its page shows it as typed.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

describe('feedback in Chromium', () => {
  it('sends feedback as typed and shows it awaiting a reply', async () => {
    const { token, userId, userName } = await createMemberSession(databaseUrl, 'live');
    const page = await browser.open('/pages/my/feedbacks', {
      localStorage: {
        'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    await page.getByRole('radiogroup', { name: 'Type' }).getByRole('radio', { name: 'Orders and delivery' }).waitFor();
    await page.getByText('0/140').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Please choose Type').waitFor();

    await page.getByRole('radiogroup', { name: 'Type' }).getByRole('radio', { name: 'Orders and delivery' }).click();
    const text = 'The <b>box</b> was open & one item missing';
    await page.locator('textarea').fill(text);
    await page.getByText(`${text.length}/140`).waitFor();
    await page.locator('textarea').fill('x'.repeat(150));
    expect((await page.locator('textarea').inputValue()).length).toBe(140);
    await page.locator('textarea').fill(text);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/#\/pages\/my\/feedbacks\?tab=mine$/);
    await page.getByText('Awaiting reply').waitFor();
    await page.getByText(text).click();
    await page.waitForURL(/#\/pages\/my\/feedbacks\?id=\d+$/);
    await page.getByText('We will reply as soon as we can.').waitFor();
    expect(await page.getByText(text).count()).toBe(1);
  }, 60_000);
});
