import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../api/src/db/database.js';
import { operatorCliActor } from '../../api/src/lib/actor.js';
import { placeAutomatically } from '../../api/src/modules/referral/referral.service.js';
import type { Route } from 'playwright-core';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// The referral team on a phone against the real API: the invite page shows the member's code and
// link; an invitee waiting to be placed is chosen, an empty slot of the tree tapped and confirmed, and
// the tree shows the invitee there; the star page shows what the next star asks for.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

async function query(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

describe('the referral team in Chromium', () => {
  it('invite page, placing an invitee into the tree, and star progress', async () => {
    const sponsor = await createMemberSession(databaseUrl, 'live');
    const invitee = await createMemberSession(databaseUrl, 'live');
    const name = `Ivy ${invitee.userId}`;
    await query('update users set referrer_id = $1, nickname = $2 where id = $3', [sponsor.userId, name, invitee.userId]);
    await query(`update users set nickname = 'Sam' where id = $1`, [sponsor.userId]);
    // The sponsor has a place in the shop's tree (an operator placed them).
    const db = createDatabase(databaseUrl, 2);
    try {
      await placeAutomatically({ db }, operatorCliActor('e2e'), sponsor.userId, 'operator');
    } finally {
      await db.destroy();
    }

    const storage = {
      'shop.session': JSON.stringify({ state: { token: sponsor.token, user: { id: sponsor.userId, user_name: sponsor.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
    };
    const page = await browser.open('/pages/invite/index', { localStorage: storage });
    await page.getByText('My invitation code').waitFor();
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
    expect(code.length).toBeGreaterThan(3);
    await page.getByText(`shareCode=${code}`, { exact: false }).waitFor();
    await page.getByAltText('QR code of my invitation link').waitFor();
    expect(await page.getByTestId('direct-count').textContent()).toBe('1');

    // The code's card and the posters that arrive late take places kept for them: the team's entries below do not move under a finger.
    const late = async (route: Route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    };
    await page.route('**/attractive/page/shareList*', late);
    await page.route('**/user/info/shareImg*', late);
    await page.reload();
    // The totals first; the code and the posters are still on their way.
    await page.getByTestId('direct-count').waitFor();
    const placement = page.getByText('Placement', { exact: true });
    const before = await placement.boundingBox();
    await page.getByTestId('invite-code').waitFor();
    await page.locator('.poster-swiper img').first().waitFor();
    expect((await placement.boundingBox())?.y).toBe(before?.y);
    await page.unrouteAll();

    await placement.click();
    await page.waitForURL(/#\/pages\/team\/placement$/);
    await page.getByText(name).click();
    await page.getByText(`Now choose an empty position for ${name}`).waitFor();
    await page.getByRole('button', { name: 'Place left' }).first().click();
    await page.getByText(`Place ${name} under Sam on the left? A placement cannot be changed.`).waitFor();
    await page.getByRole('button', { name: 'Place', exact: true }).click();
    await page.getByText('Nobody is waiting to be placed').waitFor();
    await page.locator(`[data-node="${invitee.userId}"]`).waitFor();
    const placed = await query('select parent_id, side from placements where member_id = $1', [invitee.userId]);
    expect(placed).toEqual([{ parent_id: sponsor.userId, side: 'L' }]);

    const star = await browser.open('/pages/team/star', { localStorage: storage });
    await star.getByText('No star yet').waitFor();
    await star.getByText('To become a 1-star member').waitFor();
    await star.getByText('Personal PV').waitFor();
  }, 90_000);
});
