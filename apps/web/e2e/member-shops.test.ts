import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { grantMemberRole } from '../../api/src/modules/members/roles.queries.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { newAddress, newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// A member shop's whole journey on a 375 px phone: the owner books a regular order they received
// into the shop's stock and offers the goods; a buyer finds the shop's page, adds to the shop
// cart, checks out for pickup and pays from the wallet; the owner approves (the stock goes down)
// and has it ready for pickup; the buyer confirms; the owner's earnings appear once the order
// settles, its settle moment moved by the test clock.

const PAY_PASSWORD = '975310';
// The owner and the buyer each have their own browser: one profile keeps one member signed in.
let browser: Browser;
let buyerBrowser: Browser;
let db: Database;
let operator: { headers: { authorization: string } };

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  buyerBrowser = await launchBrowser(baseUrl);
  db = createDatabase(databaseUrl, 2);
  operator = await newOperatorSession(db, 'owner');
});
afterAll(async () => {
  await browser?.close();
  await buyerBrowser?.close();
  await db?.destroy();
});

async function apiCall(headers: Record<string, string>, url: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { code: number; data: any };
  if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A signed-in member with a pay password, 1,000 USD and a default address, on a page of the app. */
async function member(hashPath: string, on: Browser = browser) {
  const m = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', m.userId).execute();
  const addressId = await newAddress(db, m.userId);
  await fund(db, m.userId, 100_000, 'USD');
  const page = await on.open(hashPath, {
    snoozePopups: true,
    localStorage: {
      'shop.session': JSON.stringify({ state: { token: m.token, user: { id: m.userId, user_name: m.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
    },
  });
  return { ...m, addressId, page, headers: { authorization: `Bearer ${m.token}` } };
}

const go = (page: Page, hash: string) => page.evaluate((h) => (location.hash = h), `#${hash}`);
const confirmDialog = async (page: Page, button: string) => {
  await page.locator('.adm-dialog').getByRole('button', { name: button }).click();
  await page.locator('.adm-dialog').waitFor({ state: 'detached' });
};

describe('member shops in Chromium at 375 px', () => {
  it('restock, offer, buy, pay, approve, hand over, confirm, and the earnings once settled', async () => {
    const goods = await newGoods(db, [{ price: 2500, stock: 20 }], { name: `Tea set ${Date.now()}`, currency: 'USD' });
    // The owner: a shop owner (as an operator grants it) with a shop set up in the settings page.
    const owner = await member('/pages/shop/my');
    await grantMemberRole(db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'operator:e2e', reason: 'service centre' });
    await go(owner.page, '/pages/shop/settings');
    await owner.page.getByRole('textbox', { name: 'Shop name' }).fill('Harbour Service Centre');
    await owner.page.locator('textarea').fill('Open daily by the harbour');
    await owner.page.getByRole('button', { name: 'Save' }).click();
    await owner.page.getByText('Harbour Service Centre').waitFor();
    const shop = await db.selectFrom('member_shops').select('id').where('owner_id', '=', owner.userId).executeTakeFirstOrThrow();

    // A regular order of 3 units the owner bought, paid, and received.
    const placed = await apiCall(owner.headers, '/shop/buy/createOrder', { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 3, address_id: owner.addressId, remarks: '' });
    await apiCall(owner.headers, '/shop/buy/payOrder', { order_id: placed.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
    await apiCall(operator.headers, '/admin/api/orders/ship', { order_id: placed.order_id, carrier: 'DHL', tracking_number: `MSHOP${placed.order_id}` });
    await apiCall(owner.headers, '/shop/order/confirmReceipt', { id: placed.order_id });

    // Restock from the goods page, then offer the goods.
    await go(owner.page, '/pages/shop/goods');
    await owner.page.getByRole('tab', { name: 'Restock' }).click();
    await owner.page.locator(`[data-restock="${placed.order_id}"]`).getByRole('button', { name: 'Book into stock' }).click();
    await owner.page.getByText('3 units added to stock').waitFor();
    await owner.page.getByRole('tab', { name: 'Add goods' }).click();
    await owner.page.locator(`[data-choice="${goods.goodsId}"]`).getByRole('button', { name: 'Add' }).click();
    await owner.page.locator(`[data-choice="${goods.goodsId}"]`).getByRole('button', { name: 'Take off sale' }).waitFor();
    await owner.page.getByRole('tab', { name: 'My goods' }).click();
    await owner.page.locator(`[data-shop-goods="${goods.goodsId}"]`).getByText(/Stock 3/).waitFor();

    // The buyer: the shop's page, the shop cart, checkout for pickup, paid from the wallet.
    const buyer = await member(`/pages/shop/home?id=${shop.id}`, buyerBrowser);
    await buyer.page.getByText('Open daily by the harbour').waitFor();
    await buyer.page.locator(`[data-shop-goods="${goods.goodsId}"]`).getByRole('button', { name: 'Add to cart' }).click();
    await buyer.page.locator('.adm-popup').getByRole('button', { name: 'Add to cart' }).click();
    await buyer.page.getByRole('button', { name: 'Check out' }).click();
    await buyer.page.getByText(goods.name).waitFor();
    await buyer.page.getByRole('button', { name: 'Place order' }).click();
    await buyer.page.waitForURL(/#\/pages\/goods\/payNext\?order_id=\d+&order_type=shop_order/);
    const orderId = Number(/order_id=(\d+)/.exec(buyer.page.url())![1]);
    await buyer.page.getByRole('radio', { name: /Wallet balance/ }).click();
    await buyer.page.locator('input[name="pay_password"]').fill(PAY_PASSWORD);
    await buyer.page.getByRole('button', { name: /^Pay / }).click();
    await buyer.page.getByText('Payment successful').waitFor();

    // The owner approves (the stock goes down to 2) and has it ready for pickup.
    await go(owner.page, '/pages/shop/my');
    await expect.poll(() => owner.page.locator('.shop-totals strong').first().innerText()).toBe('1');
    await expect.poll(() => owner.page.locator('.adm-list .adm-badge').first().innerText()).toBe('1');
    await go(owner.page, '/pages/shop/orders?view=awaiting_audit');
    const card = owner.page.locator(`[data-shop-order="${orderId}"]`);
    await card.getByRole('button', { name: 'Approve' }).click();
    await confirmDialog(owner.page, 'Yes');
    await expect.poll(async () => (await db.selectFrom('shop_stock').select('stock').where('shop_id', '=', shop.id).executeTakeFirstOrThrow()).stock).toBe(2);
    await owner.page.getByRole('tab', { name: 'To ship' }).click();
    await owner.page.locator(`[data-shop-order="${orderId}"]`).getByRole('button', { name: 'Ready for pickup' }).click();
    await expect.poll(async () => (await db.selectFrom('shop_orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('ready_for_pickup');

    // The buyer confirms it received.
    await go(buyer.page, '/pages/shop/buyerOrders');
    await buyer.page.locator(`[data-shop-order="${orderId}"]`).getByRole('button', { name: 'Received' }).click();
    await confirmDialog(buyer.page, 'Yes');
    await buyer.page.locator(`[data-shop-order="${orderId}"]`).getByText('Completed').waitFor();

    // Nothing earned yet (zero in the shop's currency); the test clock moves the settle moment, the job worker settles it once.
    await go(owner.page, '/pages/shop/goods');
    await go(owner.page, '/pages/shop/my');
    await expect.poll(() => owner.page.locator('[data-earnings]').innerText()).toBe('$0.00');
    await db.updateTable('shop_orders').set({ settles_at: new Date(Date.now() - 1000) }).where('id', '=', orderId).execute();
    await sql`update graphile_worker._private_jobs set run_at = now() - interval '1 second' where key = ${`shop-order-settle:${orderId}`}`.execute(db);
    await expect.poll(async () => (await db.selectFrom('shop_orders').select('settled_at').where('id', '=', orderId).executeTakeFirstOrThrow()).settled_at, { timeout: 30_000 }).not.toBeNull();
    await go(owner.page, '/pages/shop/goods');
    await go(owner.page, '/pages/shop/my');
    // 25.00 less the 10 % fee.
    await expect.poll(() => owner.page.locator('[data-earnings]').innerText(), { timeout: 15_000 }).toBe('$22.50');
    const rewards = await db.selectFrom('ledger_accounts').select('balance').where('member_id', '=', owner.userId).where('asset', '=', 'rewards').executeTakeFirstOrThrow();
    expect(Number(rewards.balance)).toBe(2250);
  }, 180_000);
});
