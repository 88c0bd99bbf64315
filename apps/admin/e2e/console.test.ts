import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { createDatabase } from '../../api/src/db/database.js';
import { newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { DESKTOP, paidOrder, shot, sql } from './console.js';
import { OPS_CLI } from '../../api/src/test/api-processes.js';
import { codeAt } from '../../api/src/modules/two-factor/__tests__/authenticator.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Console-Harbour-2026';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** The first operator, made as the README says: `npm run ops -- operator create`, then the printed setup link. */
async function createOperator(userName: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [...OPS_CLI, 'operator', 'create', userName, '--role', 'owner', '--by', 'setup'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
  });
  const link = /(http\S+\/admin\/#\/setup\?token=\S+)/.exec(stdout)?.[1];
  if (!link) throw new Error(`no setup link in: ${stdout}`);
  return link;
}

async function signIn(page: Page, userName: string, code?: string) {
  await page.getByTestId('user-name').fill(userName);
  await page.getByTestId('password').fill(PASSWORD);
  if (code) await page.getByTestId('totp').fill(code);
  await page.getByTestId('sign-in').click();
}

describe('the operator console in Chromium at 1280 px', () => {
  it('names its own tab icon, which the shop serves (no request of the sign-in page fails)', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${baseUrl}/admin/#/sign-in`);
    await page.getByTestId('user-name').waitFor();
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(icon).toMatch(/^\/admin\/assets\/.+\.svg$/);
    const answer = await page.request.get(`${baseUrl}${icon}`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(failed).toEqual([]);
    await page.close();
  });

  it('sets up the first operator with TOTP, approves a real-name, confirms a bank transfer, ships an order in two packages and switches to zh-cn', async () => {
    const userName = `owner${Date.now().toString(36)}`;
    const link = await createOperator(userName);

    // The one-time link: choose a password.
    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    await page.goto(link);
    await page.getByText('Choose your password').first().waitFor();
    const [pw1, pw2] = [page.locator('input[type="password"]').nth(0), page.locator('input[type="password"]').nth(1)];
    await pw1.fill(PASSWORD);
    await pw2.fill(PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(`Password set for ${userName}`).waitFor();

    // First sign-in: the authenticator's QR code and key.
    await page.goto(`${baseUrl}/admin/#/sign-in`);
    await signIn(page, userName);
    await page.getByTestId('totp-qr').waitFor();
    await shot(page, 'totp-setup');
    const secret = (await page.getByTestId('totp-secret').first().textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // A bad scan binds nothing: a code that is not the secret's is refused, then a current one binds it.
    const bound = async () => (await sql<{ bound: boolean }>('select totp_secret is not null as bound from operators where user_name = $1', [userName]))[0]!.bound;
    const wrong = String((Number(await codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByTestId('totp-confirm-code').fill(wrong);
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('totp-confirm-error').waitFor();
    expect(await bound()).toBe(false);
    await page.getByTestId('totp-confirm-code').fill(await codeAt(secret));
    await page.getByTestId('totp-confirm').click();
    await page.getByTestId('dashboard').waitFor();
    expect(await bound()).toBe(true);
    await page.getByRole('button', { name: 'Sign out' }).click();

    // From then on every sign-in needs a code: without one, the right password answers as a wrong one would.
    await signIn(page, userName);
    await page.getByTestId('sign-in-error').getByText('Incorrect account, password or code').waitFor();
    // A step is accepted once, and binding used this one: the next step's code (within the 30 s the
    // shop allows either way, as from a phone whose clock runs a little ahead) signs in at once.
    await signIn(page, userName, await codeAt(secret, 1));
    await page.getByTestId('dashboard').waitFor();

    // Arrange: a member asks for real-name authentication, and has a bank transfer waiting.
    const member = await createMemberSession(databaseUrl, 'live');
    const sent = await fetch(`${baseUrl}/user/certification/authGuoJi`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ document_type: 'passport', document_number: 'A7654321', surname: 'Tan', given_name: 'Mei Ling', country: 'my' }),
    });
    expect(((await sent.json()) as { code: number }).code).toBe(200);
    const [recharge] = await sql<{ id: number }>(
      `insert into recharge_orders (order_no, user_id, channel, kind, status, pay_currency, pay_amount, wallet_currency, credit_amount, rate, rate_source, rate_date, slip, created_at)
       values ($1, $2, 'bank_transfer', 'bank_transfer', 'under_review', 'USD', 12345, 'USD', 12345, '1', 'identity', current_date, null, now()) returning id`,
      [`RC${Date.now()}`, member.userId],
    );
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    await shot(page, 'dashboard');

    // Approve the real-name from its queue: drawer, approve, confirmation.
    await page.getByRole('menuitem', { name: 'Real-name' }).click();
    const rowOf = (text: string) => page.locator('.ant-table-tbody tr', { hasText: text });
    await rowOf(member.userName).getByRole('button', { name: 'Details' }).click();
    await page.getByText('A7654321').waitFor();
    await shot(page, 'realname-drawer');
    await page.getByTestId('action-approve').click();
    await decide(page, 'Approve');
    // Decided: out of the pending queue.
    await expect.poll(() => rowOf(member.userName).count()).toBe(0);
    const [cert] = await sql<{ status: string }>('select status from certifications where user_id = $1', [member.userId]);
    expect(cert!.status).toBe('approved');

    // Confirm the bank transfer: the member's balance shows the credit.
    // The queue found by its member; confirming needs a reason.
    await page.getByRole('menuitem', { name: 'Top-ups' }).click();
    await page.getByTestId('recharges-search').locator('input').fill(member.userName);
    await page.getByTestId('recharges-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await rowOf(member.userName).getByRole('button', { name: 'Details' }).click();
    await shot(page, 'recharge-drawer');
    await page.getByTestId('action-confirm').click();
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Confirm payment' }));
    await page.locator('.ant-modal').getByText('Give a reason').waitFor();
    await page.locator('.ant-modal textarea').fill('Slip matches the bank statement');
    await shot(page, 'recharge-confirm');
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Confirm payment' }));
    // Money into a member's hands waits for a second operator, who approves it.
    await page.getByText('a second operator approves it').first().waitFor();
    const [request] = await sql<{ id: number }>('select id from approval_requests where subject = $1', [`recharge:${recharge!.id}`]);
    const approverDb = createDatabase(databaseUrl, 1);
    const approver = await newOperatorSession(approverDb, 'owner').finally(() => approverDb.destroy());
    const approved = await fetch(`${baseUrl}/admin/api/approvals/decide`, { method: 'POST', headers: { ...approver.headers, 'content-type': 'application/json' }, body: JSON.stringify({ id: request!.id, decision: 'approve' }) });
    expect(((await approved.json()) as { code: number }).code).toBe(200);
    await page.reload();
    await expect.poll(() => rowOf(member.userName).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
    await page.getByTestId('member-search').locator('input').fill(member.userName);
    await page.getByTestId('member-search').locator('input').press('Enter');
    // Among the active members, not among the banned.
    await page.getByTestId('member-status').getByText('Banned', { exact: true }).click();
    await expect.poll(() => page.getByTestId(`member-${member.userId}`).count()).toBe(0);
    await page.getByTestId('member-status').getByText('Active', { exact: true }).click();
    await page.getByTestId(`member-${member.userId}`).click();
    await expect.poll(() => page.getByTestId('balance-cash-USD').textContent()).toContain('123.45');
    // The real-name request as decided: approved, the document number masked, who decided.
    const certification = page.getByTestId('certification');
    await certification.getByText('Approved').waitFor();
    expect(await page.getByTestId('certification-number').innerText()).toBe('A76**321');
    expect(await certification.innerText()).toContain('Mei Ling Tan');
    await shot(page, 'member-profile');
    const actions = await sql<{ action: string; operator: string }>(
      `select action, operator from operator_actions where (target_type = 'recharge' and target_id = $1) or (target_type = 'certification' and action like 'realname.%' and target_id in (select id from certifications where user_id = $2)) order by id`,
      [recharge!.id, member.userId],
    );
    expect(actions.map((a) => [a.action, a.operator.split('#')[1]])).toEqual([
      ['realname.approve', expect.any(String)],
      ['recharge.confirm', String(approver.operatorId)],
    ]);
    expect(actions[0]!.operator.startsWith(`${userName}#`)).toBe(true);
    await page.keyboard.press('Escape');

    // Ship the member's paid order in two packages, add a tracking event: the member sees both packages.
    const order = await paidOrder(member);
    await page.getByRole('menuitem', { name: 'Orders' }).click();
    await rowOf(order.orderNo).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('cell', { name: /Console teapot/ }).waitFor();
    await page.locator(`input[data-testid="ship-num-${order.lineId}"], [data-testid="ship-num-${order.lineId}"] input`).first().fill('1');
    // The carrier is chosen from the shop's carriers.
    await page.getByTestId('carrier-choice').click();
    await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^DHL$/ }));
    await page.getByTestId('tracking-number').fill('DHL0001');
    await page.getByTestId('ship').click();
    await clickSettled(page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }));
    await page.getByText(/Package \d+ shipped/).first().waitFor();
    await page.getByRole('cell', { name: 'DHL0001' }).waitFor();
    await page.getByTestId('carrier-choice').click();
    await clickSettled(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^SF Express$/ }));
    await page.getByTestId('tracking-number').fill('SF0002');
    await page.getByTestId('ship').click();
    await clickSettled(page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Confirm' }));
    await page.getByRole('cell', { name: 'SF0002' }).waitFor();
    await page.getByText('Everything is shipped').waitFor();
    await page.getByTestId('event-text').fill('Arrived at the Kuala Lumpur hub');
    await page.getByTestId('add-event').click();
    await page.getByText(/Arrived at the Kuala Lumpur hub/).first().waitFor();
    await shot(page, 'order-shipped');
    const packages = await sql<{ id: number }>('select id from order_packages where order_id = $1', [order.orderId]);
    expect(packages).toHaveLength(2);
    expect((await sql<{ status: string }>('select status from orders where id = $1', [order.orderId]))[0]!.status).toBe('shipped');
    const phone = await browser.open(`/pages/order/orderSn?id=${order.orderId}`, {
      localStorage: { 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) },
    });
    await phone.locator('[data-package]').nth(1).waitFor();
    expect(await phone.locator('[data-package]').count()).toBe(2);
    await phone.getByText('Arrived at the Kuala Lumpur hub').waitFor();
    await phone.close();
    await page.keyboard.press('Escape');

    // Every page's name in the sidebar is whole: a long one ("Commissions and pair bonus") wraps instead of being cut.
    const cutNames = () => page.evaluate(() => [...document.querySelectorAll('.ant-layout-sider .ant-menu-title-content')].filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).map((e) => e.textContent));
    await page.getByRole('menuitem', { name: 'Commissions and pair bonus' }).waitFor();
    expect(await cutNames()).toEqual([]);

    // The console in Simplified Chinese.
    await page.getByTestId('language').click();
    await page.getByTestId('language-zh-cn').click();
    await page.getByRole('menuitem', { name: '实名认证' }).waitFor();
    await page.getByRole('button', { name: '退出登录' }).waitFor();
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.getByText('充值已确认').first().waitFor();
    await shot(page, 'audit-zh-cn');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await cutNames()).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('menuitem', { name: '概览' }).click();
    await page.getByTestId('dashboard').waitFor();
    await shot(page, 'dashboard-zh-cn-1024');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });
});
