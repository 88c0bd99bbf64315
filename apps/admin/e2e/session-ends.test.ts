import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { baseUrl } from '../../web/e2e/shop.js';
import { codeAt } from '../../api/src/modules/two-factor/__tests__/authenticator.js';
import { consoleOperator, openConsole, PASSWORD, post, shot, sql } from './console.js';

// An operator writing a news item whose session ends meanwhile (it expired, they signed out in another
// tab, an owner reset them): Save brings the sign-in over the page, not in place of it. Signed in
// again, they find what they typed and Save goes through; another operator signing in at that screen
// starts on the dashboard and is shown nothing of it.

const RUN = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** An owner signed in once through the API, its authenticator bound: its session and its authenticator's secret. */
const owner = (userName: string) => consoleOperator('owner', userName);

/** A news item half written in the drawer: its English title and body typed, not saved. */
async function typeNews(page: Page, title: string, body: string) {
  await page.getByTestId('new-news').click();
  await page.getByTestId('news-form').waitFor();
  await page.getByTestId('title-en-us').fill(title);
  await page.getByTestId('content-en-us').fill(body);
}

/** Signs in in the dialog over the page; the binding used the current step's code, so the next step's. */
async function signInAgain(page: Page, userName: string, secret: string) {
  const dialog = page.getByRole('dialog', { name: 'Operator sign-in' });
  await dialog.getByTestId('user-name').fill(userName);
  await dialog.getByTestId('password').fill(PASSWORD);
  await dialog.getByTestId('totp').fill(await codeAt(secret, 1));
  await dialog.getByTestId('sign-in').click();
}

describe('a session that ends while an operator writes (Chromium, 1280 px)', () => {
  it('signs the same operator in over the page: what they typed is still there and Save goes through', async () => {
    const userName = `resume${RUN}`;
    const { token, secret } = await owner(userName);
    const page = await openConsole(browser, token, '/content/news');
    const title = `Harbour fair ${RUN}`;
    const body = `<p>Stalls open at nine on the east quay (${RUN}).</p>`;
    await typeNews(page, title, body);

    // The session ends elsewhere (signed out in another tab); Save is refused and the sign-in comes over the page.
    await post('/admin/api/auth/sign-out', {}, token);
    await page.getByTestId('save-news').click();
    const dialog = page.getByRole('dialog', { name: 'Operator sign-in' });
    await dialog.getByText('Your session has ended').waitFor();
    await dialog.getByText('The page you had open is kept').waitFor();
    await shot(page, 'session-ended-over-page');
    expect(page.url()).toMatch(/#\/content\/news$/);

    await signInAgain(page, userName, secret);
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/#\/content\/news$/);
    await expect.poll(() => page.getByTestId('title-en-us').inputValue()).toBe(title);
    expect(await page.getByTestId('content-en-us').inputValue()).toBe(body);

    await page.getByTestId('save-news').click();
    await page.getByText('Saved').first().waitFor();
    await page.locator('.ant-table-tbody tr', { hasText: title }).waitFor();
    const saved = await sql<{ content: Record<string, string> }>(`select content from news where title->>'en-us' = $1`, [title]);
    expect(saved.map((n) => n.content['en-us'])).toEqual([body]);
    await page.close();
  });

  it('another operator signing in at that screen starts on the dashboard, shown nothing of the page', async () => {
    const first = await owner(`leaving${RUN}`);
    const next = await owner(`arriving${RUN}`);
    const page = await openConsole(browser, first.token, '/content/news');
    const title = `Unsent draft ${RUN}`;
    await typeNews(page, title, '<p>Half written.</p>');

    await post('/admin/api/auth/sign-out', {}, first.token);
    await page.getByTestId('save-news').click();
    await signInAgain(page, `arriving${RUN}`, next.secret);
    await page.getByTestId('dashboard').waitFor();
    expect(page.url()).toMatch(/#\/$/);
    await page.getByTestId('operator').getByText(`arriving${RUN}`).waitFor();
    expect(await page.getByTestId('news-form').count()).toBe(0);
    expect(await page.locator(`text=${title}`).count()).toBe(0);
    await page.goto(`${baseUrl}/admin/#/content/news`);
    await page.getByTestId('new-news').waitFor();
    await page.getByTestId('new-news').click();
    await page.getByTestId('news-form').waitFor();
    expect(await page.getByTestId('title-en-us').inputValue()).toBe('');
    await page.close();
  });

  it('a sign-out on purpose still goes to the sign-in page', async () => {
    const { token } = await owner(`leaves${RUN}`);
    const page = await openConsole(browser, token, '/content/news');
    await page.getByTestId('new-news').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/#\/sign-in$/);
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('new-news').count()).toBe(0);
    await page.close();
  });
});
