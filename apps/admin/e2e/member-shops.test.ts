import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { systemActor } from '../../api/src/lib/actor.js';
import { withTransaction } from '../../api/src/lib/transaction.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { grantMemberRole } from '../../api/src/modules/members/roles.queries.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { changeShopStock } from '../../api/src/modules/user-shop/user-shop.service.js';
import { decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, DESKTOP, memberCall, openConsole, post, shot, sql } from './console.js';

// Member shops in the console at 1280 px: an operator finds a shop in the list, opens its detail
// (stock, orders, slips), approves the audit its owner left with a reason (the units leave the
// shop's stock), removes a damaged unit from its stock, and pauses the shop with a reason; then
// rejects another order in the oversight across shops and asks for a price band (a second operator
// approves it); each decision is recorded.

const PAY_PASSWORD = '975310';
const RUN = Date.now().toString(36);
let browser: Browser;
let db: Database;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
  db = createDatabase(databaseUrl, 2);
});
afterAll(async () => {
  await browser?.close();
  await db?.destroy();
});

/** A shop with 6 units of a 12.00 USD SKU and a buyer's paid order of 2 awaiting the owner's audit. */
async function shopWithOrderToAudit() {
  const owner = await createMemberSession(databaseUrl, 'live');
  await grantMemberRole(db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'operator:e2e', reason: 'service centre' });
  const shop = await memberCall<{ id: number; name: string }>(owner.token, '/attractive/shop/editShop', { name: `Lantern Shop ${RUN}`, intro: 'By the river', contact_mobile: '60123456789', address: '2 Jalan Sungai', region: 'Penang' });
  const goods = await newGoods(db, [{ price: 1200, stock: 50 }], { name: `Lantern ${RUN}`, currency: 'USD' });
  await memberCall(owner.token, '/attractive/shop/shopGoodsSet', { goods_id: goods.goodsId, on_sale: true });
  await withTransaction(db, (tx) => changeShopStock(tx, systemActor('e2e'), { shopId: shop.id, skuId: goods.skuIds[0]!, goodsId: goods.goodsId, delta: 6, cause: 'operator', reference: 'e2e', reason: 'opening stock' }));
  const buyer = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', buyer.userId).execute();
  await fund(db, buyer.userId, 10_000, 'USD');
  const paidOrder = async (num: number) => {
    const order = await memberCall<{ order_id: number; order_no: string }>(buyer.token, '/attractive/buy/createOrder', { shop_id: shop.id, sku_id: goods.skuIds[0], num, pickup: true });
    await memberCall(buyer.token, '/attractive/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
    return order;
  };
  return { shop, skuId: goods.skuIds[0]!, order: await paidOrder(2), second: await paidOrder(1) };
}

describe('member shops in the console, in Chromium at 1280 px', () => {
  it('the list, a shop’s detail (an audit the owner left approved, a unit removed, the shop paused), an order rejected in the oversight and the price band saved, each with a reason', async () => {
    const { shop, skuId, order, second } = await shopWithOrderToAudit();
    const { token, recordedAs } = await consoleOperator('owner', `shops${RUN}`);
    const page = await openConsole(browser, token, '/shops');
    await page.setViewportSize(DESKTOP);

    // The list, searched by the shop's name; the menu names the shops' pages.
    await page.getByRole('menuitem', { name: 'Shop-order oversight' }).waitFor();
    await page.getByTestId('shops-search').locator('input').fill(shop.name);
    await page.getByTestId('shops-search').getByRole('button', { name: 'Search' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: shop.name }).waitFor();
    await shot(page, 'shops-list-1280');
    await page.getByTestId(`shop-${shop.id}`).click();
    await page.waitForURL(/#\/shops\/\d+$/);

    // The detail: 6 units held; the order awaiting audit under Orders.
    await expect.poll(() => page.getByTestId(`stock-${skuId}`).textContent()).toBe('6');
    await page.getByRole('tab', { name: 'Orders' }).click();
    const row = page.locator('.ant-table-tbody tr', { hasText: order.order_no });
    await row.getByText('Awaiting audit').waitFor();
    await shot(page, 'shop-detail-orders-1280');

    // Approve it for the owner, with a reason (refused without one).
    await page.getByTestId(`approve-${order.order_id}`).click();
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByRole('button', { name: 'Approve' }).click();
    await modal.getByText('Give a reason').waitFor();
    await modal.locator('textarea').fill('The owner is travelling');
    await decide(page, 'Approve');
    await row.getByText('Approved').waitFor();
    expect(await sql('select status from shop_orders where id = $1', [order.order_id])).toEqual([{ status: 'approved' }]);

    // The stock: 4 left; one damaged unit removed at once.
    await page.getByRole('tab', { name: 'Stock' }).click();
    await page.getByTestId(`adjust-${skuId}`).click();
    await modal.locator('input').fill('-1');
    await modal.locator('textarea').fill('One lantern arrived cracked');
    await decide(page, 'Adjust');
    await page.locator('.ant-table-tbody tr', { hasText: 'One lantern arrived cracked' }).waitFor();
    await expect.poll(() => page.getByTestId(`stock-${skuId}`).textContent()).toBe('3');
    expect(await sql('select stock from shop_stock where shop_id = $1 and sku_id = $2', [shop.id, skuId])).toEqual([{ stock: 3 }]);

    // Pause the shop with a reason.
    await page.getByTestId('shop-paused').click();
    await modal.locator('textarea').fill('Owner asked for a break');
    await decide(page, 'Pause');
    await page.getByTestId('shop-open').waitFor();
    expect(await sql('select status, status_reason from member_shops where id = $1', [shop.id])).toEqual([{ status: 'paused', status_reason: 'Owner asked for a break' }]);
    expect(await sql(`select action, reason from operator_actions where operator = $1 and action not like 'access.%' order by id`, [recordedAs])).toEqual([
      { action: 'shop_order.approve', reason: 'The owner is travelling' },
      { action: 'shop.stock', reason: 'One lantern arrived cracked' },
      { action: 'shop.paused', reason: 'Owner asked for a break' },
    ]);
    await shot(page, 'shop-detail-1280');

    // The oversight across shops: the other order awaiting audit, rejected with a reason (refunded in full).
    await page.getByRole('menuitem', { name: 'Shop-order oversight' }).click();
    await page.getByTestId('shop-orders-search').locator('input').fill(second.order_no);
    await page.getByTestId('shop-orders-search').getByRole('button', { name: 'Search' }).click();
    await page.locator('.ant-table-tbody tr', { hasText: second.order_no }).getByRole('button', { name: 'Details' }).click();
    await page.getByTestId('action-reject').click();
    await modal.locator('textarea').fill('Lantern no longer sold here');
    await decide(page, 'Reject');
    await expect.poll(async () => (await sql<{ status: string }>('select status from shop_orders where id = $1', [second.order_id]))[0]!.status).toBe('rejected');
    await shot(page, 'shop-orders-1280');

    // The settings: a price band of 10 % below and 5 % above the platform's price, asked with a reason.
    // It shapes what owners earn: the page shows it waiting, and it is in force once a second operator approves.
    await page.getByRole('menuitem', { name: 'Shop settings' }).click();
    await page.getByTestId('shop-setting-below').fill('10');
    await page.getByTestId('shop-setting-above').fill('5');
    await page.getByTestId('shop-settings-save').click();
    await modal.locator('textarea').fill('Owners may discount a little');
    await decide(page, 'Save');
    await page.getByText('a second operator approves it').first().waitFor();
    await page.getByTestId('shop-settings-waiting').getByText(/Below the platform's price: .* → 10 %/).waitFor();
    await page.getByTestId('shop-settings-waiting').getByText(/Above the platform's price: .* → 5 %/).waitFor();
    expect(await sql('select price_below_bp, price_above_bp from shop_settings')).not.toEqual([{ price_below_bp: 1000, price_above_bp: 500 }]);
    await shot(page, 'shop-settings-1280');
    const [request] = await sql<{ id: number }>("select id from approval_requests where kind = 'shop.settings' and status = 'pending' and requested_by = $1", [recordedAs]);
    const approver = await consoleOperator('owner', `shops2${RUN}`);
    await post('/admin/api/approvals/decide', { id: request!.id, decision: 'approve' }, approver.token);
    expect(await sql('select price_below_bp, price_above_bp from shop_settings')).toEqual([{ price_below_bp: 1000, price_above_bp: 500 }]);
  }, 120_000);
});
