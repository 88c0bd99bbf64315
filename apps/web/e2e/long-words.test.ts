import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { createMemberSession } from './members.js';
import { baseUrl, databaseUrl } from './shop.js';
import { consoleOperator, openConsole } from '../../admin/e2e/console.js';
import { createDatabase } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { newAddress } from '../../api/src/modules/orders/__tests__/fixtures.js';
import { insertShop } from '../../api/src/modules/user-shop/user-shop.queries.js';
import { grantMemberRole } from '../../api/src/modules/members/roles.queries.js';

// What people type may hold a word wider than the screen (a name with no spaces, within its length
// limit): it wraps where it must, and no page becomes wider than the window.

const RUN = Date.now().toString(36);
const LONG = `Supercalifragilisticexpialidocious${'X'.repeat(60)}${RUN}`;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** How much wider than its window the page has become (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a word longer than the screen', () => {
  it('wraps on the goods page, the address book and "Me" at 375 px, and in the console’s goods list at 1280 px', async () => {
    const member = await createMemberSession(databaseUrl, 'live');
    const db = createDatabase(databaseUrl, 2);
    let goodsId: number;
    try {
      goodsId = (await newGoods(db, [{ price: 1500, stock: 6 }], { name: LONG })).goodsId;
      await newAddress(db, member.userId, { name: LONG.slice(0, 50) });
      await db.updateTable('users').set({ nickname: LONG.slice(0, 40) }).where('id', '=', member.userId).execute();
    } finally {
      await db.destroy();
    }
    const signedIn = {
      snoozePopups: true,
      localStorage: { lang: 'en-us', 'shop.session': JSON.stringify({ state: { token: member.token, user: { id: member.userId, user_name: member.userName, nickname: LONG.slice(0, 40) } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()) },
    };
    const goods = await browser.open(`/pages/goods/goodsInfo?id=${goodsId}`, signedIn);
    await goods.locator('.goods-name').getByText(RUN).waitFor();
    expect(await overflow(goods)).toBeLessThanOrEqual(0);
    await goods.close();

    const book = await browser.open('/pages/address/addressMessage', signedIn);
    await book.locator('.address-card-who').first().waitFor();
    expect(await overflow(book)).toBeLessThanOrEqual(0);
    // The phone number beside the name stays on the screen.
    const phone = book.locator('.address-card-who').first().getByText('123456789');
    const box = (await phone.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await book.close();

    // The nickname on "Me" (a flex row beside the avatar) breaks too.
    const me = await browser.open('/pages/tabbar/my', signedIn);
    await me.locator('.my-name').getByText(LONG.slice(0, 30), { exact: false }).waitFor();
    expect(await overflow(me)).toBeLessThanOrEqual(0);
    await me.close();

    const operator = await consoleOperator('catalogue', `longwords${RUN}`);
    const list = await openConsole(browser, operator.token, '/catalogue/goods');
    await list.getByTestId('goods-search').locator('input').fill(RUN);
    await list.getByTestId('goods-search').locator('input').press('Enter');
    await expect.poll(() => list.locator('.ant-table-tbody tr', { hasText: RUN }).count()).toBe(1);
    expect(await overflow(list)).toBeLessThanOrEqual(0);
    await list.locator('.ant-table-tbody tr', { hasText: RUN }).getByRole('button', { name: 'Edit' }).waitFor();
    expect(await list.locator('.ant-table-tbody tr', { hasText: RUN }).getByRole('button', { name: 'Edit' }).isVisible()).toBe(true);
    await list.close();
  });
});

/** Where the header's back button and title lie, whether the title's first letter is clear of the button, and what a tap on the button's middle lands on. */
const headerLayout = (page: Page) =>
  page.evaluate(() => {
    const back = document.querySelector('.page-header-back')!.getBoundingClientRect();
    const title = document.querySelector<HTMLElement>('.page-header-title')!;
    const box = title.getBoundingClientRect();
    const text = [...title.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
    const first = document.createRange();
    first.setStart(text, 0);
    first.setEnd(text, 1);
    const tapped = document.elementFromPoint(back.left + back.width / 2, back.top + back.height / 2);
    const bar = document.querySelector('.page-header')!.getBoundingClientRect();
    return {
      backWidth: back.width,
      backRight: back.right,
      titleLeft: box.left,
      firstLetterLeft: first.getBoundingClientRect().left,
      offCentre: box.left + box.width / 2 - (bar.left + bar.width / 2),
      cut: title.scrollWidth > title.clientWidth,
      tapsBack: Boolean(tapped?.closest('.page-header-back')),
    };
  });

describe("a page title longer than the header's room", () => {
  it("keeps the back button whole and clear, the shop's name ending in …, at 375 and 320 px; a short title stays centred", async () => {
    const owner = await createMemberSession(databaseUrl, 'live');
    const db = createDatabase(databaseUrl, 2);
    let shopId: number;
    try {
      // A shop is shown while its owner holds the shop owner's role.
      await grantMemberRole(db, { member_id: owner.userId, kind: 'shop_owner', granted_by: 'operator:e2e', reason: 'service centre' });
      shopId = Number((await insertShop(db, { owner_id: owner.userId, name: 'Bangkok Fresh Market and Organic Foods', address: '1 Sukhumvit, Bangkok', region: 'Bangkok' }))!.id);
    } finally {
      await db.destroy();
    }
    const buyer = await createMemberSession(databaseUrl, 'live');
    const signedIn = { 'shop.session': JSON.stringify({ state: { token: buyer.token, user: { id: buyer.userId, user_name: buyer.userName } }, version: 0 }), 'shop.session.refreshedAt': String(Date.now()), lang: 'en-us' };
    for (const width of [375, 320]) {
      const page = await browser.open(`/pages/shop/home?id=${shopId}`, { viewport: { width, height: 640 }, snoozePopups: true, localStorage: signedIn });
      // The whole name stays the heading's (read out in full), however much of it is drawn.
      await page.locator('.page-header').getByRole('heading', { name: 'Bangkok Fresh Market and Organic Foods' }).waitFor();
      const header = await headerLayout(page);
      expect(header.backWidth, `${width} px`).toBeGreaterThanOrEqual(44);
      expect(header.titleLeft, `${width} px`).toBeGreaterThanOrEqual(header.backRight - 0.5);
      expect(header.firstLetterLeft, `${width} px`).toBeGreaterThanOrEqual(header.backRight);
      expect(header.tapsBack, `${width} px: a tap on the back button reaches it`).toBe(true);
      // At 320 px the name cannot fit beside the button whatever the font: it ends in "…".
      if (width === 320) expect(header.cut).toBe(true);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    }
    for (const width of [375, 320]) {
      const page = await browser.open('/pages/other/setting', { viewport: { width, height: 640 }, snoozePopups: true, localStorage: signedIn });
      await page.locator('.page-header').getByRole('heading', { name: 'Settings' }).waitFor();
      const header = await headerLayout(page);
      expect(header.cut).toBe(false);
      expect(Math.abs(header.offCentre), `${width} px`).toBeLessThanOrEqual(1);
      expect(header.tapsBack).toBe(true);
      await page.close();
    }
  });
});
