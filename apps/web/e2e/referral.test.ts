import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../api/src/db/database.js';
import { operatorCliActor } from '../../api/src/lib/actor.js';
import { placeAutomatically, placeDownline } from '../../api/src/modules/referral/referral.service.js';
import type { Page, Route } from 'playwright-core';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// The referral team on a phone against the real API: the invite page shows the member's code and
// link; an invitee waiting to be placed is chosen, an empty slot of the tree tapped and confirmed, and
// the tree shows the invitee there; the star page shows what the next star asks for. A tree four
// levels deep shows as many levels as keep the member's two children in view (fewer on a phone; a
// node with more below says so) and scrolls sideways, each card whole, none over another or an empty slot.

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

/** What of the tree overlaps on the page: pairs of cards and empty slots' labels whose boxes meet, and anything out of the tree's scroll range. */
async function treeClashes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const tree = document.querySelector<HTMLElement>('.tree')!;
    const frame = tree.getBoundingClientRect();
    const items = [...tree.querySelectorAll<HTMLElement>('.tree-card, .tree-slot > *')].map((el) => {
      const r = el.getBoundingClientRect();
      // In the tree's own coordinates, whatever it is scrolled to.
      const left = r.left - frame.left + tree.scrollLeft;
      return { name: (el.querySelector('strong') ?? el).textContent!.trim(), left, right: left + r.width, top: r.top, bottom: r.bottom };
    });
    const clashes: string[] = [];
    for (const [i, a] of items.entries()) {
      if (a.left < -0.5 || a.right > tree.scrollWidth + 0.5) clashes.push(`${a.name} outside the tree (${Math.round(a.left)}–${Math.round(a.right)} of ${tree.scrollWidth})`);
      for (const b of items.slice(i + 1)) {
        const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (across > 0.5 && down > 0.5) clashes.push(`${a.name} over ${b.name}`);
      }
    }
    return clashes;
  });
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

  it('a placement tree four levels deep on a 320 and a 375 px phone and in the wide column: fewer levels on a phone, the deep one scrolls sideways, no card over another or over an empty slot', async () => {
    const sponsor = await createMemberSession(databaseUrl, 'live');
    await query(`update users set nickname = 'Root' where id = $1`, [sponsor.userId]);
    const db = createDatabase(databaseUrl, 2);
    const actor = { kind: 'member' as const, memberId: sponsor.userId, ip: '127.0.0.1', lang: 'en-us' as const, requestId: `e2e-tree-${sponsor.userId}` };
    const invite = async (nickname: string, parentId: number, side: 'L' | 'R') => {
      const m = await createMemberSession(databaseUrl, 'live');
      await query('update users set referrer_id = $1, nickname = $2 where id = $3', [sponsor.userId, nickname, m.userId]);
      await placeDownline({ db }, actor, { user_id: m.userId, parent_id: parentId, side });
      return m.userId;
    };
    try {
      await placeAutomatically({ db }, operatorCliActor('e2e'), sponsor.userId, 'operator');
      // Two full levels under the root, then one member under each of the third level's nodes, on alternating sides:
      // the fourth row holds cards and "Empty" slots side by side (D under B's right, beside B's left slot).
      const second = [await invite('Alice Anders', sponsor.userId, 'L'), await invite('Carl Chen', sponsor.userId, 'R')];
      const third: number[] = [];
      for (const [i, parent] of second.entries()) for (const side of ['L', 'R'] as const) third.push(await invite(`Member ${i}${side}`, parent, side));
      for (const [i, parent] of third.entries()) await invite(`Deep ${i} Nakamura`, parent, i % 2 ? 'L' : 'R');
    } finally {
      await db.destroy();
    }

    const storage = {
      'shop.session': JSON.stringify({ state: { token: sponsor.token, user: { id: sponsor.userId, user_name: sponsor.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
      lang: 'en-us',
    };
    // 320 px: the member and two children (each "tap to see more"); 375 px: and four grandchildren; 768 px (the 750 px column): all four levels.
    for (const [width, cards, deepest] of [[320, 3, 'Carl Chen'], [375, 7, 'Member 1R'], [768, 11, 'Deep 3 Nakamura']] as const) {
      const page = await browser.open('/pages/team/placement', { localStorage: storage, viewport: { width, height: 812 } });
      await page.getByText(deepest).waitFor();
      expect(await page.locator('.tree-card').count(), `at ${width} px`).toBe(cards);
      if (width < 768) expect(await page.getByText('Tap to see more').count(), `at ${width} px`).toBe(cards === 3 ? 2 : 4);
      else expect(await page.locator('.tree').evaluate((tree) => tree.scrollWidth > tree.clientWidth)).toBe(true);
      expect(await treeClashes(page), `at ${width} px`).toEqual([]);
      // However wide, it opens on the root's card, in full view.
      const root = (await page.locator(`[data-node="${sponsor.userId}"] > .tree-card`).boundingBox())!;
      expect(root.x).toBeGreaterThanOrEqual(0);
      expect(root.x + root.width).toBeLessThanOrEqual(width);
      await page.close();
    }
  }, 90_000);

  it('on a 375 px phone the tree opens with the member and both their children in full view, in English, Khmer and Thai', async () => {
    const sponsor = await createMemberSession(databaseUrl, 'live');
    await query(`update users set nickname = 'Root' where id = $1`, [sponsor.userId]);
    const db = createDatabase(databaseUrl, 2);
    const actor = { kind: 'member' as const, memberId: sponsor.userId, ip: '127.0.0.1', lang: 'en-us' as const, requestId: `e2e-tree-open-${sponsor.userId}` };
    const invite = async (nickname: string, parentId: number, side: 'L' | 'R') => {
      const m = await createMemberSession(databaseUrl, 'live');
      await query('update users set referrer_id = $1, nickname = $2 where id = $3', [sponsor.userId, nickname, m.userId]);
      await placeDownline({ db }, actor, { user_id: m.userId, parent_id: parentId, side });
      return m.userId;
    };
    let children: number[];
    try {
      await placeAutomatically({ db }, operatorCliActor('e2e'), sponsor.userId, 'operator');
      // Three levels under the member: the tree drawn whole is far wider than the phone.
      children = [await invite('Alice Anders', sponsor.userId, 'L'), await invite('Carl Chen', sponsor.userId, 'R')];
      const third: number[] = [];
      for (const [i, parent] of children.entries()) for (const side of ['L', 'R'] as const) third.push(await invite(`Member ${i}${side}`, parent, side));
      for (const [i, parent] of third.entries()) await invite(`Deep ${i} Nakamura`, parent, i % 2 ? 'L' : 'R');
    } finally {
      await db.destroy();
    }

    for (const lang of ['en-us', 'km', 'th']) {
      const storage = {
        'shop.session': JSON.stringify({ state: { token: sponsor.token, user: { id: sponsor.userId, user_name: sponsor.userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
        lang,
      };
      const page = await browser.open('/pages/team/placement', { localStorage: storage, viewport: { width: 375, height: 812 } });
      await page.getByText('Carl Chen').waitFor();
      // Each card of the member and their two children lies inside the tree's visible box, whole.
      const outside = await page.evaluate((ids) => {
        const frame = document.querySelector<HTMLElement>('.tree')!.getBoundingClientRect();
        return ids.flatMap((id) => {
          const card = document.querySelector<HTMLElement>(`[data-node="${id}"] > .tree-card`)!.getBoundingClientRect();
          const inside = card.left >= frame.left - 0.5 && card.right <= frame.right + 0.5 && card.width > 0;
          return inside ? [] : [`#${id} at ${Math.round(card.left)}–${Math.round(card.right)}, the frame ${Math.round(frame.left)}–${Math.round(frame.right)}`];
        });
      }, [sponsor.userId, ...children]);
      expect(outside, lang).toEqual([]);
      expect(await treeClashes(page), lang).toEqual([]);
      await page.close();
    }
  }, 90_000);
});

