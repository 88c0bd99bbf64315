import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole, sql } from './console.js';

// An application decided in the console: a member with an approved real name applies to be a dealer
// through the API; an operator finds it in the applications queue, approves it with a reason, and the
// member holds the role.

const RUN = Date.now().toString(36);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

describe('the applications queue in Chromium', () => {
  it('an operator approves a dealer application with a reason; the member holds the role', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    await sql(
      `insert into certifications (user_id, kind, country, document_type, document_number, surname, given_name, status, reviewed_by, reviewed_at) values ($1, 'international', 'MY', 'passport', $2, 'Tan', 'Mei', 'approved', 'e2e', now())`,
      [member.userId, `E2E${member.userId}`],
    );
    const res = await fetch(`${baseUrl}/attractive/user/applyJxs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}`, 'idempotency-key': `e2e-apply-${RUN}` },
      body: JSON.stringify({ name: `Dealer ${RUN}`, mobile_pre: '60', mobile: '123456789', country: 'MY', address: '1 Jalan Ampang', note: '', shop_name: '' }),
    });
    expect(((await res.json()) as { code: number }).code).toBe(200);

    const { token } = await consoleOperator('support', `apps${RUN}`);
    const page = await openConsole(browser, token, '/referral/applications');
    const row = page.locator('tr', { hasText: member.userName });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Approve ${member.userName} as Dealer? The role is granted at once.`).waitFor();
    await dialog.locator('textarea').fill('Documents in order');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await sql('select kind, status from member_roles where member_id = $1', [member.userId])).toEqual([{ kind: 'dealer', status: 'active' }]);
    expect(await sql('select status, reason from role_applications where member_id = $1', [member.userId])).toEqual([{ status: 'approved', reason: 'Documents in order' }]);
  }, 90_000);
});
