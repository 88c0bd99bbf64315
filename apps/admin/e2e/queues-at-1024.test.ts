import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConsolePacks } from '../../../packages/contract/src/i18n/packs.js';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { systemActor } from '../../api/src/lib/actor.js';
import { withTransaction } from '../../api/src/lib/transaction.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { markOrderPaid } from '../../api/src/modules/orders/orders.service.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { tronAddressOf } from '../../api/src/modules/wallet/__tests__/crypto-addresses.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { grantMemberRole } from '../../api/src/modules/members/roles.queries.js';
import { changeShopStock } from '../../api/src/modules/user-shop/user-shop.service.js';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, memberCall, openConsole } from './console.js';

// At 1024 x 768 the withdrawals queue scrolled sideways inside its table,
// the "Created" time cut and the Status column hidden behind the pinned actions (at 1280 all showed).
// Every queue made with ReviewQueue is looked at in English, Chinese and Hungarian (the longest
// words) at 1024 and 1280 px: its state and amount columns lie wholly between the frame's left edge
// and the pinned actions, no state tag or amount runs past its cell, and at 1024 the table needs no
// sideways scrolling at all (nor does the page), its columns asking for no more than the 740 px such a
// window leaves the table when it shows a scrollbar.

const PAY_PASSWORD = '246810';
/** What a 1024 px window leaves the table with a scrollbar beside the page (Chromium here draws none). */
const ROOM_AT_1024 = 740;
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

/** ADMIN_SCREENSHOTS=dir keeps what the window shows (not the whole page: what an operator at 1024 x 768 sees). */
async function windowShot(page: Page, name: string) {
  if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.ADMIN_SCREENSHOTS, `${name}.png`) });
}

/** Rows waiting in each queue's first tab: a withdrawal, a bank transfer, a real name, a cancellation, a feedback. */
async function waitingRows() {
  const payer = await createMemberSession(databaseUrl, 'live');
  await db
    .insertInto('certifications')
    .values({ user_id: payer.userId, kind: 'international', country: 'MY', document_type: 'passport', document_number: `Q${payer.userId}7`, surname: 'Lim', given_name: 'Wei', title: null, birthday: null, referral_code: null, status: 'approved', reason: null, reviewed_by: 'e2e', reviewed_at: new Date() })
    .execute();
  await db.updateTable('users').set({ pay_password_hash: await hashPassword(PAY_PASSWORD) }).where('id', '=', payer.userId).execute();
  await fund(db, payer.userId, 2_500_000, 'USD');
  const withdrawal = await memberCall<{ withdraw_no: string }>(payer.token, '/coin/withdraw/create', { network: 'TRC20', address: tronAddressOf(`e2e-queue-layout-${payer.userId}`), amount: '9876.54', currency: 'USD', pay_password: PAY_PASSWORD });
  const topUp = `RC${Date.now()}`;
  await db
    .insertInto('recharge_orders')
    .values({ order_no: topUp, user_id: payer.userId, channel: 'bank_transfer', kind: 'bank_transfer', status: 'under_review', pay_currency: 'USD', pay_amount: 1_234_567, wallet_currency: 'USD', credit_amount: 1_234_567, rate: '1', rate_source: 'identity', rate_date: new Date().toISOString().slice(0, 10), slip: null })
    .execute();
  const asker = await createMemberSession(databaseUrl, 'live');
  await db
    .insertInto('certifications')
    .values({ user_id: asker.userId, kind: 'international', country: 'HU', document_type: 'passport', document_number: `H${asker.userId}8`, surname: 'Kovács', given_name: 'Erzsébet', title: null, birthday: null, referral_code: null, status: 'pending', reason: null, reviewed_by: null, reviewed_at: null })
    .execute();
  await db.insertInto('account_cancellations').values({ user_id: asker.userId, status: 'pending', reason: null, reviewed_by: null, reviewed_at: null, completed_at: null, created_at: new Date(), updated_at: new Date() }).execute();
  const category = await db.selectFrom('feedback_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('feedbacks').values({ member_id: asker.userId, category_id: category.id, content: 'The parcel arrived a week late and the box was crushed on one side.', created_at: new Date() }).execute();
  // A member's shop with a paid order waiting for its owner's audit (the oversight's first tab).
  const owner = await createMemberSession(databaseUrl, 'live');
  await grantMemberRole(db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'operator:e2e', reason: 'layout check' });
  const shop = await memberCall<{ id: number }>(owner.token, '/attractive/shop/editShop', { name: `Queue Layout Shop ${RUN}`, intro: 'By the river', contact_mobile: '60123456789', address: '2 Jalan Sungai', region: 'Penang' });
  const goods = await newGoods(db, [{ price: 1_250_000, stock: 50 }], { name: `Queue lantern ${RUN}`, currency: 'USD' });
  await memberCall(owner.token, '/attractive/shop/shopGoodsSet', { goods_id: goods.goodsId, on_sale: true });
  await withTransaction(db, (tx) => changeShopStock(tx, systemActor('e2e'), { shopId: shop.id, skuId: goods.skuIds[0]!, goodsId: goods.goodsId, delta: 6, cause: 'operator', reference: 'e2e', reason: 'opening stock' }));
  const order = await memberCall<{ order_id: number; order_no: string }>(payer.token, '/attractive/buy/createOrder', { shop_id: shop.id, sku_id: goods.skuIds[0], num: 1, pickup: true });
  await memberCall(payer.token, '/attractive/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: PAY_PASSWORD });
  return { withdrawal: withdrawal.withdraw_no, topUp, payer: payer.userName, asker: asker.userName, shopOrder: order.order_no };
}

interface Queue {
  hash: string;
  /** A row's text to wait for ('' when the queue may be empty: its headings are measured). */
  row: string;
  /** The columns that must be in view, by their texts' keys. */
  columns: string[];
}

/** What is out of view on the page's first table: state and amount columns under the actions or past the frame, cut tags and amounts, sideways scrolling. */
const outOfView = (page: Page, headings: string[], actions: string, noScroll: boolean) =>
  page.evaluate(
    ({ headings, actions, noScroll, room }) => {
      const bad: string[] = [];
      const frame = document.querySelector('.ant-layout-content .ant-table-container') as HTMLElement;
      const box = frame.getBoundingClientRect();
      if (box.right > window.innerWidth) bad.push(`the table runs to ${Math.round(box.right)} px`);
      const heads = [...frame.querySelectorAll('thead th')] as HTMLElement[];
      // A heading may name two facts of one column ("Withdrawal no. · Created").
      const index = (name: string) => heads.findIndex((h) => (h.textContent ?? '').split(' · ').some((part) => part.trim() === name));
      const pinned = heads[index(actions)];
      if (!pinned) return [`no ${actions} column`];
      const edge = pinned.getBoundingClientRect().left;
      if (pinned.getBoundingClientRect().right > box.right + 1) bad.push(`${actions} past the frame`);
      for (const name of headings) {
        const i = index(name);
        if (i < 0) {
          bad.push(`no ${name} column`);
          continue;
        }
        const r = heads[i]!.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > edge + 1) bad.push(`${name} at ${Math.round(r.left)}–${Math.round(r.right)} px, in view ${Math.round(box.left)}–${Math.round(edge)} px`);
        // What a cell shows (a state's tag, an amount) stays inside the cell.
        for (const row of frame.querySelectorAll('tbody tr.ant-table-row')) {
          const cell = row.querySelectorAll(':scope > td')[i] as HTMLElement | undefined;
          if (!cell) continue;
          const c = cell.getBoundingClientRect();
          for (const el of cell.querySelectorAll('*')) {
            const e = el.getBoundingClientRect();
            if (e.width > 0 && (e.right > c.right + 1 || e.right > edge + 1)) bad.push(`${name}: "${el.textContent}" runs to ${Math.round(e.right)} px, its cell ends at ${Math.round(c.right)} px`);
          }
        }
      }
      if (noScroll) {
        // The width the table is given (its columns' sum; 'max-content' when they have none).
        const asked = (frame.querySelector('table') as HTMLElement).style.width;
        if (!(parseFloat(asked) <= room)) bad.push(`the table is ${asked} wide, more than the ${room} px a 1024 px window leaves`);
        const scroller = (frame.querySelector('.ant-table-body') ?? frame.querySelector('.ant-table-content')) as HTMLElement;
        if (scroller.scrollWidth > scroller.clientWidth + 1) bad.push(`the table scrolls sideways: ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
      }
      return [...new Set(bad)];
    },
    { headings, actions, noScroll, room: ROOM_AT_1024 },
  );

describe('review queues at 1024 and 1280 px (Chromium)', () => {
  it('withdrawals, top-ups, real names, cancellations, after-sales, shop orders and feedback: the state and the amount in view, no sideways scrolling at 1024', async () => {
    const rows = await waitingRows();
    const stamp = Date.now().toString(36);
    const { token } = await consoleOperator('owner', `queues${stamp}`);
    const queues: Queue[] = [
      { hash: '/reviews/withdrawals', row: rows.withdrawal, columns: ['console.common.status', 'console.common.amount'] },
      { hash: '/reviews/recharges', row: rows.topUp, columns: ['console.common.status', 'console.recharge.paid', 'console.recharge.credited'] },
      { hash: '/reviews/realname', row: rows.asker, columns: ['console.common.status'] },
      { hash: '/reviews/cancellation', row: rows.asker, columns: ['console.common.status'] },
      { hash: '/orders/after-sales', row: '', columns: ['console.common.status', 'console.common.amount'] },
      { hash: '/shops/orders', row: rows.shopOrder, columns: ['console.common.status', 'console.common.amount'] },
      { hash: '/support/feedback', row: rows.asker, columns: ['console.common.status'] },
    ];
    const hidden: string[] = [];
    const packs = loadConsolePacks();
    for (const lang of ['en-us', 'zh-cn', 'hu'] as const) {
      const texts = packs[lang];
      const page = await openConsole(browser, token, '/', { 'admin.lang': lang });
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 768 });
        for (const q of queues) {
          // The queue before is marked: what is measured is the next one's table, once its rows are in.
          await page.evaluate((hash) => {
            document.querySelector('.ant-layout-content .ant-table-container')?.setAttribute('data-left', '');
            location.hash = hash;
          }, q.hash);
          const table = page.locator('.ant-layout-content .ant-table-container:not([data-left])');
          await table.locator('thead th', { hasText: texts['console.common.actions']! }).first().waitFor();
          await (q.row ? table.locator('.ant-table-row', { hasText: q.row }) : table.locator('.ant-table-row, .ant-empty')).first().waitFor();
          await windowShot(page, `queue-${q.hash.replace(/\W+/g, '-').slice(1)}-${lang}-${width}`);
          const out = await outOfView(page, q.columns.map((k) => texts[k]!), texts['console.common.actions']!, width === 1024);
          hidden.push(...out.map((o) => `${q.hash} ${lang} @${width}: ${o}`));
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        }
      }
      await page.close();
    }
    expect(hidden).toEqual([]);
  }, 180_000);

  it('the orders list keeps each order number on one line, in English and Hungarian', async () => {
    // A member's paid order (placed through the API, paid as a gateway would): the list's "Paid" tab shows it.
    const member = await createMemberSession(databaseUrl, 'live');
    const addressId = await newAddress(db, member.userId);
    const goods = await newGoods(db, [{ price: 1500, stock: 10 }], { name: `Order number teapot ${RUN}` });
    await memberCall(member.token, '/shop/cart/add', { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 1 });
    const placed = await memberCall<{ order_id: number; order_no: string; total: number; currency: string }>(member.token, '/shop/buy/createOrder', { address_id: addressId, remarks: '' });
    const gateway = { kind: 'provider' as const, name: 'test', ip: '', lang: 'en-us' as const, requestId: `e2e-order-no-${RUN}` };
    expect((await withTransaction(db, (tx) => markOrderPaid(tx, gateway, { orderId: placed.order_id, amountMinor: placed.total, currency: placed.currency }))).outcome).toBe('paid');
    const { token } = await consoleOperator('owner', `orderno${RUN}`);
    const packs = loadConsolePacks();
    const wrapped: string[] = [];
    for (const lang of ['en-us', 'hu'] as const) {
      const page = await openConsole(browser, token, '/orders', { 'admin.lang': lang });
      await page.setViewportSize({ width: 1024, height: 768 });
      const cell = page.locator('.ant-table-row td', { hasText: placed.order_no }).first();
      await cell.waitFor();
      await windowShot(page, `orders-${lang}-1024`);
      // The number's text is as high as one of its lines: not "26113072873" over "50243".
      const lines = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
      const { height, lineHeight } = await cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return { height: range.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(td).lineHeight) };
      });
      if (lines !== 1 || height > lineHeight * 1.5) wrapped.push(`${lang} (${packs[lang]['console.orders.orderNo']}): ${lines} lines, ${Math.round(height)} px high for a ${Math.round(lineHeight)} px line`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
      await page.close();
    }
    expect(wrapped).toEqual([]);
  }, 120_000);
});

