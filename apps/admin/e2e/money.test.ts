import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { tronAddressOf } from '../../api/src/modules/wallet/__tests__/crypto-addresses.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { chooseOption, DESKTOP, shot } from './console.js';

const PAY_PASSWORD = '246810';
let browser: Browser;
let db: Database;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  db = createDatabase(databaseUrl, 2);
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

/** A signed-in owner: the console's stored token, as the sign-in page leaves it. */
async function owner() {
  const session = await newOperatorSession(db, 'owner');
  const op = await db.selectFrom('operators').select('user_name').where('id', '=', session.operatorId).executeTakeFirstOrThrow();
  return { token: session.headers.authorization.slice('Bearer '.length), recordedAs: `${op.user_name}#${session.operatorId}` };
}

/** Opens the console's page `menu` as the operator holding `token` (another operator's token replaces the stored one). */
async function consoleAs(page: Page, token: string, menu: string) {
  // The session is stored before the console's own scripts run: a console already running could
  // otherwise store its own operator's session back after this one was written.
  await page.addInitScript(
    ({ tk, mark }) => {
      if (sessionStorage.getItem(mark)) return;
      sessionStorage.setItem(mark, '1');
      localStorage.setItem('admin.token', tk);
      localStorage.setItem('admin.lastActivity', String(Date.now()));
      localStorage.setItem('admin.lang', 'en-us');
    },
    { tk: token, mark: `__console_as_${token.slice(0, 12)}` },
  );
  await page.goto(`${baseUrl}/admin/`);
  await page.reload();
  await page.getByRole('menuitem', { name: menu }).click();
}

async function memberPost(token: string, url: string, body: unknown, key: string) {
  const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; data: any };
}

describe('money in the operator console, in Chromium at 1280 px', () => {
  it('confirms a bank transfer, approves and marks paid a withdrawal, and a second operator approves an adjustment; the member page shows each balance and entry', async () => {
    const [first, second] = [await owner(), await owner()];
    // A member ready to withdraw (approved real name, pay password) with a bank transfer waiting.
    const member = await createMemberSession(databaseUrl, 'live');
    await db
      .insertInto('certifications')
      .values({ user_id: member.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `B${member.userId}`, surname: 'Lim', given_name: 'Wei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'e2e', reviewed_at: new Date() })
      .execute();
    await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member.userId).execute();
    const recharge = await db
      .insertInto('recharge_orders')
      .values({ order_no: `RC${Date.now()}`, user_id: member.userId, channel: 'bank_transfer', kind: 'bank_transfer', status: 'under_review', pay_currency: 'USD', pay_amount: 12345, wallet_currency: 'USD', credit_amount: 12345, rate: '1', rate_source: 'identity', rate_date: new Date().toISOString().slice(0, 10), slip: null })
      .returning('id')
      .executeTakeFirstOrThrow();

    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    const rowOf = (text: string) => page.locator('.ant-table-tbody tr', { hasText: text });
    const openMember = async () => {
      await page.getByRole('menuitem', { name: 'Members', exact: true }).click();
      await page.getByTestId('member-search').locator('input').fill(member.userName);
      await page.getByTestId('member-search').locator('input').press('Enter');
      await page.getByTestId(`member-${member.userId}`).click();
    };

    /** What the other operator decides outside this page (the API the console calls). */
    let firstCalls = 0;
    const asFirst = async (url: string, body: unknown) => {
      const res = await memberPost(first.token, url, body, `first-${++firstCalls}-${Date.now().toString(36)}`);
      expect(res.code, JSON.stringify(res)).toBe(200);
      return res.data;
    };
    const requestOf = async (subjectOrReason: { subject?: string; reason?: string }) =>
      db
        .selectFrom('approval_requests')
        .select(['id', 'status'])
        .$if(subjectOrReason.subject !== undefined, (q) => q.where('subject', '=', subjectOrReason.subject!))
        .$if(subjectOrReason.reason !== undefined, (q) => q.where('reason', '=', subjectOrReason.reason!))
        .executeTakeFirstOrThrow();

    // The bank transfer confirmed by one operator waits for a second: nothing is credited yet.
    await consoleAs(page, second.token, 'Top-ups');
    await rowOf(member.userName).getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('action-confirm').click();
    // Crediting a wallet is explained: without a reason the dialog says so and nothing moves.
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Confirm payment' }));
    await page.locator('.ant-modal').getByText('Give a reason').waitFor();
    expect((await db.selectFrom('recharge_orders').select('status').where('id', '=', recharge.id).executeTakeFirstOrThrow()).status).toBe('under_review');
    await page.locator('.ant-modal textarea').fill('Slip matches the bank statement');
    await decide(page, 'Confirm payment');
    await page.getByText('a second operator approves it').first().waitFor();
    expect((await db.selectFrom('recharge_orders').select('status').where('id', '=', recharge.id).executeTakeFirstOrThrow()).status).toBe('under_review');
    // On the approvals page the one who asked may only withdraw it; another operator approves it.
    await page.getByRole('menuitem', { name: 'Approvals' }).click();
    const topUp = await requestOf({ subject: `recharge:${recharge.id}` });
    await page.getByTestId(`cancel-${topUp.id}`).waitFor();
    expect(await page.getByTestId(`approve-${topUp.id}`).count()).toBe(0);
    await shot(page, 'approvals-pending');
    await asFirst('/admin/api/approvals/decide', { id: topUp.id, decision: 'approve' });
    await openMember();
    await expect.poll(() => page.getByTestId('account-cash-USD').textContent()).toContain('123.45');
    await page.keyboard.press('Escape');

    // The member asks for 50.00 USD to a stablecoin address (1.00 fee): approved by one operator, paid by another.
    const asked = await memberPost(member.token, '/coin/withdraw/create', { network: 'TRC20', address: tronAddressOf(`e2e-withdrawal-${member.userId}`), amount: '50', currency: 'USD', pay_password: PAY_PASSWORD }, `withdraw-${member.userId}-e2e`);
    expect(asked.code, JSON.stringify(asked)).toBe(200);
    await page.getByRole('menuitem', { name: 'Withdrawals' }).click();
    await rowOf(asked.data.withdraw_no).getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('action-approve').click();
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Approve' }));
    await page.locator('.ant-modal').getByText('Give a reason').waitFor();
    await page.locator('.ant-modal textarea').fill('Address checked with the member');
    await decide(page, 'Approve');
    await expect.poll(() => rowOf(asked.data.withdraw_no).count()).toBe(0);
    await page.locator('.ant-segmented').getByText('Approved', { exact: true }).click();
    await rowOf(asked.data.withdraw_no).getByRole('button', { name: 'Details' }).click();
    // Who approved a payout does not also carry the money out: Mark paid is off for them, and says why.
    await expect.poll(() => page.getByTestId('action-paid').isDisabled()).toBe(true);
    expect(await page.getByTestId('blocked-paid').getAttribute('title')).toContain('cannot also mark it paid');
    await shot(page, 'withdrawal-paid-refused');
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await asFirst('/admin/api/wallet/withdrawals/paid', { id: asked.data.id, payout_reference: 'TRX-0xE2E-PAYOUT' });
    const paid = await db.selectFrom('withdrawals').select(['status', 'payout_reference']).where('id', '=', asked.data.id).executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'paid', payout_reference: 'TRX-0xE2E-PAYOUT' });
    await openMember();
    await expect.poll(() => page.getByTestId('account-cash-USD').textContent()).toContain('72.45');
    await page.keyboard.press('Escape');

    // A manual adjustment (USD has no limit here: a second operator approves); its requester cannot.
    await page.getByRole('menuitem', { name: 'Adjustments' }).click();
    await page.getByTestId('new-adjustment').click();
    await page.locator('input[data-testid="adjust-member"], [data-testid="adjust-member"] input').first().fill(String(member.userId));
    await page.getByTestId('adjust-amount').fill('10.00');
    await page.getByTestId('adjust-reason').fill('Goodwill for a late parcel');
    await page.getByTestId('adjust-submit').click();
    await page.getByText('waiting for a second operator').first().waitFor();
    const pending = await db.selectFrom('ledger_adjustments').select('id').where('user_id', '=', member.userId).executeTakeFirstOrThrow();
    await expect.poll(() => page.getByTestId(`approve-${pending.id}`).isDisabled()).toBe(true);
    await shot(page, 'adjustment-pending');
    await asFirst('/admin/api/ledger/adjustments/decide', { id: pending.id, decision: 'approve' });
    await openMember();
    await expect.poll(() => page.getByTestId('account-cash-USD').textContent()).toContain('82.45');
    // The account's entries, newest first, with the balance after each.
    await page.getByTestId('ledger-accounts').locator('.ant-table-row-expand-icon').first().click();
    await page.getByTestId('ledger-accounts').getByText('Goodwill for a late parcel').waitFor();
    await shot(page, 'member-ledger');
    const kinds = await page.getByTestId('ledger-accounts').locator('.ant-table-expanded-row .ant-tag').allTextContents();
    // Each kind in the operator's words, never the ledger's code.
    expect(kinds).toEqual(['Manual adjustment', 'Funds held', 'Top-up']);

    // The member's journal: every entry with its postings.
    await page.getByRole('button', { name: 'Journal of this member' }).click();
    await page.getByTestId('ledger-journal').waitFor();
    await rowOf('Funds held').waitFor();
    expect(await page.getByTestId('ledger-journal').locator('.ant-table-tbody .ant-tag').allTextContents()).toEqual(['Manual adjustment', 'Funds held', 'Top-up']);
    await shot(page, 'ledger-journal');
    const actions = await db
      .selectFrom('operator_actions')
      .select(['action', 'operator'])
      .where((eb) => eb.or([eb.and([eb('target_type', '=', 'recharge'), eb('target_id', '=', recharge.id)]), eb.and([eb('target_type', '=', 'withdrawal'), eb('target_id', '=', asked.data.id)]), eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', member.userId)])]))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => [a.action.split(' ')[0], a.operator])).toEqual([
      ['recharge.confirm', first.recordedAs],
      ['withdrawal.approved', second.recordedAs],
      ['withdrawal.paid', first.recordedAs],
      ['adjustment.request', second.recordedAs],
      ['adjustment.approve', first.recordedAs],
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // Gift cards: a batch asked for from its dialog waits for a second operator, then is listed with the member.
    await page.getByRole('menuitem', { name: 'Gift cards and points' }).click();
    await page.getByTestId('issue-cards').click();
    // The currency from the wallet's currencies; the member, value, count and expiry typed.
    const inputs = page.locator('.ant-modal input:not([role="combobox"])');
    for (const [i, v] of [String(member.userId), '5.00', '2', new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)].entries()) await inputs.nth(i).fill(v);
    await chooseOption(page, page.locator('.ant-modal .ant-select').first(), 'USD');
    await page.locator('.ant-modal textarea').fill('Loyalty gift');
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Issue gift cards' }));
    await page.getByText('a second operator approves it').first().waitFor();
    expect(await db.selectFrom('gift_cards').select('id').where('owner_id', '=', member.userId).execute()).toEqual([]);
    await asFirst('/admin/api/approvals/decide', { id: (await requestOf({ reason: 'Loyalty gift' })).id, decision: 'approve' });
    await page.reload();
    await rowOf('Loyalty gift').waitFor();
    await shot(page, 'gift-cards');
    // Points asked for from their dialog, approved from the approvals page by another operator, are listed in the journal under their kind.
    await page.getByTestId('grant-points').click();
    await page.locator('.ant-modal input').nth(0).fill(String(member.userId));
    await page.locator('.ant-modal input').nth(1).fill('300');
    await chooseOption(page, page.locator('.ant-modal .ant-select'), 'Shopping points');
    await page.locator('.ant-modal textarea').fill('Review contest winner');
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'Grant points' }));
    // The notice names this request (the gift cards' notice may still be fading out beside it).
    await expect.poll(async () => (await db.selectFrom('approval_requests').select('id').where('reason', '=', 'Review contest winner').execute()).length, { timeout: 15_000 }).toBe(1);
    const grant = await requestOf({ reason: 'Review contest winner' });
    await page.getByText(`Request #${grant.id} sent`).waitFor();
    await consoleAs(page, first.token, 'Approvals');
    await page.getByTestId(`approve-${grant.id}`).click();
    await decide(page, 'Approve');
    await expect.poll(async () => (await requestOf({ reason: 'Review contest winner' })).status).toBe('approved');
    await expect.poll(async () => (await db.selectFrom('journal_entries').select('id').where('kind', '=', 'points.grant').where('memo', '=', 'Review contest winner').execute()).length).toBe(1);
    await page.getByRole('menuitem', { name: 'Gift cards and points' }).click();
    await page.getByTestId('grants-journal').click();
    await rowOf('Review contest winner').waitFor();
    expect(new Set(await page.getByTestId('ledger-journal').locator('.ant-table-tbody .ant-tag').allTextContents())).toEqual(new Set(['Points granted']));

    // Money settings: each list shows what the shop has.
    await page.getByRole('menuitem', { name: 'Money settings' }).click();
    await rowOf('EUR → MYR').first().waitFor();
    for (const [tab, text] of [['Payment methods', 'USD'], ['Withdrawal fees and limits', 'Withdrawal to a bank'], ['Top-up channels', 'bank_transfer'], ['Banks', 'Maybank']] as const) {
      await page.getByRole('tab', { name: tab }).click();
      // The bank list is long (a page at a time): found by its country.
      if (tab === 'Banks') {
        await page.getByTestId('bank-country').locator('input').fill('MY');
        await page.getByTestId('bank-country').locator('input').press('Enter');
      }
      await page.locator('.ant-table-tbody tr:visible', { hasText: text }).first().waitFor();
    }
    await shot(page, 'money-settings');
  });
});
