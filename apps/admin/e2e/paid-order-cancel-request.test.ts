import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole, paidOrder, shot, sql } from './console.js';

// Support cannot refund: on a paid order they ask for its cancellation, the order page says it waits,
// and a finance operator approves it on the Approvals page, which cancels and refunds the order.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

const RUN = Date.now().toString(36).slice(-5);
const statusOf = async (orderId: number) => (await sql<{ status: string }>('select status from orders where id = $1', [orderId]))[0]!.status;

describe('a paid order cancelled at support’s request, in Chromium at 1280 px', () => {
  it('support asks with a reason, the order stays paid and says so; finance approves it from the Approvals page and it is refunding', async () => {
    const support = await consoleOperator('support', `pcs${RUN}`);
    const finance = await consoleOperator('finance', `pcf${RUN}`);
    const member = await createMemberSession(databaseUrl);
    const order = await paidOrder(member);

    const page = await openConsole(browser, support.token, '/orders');
    await page.locator('.ant-table-tbody tr', { hasText: order.orderNo }).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('cell', { name: /Console teapot/ }).waitFor();
    const ask = page.getByTestId('cancel-order');
    expect(await ask.innerText()).toBe('Ask to cancel and refund');
    await ask.click();
    await page.locator('.ant-modal').getByText('which an operator who decides refunds approves').waitFor();
    await page.locator('.ant-modal textarea').fill('The member asked in the chat: wrong size');
    await decide(page, 'Ask to cancel and refund');
    await page.getByText(/Request #\d+ sent: nothing changes until a second operator approves it/).first().waitFor();
    const waiting = page.getByTestId('cancel-waiting');
    await waiting.waitFor();
    expect(await waiting.innerText()).toContain(`${support.recordedAs} asked to cancel this order and refund it in full (The member asked in the chat: wrong size)`);
    expect(await page.getByTestId('cancel-order').count()).toBe(0);
    await shot(page, 'order-cancel-asked');
    expect(await statusOf(order.orderId)).toBe('paid');
    await page.close();

    const [request] = await sql<{ id: number }>(`select id from approval_requests where kind = 'order.refund' and subject = $1 and status = 'pending'`, [`order:${order.orderId}`]);
    const desk = await openConsole(browser, finance.token, '/approvals');
    const card = desk.getByTestId('approvals').locator('tr', { hasText: order.orderNo });
    await card.getByText(`Cancel order ${order.orderNo} and refund`).waitFor();
    await shot(desk, 'approvals-order-refund');
    await clickSettled(desk.getByTestId(`approve-${request!.id}`));
    await decide(desk, 'Approve');
    await expect.poll(() => statusOf(order.orderId), { timeout: 10_000 }).toMatch(/^refund(ing|ed)$/);
    const [action] = await sql<{ operator: string; facts: { request_id: number } }>(`select operator, facts from operator_actions where target_type = 'order' and target_id = $1`, [order.orderId]);
    expect(action).toMatchObject({ operator: finance.recordedAs, facts: { request_id: request!.id } });
    await desk.close();
  });
});
