import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { newAddress, newOperatorSession } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';

// A member's side of after-sales on a 375 px phone, against the running shop: a return asked from the
// received order's page with photos as evidence, and a review of the goods bought. The whole return
// (the console deciding, the goods sent back, the refund) is the console's browser test of after-sales.

const PAY_PASSWORD = '864200';
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

/** A call as the app or the console sends it; its data, or a failure naming the answer. */
async function call(url: string, authorization: string, body: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json', 'think-lang': 'en-us', 'idempotency-key': `e2e-${Math.random().toString(36).slice(2)}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: any };
  if (json.code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
  return json.data;
}

/** A signed-in member who bought `units` of a new goods, paid from the wallet and received it. */
async function receivedOrder(units: number) {
  const name = `Kettle ${Date.now()}`;
  const goods = await newGoods(db, [{ price: 1250, stock: 5 }], { name, currency: 'USD' });
  const member = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member.userId).execute();
  const addressId = await newAddress(db, member.userId);
  await fund(db, member.userId, 100_000, 'USD');
  // Bought, paid, shipped and received through the shop's own calls (the browser tests of orders walk these pages).
  const bearer = `Bearer ${member.token}`;
  const order = await call('/shop/buy/createOrder', bearer, { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: units, address_id: addressId });
  await call('/shop/buy/payOrder', bearer, { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  await call('/admin/api/orders/ship', operator.headers.authorization, { order_id: order.order_id, carrier: 'DHL', tracking_number: `AS${order.order_id}X` });
  await call('/shop/order/confirmReceipt', bearer, { id: order.order_id });
  const page = await browser.open(`/pages/order/orderInfo?id=${order.order_id}`, {
    snoozePopups: true,
    localStorage: {
      'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName } }, version: 0 }),
      'shop.session.refreshedAt': String(Date.now()),
    },
  });
  return { member, name, goodsId: goods.goodsId, orderId: order.order_id as number, page };
}

describe('after-sales in Chromium at 375 px', () => {
  it('a member asks for a return from the received order’s page, with a photo of two chosen and one taken off again', async () => {
    const { member, name, orderId, page } = await receivedOrder(2);
    await page.getByRole('button', { name: 'After-sales', exact: true }).click();
    await page.waitForURL(/#\/pages\/order\/realSale\?order_id=\d+/);
    await page.getByText(name).waitFor();
    // Nothing chosen: refused on the page, nothing sent.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('At least one order item must be chosen').waitFor();
    await page.locator('.adm-stepper').filter({ has: page.getByLabel(`Quantity of ${name}`) }).locator('.adm-stepper-plus').click();
    await page.getByText('No longer needed').click();
    await page.getByPlaceholder('Describe the problem').fill('One is enough');
    // Two photos from the phone, then one taken off again: the case keeps the one left.
    const photo = (r: number) => sharp({ create: { width: 600, height: 400, channels: 3, background: { r, g: 90, b: 60 } } }).png().toBuffer();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Add a picture or video' }).click()]);
    await chooser.setFiles([
      { name: 'box.png', mimeType: 'image/png', buffer: await photo(200) },
      { name: 'label.png', mimeType: 'image/png', buffer: await photo(40) },
    ]);
    const shown = page.locator('.as-evidence-item img');
    await expect.poll(() => shown.count()).toBe(2);
    // Shown by its signed address; the case keeps the upload's own.
    const kept = (await shown.nth(1).getAttribute('src'))!.split('?')[0];
    await page.getByRole('button', { name: 'Remove' }).first().click();
    await expect.poll(() => shown.count()).toBe(1);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/#\/pages\/order\/saleInfo\?id=\d+/);
    const caseId = Number(/saleInfo\?id=(\d+)/.exec(page.url())![1]);
    await page.getByText('Under review').first().waitFor();
    const opened = await db.selectFrom('after_sales').select(['user_id', 'kind', 'status', 'refundable_minor']).where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(opened).toMatchObject({ user_id: member.userId, kind: 'return', status: 'under_review' });
    // One of two units of a 25.00 order without freight: half of it.
    expect(Number(opened.refundable_minor)).toBe(1250);
    const lines = await db.selectFrom('after_sale_lines').select(['qty']).where('case_id', '=', caseId).execute();
    expect(lines).toEqual([{ qty: 1 }]);
    const evidence = await db.selectFrom('after_sale_evidence').select(['kind', 'url']).where('case_id', '=', caseId).execute();
    expect(evidence).toEqual([{ kind: 'image', url: kept }]);
    // The case shows it, drawn (its signed address answered).
    await expect.poll(() => page.locator(`img[src^="${kept}?"]`).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(600);
    // The order's page leads to its cases (this order's only), and still to asking about the unit left.
    await page.evaluate((id) => (location.hash = `#/pages/order/orderInfo?id=${id}`), orderId);
    await page.getByRole('button', { name: 'After-sales', exact: true }).waitFor();
    await page.getByRole('button', { name: 'View after-sales' }).click();
    await page.waitForURL(new RegExp(`#/pages/order/salingAfter\\?order_id=${orderId}$`));
    await page.getByText('Requests for this order').waitFor();
    await page.locator(`[data-case="${caseId}"]`).getByText('Under review').waitFor();
    await page.close();
  }, 90_000);

  it('a member reviews the received goods from the order, and the goods page shows the review with the SKU bought', async () => {
    const { member, name, goodsId, page } = await receivedOrder(1);
    await page.getByRole('button', { name: 'Review' }).click();
    const sheet = page.locator('.adm-popup-body', { hasText: name });
    // The sheet fits the phone: its button and the words' counter are whole on the screen.
    for (const part of [sheet.getByRole('button', { name: 'Post review' }), sheet.getByText('0/140')]) {
      const box = (await part.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await sheet.getByRole('radio', { name: '4', exact: true }).click();
    await sheet.getByPlaceholder('How was it? (optional)').fill('Boils fast and quietly');
    await sheet.getByRole('button', { name: 'Post review' }).click();
    await page.getByText('Thank you for your review').waitFor();
    const saved = await db.selectFrom('goods_reviews').select(['user_id', 'rating', 'content', 'sku_text']).where('goods_id', '=', goodsId).execute();
    expect(saved).toEqual([{ user_id: member.userId, rating: 4, content: 'Boils fast and quietly', sku_text: 'Colour 1' }]);

    await page.evaluate((id) => (location.hash = `#/pages/goods/goodsInfo?id=${id}`), goodsId);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('Boils fast and quietly').waitFor();
    const review = reviews.locator('.review', { hasText: 'Boils fast and quietly' });
    expect(await review.locator('.review-sku').innerText()).toBe('Colour 1');
    expect(await review.getByRole('img').getAttribute('aria-label')).toMatch(/4/);
    await page.close();
  }, 90_000);
});
