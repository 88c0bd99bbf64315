import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { chooseGatewayAndPay } from './pay-page.js';
import { createDatabase } from '../../api/src/db/database.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { baseUrl, databaseUrl } from './shop.js';

const PAY_PASSWORD = '975310';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

async function orderStatus(orderId: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ status: string }>('select status from orders where id = $1', [orderId])).rows[0]!.status;
  } finally {
    await client.end();
  }
}

/** A signed-in member with a pay password, some USD in the wallet and an order of one teapot awaiting payment (placed through the API). */
async function memberWithOrder(): Promise<{ page: Page; orderId: number }> {
  const member = await createMemberSession(databaseUrl, 'live');
  const db = createDatabase(databaseUrl, 2);
  let orderId: number;
  try {
    await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member.userId).execute();
    const addressId = await newAddress(db, member.userId);
    const g = await newGoods(db, [{ price: 1500, stock: 10 }], { name: 'Payment teapot', currency: 'USD' });
    const post = async (url: string, body: unknown) => {
      const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as { code: number; data: any };
      if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const placed = (await post('/shop/buy/createOrder', { goods_id: g.goodsId, sku_id: g.skuIds[0], num: 1, address_id: addressId, remarks: '' })) as { order_id: number; currency: string };
    await fund(db, member.userId, 100_000, placed.currency);
    orderId = placed.order_id;
  } finally {
    await db.destroy();
  }
  const page = await browser.open(`/pages/goods/payNext?order_id=${orderId}`, {
    localStorage: {
      'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
    },
  });
  return { page, orderId };
}

/** Chooses Stripe's card method and arrives on the sandbox's hosted page. */
async function toStripeSandbox(page: Page) {
  // The notice is on the pay page; Pay goes straight to the gateway's hosted page.
  await chooseGatewayAndPay(page, /Card \(Visa/);
  await page.waitForURL(/\/sandbox\/stripe\/pay\//);
}

describe('paying in Chromium', () => {
  it('pays an order with the wallet balance after the pay password', async () => {
    const { page, orderId } = await memberWithOrder();
    await page.getByRole('radio', { name: /Wallet balance/ }).click();
    await page.locator('input[name="pay_password"]').fill(PAY_PASSWORD);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.getByText('Payment successful').waitFor();
    expect(page.url()).toContain('#/pages/goods/payFinish');
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it('pays an order through the Stripe sandbox\'s hosted page and comes back to the result', async () => {
    const { page, orderId } = await memberWithOrder();
    await toStripeSandbox(page);
    expect(await orderStatus(orderId)).toBe('awaiting_payment');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/#\/pages\/goods\/payFinish/);
    await page.getByText('Payment successful').waitFor();
    expect(await orderStatus(orderId)).toBe('paid');
  });

  it('shows "Payment Failed" when the gateway refuses, and the order can still be paid', async () => {
    const { page, orderId } = await memberWithOrder();
    await toStripeSandbox(page);
    await page.getByRole('button', { name: 'Fail', exact: true }).click();
    await page.waitForURL(/#\/pages\/goods\/payFinish/);
    await page.getByText('Payment Failed').first().waitFor();
    expect(await page.getByText('Payment successful').count()).toBe(0);
    expect(await orderStatus(orderId)).toBe('awaiting_payment');
    await page.getByRole('button', { name: 'Pay again' }).click();
    await page.waitForURL(/#\/pages\/goods\/payNext\?order_id=/);
    await page.getByRole('radio', { name: /Wallet balance/ }).waitFor();
  });
});
