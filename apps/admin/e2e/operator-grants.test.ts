import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { baseUrl } from '../../web/e2e/shop.js';
import { writeDate } from '../../../packages/client/src/dates.js';
import { chooseOption, consoleOperator, openConsole, post, secondSite, shot, sql } from './console.js';

// Operator grants (docs/decisions/2026-11-29-operator-grants.md): an owner who creates a finance
// operator asks another owner, who alone receives its setup link; a support operator is made at once.

const PASSWORD = 'Console-Grants-2026';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

const openModal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');
const fieldOf = (dialog: Locator, label: string) => dialog.locator('.ant-form-item', { hasText: label });

/** Fills the console's New operator dialog and sends it (the dialog closes; a link, if any, opens in a dialog of its own). */
async function createOperatorInDialog(page: Page, userName: string, role: string, reason: string): Promise<void> {
  await page.getByTestId('new-operator').click();
  const dialog = openModal(page);
  await dialog.getByText('Owner and finance can approve money').waitFor();
  await fieldOf(dialog, 'User name').locator('input').fill(userName);
  await chooseOption(page, fieldOf(dialog, 'Role').locator('.ant-select'), role);
  await fieldOf(dialog, 'Reason').locator('textarea').fill(reason);
  await shot(page, `operator-create-${role.toLowerCase()}`);
  await clickSettled(dialog.getByRole('button', { name: 'New operator' }));
  await dialog.getByText('Owner and finance can approve money').waitFor({ state: 'detached' });
}

const operatorNamed = (userName: string) => sql<{ role: string; password_set: boolean }>('select role, password_hash is not null as password_set from operators where user_name = $1', [userName]);

describe('operator grants in the console (Chromium, 1280 px)', () => {
  it('a finance operator asked by one owner is approved by another, who alone gets its setup link; the asker cannot approve it', async () => {
    const stamp = Date.now().toString(36);
    const [askerA, approverB] = [await consoleOperator('owner', `granta${stamp}`), await consoleOperator('owner', `grantb${stamp}`)];
    const newName = `fin${stamp}`;

    // Owner A asks for a finance operator: the page says which request went to another owner, and shows no link.
    const pageA = await openConsole(browser, askerA.token, '/operators');
    await createOperatorInDialog(pageA, newName, 'Finance', 'Second approver for payouts');
    const said = pageA.locator('.ant-message-notice', { hasText: "was sent for another owner's approval" });
    await said.waitFor();
    await shot(pageA, 'operator-grant-sent');
    const requestId = Number(/request #(\d+)/.exec((await said.textContent()) ?? '')?.[1]);
    const [asked] = await sql<{ kind: string; status: string; requested_by: string; summary: string }>('select kind, status, requested_by, summary from approval_requests where id = $1', [requestId]);
    expect(asked).toEqual({ kind: 'operator.grant', status: 'pending', requested_by: askerA.recordedAs, summary: expect.stringContaining(newName) });
    expect(await pageA.getByTestId('setup-link').count()).toBe(0);
    expect(await openModal(pageA).count()).toBe(0);
    expect(await operatorNamed(newName)).toEqual([]);
    await pageA.locator('.ant-table-tbody tr', { hasText: `granta${stamp}` }).waitFor();
    expect(await pageA.locator('.ant-table-tbody tr', { hasText: newName }).count()).toBe(0);
    // The operators page says what waits for another owner, with its number.
    await pageA.getByTestId('waiting-grants').getByText(`#${requestId} ${newName}: Finance (new operator), asked by ${askerA.recordedAs}`, { exact: false }).waitFor();

    // A sees their own request with only a withdraw action; the shop refuses A's approval of it too.
    await pageA.goto(`${baseUrl}/admin/#/approvals`);
    const rowA = pageA.locator('.ant-table-tbody tr', { hasText: newName });
    await rowA.getByTestId(`cancel-${requestId}`).waitFor();
    expect(await pageA.getByTestId(`approve-${requestId}`).count()).toBe(0);
    await shot(pageA, 'operator-grant-asker-approvals');
    await expect(post('/admin/api/approvals/decide', { id: requestId, decision: 'approve' }, askerA.token)).rejects.toThrow('"code":7010');
    expect(await operatorNamed(newName)).toEqual([]);

    // Owner B finds it (named with the new operator and role) and approves it: the link is shown once, with a copy button and its expiry.
    // B in a browser of their own (pages of one site share one session).
    const pageB = await openConsole(browser, approverB.token, '/approvals', {}, secondSite);
    // The page says what waits here: operators with a role that approves money too.
    await pageB.getByTestId('approvals').getByText('Creating an operator with a role that approves money', { exact: false }).waitFor();
    const rowB = pageB.locator('.ant-table-tbody tr', { hasText: newName });
    await rowB.getByText('Operator with a money role').waitFor();
    expect(await rowB.textContent()).toContain(`${newName}: Finance (new operator)`);
    await shot(pageB, 'operator-grant-approvals');
    await rowB.getByTestId(`approve-${requestId}`).click();
    const decision = openModal(pageB).filter({ hasText: 'Approve this request?' });
    await decision.getByText(`${newName}: Finance (new operator)`).waitFor();
    await clickSettled(decision.getByRole('button', { name: 'Approve' }));
    const linkModal = openModal(pageB);
    await linkModal.getByText('Setup link of the new operator').waitFor();
    const link = await linkModal.getByTestId('setup-link').inputValue();
    expect(link).toMatch(new RegExp(`^${secondSite}/admin/#/setup\\?token=\\S+$`));
    await linkModal.locator('.ant-typography-copy', { hasText: 'Copy link' }).waitFor();
    const [created] = await sql<{ setup_expires_at: Date }>('select setup_expires_at from operators where user_name = $1', [newName]);
    await linkModal.getByText(`valid until ${writeDate('en-US', created!.setup_expires_at, false)}`).waitFor();
    await shot(pageB, 'operator-grant-setup-link');
    expect(await operatorNamed(newName)).toEqual([{ role: 'finance', password_set: false }]);

    // Shown once: the decided request, its lists and the asker's page never hold the link.
    const token = new URL(link.replace('/#/', '/')).searchParams.get('token')!;
    const [decided] = await sql<{ row: string }>('select row_to_json(r)::text as row from approval_requests r where id = $1', [requestId]);
    expect(decided!.row).not.toContain(token);
    await linkModal.locator('.ant-modal-close').click();
    await pageB.locator('.ant-segmented-item', { hasText: 'Approved' }).click();
    await pageB.locator('.ant-table-tbody tr', { hasText: newName }).waitFor();
    expect(await pageB.locator('body').innerText()).not.toContain(token);
    await pageA.reload();
    await pageA.locator('.ant-segmented-item', { hasText: 'Approved' }).click();
    await pageA.locator('.ant-table-tbody tr', { hasText: newName }).waitFor();
    // Decided: the operators page lists it, and nothing waits any more.
    const waitingRead = pageA.waitForResponse((r) => new URL(r.url()).pathname === '/admin/api/approvals');
    await pageA.evaluate(() => (location.hash = '#/operators'));
    await waitingRead;
    await pageA.locator('.ant-table-tbody tr', { hasText: newName }).waitFor();
    expect(await pageA.getByTestId('waiting-grants').count()).toBe(0);
    expect(await pageA.locator('body').innerText()).not.toContain(token);

    // The new operator opens the link in a page of their own and chooses a password.
    const setup = await browser.newPage();
    await setup.goto(link);
    await setup.getByText('Choose your password').first().waitFor();
    await setup.locator('input[type="password"]').nth(0).fill(PASSWORD);
    await setup.locator('input[type="password"]').nth(1).fill(PASSWORD);
    await setup.getByRole('button', { name: 'Set password' }).click();
    await setup.getByText(`Password set for ${newName}`).waitFor();
    expect(await operatorNamed(newName)).toEqual([{ role: 'finance', password_set: true }]);
  });

  it('a support operator is created at once, with its setup link shown to the owner who made it', async () => {
    const stamp = Date.now().toString(36);
    const owner = await consoleOperator('owner', `grants${stamp}`);
    const newName = `sup${stamp}`;
    const page = await openConsole(browser, owner.token, '/operators');
    await createOperatorInDialog(page, newName, 'Support', 'Answers the chat desk');
    const linkModal = openModal(page);
    await linkModal.getByText('Operator created. Send this one-time link').waitFor();
    expect(await linkModal.getByTestId('setup-link').inputValue()).toMatch(new RegExp(`^${baseUrl}/admin/#/setup\\?token=\\S+$`));
    await linkModal.locator('.ant-typography-copy', { hasText: 'Copy link' }).waitFor();
    await shot(page, 'operator-support-setup-link');
    expect(await operatorNamed(newName)).toEqual([{ role: 'support', password_set: false }]);
    expect(await sql('select id from approval_requests where kind = $1 and summary like $2', ['operator.grant', `${newName}:%`])).toEqual([]);
    await linkModal.locator('.ant-modal-close').click();
    await page.locator('.ant-table-tbody tr', { hasText: newName }).getByText('Support').waitFor();
  });
});
