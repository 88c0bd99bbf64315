import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { balanceOf } from '../../api/src/modules/ledger/ledger.service.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { chooseOption, consoleOperator, DESKTOP, memberCall, openConsole, post, shot } from './console.js';

// After-sales end to end in two browsers: the member on a 375 px phone asks for a return of one unit,
// the operator at 1280 px approves it, the member sends the goods back with a carrier and number, the
// operator marks them received and refunds; the money is back in the member's balance. Then an
// exchange of another line to its completion: approved, sent back, received, the replacement shipped
// from the console and its receipt confirmed on the phone.

const PAY_PASSWORD = '975310';
let phoneBrowser: Browser;
let deskBrowser: Browser;
let db: Database;
beforeAll(async () => {
  phoneBrowser = await launchBrowser(baseUrl);
  deskBrowser = await launchBrowser(baseUrl);
  db = createDatabase(databaseUrl, 2);
});
afterAll(async () => {
  await phoneBrowser?.close();
  await deskBrowser?.close();
  await db?.destroy();
});

/** A member who bought 2 × 7.00 and 1 × 3.00 USD, paid from the balance, shipped and received. */
async function receivedOrder() {
  const member = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member.userId).execute();
  const addressId = await newAddress(db, member.userId);
  await fund(db, member.userId, 100_000, 'USD');
  const goods = await newGoods(db, [{ price: 700, stock: 9 }, { price: 300, stock: 9 }], { name: `Teapot ${Date.now()}`, currency: 'USD' });
  await memberCall(member.token, '/shop/cart/add', { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 2 });
  await memberCall(member.token, '/shop/cart/add', { goods_id: goods.goodsId, sku_id: goods.skuIds[1], num: 1 });
  const order = await memberCall<{ order_id: number; order_no: string }>(member.token, '/shop/buy/createOrder', { address_id: addressId });
  await memberCall(member.token, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  return { member, goods, order };
}

/** Opens the case in the console's after-sales queue (the tab of its state) and takes one of its actions. */
async function act(page: Page, state: string, caseNo: string, action: string, button: string, fill?: (modal: ReturnType<Page['locator']>) => Promise<void>) {
  // The queue as it is now (the member acted in the other browser meanwhile).
  await page.reload();
  await page.locator('.ant-segmented-item', { hasText: new RegExp(`^${state}$`) }).click();
  const row = page.locator('.ant-table-tbody tr', { hasText: caseNo });
  await row.waitFor();
  await row.getByRole('button', { name: 'Details' }).click();
  await page.getByTestId(`action-${action}`).click();
  if (fill) await fill(page.locator('.ant-modal-wrap:visible .ant-modal'));
  await decide(page, button);
  await page.keyboard.press('Escape');
}

describe('after-sales in Chromium: the member at 375 px, the console at 1280 px', () => {
  it('a return from the request to the refund, and an exchange to its completion', async () => {
    const { member, goods, order } = await receivedOrder();
    const { token: opToken } = await consoleOperator('owner', `as${Date.now().toString(36)}`);
    await post('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `AS${order.order_id}X` }, opToken);
    await memberCall(member.token, '/shop/order/confirmReceipt', { id: order.order_id });
    const lines = await db.selectFrom('order_lines').select(['id', 'sku_id']).where('order_id', '=', order.order_id).orderBy('id').execute();
    const teapots = lines.find((l) => l.sku_id === goods.skuIds[0])!;
    const cups = lines.find((l) => l.sku_id === goods.skuIds[1])!;
    const cashBefore = await balanceOf(db, member.userId, 'cash', 'USD');

    const phone = await phoneBrowser.open(`/pages/order/realSale?order_id=${order.order_id}`, {
      snoozePopups: true,
      localStorage: {
        'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    const desk = await openConsole(deskBrowser, opToken, '/orders/after-sales');
    await desk.setViewportSize(DESKTOP);

    // The member asks for a return of one teapot.
    await phone.getByText('Return & refund').click();
    await phone.locator(`[data-line="${teapots.id}"] .adm-stepper-plus`).click();
    await phone.getByText('No longer needed').click();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL(/saleInfo\?id=\d+/);
    const returnId = Number(/id=(\d+)/.exec(phone.url())![1]);
    const returnNo = (await db.selectFrom('after_sales').select('case_no').where('id', '=', returnId).executeTakeFirstOrThrow()).case_no;
    await phone.getByText('Under review').first().waitFor();
    await shot(phone, 'after-sales-return-requested-375');

    // The dashboard counts it among what waits, and its tile leads to the queue.
    await desk.evaluate(() => (location.hash = '#/'));
    const tile = desk.getByTestId('queue-after-sales');
    await expect.poll(async () => Number((await tile.locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''))).toBeGreaterThan(0);
    await tile.click();
    await desk.waitForURL(/#\/orders\/after-sales$/);

    // In Hungarian, the drawer's title wraps beside the decisions: its case number never runs under them.
    const hu = await openConsole(deskBrowser, opToken, '/orders/after-sales', { 'admin.lang': 'hu' });
    await hu.setViewportSize(DESKTOP);
    await hu.locator('.ant-table-tbody tr', { hasText: returnNo }).locator('[data-testid^="open-"]').click();
    await hu.getByTestId('action-approve').waitFor();
    const header = await hu.locator('.ant-drawer-header').evaluate((h) => {
      const text = document.createRange();
      text.selectNodeContents(h.querySelector('.ant-drawer-title')!);
      return { textRight: Math.max(...[...text.getClientRects()].map((r) => r.right)), extraLeft: h.querySelector('.ant-drawer-extra')!.getBoundingClientRect().left };
    });
    expect(header.textRight).toBeLessThanOrEqual(header.extraLeft);
    // The desk (the same browser's storage) works on in English.
    await hu.evaluate(() => localStorage.setItem('admin.lang', 'en-us'));
    await hu.close();

    // The console approves it.
    await act(desk, 'Under review', returnNo, 'approve', 'Approve');
    await shot(desk, 'after-sales-queue-1280');
    // Its twelve state tabs scroll in their own row: the page itself is no wider than the window.
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // The member sends the teapot back.
    await phone.reload();
    await phone.getByText('Approved: send the goods back').first().waitFor();
    await phone.locator('.as-shipment-form').getByText('J&T Express').click();
    await phone.getByRole('textbox', { name: 'Tracking number' }).fill('JT1234567890');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await db.selectFrom('after_sales').select('status').where('id', '=', returnId).executeTakeFirstOrThrow()).status).toBe('return_shipped');

    // The console marks it received, then refunds: the member's money is back.
    await act(desk, 'Shipped back', returnNo, 'receive', 'Goods received');
    await act(desk, 'Received', returnNo, 'refund', 'Refund');
    await expect.poll(async () => (await db.selectFrom('after_sales').select('status').where('id', '=', returnId).executeTakeFirstOrThrow()).status).toBe('refunded');
    const refunded = Number((await db.selectFrom('after_sales').select('refunded_minor').where('id', '=', returnId).executeTakeFirstOrThrow()).refunded_minor);
    expect(refunded).toBeGreaterThan(0);
    expect(await balanceOf(db, member.userId, 'cash', 'USD')).toBe(cashBefore + refunded);
    await phone.reload();
    await phone.getByText('Refunded').first().waitFor();
    await shot(phone, 'after-sales-refunded-375');

    // An exchange of the cup, to its completion.
    await phone.goto(`${baseUrl}/h5/#/pages/order/realSale?order_id=${order.order_id}`);
    await phone.getByText('Exchange', { exact: true }).click();
    await phone.locator(`[data-line="${cups.id}"] .adm-stepper-plus`).click();
    await phone.getByText('Wrong size or colour').click();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL((url) => /saleInfo\?id=\d+/.test(url.toString()) && !url.toString().endsWith(`id=${returnId}`));
    const exchangeId = Number(/id=(\d+)/.exec(phone.url())![1]);
    const exchangeNo = (await db.selectFrom('after_sales').select('case_no').where('id', '=', exchangeId).executeTakeFirstOrThrow()).case_no;
    await act(desk, 'Under review', exchangeNo, 'approve', 'Approve');
    await phone.reload();
    await phone.locator('.as-shipment-form').getByText('Ninja Van').click();
    await phone.getByRole('textbox', { name: 'Tracking number' }).fill('NV99887766');
    await phone.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await db.selectFrom('after_sales').select('status').where('id', '=', exchangeId).executeTakeFirstOrThrow()).status).toBe('return_shipped');
    await act(desk, 'Shipped back', exchangeNo, 'receive', 'Goods received');
    await act(desk, 'Received', exchangeNo, 'ship', 'Ship replacement', async (modal) => {
      // The carrier from the shop's list, as an order's is shipped, then the tracking number.
      await chooseOption(desk, modal.getByTestId('carrier-choice'), 'DHL');
      await modal.locator('input:not([role="combobox"])').first().fill('DHL55443322');
    });
    await phone.reload();
    await phone.getByRole('button', { name: 'Received' }).click();
    await phone.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => (await db.selectFrom('after_sales').select('status').where('id', '=', exchangeId).executeTakeFirstOrThrow()).status).toBe('completed');
    await phone.getByText('Completed').first().waitFor();
  }, 180_000);

  it('a reason the operator adds in the console, named in English, is one the member can choose', async () => {
    const { member, order } = await receivedOrder();
    const { token: opToken } = await consoleOperator('owner', `ar${Date.now().toString(36)}`);
    await post('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'DHL', tracking_number: `AR${order.order_id}X` }, opToken);
    await memberCall(member.token, '/shop/order/confirmReceipt', { id: order.order_id });
    const name = `Box crushed ${Date.now().toString(36)}`;

    const desk = await openConsole(deskBrowser, opToken, '/orders/after-sales/settings');
    await desk.setViewportSize(DESKTOP);
    const reasons = desk.locator('.ant-card', { hasText: 'Reasons members can give' });
    await reasons.getByRole('button', { name: 'New reason' }).click();
    const modal = desk.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByLabel('Code').fill('box_crushed');
    await modal.getByLabel('English').fill(name);
    await modal.getByRole('button', { name: 'Save' }).click();
    await reasons.getByRole('cell', { name }).waitFor();
    await shot(desk, 'after-sales-reasons-1280');

    const phone = await phoneBrowser.open(`/pages/order/realSale?order_id=${order.order_id}`, {
      snoozePopups: true,
      localStorage: {
        'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    await phone.getByText('Return & refund').click();
    await phone.getByText(name).waitFor();
  }, 120_000);
});
