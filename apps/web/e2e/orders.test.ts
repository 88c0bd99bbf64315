import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { newAddress, newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';
import { OPS_CLI } from '../../api/src/test/api-processes.js';

// A member's orders on a 375 px phone: two SKUs added from the goods page, quantities set with the
// cart's steppers, checked out to the default address, the unpaid order cancelled and the stock back
// on the goods page; an order paid with the wallet balance that the operator ships in two packages
// with `npm run ops` (its own process, on the shop's database) and tracks, followed and received by
// the member. And a group buy: start a group, pay, see the group waiting for more people.

const PAY_PASSWORD = '975310';
let browser: Browser;
let db: Database;
let operator: { headers: { authorization: string } };

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  db = createDatabase(databaseUrl, 2);
  operator = await newOperatorSession(db, 'owner');
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

const shot = async (page: Page, name: string) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}.png`), fullPage: true });
};

async function operatorCall(url: string, body: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { ...operator.headers, 'content-type': 'application/json', 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: any };
  if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A signed-in member with a pay password, 1,000 USD in the wallet and a default address, on a page of the shop. */
async function shopper(hashPath: string, viewport?: { width: number; height: number }) {
  const member = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member.userId).execute();
  await newAddress(db, member.userId);
  await fund(db, member.userId, 100_000, 'USD');
  const page = await browser.open(hashPath, {
    snoozePopups: true,
    ...(viewport ? { viewport } : {}),
    localStorage: {
      'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
    },
  });
  return { ...member, page };
}

async function payWithWallet(page: Page) {
  await page.waitForURL(/#\/pages\/goods\/payNext\?order_id=\d+/);
  const orderId = Number(/order_id=(\d+)/.exec(page.url())![1]);
  await page.getByRole('radio', { name: /Wallet balance/ }).click();
  await page.locator('input[name="pay_password"]').fill(PAY_PASSWORD);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByText('Payment successful').waitFor();
  return orderId;
}

const statusOf = async (orderId: number) => (await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
const stocks = async (skuIds: number[]) => (await db.selectFrom('goods_skus').select(['id', 'stock']).where('id', 'in', skuIds).orderBy('id').execute()).map((s) => s.stock);

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The console operators the commands below run as (a command runs as an existing operator), made once per shop as its administrator makes them. */
let operatorsMade: Promise<unknown> | undefined;
const OPS_OPERATORS: Record<string, string> = { olivia: 'owner' };

/** `npm run ops -- …` as an operator runs it: its own process, on the shop's database. */
async function ops(...args: string[]): Promise<string> {
  operatorsMade ??= (async () => {
    for (const [name, role] of Object.entries(OPS_OPERATORS)) {
      // Made by another file on this worker's shop already: that one is used.
      await promisify(execFile)(process.execPath, [...OPS_CLI, 'operator', 'create', name, '--role', role], { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl } }).catch(() => undefined);
    }
  })();
  await operatorsMade;
  const { stdout } = await promisify(execFile)(process.execPath, [...OPS_CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, OPERATOR: 'olivia' },
  });
  return stdout.trim();
}

describe('orders in Chromium at 375 px', () => {
  it('adds two SKUs from the goods page, sets quantities with the cart\'s steppers, checks out, sees the order unpaid, cancels it and sees the stock back on the goods page', async () => {
    const goods = await newGoods(db, [{ price: 1250, stock: 8 }, { price: 990, stock: 5 }], { name: `Kettle ${Date.now()}`, currency: 'USD' });
    const { page, userId } = await shopper(`/pages/goods/goodsInfo?id=${goods.goodsId}`);
    await page.getByText('In stock: 13').waitFor();
    const cartLines = () => db.selectFrom('cart_items').select(['sku_id', 'quantity']).where('user_id', '=', userId).orderBy('sku_id').execute();
    for (const [i, colour, stock] of [
      [1, 'Colour 1', 8],
      [2, 'Colour 2', 5],
    ] as const) {
      await page.locator('.goods-spec-line').click();
      await page.locator('.sku-picker [role=radiogroup]').getByRole('radio', { name: colour }).click();
      await expect.poll(() => page.getByTestId('sku-stock').innerText()).toBe(`In stock: ${stock}`);
      await page.locator('.sku-picker').getByRole('button', { name: 'Add to cart' }).click();
      await expect.poll(async () => (await cartLines()).length).toBe(i);
    }
    await expect.poll(cartLines).toEqual([
      { sku_id: goods.skuIds[0], quantity: 1 },
      { sku_id: goods.skuIds[1], quantity: 1 },
    ]);

    await page.evaluate(() => (location.hash = '#/pages/tabbar/shop'));
    const line = (colour: string) => page.locator('.cart-line', { hasText: colour });
    await line('Colour 2').waitFor();
    // Each tap waits for the server's answer before the next, as a member's thumb does.
    for (const [colour, quantities] of [
      ['Colour 1', [2, 3]],
      ['Colour 2', [2]],
    ] as const) {
      for (const n of quantities) {
        await line(colour).locator('.adm-stepper-plus').click();
        await expect.poll(async () => line(colour).locator('.adm-stepper-input input').inputValue()).toBe(String(n));
      }
    }
    await line('Colour 1').locator('.adm-stepper-minus').click();
    await expect.poll(async () => line('Colour 1').locator('.adm-stepper-input input').inputValue()).toBe('2');
    await expect.poll(cartLines).toEqual([
      { sku_id: goods.skuIds[0], quantity: 2 },
      { sku_id: goods.skuIds[1], quantity: 2 },
    ]);
    await shot(page, 'orders-cart');
    await page.getByRole('button', { name: 'Check out (4)' }).click();
    await page.waitForURL(/#\/pages\/goods\/goodsPay/);
    await page.getByText('Petaling Jaya', { exact: false }).first().waitFor();
    await page.getByText('Colour 2', { exact: false }).first().waitFor();
    await shot(page, 'orders-checkout');
    await page.getByRole('button', { name: 'Submit order' }).click();
    await page.waitForURL(/#\/pages\/goods\/payNext\?order_id=\d+/);
    const orderId = Number(/order_id=(\d+)/.exec(page.url())![1]);
    expect(await statusOf(orderId)).toBe('awaiting_payment');
    expect(await stocks(goods.skuIds)).toEqual([6, 3]);

    await page.evaluate((id) => (location.hash = `#/pages/goods/goodsInfo?id=${id}`), goods.goodsId);
    await page.getByText('In stock: 9').waitFor();
    await page.evaluate((id) => (location.hash = `#/pages/order/orderInfo?id=${id}`), orderId);
    await page.getByRole('status').getByText('Awaiting payment').waitFor();
    await shot(page, 'orders-unpaid');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('status').getByText('Cancelled').waitFor();
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await stocks(goods.skuIds)).toEqual([8, 5]);

    await page.evaluate((id) => (location.hash = `#/pages/goods/goodsInfo?id=${id}`), goods.goodsId);
    await page.getByText('In stock: 13').waitFor();
    await page.locator('.goods-spec-line').click();
    await page.locator('.sku-picker [role=radiogroup]').getByRole('radio', { name: 'Colour 2' }).click();
    await expect.poll(() => page.getByTestId('sku-stock').innerText()).toBe('In stock: 5');
  });

  it('pays an order with the wallet; the operator ships it with `npm run ops` in two packages and adds a tracking event; the member follows the parcels and confirms receipt', async () => {
    const goods = await newGoods(db, [{ price: 1250, stock: 8 }, { price: 990, stock: 5 }], { name: `Teapot ${Date.now()}`, currency: 'USD' });
    const { page } = await shopper(`/pages/goods/goodsInfo?id=${goods.goodsId}`);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.locator('.sku-picker [role=radiogroup]').getByRole('radio', { name: 'Colour 1' }).click();
    await page.locator('.sku-picker .adm-stepper-plus').click();
    await page.locator('.sku-picker').getByRole('button', { name: 'Buy now' }).click();
    await page.waitForURL(/#\/pages\/goods\/goodsPay/);
    await page.getByRole('button', { name: 'Submit order' }).click();
    const orderId = await payWithWallet(page);
    expect(await statusOf(orderId)).toBe('paid');
    const [line] = await db.selectFrom('order_lines').select(['id', 'quantity']).where('order_id', '=', orderId).execute();
    expect(line!.quantity).toBe(2);

    // The operator, on the shop's database, from the command line: one unit, then the rest.
    expect(await ops('order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `DHL${orderId}0001`, '--lines', `${line!.id}:1`)).toMatch(/package \d+ shipped; the order is paid/);
    const second = await ops('order', 'ship', String(orderId), '--carrier', 'DHL', '--number', `DHL${orderId}0002`);
    expect(second).toMatch(/package \d+ shipped; the order is shipped/);
    const firstPackage = (await db.selectFrom('order_packages').select('id').where('order_id', '=', orderId).orderBy('id').executeTakeFirstOrThrow()).id;
    expect(await ops('order', 'track', String(firstPackage), '--text', 'Arrived at the Kuala Lumpur depot', '--place', 'Kuala Lumpur')).toBe(`package ${firstPackage}: event added`);
    expect(await statusOf(orderId)).toBe('shipped');

    await page.evaluate((id) => (location.hash = `#/pages/order/orderInfo?id=${id}`), orderId);
    await page.getByRole('status').getByText('Shipped', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Track parcel' }).first().click();
    await page.waitForURL(/#\/pages\/order\/orderSn/);
    const first = page.locator(`[data-package="${firstPackage}"]`);
    await first.getByText('Package 1').waitFor();
    await first.getByText(`DHL · DHL${orderId}0001`).waitFor();
    await first.getByText(`${goods.name} × 1`).waitFor();
    await first.getByText('Arrived at the Kuala Lumpur depot').waitFor();
    await first.getByText('Kuala Lumpur', { exact: false }).last().waitFor();
    await page.getByText('Package 2').waitFor();
    await page.getByText(`DHL · DHL${orderId}0002`).waitFor();
    // Not scanned by the carrier yet: the timeline still says when it was handed over, and to whom.
    await page.locator('[data-package]').nth(1).getByText('Shipped: handed to DHL').waitFor();
    await shot(page, 'orders-tracking');

    await page.goBack();
    await page.getByRole('button', { name: 'Confirm receipt' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('status').getByText('Completed').waitFor();
    await shot(page, 'orders-completed');
    expect(await statusOf(orderId)).toBe('completed');
  });

  it('starts a group buy from the list, pays it and sees the group waiting for one more', async () => {
    const goods = await newGoods(db, [{ price: 3000, stock: 20 }], { name: `Tea set ${Date.now()}`, currency: 'USD' });
    await operatorCall('/admin/api/orders/group-buys', {
      goods_id: goods.goodsId,
      sku_id: goods.skuIds[0],
      group_size: 2,
      fill_hours: 24,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      price: 1990,
      quantity: 10,
    });
    const { page } = await shopper('/pages/pintuan/index');
    await page.locator('.group-buy-card', { hasText: goods.name }).click();
    await page.waitForURL(/#\/pages\/pintuan\/goodsInfo\?id=\d+/);
    await page.getByText('No open groups yet: start one').waitFor();
    await shot(page, 'group-buy-goods');
    await page.getByRole('button', { name: 'Start a group' }).click();
    // What the order will cost, before it is placed: the group price and the total.
    const sheet = page.locator('.adm-popup-body', { hasText: 'Check your order' });
    await sheet.getByText('$19.90').first().waitFor();
    await shot(page, 'group-buy-confirm');
    await sheet.getByRole('button', { name: 'Submit order' }).click();
    const orderId = await payWithWallet(page);
    expect(await statusOf(orderId)).toBe('paid');

    await page.evaluate((id) => (location.hash = `#/pages/pintuan/group?order_id=${id}`), orderId);
    await page.getByText('Waiting for more people to join').waitFor();
    await page.getByText(/^1 of 2 joined · \d+ h \d+ min left$/).waitFor();
    await shot(page, 'group-buy-progress');
  });
});

describe('checkout in Chromium at 1280 px', () => {
  it("keeps the checkout's bottom bar as wide as the 750 px column, not its padding wider", async () => {
    const { page } = await shopper('/pages/goods/goodsPay?goods_id=3&sku_id=14&num=1', { width: 1280, height: 800 });
    await page.locator('.checkout-bar').waitFor();
    const column = (await page.locator('[data-testid="app-column"]').boundingBox())!;
    const bar = (await page.locator('.checkout-bar').boundingBox())!;
    expect(column).toMatchObject({ x: 265, width: 750 });
    expect(bar).toMatchObject({ x: column.x, width: column.width });
    expect(bar.y + bar.height).toBeCloseTo(800, 0);
    await page.close();
  });
});
