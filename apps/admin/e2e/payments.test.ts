import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { DESKTOP, sql } from './console.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { createDatabase } from '../../api/src/db/database.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { newAddress, newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';

// The console's Payments page in Chromium at 1280 px: money that arrived for a payment the member
// had replaced shows as a flag; an operator refunds it with a reason, and it goes back once.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/**
 * A Stripe card payment started through the API, ended by the shop, then paid at the sandbox: owed
 * back, flagged. The reconciliation job leaves a flag to the operators for its first two minutes.
 */
async function lateSuccess(): Promise<{ paymentNo: string; paymentId: number }> {
  const member = await createMemberSession(databaseUrl, 'live');
  const db = createDatabase(databaseUrl, 2);
  try {
    await db.updateTable('users').set({ pay_password_hash: await hashPassword('246801') }).where('id', '=', member.userId).execute();
    const addressId = await newAddress(db, member.userId);
    const g = await newGoods(db, [{ price: 2200, stock: 10 }], { name: 'Flagged teapot', currency: 'USD' });
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; data: any };
      if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const placed = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId, remarks: '' });
    const payment = await post('/shop/buy/payOrder', { order_id: placed.order_id, pay_way: 'stripe_card' });
    const row = await db.selectFrom('payments').select('id').where('reference', '=', payment.payment_no).executeTakeFirstOrThrow();
    await db.updateTable('payments').set({ status: 'canceled', finished_at: new Date() }).where('id', '=', row.id).execute();
    // The member pays on the sandbox's page anyway: the success arrives for a payment that had ended.
    const pay = await fetch(payment.redirect_url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=pay', redirect: 'manual' });
    expect(pay.status).toBeLessThan(400);
    await expect.poll(async () => (await sql('select kind from payment_flags where payment_id = $1', [row.id])).map((f) => f.kind)).toEqual(['paid_after_cancel']);
    return { paymentNo: payment.payment_no, paymentId: row.id };
  } finally {
    await db.destroy();
  }
}

describe('the console’s Payments page', () => {
  it('shows a late payment as a flag and refunds it with a reason, once', async () => {
    const { paymentNo, paymentId } = await lateSuccess();
    const db = createDatabase(databaseUrl, 1);
    const owner = await newOperatorSession(db, 'owner').finally(() => db.destroy());
    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    await page.addInitScript((token: string) => {
      localStorage.setItem('admin.token', token);
      localStorage.setItem('admin.lastActivity', String(Date.now()));
    }, owner.headers.authorization.replace('Bearer ', ''));
    await page.goto(`${baseUrl}/admin/#/payments`);
    const row = page.locator('tr', { hasText: paymentNo });
    // The console's first page of the run loads its chunks cold.
    await row.getByText('Paid after it was cancelled').waitFor({ timeout: 30_000 });
    if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.ADMIN_SCREENSHOTS, 'payments-flags.png') });
    await row.getByRole('button', { name: 'Refund' }).click();
    await page.getByText(`Give the money of payment ${paymentNo} back in full through its gateway?`).waitFor();
    await clickSettled(page.getByRole('dialog').getByRole('button', { name: 'Refund' }));
    await page.getByRole('dialog').getByText('Give a reason').waitFor();
    await page.getByRole('dialog').locator('textarea').fill('The member had paid with another method');
    // The reason's refusal folds away as it is typed, moving the button: decide() clicks once it is still.
    await decide(page, 'Refund');
    await expect.poll(async () => (await sql('select status from payment_refunds where payment_id = $1', [paymentId])).map((r) => r.status)).toEqual(['succeeded']);
    await page.locator('.ant-segmented-item', { hasText: 'Decided' }).click();
    await page.locator('tr', { hasText: paymentNo }).getByText(/Refunded · .* · The member had paid with another method/).waitFor();
    await page.locator('.ant-segmented-item', { hasText: /^Payments$/ }).click();
    const payment = page.locator('tr', { hasText: paymentNo });
    await payment.getByText('Cancelled').waitFor();
    await payment.locator('.ant-table-row-expand-icon').click();
    await page.getByTestId(`payment-detail-${paymentId}`).getByText('notification').first().waitFor();
    if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.ADMIN_SCREENSHOTS, 'payments-list.png') });
    await page.close();
  });
  it('refunds part of a pledge’s payment from its row, with the amount and a reason; an order’s is refused, sent to the order’s own refund', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    const db = createDatabase(databaseUrl, 2);
    let pledgeNo: string;
    let paymentNo: string;
    let orderId: number;
    let owner: Awaited<ReturnType<typeof newOperatorSession>>;
    try {
      await db.updateTable('users').set({ pay_password_hash: await hashPassword('246801') }).where('id', '=', member.userId).execute();
      await fund(db, member.userId, 5500, 'USD');
      const addressId = await newAddress(db, member.userId);
      const g = await newGoods(db, [{ price: 3000, stock: 10 }], { name: 'Balance teapot', currency: 'USD' });
      const cause = await db.insertInto('charity_causes').values({ title: JSON.stringify({ 'en-us': 'Clean water' }), currency: 'USD', created_by: 'e2e' } as never).returning('id').executeTakeFirstOrThrow();
      const post = async (url: string, body: unknown) => {
        const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() }, body: JSON.stringify(body) });
        const json = (await res.json()) as { code: number; data: any };
        if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
        return json.data;
      };
      const placed = await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId, remarks: '' });
      orderId = placed.order_id;
      paymentNo = (await post('/shop/buy/payOrder', { order_id: placed.order_id, pay_way: 'balance', pay_password: '246801' })).payment_no;
      const pledge = await post('/attractive/lovers/submitPay', { cause_id: cause.id, amount: 2500 });
      pledgeNo = (await post('/shop/buy/payOrder', { order_id: pledge.id, order_type: 'charity', pay_way: 'balance', pay_password: '246801' })).payment_no;
      owner = await newOperatorSession(db, 'owner');
    } finally {
      await db.destroy();
    }
    const page = await browser.newPage();
    await page.setViewportSize(DESKTOP);
    await page.addInitScript((token: string) => {
      localStorage.setItem('admin.token', token);
      localStorage.setItem('admin.lastActivity', String(Date.now()));
    }, owner!.headers.authorization.replace('Bearer ', ''));
    await page.goto(`${baseUrl}/admin/#/payments`);
    await page.locator('.ant-segmented-item', { hasText: /^Payments$/ }).click({ timeout: 30_000 });
    const search = async (no: string) => {
      await page.getByPlaceholder('Payment no. or gateway reference').fill(no);
      await page.getByPlaceholder('Payment no. or gateway reference').press('Enter');
      return page.locator('tr', { hasText: no });
    };
    await (await search(pledgeNo!)).getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    // An amount the payment does not have is refused before anything is sent; a reason is needed.
    await dialog.locator('input').fill('12.345');
    await clickSettled(dialog.getByRole('button', { name: 'Refund' }));
    await dialog.getByText('Give a reason').waitFor();
    await dialog.getByText('Enter an amount like 150.50').waitFor();
    await dialog.locator('input').fill('12.50');
    await dialog.locator('textarea').fill('Pledged twice by mistake');
    await decide(page, 'Refund');
    await expect.poll(async () => (await sql<{ amount_minor: number; reason: string }>('select r.amount_minor, r.reason from payment_refunds r join payments p on p.id = r.payment_id where p.reference = $1', [pledgeNo!])).map((r) => [Number(r.amount_minor), r.reason])).toEqual([[1250, 'Pledged twice by mistake']]);
    const [action] = await sql<{ action: string; reason: string; facts: unknown }>("select action, reason, facts from operator_actions where action = 'payment.refund' and facts->>'reference' = $1", [pledgeNo!]);
    expect(action).toEqual({ action: 'payment.refund', reason: 'Pledged twice by mistake', facts: { key: 'payment_refund', reference: pledgeNo!, amount: 1250, currency: 'USD', open: [], error: null } });
    const [cash] = await sql<{ balance: string }>("select balance from ledger_accounts where owner_kind = 'member' and member_id = $1 and asset = 'cash' and currency = 'USD'", [member.userId]);
    expect(Number(cash!.balance)).toBe(1250);

    // A paid order's payment is refunded by the order's cancellation or after-sales: the operator is told so, nothing moves.
    await (await search(paymentNo!)).getByRole('button', { name: 'Refund' }).click();
    await dialog.locator('input').fill('12.50');
    await dialog.locator('textarea').fill('The lid arrived chipped');
    await clickSettled(dialog.getByRole('button', { name: 'Refund' }));
    await dialog.locator('.ant-alert-error').getByText(/This payment's order still stands/).waitFor();
    expect(await sql('select r.id from payment_refunds r join payments p on p.id = r.payment_id where p.reference = $1', [paymentNo])).toEqual([]);

    // The order's own page shows how it was paid.
    const [order] = await sql<{ order_no: string }>('select order_no from orders where id = $1', [orderId!]);
    await page.goto(`${baseUrl}/admin/#/orders`);
    await page.getByTestId('order-search').locator('input').fill(order!.order_no);
    await page.getByTestId('order-search').locator('input').press('Enter');
    await page.getByTestId(`order-${orderId!}`).click();
    const paid = page.getByTestId('payable-payments');
    await paid.locator('tr', { hasText: paymentNo! }).getByText('Paid', { exact: true }).waitFor();
    if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.ADMIN_SCREENSHOTS, 'order-payments.png') });
    await page.close();
  });
});
