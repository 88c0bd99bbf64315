import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createMemberSession } from '../../web/e2e/members.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole, shot, sql } from './console.js';

// Review moderation end to end: a reviewer at 1280 px finds a goods' reviews, hides an abusive one
// with a reason and replies to another; the member app's goods page (a phone) no longer shows the
// first and shows the reply under the second.

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

/** Goods with two members' reviews: an abusive one with two pictures (older) and a kind one. */
async function reviewedGoods() {
  const goods = await newGoods(db, [{ price: 1200, stock: 5 }], { name: `Review kettle ${RUN}` });
  const [a, b] = [await createMemberSession(databaseUrl, 'live'), await createMemberSession(databaseUrl, 'live')];
  const review = (m: typeof a, rating: number, content: string, images: string[], ago: number) =>
    db
      .insertInto('goods_reviews')
      .values({ goods_id: goods.goodsId, user_id: m.userId, author_name: m.userName, rating, content, images: JSON.stringify(images), sku_text: 'Colour 1', created_at: new Date(Date.now() - ago) })
      .returning('id')
      .executeTakeFirstOrThrow();
  const rude = await review(a, 1, `Rubbish kettle, and the seller is an idiot ${RUN}`, ['/media/demo/goods-1.png', '/media/demo/goods-2.png'], 120_000);
  const kind = await review(b, 4, `Boils fast and pours without dripping ${RUN}`, [], 60_000);
  return { goods, rude: rude.id, kind: kind.id };
}

describe('the console’s reviews in Chromium at 1280 px', () => {
  it('a reviewer hides a review with a reason and replies to another; the goods page drops the first and shows the reply under the second', async () => {
    const { goods, rude, kind } = await reviewedGoods();
    const { token, recordedAs } = await consoleOperator('reviewer', `rv${RUN}`);
    const page = await openConsole(browser, token, '/catalogue/reviews');

    // The reviewer's menu has the page under Catalogue; the goods' reviews, newest first.
    await page.getByRole('menuitem', { name: 'Reviews' }).waitFor();
    // By name: a search by number also finds goods whose names hold those digits, and the shop the
    // browser tests share has many.
    await page.getByTestId('reviews-search').locator('input').fill(`Review kettle ${RUN}`);
    await page.getByTestId('reviews-search').locator('input').press('Enter');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.first().getByTestId(`review-${kind}`).count()).toBe(1);
    const rudeRow = page.locator('.ant-table-tbody tr', { has: page.getByTestId(`review-${rude}`) });
    // Its two pictures as thumbnails, loaded.
    await expect.poll(() => rudeRow.locator('.ant-image img').evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(2);
    expect(await rudeRow.innerText()).toContain('Colour 1');

    // Hide: the reason is asked for first.
    await page.getByTestId(`visibility-${rude}`).click();
    const modal = page.locator('.ant-modal-wrap:visible .ant-modal');
    await modal.getByText('Hide this review from the goods page?').waitFor();
    await modal.getByRole('button', { name: 'Hide' }).click();
    await modal.getByText('Give a reason').waitFor();
    await modal.locator('textarea').fill('Insults the seller');
    await decide(page, 'Hide');
    await page.getByTestId(`state-${rude}`).getByText('Hidden', { exact: true }).waitFor();
    expect(await page.getByTestId(`state-${rude}`).innerText()).toContain('Insults the seller');

    // Reply under the kind one.
    await page.getByTestId(`reply-action-${kind}`).click();
    await modal.locator('textarea').fill('Thank you! Descale it monthly for the best results.');
    await decide(page, 'Save reply');
    await page.getByTestId(`reply-${kind}`).getByText('Thank you! Descale it monthly for the best results.').waitFor();
    await expect.poll(() => page.getByTestId(`reply-action-${kind}`).innerText()).toBe('Edit reply');
    await shot(page, 'reviews');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // The hidden ones alone.
    await page.getByTestId('reviews-visibility').getByText('Hidden', { exact: true }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getByTestId(`review-${rude}`).count()).toBe(1);

    // The member app's goods page: one review, with the shop's reply; the hidden one is gone.
    const phone = await browser.open(`/pages/goods/goodsInfo?id=${goods.goodsId}`, { snoozePopups: true });
    await phone.locator('.review-reply', { hasText: 'Descale it monthly' }).waitFor();
    expect(await phone.locator('.review').count()).toBe(1);
    expect(await phone.getByText(`Rubbish kettle`).count()).toBe(0);
    await phone.close();

    const log = await sql<{ action: string; operator: string; reason: string }>(`select action, operator, reason from operator_actions where target_type = 'review' and target_id = any($1) order by id`, [[rude, kind]]);
    expect(log).toEqual([
      { action: 'review.hide', operator: recordedAs, reason: 'Insults the seller' },
      { action: 'review.reply', operator: recordedAs, reason: 'Thank you! Descale it monthly for the best results.' },
    ]);
  }, 90_000);
});
