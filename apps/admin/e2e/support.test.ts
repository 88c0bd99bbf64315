import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../api/src/db/database.js';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { chooseOption, consoleOperator, DESKTOP, openConsole } from './console.js';

// A support chat between the member's page (a phone) and the console's desk (1280 px), in two
// browser contexts against the real API: each side sees the other's messages without reloading.

const RUN = Date.now().toString(36);
let member: Browser;
let desk: Browser;
beforeAll(async () => {
  member = await launchBrowser(baseUrl);
  desk = await launchBrowser(baseUrl);
});
afterAll(async () => {
  await member?.close();
  await desk?.close();
});

describe('the support chat in Chromium', () => {
  it('a member writes, an operator takes the conversation from the queue and answers, and they talk both ways', async () => {
    const { token, userId, userName } = await createMemberSession(databaseUrl, 'live');
    const phone = await member.open('/pages/other/mixdesk', {
      localStorage: {
        'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    await phone.getByText('No messages yet. How can we help?').waitFor();
    await phone.getByPlaceholder('Type a message').fill(`Where is my parcel? ${RUN}`);
    await phone.getByRole('button', { name: 'Send', exact: true }).click();
    await phone.getByText(`Where is my parcel? ${RUN}`).waitFor();

    const { token: opToken } = await consoleOperator('support', `chat${RUN}`);
    const page = await openConsole(desk, opToken, '/support/chat');
    await page.getByText(userName, { exact: true }).click();
    await page.getByTestId('chat-log').getByText(`Where is my parcel? ${RUN}`).waitFor();
    // At 1280 px the list, the conversation and the member's latest orders all fit: nothing is cut off, the page does not scroll sideways.
    await page.getByTestId('chat-orders').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    const orders = (await page.getByTestId('chat-orders').boundingBox())!;
    expect(orders.x + orders.width).toBeLessThanOrEqual(DESKTOP.width);
    await page.getByTestId('chat-reply').fill('It left the depot this morning.');
    await page.getByTestId('chat-send').click();

    // The member's page gets the answer by itself, pushed over the chat socket.
    await phone.getByText('It left the depot this morning.').waitFor({ timeout: 15_000 });
    // Typing shows on the other side (only the live socket carries it).
    await phone.getByPlaceholder('Type a message').fill('Thank');
    await page.getByTestId('chat-member-typing').waitFor({ timeout: 5_000 });
    await page.getByTestId('chat-reply').fill('One moment');
    await phone.getByTestId('chat-agent-typing').waitFor({ timeout: 5_000 });
    await page.getByTestId('chat-reply').fill('');
    await phone.getByPlaceholder('Type a message').fill('Thank you!');
    await phone.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByTestId('chat-log').getByText('Thank you!').waitFor({ timeout: 15_000 });
  }, 90_000);

  it('a long conversation opens at its newest message: on the phone (375 px) above the message box, at the desk (1280 px) at the log\'s bottom', async () => {
    const { token, userId, userName } = await createMemberSession(databaseUrl, 'live');
    const db = createDatabase(databaseUrl, 1);
    try {
      const conversation = await db.insertInto('chat_conversations').values({ member_id: userId, last_message: `Line 30 ${RUN}` }).returning('id').executeTakeFirstOrThrow();
      const lines = Array.from({ length: 30 }, (_, i) => ({ conversation_id: conversation.id, member_id: userId, sender: 'member' as const, agent_id: null, kind: 'text' as const, body: `Line ${i + 1} ${RUN}`, upload_id: null, ref_id: null }));
      await db.insertInto('chat_messages').values(lines).execute();
    } finally {
      await db.destroy();
    }
    const phone = await member.open('/pages/other/mixdesk', {
      localStorage: {
        'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    const last = phone.locator('[data-chat-message]').last();
    await last.getByText(`Line 30 ${RUN}`).waitFor();
    // The message box covers none of the newest message: its bottom is above the box's top.
    await expect
      .poll(async () => {
        const bubble = (await last.boundingBox())!;
        const box = (await phone.locator('.chat-composer').boundingBox())!;
        return bubble.y + bubble.height <= box.y;
      })
      .toBe(true);
    // The history is longer than the screen: only the message log scrolled to get there; the page stays put, with the
    // agent's status line on screen above the log and the message box within the window.
    expect(await phone.locator('.chat-log').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await phone.evaluate(() => window.scrollY)).toBe(0);
    const status = (await phone.locator('.chat-status').boundingBox())!;
    expect(status.y).toBeGreaterThanOrEqual(0);
    const composer = (await phone.locator('.chat-composer').boundingBox())!;
    expect(composer.y + composer.height).toBeLessThanOrEqual(await phone.evaluate(() => window.innerHeight));

    const { token: opToken } = await consoleOperator('support', `long${RUN}`);
    const page = await openConsole(desk, opToken, '/support/chat');
    await page.getByText(userName, { exact: true }).click();
    const log = page.getByTestId('chat-log');
    await log.getByText(`Line 30 ${RUN}`).waitFor();
    await expect.poll(() => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThanOrEqual(1);
  }, 90_000);

  it('an operator writes a message to the members of one star rank: they get it, a member without a star does not', async () => {
    const starred = await createMemberSession(databaseUrl, 'live');
    const plain = await createMemberSession(databaseUrl, 'live');
    const db = createDatabase(databaseUrl, 1);
    const title = `Star news ${RUN}`;
    try {
      await db.insertInto('referral_stats').values({ member_id: starred.userId, star: 3 }).execute();
      const { token } = await consoleOperator('owner', `sb${RUN}`);
      const page = await openConsole(desk, token, '/support/messages');
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('broadcast-title').fill(title);
      await page.getByTestId('broadcast-text').fill('A message for the members of star rank 3.');
      await chooseOption(page, page.getByTestId('broadcast-stars'), '★ 3');
      await page.keyboard.press('Escape');
      await page.getByTestId('broadcast-send').click();
      const confirm = page.locator('.ant-modal-confirm');
      await confirm.getByText('Only members of star ranks ★ 3.', { exact: false }).waitFor();
      // Confirmed once the question is gone (a tap that lands while it still opens, on a saturated machine, is tapped
      // again; the form's idempotency key sends it once); then the list shows it, or the form says why not.
      await expect
        .poll(async () => {
          if (await confirm.isVisible()) await confirm.getByRole('button', { name: 'Confirm' }).click({ timeout: 1_000 }).catch(() => undefined);
          return confirm.isVisible();
        }, { timeout: 30_000 })
        .toBe(false);
      const row = page.locator('.ant-table-tbody tr', { hasText: title });
      const refused = page.locator('.ant-alert-error');
      await row.or(refused).first().waitFor();
      expect((await refused.count()) ? await refused.innerText() : '').toBe('');
      await row.getByText('★ 3').waitFor();
      const broadcast = await db.selectFrom('message_broadcasts').select('id').where(sql`texts->'en-us'->>'title'`, '=', title).executeTakeFirstOrThrow();
      const got = async (memberId: number) => (await db.selectFrom('member_messages').select('id').where('member_id', '=', memberId).where('event_key', '=', `broadcast:${broadcast.id}`).execute()).length;
      expect([await got(starred.userId), await got(plain.userId)]).toEqual([1, 0]);
    } finally {
      await db.destroy();
    }
  }, 90_000);
});
