import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../api/src/db/database.js';
import { operatorCliActor } from '../../api/src/lib/actor.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { issueGiftCards } from '../../api/src/modules/wallet/wallet.service.js';
import { decideApproval } from '../../api/src/modules/approvals/approvals.service.js';
import { wireAreas } from '../../api/src/wiring.js';
import { clickSettled, launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';
import { OPS_CLI } from '../../api/src/test/api-processes.js';
import { opsAuthenticators, withCode } from '../../api/src/ops/__tests__/ops-operators.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
/** The shop's database, for binding the operators' authenticators (`ops`); opened by the first command. */
let opsDb: ReturnType<typeof createDatabase> | undefined;
afterAll(async () => {
  await browser?.close();
  await opsDb?.destroy();
});

const field = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

type Member = Awaited<ReturnType<typeof createMemberSession>>;

/** The page a test drives last: photographed when the test fails and WALLET_FAILURE_DIR names a folder. */
let lastPage: Page | undefined;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && process.env.WALLET_FAILURE_DIR && lastPage) {
    await lastPage.screenshot({ path: path.join(process.env.WALLET_FAILURE_DIR, `${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => {});
  }
});

async function openAsMember(hashPath: string, member?: Member, storage: Record<string, string> = {}) {
  const { token, userId, userName } = member ?? (await createMemberSession(databaseUrl, 'live'));
  lastPage = undefined;
  return (lastPage = await browser.open(hashPath, {
    localStorage: {
      'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
      // Logged in today: no token exchange at start.
      'shop.session.refreshedAt': String(Date.now()),
      // In English unless told: the pages of one file share the browser's storage, a language chosen before included.
      lang: 'en-us',
      ...storage,
    },
  }));
}

describe('the wallet in Chromium', () => {
  it('shows a new member\'s assets on a phone, refuses a transfer to nobody and lists the banks of a country with their branches', async () => {
    // Transfers and bank cards need a verified real name (they say so before any field otherwise).
    const member = await createMemberSession(databaseUrl, 'live');
    const db = createDatabase(databaseUrl, 1);
    try {
      await db
        .insertInto('certifications')
        .values({ user_id: member.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `N${member.userId}0000`, surname: 'Lim', given_name: 'Ann', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'e2e', reviewed_at: new Date() })
        .execute();
    } finally {
      await db.destroy();
    }
    const page = await openAsMember('/pages/my/wallet', member);
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
    await page.getByRole('radio', { name: 'CIMB Bank', exact: true }).waitFor();
    await page.getByRole('radiogroup', { name: 'Bank', exact: true }).getByRole('radio', { name: 'Maybank', exact: true }).click();
    await page.getByText('Maybank Penang Branch').waitFor();
  });
});

describe('amounts as a Hungarian member writes them (Chromium, 375 px)', () => {
  it('shows the Hungarian format in the top-up amount and reads "10,50" as ten and a half in the confirmation', async () => {
    const page = await openAsMember('/pages/my/recharge', undefined, { lang: 'hu' });
    const amount = field(page, 'amount');
    // Intl's Hungarian: a no-break space groups thousands, a comma marks the decimals; the example kept within the channel's most (10 000,00).
    await expect.poll(() => amount.getAttribute('placeholder')).toBe('pl. 10\u00a0000,00');
    await amount.fill('10,50');
    // The online channel and its first currency, USD (the wallet's): credited one to one.
    await page.getByRole('button', { name: 'Feltöltés', exact: true }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Feltölt 10,50\u00a0$ összeget', { exact: false }).waitFor();
    await dialog.getByText('10,50\u00a0$ kerül jóváírásra', { exact: false }).waitFor();
    if (process.env.WALLET_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.WALLET_SCREENSHOT_DIR, 'recharge-hu.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PAY_PASSWORD = '864213';
/** The smallest PNG there is: a transfer slip's photo. */
const SLIP = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The console operators the commands below run as (a command runs as an existing operator), made once per shop as its administrator makes them. */
let operatorsMade: Promise<(name: string) => Promise<string[]>> | undefined;
const OPS_OPERATORS: Record<string, string> = { olivia: 'owner', bruno: 'finance' };

/**
 * `npm run ops -- …` as an operator runs it: its own process, on the shop's database; a command deciding
 * about value carries the code of the operator's authenticator (bound here as a first console sign-in binds it).
 */
async function ops(...args: string[]): Promise<string> {
  operatorsMade ??= (async () => {
    for (const [name, role] of Object.entries(OPS_OPERATORS)) {
      // Made by another file on this worker's shop already: that one is used.
      await promisify(execFile)(process.execPath, [...OPS_CLI, 'operator', 'create', name, '--role', role], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } }).catch(() => undefined);
    }
    opsDb = createDatabase(databaseUrl, 1);
    return opsAuthenticators(opsDb, Object.keys(OPS_OPERATORS));
  })();
  const code = await operatorsMade;
  const { stdout } = await promisify(execFile)(process.execPath, [...OPS_CLI, ...(await withCode(code, args, 'olivia'))], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, OPERATOR: 'olivia' },
  });
  return stdout;
}

/** The member's available USD as the wallet page shows it. */
async function usdShown(page: Page): Promise<string> {
  const row = page.locator('.wallet-balances dt', { hasText: 'USD' }).first();
  await row.waitFor();
  return (await row.locator('xpath=following-sibling::dd[1]').textContent())!.trim();
}

describe('moving money in Chromium at 375 px', () => {
  let a: Member;
  let b: Member;
  beforeAll(async () => {
    [a, b] = [await createMemberSession(databaseUrl, 'live'), await createMemberSession(databaseUrl, 'live')];
    const db = createDatabase(databaseUrl, 2);
    try {
      await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', a.userId).execute();
      await db
        .insertInto('certifications')
        .values({ user_id: a.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `E${a.userId}0000`, surname: 'Tan', given_name: 'Mei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'e2e', reviewed_at: new Date() })
        .execute();
      wireAreas();
      const asked = await issueGiftCards(db, operatorCliActor('olivia'), { user_id: a.userId, currency: 'USD', value: 1_000, count: 2, expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(), reason: 'welcome' });
      await decideApproval(db, operatorCliActor('bruno'), 'owner', { id: asked.request.id, decision: 'approve' });
    } finally {
      await db.destroy();
    }
  });

  it('tops up by bank transfer with a slip; the operator’s command credits it and the wallet shows it', async () => {
    const page = await openAsMember('/pages/my/wallet', a);
    expect(await usdShown(page)).toBe('$0.00');
    await page.goto(`${baseUrl}/h5/#/pages/my/recharge`);
    await page.getByText('Bank transfer', { exact: true }).click();
    await field(page, 'amount').fill('50');
    const stored = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/upload2');
    await page.locator('input[type="file"]').setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: SLIP });
    expect((await (await stored).json()).code).toBe(200);
    await page.locator('.adm-image-uploader-cell-mask').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Top up', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/#\/pages\/my\/rechargeList$/);
    const record = page.locator('[data-recharge]').first();
    await record.getByText('Under review').waitFor();
    const id = await record.getAttribute('data-recharge');

    expect(await ops('wallet', 'recharges')).toContain(`#${id} `);
    // One operator confirms the money arrived; a second approves it, and only then is it credited.
    const asked = await ops('wallet', 'recharge', 'confirm', id!, '--reason', 'slip matches the statement');
    expect(asked).toContain('waits for a second operator');
    expect(await ops('approvals', 'approve', /request #(\d+)/.exec(asked)![1]!, '--by', 'bruno')).toContain('approved');
    await page.reload();
    await record.getByText('Credited').waitFor();
    await page.goto(`${baseUrl}/h5/#/pages/my/wallet`);
    await expect.poll(() => usdShown(page), { timeout: 10_000 }).toBe('$50.00');
  });

  it('sends money to another member, who sees it arrive; the transfer has its own page', async () => {
    const page = await openAsMember('/pages/my/transfer', a);
    await field(page, 'account').fill(b.userName);
    await field(page, 'amount').fill('12.50');
    await field(page, 'pay_password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/sent to/).first().waitFor();
    await page.goto(`${baseUrl}/h5/#/pages/my/transferList`);
    await page.locator('[data-transfer]').first().click();
    await page.waitForURL(/#\/pages\/my\/transferInfo\?id=\d+$/);
    await page.getByText('Transfer details').waitFor();
    await page.getByRole('list', { name: 'Progress' }).getByText('Sent').waitFor();
    if (process.env.WALLET_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.WALLET_SCREENSHOT_DIR, 'transfer-info.png'), fullPage: true });

    const receiver = await openAsMember('/pages/my/wallet', b);
    expect(await usdShown(receiver)).toBe('$12.50');
    expect(await usdShown(await openAsMember('/pages/my/wallet', a))).toBe('$37.50');
  });

  it('adds a bank card in the real name and withdraws to it; the amount and fee are held while the shop reviews it', async () => {
    const page = await openAsMember('/pages/my/bankCardEdit', a);
    await page.getByRole('radiogroup', { name: 'Bank', exact: true }).getByRole('radio', { name: 'Maybank', exact: true }).click();
    await field(page, 'holder_name').fill('Tan Mei');
    await field(page, 'account_number').fill('5140 1234 5678');
    await page.getByRole('radiogroup', { name: 'Currency' }).getByRole('radio', { name: 'USD', exact: true }).click();
    await field(page, 'pay_password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Save bank card' }).click();
    await page.waitForURL(/#\/pages\/my\/bankCards$/);
    await page.getByText('Tan Mei').first().waitFor();

    await page.goto(`${baseUrl}/h5/#/pages/my/withdraw`);
    await page.getByRole('radiogroup', { name: 'Bank card' }).getByRole('radio', { name: /Maybank/ }).first().click();
    await field(page, 'amount').fill('20');
    await field(page, 'pay_password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Withdrawal submitted for review').first().waitFor();
    await page.goto(`${baseUrl}/h5/#/pages/my/withdrawList`);
    await page.locator('[data-withdrawal]').first().click();
    await page.getByText('Withdrawal details').waitFor();
    await page.getByText('Awaiting review').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (process.env.WALLET_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.WALLET_SCREENSHOT_DIR, 'withdraw-info.png'), fullPage: true });
    await page.goto(`${baseUrl}/h5/#/pages/my/wallet`);
    // 37.50 less 20.00 and its fee (1% and 1.00).
    await expect.poll(() => usdShown(page), { timeout: 10_000 }).toBe('$16.30');
  });

  it('cancels the withdrawal under review from its page: the amount and fee come back', async () => {
    const page = await openAsMember('/pages/my/withdrawList', a);
    await page.locator('[data-withdrawal]').first().click();
    await page.getByRole('button', { name: 'Cancel withdrawal' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Cancel this withdrawal? $21.20 goes back to your balance.').waitFor();
    await clickSettled(dialog.getByRole('button', { name: 'Cancel withdrawal' }));
    await page.getByText('Withdrawal cancelled; $21.20 is back in your balance').first().waitFor();
    await page.locator('.wallet-status', { hasText: 'Cancelled' }).waitFor();
    await expect.poll(() => page.locator('.wallet-section .adm-button').count(), { timeout: 10_000 }).toBe(0);
    if (process.env.WALLET_SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.WALLET_SCREENSHOT_DIR, 'withdraw-cancelled.png'), fullPage: true });
    await page.goto(`${baseUrl}/h5/#/pages/my/wallet`);
    await expect.poll(() => usdShown(page), { timeout: 10_000 }).toBe('$37.50');
  });

  it('gives a gift card to another member', async () => {
    const page = await openAsMember('/pages/my/presentList', a);
    const choices = page.locator('.adm-checkbox');
    await choices.first().waitFor();
    expect(await choices.count()).toBe(2);
    await choices.first().click();
    await page.getByText('Give the 1 chosen card(s)').waitFor();
    await field(page, 'account').fill(b.userName);
    await field(page, 'pay_password').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: 'Give gift cards' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('1 gift card(s) given').first().waitFor();
    await expect.poll(() => choices.count(), { timeout: 10_000 }).toBe(1);

    const receiver = await openAsMember('/pages/my/presentList', b);
    await receiver.locator('.adm-checkbox').first().waitFor();
    expect(await receiver.locator('.adm-checkbox').count()).toBe(1);
    expect(await receiver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The receiver adds the card's value to their balance: 12.50 from the transfer and the card's 10.00.
    await receiver.getByRole('button', { name: /^Add .+ to balance$/ }).click();
    const dialog = receiver.locator('.adm-dialog');
    await dialog.getByText(/Add the remaining \$10\.00 of .+ to your balance\?/).waitFor();
    await clickSettled(dialog.getByRole('button', { name: 'Add to balance' }));
    await receiver.getByText('$10.00 added to your balance').first().waitFor();
    await expect.poll(() => receiver.locator('.adm-checkbox').count(), { timeout: 10_000 }).toBe(0);
    await receiver.goto(`${baseUrl}/h5/#/pages/my/wallet`);
    await expect.poll(() => usdShown(receiver), { timeout: 10_000 }).toBe('$22.50');
  });
});
