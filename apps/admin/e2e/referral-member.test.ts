import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../api/src/db/database.js';
import { operatorCliActor } from '../../api/src/lib/actor.js';
import { placeAutomatically } from '../../api/src/modules/referral/referral.service.js';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole, sql } from './console.js';

// A member's profile in the console shows the referral figures: sponsor, placement, star, legs and
// team size, and opens the tree browser at the member.

const RUN = Date.now().toString(36);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

describe('a member’s referral section in Chromium', () => {
  it('shows the sponsor, the placement and the team, and opens the tree at the member', async () => {
    const sponsor = await createMemberSession(databaseUrl, 'live');
    const member = await createMemberSession(databaseUrl, 'live');
    const invitee = await createMemberSession(databaseUrl, 'live');
    await sql('update users set referrer_id = $1 where id = $2', [sponsor.userId, member.userId]);
    await sql('update users set referrer_id = $1 where id = $2', [member.userId, invitee.userId]);
    const db = createDatabase(databaseUrl, 2);
    try {
      await placeAutomatically({ db }, operatorCliActor('e2e'), sponsor.userId, 'operator');
      await placeAutomatically({ db }, operatorCliActor('e2e'), member.userId, 'operator');
    } finally {
      await db.destroy();
    }
    const placed = (await sql<{ parent_id: number; side: string }>('select parent_id, side from placements where member_id = $1', [member.userId]))[0]!;

    const { token } = await consoleOperator('support', `refm${RUN}`);
    const page = await openConsole(browser, token, '/members');
    await page.getByTestId('member-search').locator('input').fill(member.userName);
    await page.getByTestId('member-search').locator('input').press('Enter');
    await page.getByTestId(`member-${member.userId}`).click();
    const section = page.getByTestId('member-referral');
    await section.getByText('Referral team').waitFor();
    await section.getByText(`${sponsor.userName} (#${sponsor.userId})`).waitFor();
    await section.getByText(`Under #${placed.parent_id}, ${placed.side === 'L' ? 'Left' : 'Right'}`).waitFor();
    expect(await page.getByTestId('member-referral-team').textContent()).toBe('1 direct · 1 in the whole team');
    expect(await page.getByTestId('member-referral-star').textContent()).toBe('0');

    await page.getByTestId('member-referral-tree').click();
    await page.waitForURL(new RegExp(`#/referral/tree\\?root=${member.userId}$`));
    await page.locator(`[data-node="${member.userId}"]`).waitFor();
  }, 90_000);
});
