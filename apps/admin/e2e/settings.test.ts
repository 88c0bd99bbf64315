import fs from 'node:fs';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { DESKTOP, post, shot, sql } from './console.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { createDatabase } from '../../api/src/db/database.js';
import { operatorCliActor } from '../../api/src/lib/actor.js';
import { createOperator } from '../../api/src/modules/operators/operators.service.js';

const PASSWORD = 'Console-Settings-2026';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** An owner with a password whose first sign-in (through the API) gave the authenticator's secret; the browser signs in with its code. */
async function ownerWithAuthenticator(userName: string): Promise<string> {
  const db = createDatabase(databaseUrl, 2);
  try {
    const { setupToken } = await createOperator(db, operatorCliActor('setup'), { userName, role: 'owner' });
    await post('/admin/api/auth/setup-password', { token: setupToken, password: PASSWORD });
    const first = await post<{ totp_setup: { secret: string } }>('/admin/api/auth/sign-in', { user_name: userName, password: PASSWORD });
    return first.totp_setup.secret;
  } finally {
    await db.destroy();
  }
}

describe('settings and CSV export in the console (Chromium, 1280 px)', () => {
  it('signs in with TOTP, switches to zh-cn, changes the order expiry with a reason and exports the audit log as CSV', async () => {
    const userName = `settings${Date.now().toString(36)}`;
    const secret = await ownerWithAuthenticator(userName);
    const [before] = await sql<{ expiry_minutes: number; settle_after_days: number }>('select expiry_minutes, settle_after_days from order_settings');
    const expiry = before!.expiry_minutes === 47 ? 48 : 47;
    const settleDays = before!.settle_after_days === 21 ? 22 : 21;

    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      localStorage.setItem('admin.lang', 'en-us');
    });
    await page.goto(`${baseUrl}/admin/#/sign-in`);
    await page.getByTestId('user-name').fill(userName);
    await page.getByTestId('password').fill(PASSWORD);
    await page.getByTestId('totp').fill(await generate({ secret }));
    await page.getByTestId('sign-in').click();
    await page.getByTestId('dashboard').waitFor();

    // The console in Simplified Chinese.
    await page.getByTestId('language').click();
    await page.getByTestId('language-zh-cn').click();
    await page.getByRole('menuitem', { name: '设置', exact: true }).click();
    await page.getByRole('tab', { name: '登录与订单' }).waitFor();
    await shot(page, 'settings-zh-cn');

    // Change how long unpaid orders wait: the reason is asked, the change is saved and shown.
    const minutes = page.locator('input[data-testid="expiry-minutes"], [data-testid="expiry-minutes"] input').first();
    await minutes.fill(String(expiry));
    // And the days before a completed order settles (when commissions and shop earnings are earned), in the same change.
    await page.locator('input[data-testid="settle-after-days"], [data-testid="settle-after-days"] input').first().fill(String(settleDays));
    await page.getByTestId('save-orders').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('保存此更改？').waitFor();
    await dialog.locator('textarea').fill('节日期间延长付款时间');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    // Saved: the dialog closes (a refusal would stay in it, and is told here).
    await Promise.race([
      dialog.waitFor({ state: 'detached' }),
      dialog
        .locator('.ant-alert-error, .ant-form-item-explain-error')
        .first()
        .waitFor()
        .then(
          async () => {
            throw new Error(`the change was refused: ${await dialog.innerText()}`);
          },
          () => undefined,
        ),
    ]);
    await page.getByText(`最近由 ${userName}`).first().waitFor();
    const [after] = await sql<{ expiry_minutes: number; settle_after_days: number; updated_by: string }>('select expiry_minutes, settle_after_days, updated_by from order_settings');
    expect(after!.expiry_minutes).toBe(expiry);
    expect(after!.settle_after_days).toBe(settleDays);
    expect(after!.updated_by).toContain(userName);

    // The audit log shows the change in Chinese; its CSV file has Chinese headers and the same row.
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.getByText('已设置订单时限').first().waitFor();
    await page.getByTestId('audit-operator').fill(userName);
    await page.getByRole('button', { name: /^搜\s?索$/ }).click();
    await shot(page, 'audit-zh-cn-settings');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = fs.readFileSync((await download.path())!, 'utf8');
    const lines = file.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('创建时间,操作员,操作,对象,对象编号,原因,决定途径,详情');
    // Newest first: the export itself (recorded before the file is read), the change, then how the operator signed in.
    expect(lines.slice(3).length).toBeGreaterThan(0);
    expect(lines.slice(3).every((l) => l.includes('access.'))).toBe(true);
    expect(lines[1]).toContain('export.audit');
    // The order times are facts (the Details column, as stored), no longer `expiry_minutes=…` after the kind.
    expect(lines[2]).toContain('setting.orders');
    expect(lines[2]).toMatch(new RegExp(`expiry_minutes"+:${expiry}\\b`));
    expect(lines[2]).toMatch(new RegExp(`settle_after_days"+:${settleDays}\\b`));
    expect(lines[2]).toContain('节日期间延长付款时间');
    const exports = await sql<{ action: string }>("select action from operator_actions where operator like $1 and action like 'export.%'", [`${userName}#%`]);
    expect(exports).toEqual([{ action: 'export.audit' }]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await sql('update order_settings set expiry_minutes = $1, settle_after_days = $2', [before!.expiry_minutes, before!.settle_after_days]);
    await page.close();
  });
});
