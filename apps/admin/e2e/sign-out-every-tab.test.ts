import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { baseUrl } from '../../web/e2e/shop.js';
import { codeAt } from '../../api/src/modules/two-factor/__tests__/authenticator.js';
import { consoleOperator, openConsole, PASSWORD } from './console.js';

// An operator has the orders open in one tab of the console and the members (phone numbers, e-mails)
// in another, both tabs of one browser profile. Signing out in the first ends the session in both at
// once: the second drops to the sign-in page by itself, without a click, and shows nothing of the
// members; another operator signing in in one tab is who the other tab shows too.

const RUN = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** An owner signed in once through the API, its authenticator bound: its session and its authenticator's secret. */
const owner = (userName: string) => consoleOperator('owner', userName);

describe('signing out in one tab of the console (Chromium, two tabs of one profile)', () => {
  it('takes the other tab to the sign-in page at once, the members gone; another operator signing in is followed there', async () => {
    const ann = `ann${RUN}`;
    const bob = `bob${RUN}`;
    const first = await owner(ann);
    const next = await owner(bob);
    const orders = await openConsole(browser, first.token, '/orders');
    const members = await openConsole(browser, first.token, '/members');
    await members.getByTestId('members').waitFor();
    await members.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    await orders.getByTestId('operator').getByText(ann).waitFor();

    await orders.getByRole('button', { name: 'Sign out' }).click();
    await orders.waitForURL(/#\/sign-in$/);
    // The members tab, untouched: on the sign-in page within moments, the list and the menu gone, no "session ended … page kept".
    await members.waitForURL(/#\/sign-in$/, { timeout: 5_000 });
    await members.getByTestId('sign-in').waitFor();
    expect(await members.getByTestId('members').count()).toBe(0);
    expect(await members.getByTestId('operator').count()).toBe(0);
    expect(await members.getByTestId('session-ended').count()).toBe(0);

    // Another operator signs in in the first tab: the second follows, as that operator, on the dashboard.
    await orders.getByTestId('user-name').fill(bob);
    await orders.getByTestId('password').fill(PASSWORD);
    await orders.getByTestId('totp').fill(await codeAt(next.secret, 1));
    await orders.getByTestId('sign-in').click();
    await orders.getByTestId('operator').getByText(bob).waitFor();
    await members.getByTestId('operator').getByText(bob).waitFor({ timeout: 5_000 });
    await members.getByTestId('dashboard').waitFor();
    expect(await members.getByText(ann).count()).toBe(0);
    await orders.close();
    await members.close();
  });
});
