import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, memberCall, openConsole, post, shot } from './console.js';

// Operators testing the console in Traditional Chinese and Japanese at 1280 and 768 px found dates
// broken mid-word ("2026年12月2日 下" / "午6:23"), an order's "新增物流事件" cut at the drawer's edge, its
// payments and packages cut on the right at 768 px, a review's reply running under the pinned actions
// and the goods editor's save bubble against the window's edge. Each table fits its frame or scrolls
// inside it, a date stays on one line, and nothing runs past the window.

const RUN = Date.now().toString(36);
const PAY_PASSWORD = '246810';
// Each package's own tracking number: a carrier's number names one parcel.
let parcels = 0;
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

/** A member's order paid from the balance, shipped in one package by an operator. */
async function shippedOrder(token: string) {
  const member = await createMemberSession(databaseUrl, 'live');
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', member.userId).execute();
  const addressId = await newAddress(db, member.userId);
  await fund(db, member.userId, 100_000, 'USD');
  const goods = await newGoods(db, [{ price: 700, stock: 9 }], { name: `Layout teapot ${RUN}`, currency: 'USD' });
  await memberCall(member.token, '/shop/cart/add', { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 2 });
  const order = await memberCall<{ order_id: number; order_no: string }>(member.token, '/shop/buy/createOrder', { address_id: addressId });
  await memberCall(member.token, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  await post('/admin/api/orders/ship', { order_id: order.order_id, carrier: 'J&T Express', tracking_number: `JT${RUN}${++parcels}`.toUpperCase() }, token);
  return order;
}

/** Each of `selector`'s elements that runs past `right` px, or is cut inside its own box (its text wider than it). */
const outside = (page: Page, selector: string, right: number) =>
  page.evaluate(
    ({ selector, right }) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.getBoundingClientRect().right > right + 0.5 || el.getBoundingClientRect().left < -0.5)
        .map((el) => `${el.textContent?.trim().slice(0, 40)}: ${Math.round(el.getBoundingClientRect().left)}–${Math.round(el.getBoundingClientRect().right)} px`),
    { selector, right },
  );

/** The body cells under `heading` in `scope`'s tables that take more than one line or whose text is cut. */
const brokenCells = (page: Page, scope: string, heading: string) =>
  page.evaluate(
    ({ scope, heading }) => {
      const bad: string[] = [];
      for (const table of document.querySelectorAll(`${scope} .ant-table`)) {
        const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
        const at = headers.indexOf(heading);
        if (at < 0) continue;
        for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
          const cell = row.querySelectorAll(':scope > td')[at] as HTMLElement | undefined;
          if (!cell) continue;
          const style = getComputedStyle(cell);
          const lines = (cell.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / (parseFloat(style.lineHeight) || 22);
          const inner = (cell.querySelector('.ant-table-cell-content, .ant-typography') as HTMLElement | null) ?? cell;
          if (lines > 1.5 || inner.scrollWidth > inner.clientWidth + 1) bad.push(`${heading}: ${cell.textContent} (${cell.clientWidth} px)`);
        }
      }
      return bad;
    },
    { scope, heading },
  );

/** Where the first package's 新增物流事件 (`name`) lies against the packages table's frame: inside it, whole, with no scrolling. */
async function addEventInFrame(page: Page, name: string) {
  const drawer = page.locator('.ant-drawer-content-wrapper');
  const button = drawer.locator('[role="region"] .ant-table-row').first().getByRole('button', { name });
  await button.waitFor();
  const frame = (await drawer.locator('[role="region"] .ant-table-container').boundingBox())!;
  const box = (await button.boundingBox())!;
  return { left: box.x >= frame.x - 0.5, right: box.x + box.width <= frame.x + frame.width + 0.5 };
}

describe('the console in Chinese and Japanese at 1280 and 768 px (Chromium)', () => {
  it('an order in Traditional Chinese at 1280 px: its date on one line, the package’s 新增物流事件 whole in the drawer', async () => {
    const { token } = await consoleOperator('owner', `cjk${RUN}`);
    const order = await shippedOrder(token);
    const page = await openConsole(browser, token, '/orders', { 'admin.lang': 'zh-tw' });
    await page.getByTestId('state-tabs').getByText('已出貨').click();
    await page.getByTestId('order-search').locator('input').fill(order.order_no);
    await page.getByTestId('order-search').locator('input').press('Enter');
    await page.locator('.ant-table-row', { hasText: order.order_no }).waitFor();
    await page.getByTestId(`order-${order.order_id}`).click();
    expect(await addEventInFrame(page, '新增物流事件')).toEqual({ left: true, right: true });
    await shot(page, 'order-drawer-zh-tw-1280');
    expect(await outside(page, '.ant-drawer-content-wrapper .ant-table-container', 1280)).toEqual([]);
    // The list behind the drawer: the order's date on one line.
    expect(await brokenCells(page, 'main', '下單時間')).toEqual([]);
    await page.close();
  });

  it('an order in Japanese at 768 px: the drawer, its payments and packages within the window, 申請日時 and 注文日時 whole', async () => {
    const { token } = await consoleOperator('owner', `jp${RUN}`);
    const order = await shippedOrder(token);
    const page = await openConsole(browser, token, '/orders', { 'admin.lang': 'jp' });
    await page.setViewportSize({ width: 768, height: 900 });
    await page.getByTestId('order-search').locator('input').fill(order.order_no);
    await page.getByTestId('order-search').locator('input').press('Enter');
    await page.getByTestId('state-tabs').getByText('すべて').click();
    await page.locator('.ant-table-row', { hasText: order.order_no }).waitFor();
    await page.getByTestId(`order-${order.order_id}`).click();
    await page.getByTestId('payable-payments').locator('.ant-table-row').first().waitFor();
    expect(await addEventInFrame(page, '配送状況を追加')).toEqual({ left: true, right: true });
    await shot(page, 'order-drawer-jp-768');
    expect(await outside(page, '.ant-drawer-content-wrapper, .ant-drawer-content-wrapper .ant-table-container', 768)).toEqual([]);
    expect(await brokenCells(page, '[data-testid="payable-payments"]', '申請日時')).toEqual([]);
    expect(await page.locator('.ant-drawer-content-wrapper').getByText('注文日時').count()).toBe(1);
    await page.close();
  });

  it('goods reviews in Traditional Chinese at 1280 px: the reply beside the pinned 操作, never under it; the date whole', async () => {
    const goods = await newGoods(db, [{ price: 1200, stock: 5 }], { name: `評價版面 ${RUN}` });
    const member = await createMemberSession(databaseUrl, 'live');
    const reply = `感謝您的評價！我們會持續改進包裝與出貨速度，如有任何問題歡迎隨時聯絡客服，我們將盡快為您處理。${RUN}`;
    await db
      .insertInto('goods_reviews')
      .values({ goods_id: goods.goodsId, user_id: member.userId, author_name: member.userName, rating: 5, content: '茶壺很好用，出水順暢。', images: JSON.stringify([]), sku_text: '顏色 1', reply, replied_by: `reviewer.owner.${RUN}#12`, replied_at: new Date() })
      .execute();
    const { token } = await consoleOperator('owner', `rv${RUN}`);
    const page = await openConsole(browser, token, '/catalogue/reviews', { 'admin.lang': 'zh-tw' });
    await page.getByTestId('reviews-search').locator('input').fill(`評價版面 ${RUN}`);
    await page.getByTestId('reviews-search').locator('input').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '茶壺很好用' });
    await row.waitFor();
    await shot(page, 'reviews-zh-tw-1280');
    const overlap = await row.evaluate((tr) => {
      const pinned = tr.querySelector(':scope > td[class*="cell-fix"]')!.getBoundingClientRect();
      const replyCell = [...tr.querySelectorAll(':scope > td')].find((td) => td.querySelector('[data-testid^="reply-"]'))!;
      // Every piece of text of the reply's cell ends before the pinned column starts.
      const walker = document.createTreeWalker(replyCell, NodeFilter.SHOW_TEXT);
      const past: string[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(n);
        for (const r of range.getClientRects()) if (r.right > pinned.left + 0.5) past.push(`${n.textContent?.slice(0, 30)} → ${Math.round(r.right)} px`);
      }
      return { past, pinned: Math.round(pinned.left) };
    });
    expect(overlap.past).toEqual([]);
    const written = await row.evaluate((tr) => {
      const cells = [...tr.querySelectorAll(':scope > td')];
      const headers = [...tr.closest('table')!.parentElement!.closest('.ant-table')!.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
      return cells[headers.indexOf('發表時間')]?.textContent;
    });
    expect(written).toMatch(/^\d{4}\/\d{2}\/\d{2}\s\d{2}:\d{2}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.close();
  });

  it('the approvals thresholds in Traditional Chinese at 1280 px: 時間 whole; the goods editor’s save bubble inside the window', async () => {
    const { token } = await consoleOperator('owner', `th${RUN}`);
    const page = await openConsole(browser, token, '/approvals', { 'admin.lang': 'zh-tw' });
    await page.locator('.ant-table-thead th', { hasText: '每位操作員每日限額' }).first().waitFor();
    await page.locator('.ant-table', { has: page.locator('thead th', { hasText: '每位操作員每日限額' }) }).locator('.ant-table-row').first().waitFor();
    await shot(page, 'approval-limits-zh-tw-1280');
    expect(await brokenCells(page, 'main', '時間')).toEqual([]);

    await page.goto(`${baseUrl}/admin/#/catalogue/goods/new`);
    await page.getByTestId('save-goods').click();
    const bubble = page.locator('.ant-popover:visible .ant-popover-content, .ant-popconfirm:visible .ant-popover-content').first();
    await bubble.waitFor();
    await shot(page, 'goods-save-bubble-zh-tw-1280');
    const box = await bubble.boundingBox();
    // Its right edge at Save's, which keeps the page's margin (24 px) from the window's edge.
    expect(1280 - (box!.x + box!.width)).toBeGreaterThanOrEqual(24);
    await page.close();
  });
});
