import { afterAll, beforeAll, describe, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole } from './console.js';

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
});
