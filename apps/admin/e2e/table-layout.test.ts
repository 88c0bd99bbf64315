import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { fund } from '../../api/src/modules/ledger/__tests__/ledger-helpers.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, memberCall, openConsole, post, shot } from './console.js';

// The console's wide tables on a laptop: values stay whole on one line (never "1234567 / 89" or
// "demo001@s / hop.local"), a mobile number shows its country prefix, and no column is squeezed to a
// character or two: a table wider than the window scrolls sideways instead.

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

/** The texts of a table's body cells (of `columns`, by header text) that take more than one line, or that are narrower than `min` px. */
const squeezed = (page: Page, testId: string, columns: string[], min: number) =>
  page.evaluate(
    ({ testId, columns, min }) => {
      const table = document.querySelector(`[data-testid="${testId}"] .ant-table`)!;
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const bad: string[] = [];
      for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
        const cells = [...row.querySelectorAll(':scope > td')];
        for (const name of columns) {
          const cell = cells[headers.indexOf(name)] as HTMLElement | undefined;
          if (!cell) continue;
          const lineHeight = parseFloat(getComputedStyle(cell).lineHeight) || 22;
          const padding = parseFloat(getComputedStyle(cell).paddingTop) + parseFloat(getComputedStyle(cell).paddingBottom);
          if (cell.clientHeight - padding > lineHeight * 1.5 || cell.clientWidth < min) bad.push(`${name}: ${cell.textContent} (${cell.clientWidth} px)`);
        }
      }
      return bad;
    },
    { testId, columns, min },
  );

/**
 * What of each table in `scope` an operator cannot read without scrolling: a heading or a cell past its
 * frame's edges, a table that scrolls sideways in its frame, a heading or a value cut inside its cell
 * ("Creat", "2026/12/0").
 */
const cutOff = (page: Page, scope: string) =>
  page.evaluate((scope) => {
    const bad: string[] = [];
    for (const frame of document.querySelectorAll<HTMLElement>(`${scope} .ant-table-container`)) {
      const box = frame.getBoundingClientRect();
      const scroller = frame.querySelector<HTMLElement>('.ant-table-content, .ant-table-body');
      if (scroller && scroller.scrollWidth > scroller.clientWidth + 1) bad.push(`scrolls sideways: ${scroller.scrollWidth} px in ${scroller.clientWidth} px`);
      const heads = [...frame.querySelectorAll<HTMLElement>('thead th')];
      for (const cell of [...heads, ...frame.querySelectorAll<HTMLElement>('tbody tr.ant-table-row > td')]) {
        const name = cell.tagName === 'TH' ? cell.textContent?.trim() : `${heads[(cell as HTMLTableCellElement).cellIndex]?.textContent?.trim()}: ${cell.textContent?.trim()}`;
        const r = cell.getBoundingClientRect();
        if (r.left < box.left - 1 || r.right > box.right + 1) bad.push(`${name} at ${Math.round(r.left)}–${Math.round(r.right)} px, the frame shows ${Math.round(box.left)}–${Math.round(box.right)} px`);
        // The cell and what it holds: no text wider than its box where that box hides the rest.
        for (const el of [cell, ...cell.querySelectorAll<HTMLElement>('*')]) {
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') bad.push(`${name}: cut (${el.scrollWidth} px in ${el.clientWidth} px)`);
        }
      }
    }
    return bad;
  }, scope);

describe('wide tables at laptop widths (Chromium)', () => {
  it('members at 1024 px in English: every value whole on one line, the mobile number with its prefix', async () => {
    const stamp = Date.now().toString(36);
    const member = await createMemberSession(databaseUrl, 'live');
    await db.updateTable('users').set({ mobile_pre: '60', mobile: `1${String(member.userId).padStart(8, '7')}`, email: `layout.${stamp}@shop.local`, nickname: `Layout ${stamp}` }).where('id', '=', member.userId).execute();
    const { token } = await consoleOperator('owner', `layout${stamp}`);
    const page = await openConsole(browser, token, '/members');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('members').getByText(`layout.${stamp}@shop.local`).waitFor();
    await shot(page, 'members-1024');
    expect(await page.getByTestId('members').locator('tr', { hasText: `layout.${stamp}@shop.local` }).textContent()).toContain(`+60 1${String(member.userId).padStart(8, '7')}`);
    expect(await squeezed(page, 'members', ['User name', 'Mobile', 'E-mail', 'Invite code', 'Joined'], 80)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.close();
  });

  // At 1280 px "Approved" was a 1,959 px table in a 1,012 px frame under an empty pinned Actions column;
  // at 375 px only the number, the kind and the buttons showed. Related facts now share a column, the
  // list fits the frame, only waiting requests have (pinned) actions, and a narrow window shows cards.
  it('approvals at 1280 px in Chinese: the whole request in view, waiting or decided; at 375 px a card with the amount before Approve', async () => {
    const stamp = Date.now().toString(36);
    const member = await createMemberSession(databaseUrl, 'live');
    const asker = await consoleOperator('owner', `ask${stamp}`);
    const approver = await consoleOperator('owner', `see${stamp}`);
    await post('/admin/api/wallet/points/grant', { user_id: member.userId, kind: 'points', amount: 500, reason: 'Layout check: a reason of several words' }, asker.token);
    const page = await openConsole(browser, approver.token, '/approvals', { 'admin.lang': 'zh-cn' });
    await page.getByTestId('approvals').getByText('Layout check: a reason of several words').waitFor();
    await shot(page, 'approvals-zh-cn-1280');
    /** The list's table (the first of the page) against its frame, its headings and its pinned cells. */
    const fit = () =>
      page.evaluate(() => {
        const frame = document.querySelector('[data-testid="approvals"] .ant-table-container')!;
        return {
          frame: Math.round(frame.getBoundingClientRect().width),
          table: Math.round(frame.querySelector('table')!.getBoundingClientRect().width),
          headings: [...frame.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? ''),
          pinned: frame.querySelectorAll('[class*="cell-fix"]').length,
        };
      });
    const waiting = await fit();
    expect(waiting.table).toBeLessThanOrEqual(waiting.frame);
    expect(waiting.headings).toEqual(['ID · 类型', '金额 · 状态', '内容', '会员 · 原因', '申请人', '操作']);
    await page.getByTestId('state-tabs').getByText('已批准').click();
    await page.locator('[data-testid="approvals"] .ant-table-thead th', { hasText: '审批人' }).waitFor();
    const decided = await fit();
    expect(decided.table).toBeLessThanOrEqual(decided.frame);
    expect(decided.headings).not.toContain('操作');
    expect(decided.pinned).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.close();

    const phone = await openConsole(browser, approver.token, '/approvals');
    await phone.setViewportSize({ width: 375, height: 812 });
    const card = phone.locator('[data-testid^="approval-card-"]', { hasText: 'Layout check: a reason of several words' });
    await card.waitFor();
    await shot(phone, 'approvals-375');
    const order = await card.evaluate((el) => {
      const approve = el.querySelector('[data-testid^="approve-"]')!;
      const amount = [...el.querySelectorAll('*')].find((n) => n.children.length === 0 && n.textContent?.trim() === '500')!;
      return { amountFirst: !!(amount.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING), right: Math.round(approve.getBoundingClientRect().right) };
    });
    expect(order.amountFirst).toBe(true);
    expect(order.right).toBeLessThanOrEqual(375);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
  });

  // At 1024 px (and 1280) the approvals, after-sales and adjustments tables hid their actions (and the
  // amount and state) past the frame's right edge, reachable only by scrolling sideways with no
  // scrollbar in sight. The actions column is pinned to the frame's right edge, the amount and the
  // state come early: all three are within the part of the table shown, with no scrolling.
  it('approvals, after-sales and adjustments at 1024 and 1280 px: Actions, Amount and Status in view without scrolling', async () => {
    const stamp = Date.now().toString(36);
    const member = await createMemberSession(databaseUrl, 'live');
    const asker = await consoleOperator('owner', `wide${stamp}`);
    const approver = await consoleOperator('owner', `look${stamp}`);
    await post('/admin/api/wallet/points/grant', { user_id: member.userId, kind: 'points', amount: 700, reason: 'Layout check: points for a late parcel' }, asker.token);
    await post('/admin/api/ledger/adjustments', { user_id: member.userId, asset: 'cash', currency: 'USD', amount: 900_000, reason: 'Goodwill for late parcel' }, asker.token);
    const screens: Array<[string, string]> = [
      ['/approvals', 'Layout check: points for a late parcel'],
      ['/money/adjustments', 'Goodwill for late parcel'],
      ['/orders/after-sales', ''],
    ];
    const hidden: string[] = [];
    for (const width of [1024, 1280]) {
      for (const [hash, text] of screens) {
        const page = await openConsole(browser, approver.token, hash);
        await page.setViewportSize({ width, height: 800 });
        await page.locator('.ant-table-thead th', { hasText: 'Actions' }).first().waitFor();
        if (text) await page.locator('.ant-table-row', { hasText: text }).first().waitFor();
        await shot(page, `actions-in-view-${hash.replace(/\W+/g, '-')}-${width}`);
        const out = await page.evaluate(
          ({ hash, width }) => {
            const bad: string[] = [];
            // The first table of the page: the list (the thresholds below it have no actions).
            const frame = document.querySelector('main .ant-table-container, .ant-layout-content .ant-table-container') ?? document.querySelector('.ant-table-container')!;
            const box = frame.getBoundingClientRect();
            if (box.right > width) bad.push(`${hash} @${width}: the table runs to ${Math.round(box.right)} px`);
            const heads = [...frame.querySelectorAll('thead th')] as HTMLElement[];
            for (const name of ['Actions', 'Amount', 'Status']) {
              // A heading of two facts ("Amount · Status") names both.
              const th = heads.find((h) => (h.textContent?.trim() ?? '').split(' · ').includes(name));
              if (!th) {
                bad.push(`${hash} @${width}: no ${name} column`);
                continue;
              }
              const r = th.getBoundingClientRect();
              if (r.left < box.left - 1 || r.right > box.right + 1) bad.push(`${hash} @${width}: ${name} at ${Math.round(r.left)}–${Math.round(r.right)} px, the table shows ${Math.round(box.left)}–${Math.round(box.right)} px`);
            }
            return bad;
          },
          { hash, width },
        );
        hidden.push(...out);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.close();
      }
    }
    expect(hidden).toEqual([]);
  });
});

describe('tables cut at the right edge (Chromium)', () => {
  // At 1280 px in English the order drawer's payments ended in "Creat" / "12/03" and the approvals' thresholds
  // in "2026/12/0" under "Set by": each table now fits its frame, every heading and value whole, at 1280 and at 1024.
  it('an order’s payments and refunds in its drawer at 1280 and 1024 px: every column whole, no sideways scrolling', async () => {
    const stamp = Date.now().toString(36);
    const member = await createMemberSession(databaseUrl, 'live');
    await db.updateTable('users').set({ pay_password_hash: await hashPassword('246810') }).where('id', '=', member.userId).execute();
    await fund(db, member.userId, 100_000, 'USD');
    const addressId = await newAddress(db, member.userId);
    const goods = await newGoods(db, [{ price: 700, stock: 9 }], { name: `Edge teapot ${stamp}`, currency: 'USD' });
    await memberCall(member.token, '/shop/cart/add', { goods_id: goods.goodsId, sku_id: goods.skuIds[0], num: 2 });
    const order = await memberCall<{ order_id: number; order_no: string }>(member.token, '/shop/buy/createOrder', { address_id: addressId });
    await memberCall(member.token, '/shop/buy/payOrder', { order_id: order.order_id, pay_way: 'balance', pay_password: '246810' });
    // A surcharge said under the amount, and a refund of part of it as an after-sale case records one.
    const payment = await db.selectFrom('payments').select('id').where('payable_type', '=', 'order').where('payable_id', '=', order.order_id).executeTakeFirstOrThrow();
    await db.updateTable('payments').set({ fee_minor: 1015, gateway_minor: 1015 }).where('id', '=', payment.id).execute();
    await db
      .insertInto('payment_refunds')
      .values({ reference: `RF${stamp}`.toUpperCase(), payment_id: payment.id, cause: 'after_sale', via: 'ledger', amount_minor: 700, currency: 'USD', status: 'succeeded', reason: 'after-sale AS2612031745125120', created_at: new Date(), finished_at: new Date() })
      .execute();
    const { token } = await consoleOperator('owner', `edge${stamp}`);
    const page = await openConsole(browser, token, '/orders');
    await page.getByTestId('order-search').locator('input').fill(order.order_no);
    await page.getByTestId('order-search').locator('input').press('Enter');
    await page.getByTestId('state-tabs').getByText('All', { exact: true }).click();
    await page.getByTestId(`order-${order.order_id}`).click();
    const payments = page.getByTestId('payable-payments');
    await payments.locator('.ant-table-row').first().waitFor();
    await payments.locator('.ant-table-row', { hasText: `RF${stamp}`.toUpperCase() }).waitFor();
    const bad: string[] = [];
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 860 });
      await page.waitForTimeout(300);
      await shot(page, `order-payments-${width}`);
      bad.push(...(await cutOff(page, '[data-testid="payable-payments"]')).map((b) => `@${width} ${b}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(bad).toEqual([]);
    await page.close();
  });

  it('the approvals’ thresholds and daily limits at 1280 and 1024 px: every column whole, no sideways scrolling', async () => {
    const { token } = await consoleOperator('owner', `limits${Date.now().toString(36)}`);
    const page = await openConsole(browser, token, '/approvals');
    const limits = page.getByTestId('approval-limits');
    // The seeded rows: "Any other currency" at its USD amount, set by the shop's setup.
    await limits.locator('.ant-table-row').first().waitFor();
    const bad: string[] = [];
    for (const width of [1280, 1024]) {
      await page.setViewportSize({ width, height: 860 });
      await page.waitForTimeout(300);
      await shot(page, `approval-limits-${width}`);
      bad.push(...(await cutOff(page, '[data-testid="approval-limits"]')).map((b) => `@${width} ${b}`));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    expect(bad).toEqual([]);
    await page.close();
  });
});

describe('the menu beside the page (Chromium)', () => {
  it('stays in view while a long page scrolls, scrolls on its own when taller than the window, and a page opened from low in it starts at its top', async () => {
    const { token } = await consoleOperator('owner', `menu${Date.now().toString(36)}`);
    const page = await openConsole(browser, token, '/referral/plan');
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.waitForFunction(() => document.documentElement.scrollHeight > 700);
    // The page whole before it is scrolled (its last card, the house code, comes with its own call).
    await page.getByTestId('house-code').waitFor();
    const menu = page.locator('.ant-layout-sider');
    expect(await menu.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);

    await page.evaluate(() => window.scrollTo(0, 300));
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    expect(await menu.evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBe(0);
    const last = menu.locator('.ant-menu-item').last();
    // The menu scrolls by itself, as a wheel over it does, to its last item (again while its open group
    // still unfolds); the page stays where it was.
    await page.waitForFunction(() => {
      const sider = document.querySelector('.ant-layout-sider')!;
      sider.scrollTop = sider.scrollHeight;
      const items = sider.querySelectorAll('.ant-menu-item');
      const r = items[items.length - 1]!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    await shot(page, 'menu-scrolled-400');
    await last.click();
    await page.waitForFunction((from) => !location.hash.includes(from), '/referral/plan');
    await page.waitForFunction(() => window.scrollY === 0);
    await page.close();
  });
});
