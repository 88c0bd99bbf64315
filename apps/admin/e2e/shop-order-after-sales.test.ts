import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { systemActor } from '../../api/src/lib/actor.js';
import { withTransaction } from '../../api/src/lib/transaction.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { grantMemberRole } from '../../api/src/modules/members/roles.queries.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { changeShopStock } from '../../api/src/modules/user-shop/user-shop.service.js';
import { decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, DESKTOP, memberCall, openConsole, shot } from './console.js';

// After-sales of a member-shop order in two browsers: the buyer, on a 375 px phone, opens their shop
// orders, asks for a return of one unit from the order's card (the realSale page with the shop
// order); the operator, at 1280 px, finds the case in the after-sales queue marked as the shop's
// order (the queue filtered to member-shop orders) and approves it; the buyer's case page and the owner's order then show it.

const PAY_PASSWORD = '975310';
const RUN = Date.now().toString(36);
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

/** A shop holding a 12.00 USD SKU and a buyer's shop order of 2 units, approved, shipped and received. */
async function receivedShopOrder() {
  const owner = await createMemberSession(databaseUrl, 'live');
  await grantMemberRole(db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'operator:e2e', reason: 'service centre' });
  const shop = await memberCall<{ id: number; name: string }>(owner.token, '/attractive/shop/editShop', { name: `Harbour Shop ${RUN}`, intro: 'By the harbour', contact_mobile: '60123456789', address: '3 Jalan Pantai', region: 'Melaka' });
  const goods = await newGoods(db, [{ price: 1200, stock: 50 }], { name: `Kettle ${RUN}`, currency: 'USD' });
  await memberCall(owner.token, '/attractive/shop/shopGoodsSet', { goods_id: goods.goodsId, on_sale: true });
  await withTransaction(db, (tx) => changeShopStock(tx, systemActor('e2e'), { shopId: shop.id, skuId: goods.skuIds[0]!, goodsId: goods.goodsId, delta: 3, cause: 'operator', reference: 'e2e', reason: 'opening stock' }));
  const buyer = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', buyer.userId).execute();
  await fund(db, buyer.userId, 10_000, 'USD');
  const addressId = await newAddress(db, buyer.userId);
  const order = await memberCall<{ order_id: number; order_no: string }>(buyer.token, '/attractive/buy/createOrder', { shop_id: shop.id, sku_id: goods.skuIds[0], num: 2, address_id: addressId });
  await memberCall(buyer.token, '/attractive/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  await memberCall(owner.token, '/attractive/shop/shopOrderAuth', { id: order.order_id, decision: 'approve' });
  await memberCall(owner.token, '/attractive/shop/changeOrderState', { id: order.order_id, to: 'shipped', carrier: 'DHL', tracking_number: `SO${order.order_id}X` });
  await memberCall(buyer.token, '/attractive/order/confirm', { id: order.order_id });
  return { owner, shop, buyer, order };
}

describe('after-sales of a member-shop order in Chromium: the buyer at 375 px, the console at 1280 px', () => {
  it('a return asked from the buyer’s shop order, found in the console’s queue as the shop’s order and approved', async () => {
    const { owner, shop, buyer, order } = await receivedShopOrder();
    const { token: opToken } = await consoleOperator('owner', `sas${RUN}`);
    const line = await db.selectFrom('shop_order_lines').select('id').where('order_id', '=', order.order_id).executeTakeFirstOrThrow();

    // The buyer's shop orders, on the phone: the received order offers after-sales.
    const phone = await phoneBrowser.open('/pages/shop/buyerOrders', {
      snoozePopups: true,
      localStorage: {
        'shop.session': JSON.stringify({ state: { token: buyer.token, user: { id: buyer.userId, user_name: buyer.userName } }, version: 0 }),
        'shop.session.refreshedAt': String(Date.now()),
      },
    });
    const card = phone.locator(`[data-shop-order="${order.order_id}"]`);
    await card.waitFor();
    await card.getByRole('button', { name: 'Apply for after-sales' }).click();
    await phone.waitForURL(/realSale\?shop_order_id=\d+/);

    // A return of one of the two units.
    await phone.getByText('Return & refund').click();
    await phone.locator(`[data-line="${line.id}"] .adm-stepper-plus`).click();
    await phone.getByText('No longer needed').click();
    await phone.getByText('$12.00').first().waitFor();
    await phone.getByRole('button', { name: 'Submit' }).click();
    await phone.waitForURL(/saleInfo\?id=\d+/);
    const caseId = Number(/id=(\d+)/.exec(phone.url())![1]);
    const row = await db.selectFrom('after_sales').select(['case_no', 'order_id', 'shop_order_id', 'status']).where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ order_id: null, shop_order_id: order.order_id, status: 'under_review' });
    await phone.getByText('Under review').first().waitFor();
    await phone.getByText(shop.name).first().waitFor();
    await shot(phone, 'shop-order-after-sale-requested-375');

    // The console's queue: the case is marked as the shop's order; the operator approves it.
    const desk = await openConsole(deskBrowser, opToken, '/orders/after-sales');
    await desk.setViewportSize(DESKTOP);
    await desk.locator('.ant-segmented-item', { hasText: /^Under review$/ }).click();
    // Only member-shop orders' cases.
    await desk.getByTestId('after-sales-filter').click();
    await desk.locator('.ant-select-item-option', { hasText: 'Member-shop orders' }).click();
    const queued = desk.locator('.ant-table-tbody tr', { hasText: row.case_no });
    await queued.waitFor();
    await queued.getByText(`Shop order · ${shop.name}`).waitFor();
    await shot(desk, 'shop-order-after-sale-queue-1280');
    await queued.getByRole('button', { name: 'Details' }).click();
    await desk.getByTestId('action-approve').click();
    await decide(desk, 'Approve');
    await expect.poll(async () => (await db.selectFrom('after_sales').select('status').where('id', '=', caseId).executeTakeFirstOrThrow()).status).toBe('awaiting_return');

    // The shop's detail in the console shows the order's case too.
    await desk.goto(`${baseUrl}/admin/#/shops/${shop.id}`);
    await desk.getByRole('tab', { name: 'Orders' }).click();
    await desk.locator(`[data-after-sale="${order.order_id}"]`).getByText('Awaiting return').waitFor();

    // The buyer reads the approval; the owner's order shows the case (read-only).
    await phone.reload();
    await phone.getByText('Approved: send the goods back').first().waitFor();
    const res = await fetch(`${baseUrl}/attractive/shop/shopOrderInfo?id=${order.order_id}`, { headers: { authorization: `Bearer ${owner.token}` } });
    const info = (await res.json()) as { data: { has_after_sale: boolean; after_sale: { status: string; open: number } } };
    expect(info.data).toMatchObject({ has_after_sale: true, after_sale: { status: 'awaiting_return', open: 1 } });
  });
});
