import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from './browser.js';
import { hashPassword } from '../../api/src/modules/members/identity.js';
import { createMemberSession } from './members.js';
import { PROMOTION_AFTER_INPUT_MS, PROMOTION_IDLE_DELAY_MS } from '../src/lib/page-usable.js';
import { baseUrl, databaseUrl } from './shop.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

const DAY = 86_400_000;
/** The demo shop's two popups, snoozed, so a test that is not about popups sees the page. */
const noPopups = { popupSnooze: JSON.stringify([1, 2, 3, 4].map((id) => ({ id, end_time: Date.now() + DAY }))) };
/**
 * Opens a page with exactly these localStorage entries: the browser profile is shared by every
 * test file, so what other tests stored (a session, snoozed popups) is cleared first.
 */
async function openFresh(hashPath: string, items: Record<string, string> = {}): Promise<Page> {
  const page = await browser.open(hashPath);
  await page.evaluate((entries: Record<string, string>) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, items);
  await page.reload();
  return page;
}

const hashPath = (page: Page) => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];

/** The stored session of a new member, as the app keeps it in localStorage. */
async function memberSession(): Promise<Record<string, string>> {
  const { token, userId, userName } = await createMemberSession(databaseUrl);
  return { 'shop.session': JSON.stringify({ state: { token, user: { id: userId, user_name: userName } }, version: 0 }) };
}

describe('the shop in Chromium on a phone', () => {
  it('shows the home page with banners, categories and goods with real pictures', async () => {
    const page = await openFresh('/pages/tabbar/index', noPopups);
    await page.locator('.goods-card').first().waitFor();
    expect(await page.locator('.home-category').count()).toBeGreaterThanOrEqual(10);
    await expect.poll(() => page.getByRole('heading', { name: 'Best sellers' }).count()).toBe(1);
    const firstImage = page.locator('.goods-card img').first();
    // A real picture, at the width its card asked for (`?w=` from the srcset), not a placeholder.
    // A picture's first copy at a width is made on its first request: seconds on a busy machine.
    await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 20_000 }).toBeGreaterThan(100);
    // Every goods, last, is drawn as the member scrolls near it: its first page is a full twenty,
    // and "Load more" at its end brings the next page.
    const allGoods = page.getByRole('region', { name: 'All goods' });
    const cards = allGoods.locator('.goods-card');
    expect(await cards.count()).toBe(0);
    await allGoods.scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(40);
    await page.close();
  });

  it('scrolls the notice titles across once and then rests at their start; with reduced motion asked for, before or during the lap, they never move or stop at once', async () => {
    const page = await openFresh('/pages/tabbar/index', noPopups);
    // The browsers of the tests ask for reduced motion; this test first looks at the motion itself.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.reload();
    const text = page.locator('.home-notices .adm-notice-bar-content-inner');
    const moving = () => page.evaluate(() => document.getAnimations().length);
    // Too long for the strip, the titles start moving two seconds after the page appears.
    await expect.poll(() => text.evaluate((el: HTMLElement) => el.style.transform)).toMatch(/^translateX\(-\d+px\)$/);
    expect(await moving()).toBe(1);
    // The end of the lap, as the browser signals it: the text rests at its start, and stays there.
    await text.evaluate((el) => el.dispatchEvent(new TransitionEvent('transitionend', { bubbles: true, propertyName: 'transform' })));
    await expect.poll(() => text.evaluate((el: HTMLElement) => el.style.transform)).toBe('');
    await page.waitForTimeout(3_000);
    expect(await moving()).toBe(0);
    expect(await text.evaluate((el: HTMLElement) => el.style.transform)).toBe('');

    // Less motion asked for during a lap: the titles rest at their start at once.
    await page.reload();
    await expect.poll(() => text.evaluate((el: HTMLElement) => el.style.transform)).toMatch(/^translateX\(-\d+px\)$/);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => text.evaluate((el: HTMLElement) => el.style.transform)).toBe('');
    expect(await moving()).toBe(0);

    await page.reload();
    await text.waitFor();
    await page.waitForTimeout(3_000);
    expect(await moving()).toBe(0);
    expect(await text.evaluate((el: HTMLElement) => el.style.transform)).toBe('');
    await page.close();
  });

  it('opens a goods page, chooses a SKU among those in stock, sends a visitor who taps "buy now" to login, then on to checkout with that SKU; Back returns to the goods page, and one more Back leaves it', async () => {
    const page = await openFresh('/pages/tabbar/index', noPopups);
    const card = page.locator('.goods-card').first();
    const name = (await card.locator('.goods-card-name').innerText()).trim();
    await card.click();
    await page.waitForURL(/#\/pages\/goods\/goodsInfo\?id=\d+$/);
    await expect.poll(() => page.locator('.goods-name').innerText()).toBe(name);
    await expect.poll(() => page.locator('.goods-gallery img').first().evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(300);

    await page.locator('.goods-spec-line').click();
    const groups = page.locator('.sku-picker [role=radiogroup]');
    await groups.first().waitFor();
    for (let i = 0; i < (await groups.count()); i++) await groups.nth(i).locator('button:not([disabled])').first().click();
    await expect.poll(() => page.getByTestId('sku-stock').innerText()).toMatch(/^In stock: \d+$/);
    await expect.poll(() => page.locator('.sku-picker-chosen').innerText()).toMatch(/^Chosen: .+ \/ .+$/);
    await page.locator('.sku-picker').getByRole('button', { name: 'Buy now' }).click();
    await page.getByText('Please login to check out').waitFor();
    await page.waitForURL(/#\/pages\/login\/login\/login\?redirect=/);
    const goodsAddress = await page.evaluate(() => new URLSearchParams(location.hash.split('?')[1]).get('redirect'));
    expect(goodsAddress).toMatch(/^\/pages\/goods\/goodsInfo\?id=\d+$/);

    // A member signs in there: back on the goods page, and it is in the history once.
    const { userName } = await createMemberSession(databaseUrl);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('update users set password_hash = $1 where user_name = $2', [await hashPassword('Secret123'), userName]);
    await client.end();
    await page.locator('input[name="account"]').fill(userName);
    await page.locator('input[name="password"]').fill('Secret123');
    await page.locator('.agreement-check').click();
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    // The choice made before logging in is carried out: on to checkout with that SKU, without choosing again.
    await page.waitForURL(/#\/pages\/goods\/goodsPay\?goods_id=\d+&sku_id=\d+&num=1$/);
    expect(new URLSearchParams(page.url().split('?')[1]).get('goods_id')).toBe(new URLSearchParams(goodsAddress!.split('?')[1]).get('id'));
    await page.goBack();
    await page.waitForURL((url) => url.hash === `#${goodsAddress}`);
    await expect.poll(() => page.locator('.goods-name').innerText()).toBe(name);
    // Not carried out twice: the member stays on the goods page.
    await page.waitForTimeout(1_000);
    expect(page.url().endsWith(goodsAddress!)).toBe(true);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForURL(/#\/pages\/tabbar\/index$/);
    await page.close();
  });

  it('greys out a SKU that is sold out', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ goods_id: number; spec_value_ids: number[] }>(
      `select s.goods_id, s.spec_value_ids from goods_skus s join goods g on g.id = s.goods_id where s.stock = 0 and g.status = 'on_sale' order by s.goods_id limit 1`,
    );
    await client.end();
    const sold = rows[0]!;
    const page = await openFresh(`/pages/goods/goodsInfo?id=${sold.goods_id}`, noPopups);
    await page.locator('.goods-spec-line').click();
    const groups = page.locator('.sku-picker [role=radiogroup]');
    await groups.first().waitFor();
    // Choose the sold-out SKU's first value: its second value is then not available.
    const info = (await (await fetch(`${baseUrl}/shop/goods/info?id=${sold.goods_id}`)).json()) as { data: { specs: Array<{ values: Array<{ id: number; name: string }> }> } };
    const nameOf = (spec: number, id: number) => info.data.specs[spec]!.values.find((v) => v.id === id)!.name;
    const secondName = nameOf(1, sold.spec_value_ids[1]!);
    await groups.nth(0).getByRole('radio', { name: nameOf(0, sold.spec_value_ids[0]!), exact: true }).click();
    await expect.poll(() => groups.nth(1).getByRole('radio', { name: secondName, exact: true }).isDisabled()).toBe(true);
    await page.close();
  });

  it('finds a seeded goods by searching, and keeps a member\'s search in their log', async () => {
    const page = await openFresh('/pages/tabbar/index', { ...noPopups, ...(await memberSession()) });
    await page.locator('.home-search').click();
    await page.waitForURL(/#\/pages\/tabbar\/page\?search=1/);
    const box = page.locator('.activity-search input');
    await box.fill('coffee beans');
    await box.press('Enter');
    await page.getByText('Results for “coffee beans”').waitFor();
    const names = page.locator('.goods-card-name');
    await names.first().waitFor();
    expect((await names.allInnerTexts()).every((n) => /coffee beans/i.test(n))).toBe(true);
    await page.getByText('Cancel').click();
    await page.goto(`${baseUrl}/h5/#/pages/tabbar/page?search=1`);
    await page.locator('.search-log-tag', { hasText: 'coffee beans' }).waitFor();
    await page.close();
  });

  it('shows one promotion per visit, after the page is usable, and snoozes it until the next day', async () => {
    // Its own browser with a controlled clock: the promotion's waits (after the first input, else some
    // seconds after the load) are jumped over instead of waited for, and "a day later" is a clock change.
    const own = await launchBrowser(baseUrl);
    try {
      await own.context.clock.install();
      const page = await own.open('/pages/tabbar/index');
      const dialog = page.locator('.promo-popup');
      // The page comes first: its goods are on screen while no promotion is, even seconds later.
      await page.locator('.goods-card').first().waitFor();
      await own.context.clock.fastForward(PROMOTION_IDLE_DELAY_MS - 1000);
      await page.waitForTimeout(300);
      expect(await dialog.count()).toBe(0);
      // Once the member scrolls, the promotion shows.
      await page.mouse.wheel(0, 200);
      await own.context.clock.fastForward(PROMOTION_AFTER_INPUT_MS);
      await dialog.waitFor();
      // Centred on the phone's screen, whole, and alone.
      const box = (await dialog.boundingBox())!;
      const width = page.viewportSize()!.width;
      expect(box.x).toBeGreaterThan(0);
      expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(2);
      expect(await page.locator('.adm-center-popup-body, .adm-popup-body').count()).toBe(1);
      const first = await dialog.locator('.promo-popup-title').innerText();
      await dialog.getByText('Do not remind me today').click();
      await expect.poll(() => dialog.count()).toBe(0);
      // No second promotion in the same visit, not even after a reload, a scroll and a long wait.
      const waitedLong = async () => {
        await page.mouse.wheel(0, 200);
        await own.context.clock.fastForward(PROMOTION_IDLE_DELAY_MS + 3000);
        await page.waitForTimeout(300);
        expect(await dialog.count()).toBe(0);
      };
      await waitedLong();
      await page.reload();
      await page.locator('.goods-card').first().waitFor();
      await waitedLong();
      await page.close();

      // The next visit shows the other promotion, the snoozed one stays away.
      const next = await own.open('/pages/tabbar/index');
      const nextDialog = next.locator('.promo-popup');
      // Without a scroll or tap it comes all the same, some seconds after the page.
      await next.locator('.goods-card').first().waitFor();
      await own.context.clock.fastForward(PROMOTION_IDLE_DELAY_MS + 3000);
      await nextDialog.waitFor();
      const second = await nextDialog.locator('.promo-popup-title').innerText();
      expect(second).not.toBe(first);
      await nextDialog.getByText('Do not remind me today').click();
      await next.close();

      // A day later the first is back.
      await own.context.clock.setSystemTime(Date.now() + DAY + 60_000);
      const later = await own.open('/pages/tabbar/index');
      await later.locator('.goods-card').first().waitFor();
      await own.context.clock.fastForward(PROMOTION_IDLE_DELAY_MS + 3000);
      await later.locator('.promo-popup').waitFor();
      expect(await later.locator('.promo-popup-title').innerText()).toBe(first);
      await later.close();
    } finally {
      await own.close();
    }
  });

  it('reads the news and a notice, and shows the FAQ on the support page', async () => {
    const page = await openFresh('/pages/other/news', noPopups);
    const item = page.locator('.news-list').getByRole('link').first();
    await item.waitFor();
    const title = (await item.locator('.adm-list-item-content-main').innerText()).split('\n')[0]!.trim();
    await item.click();
    await page.waitForURL(/#\/pages\/my\/content\?type=news&id=\d+/);
    await expect.poll(() => page.locator('.article-title').innerText()).toBe(title);
    await page.getByRole('button', { name: 'Log in to comment' }).waitFor();

    await page.goto(`${baseUrl}/h5/#/pages/other/news?tab=notices`);
    await page.locator('.notice-list').getByRole('link').first().click();
    await page.waitForURL(/type=notice/);
    await page.locator('.article-title').waitFor();

    await page.goto(`${baseUrl}/h5/#/pages/activity/kefu`);
    await page.getByText('How long does delivery take?').click();
    await page.getByText('Most orders arrive within 3–7 working days.').waitFor();
    expect(hashPath(page)).toBe('/pages/activity/kefu');
    await page.close();
  });

  it('lets a member like an article once, comment on it (markup shown as the text typed) and save goods', async () => {
    const page = await openFresh('/pages/my/content?type=news&id=2', { ...noPopups, ...(await memberSession()) });
    const like = page.getByRole('button', { name: /Like \d+/ });
    await like.waitFor();
    const before = Number((await like.innerText()).match(/\d+/)![0]);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => Number((await like.innerText()).match(/\d+/)![0])).toBe(before + 1);

    const typed = 'Lovely <b>read</b><script>window.hacked=1</script>\n&lt;img src=x onerror=alert(1)&gt;';
    await page.locator('.comment-composer textarea').first().fill(typed);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('.comment-text', { hasText: 'Lovely <b>read</b>' }).waitFor();
    // Text members write is shown as typed, its lines kept, and stays text: no element, nothing run.
    expect(await page.locator('.comment-text').first().innerText()).toBe(typed);
    expect(await page.locator('.comment-text b, .comment-text script, .comment-text img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await expect.poll(() => page.getByRole('heading', { name: '1 comment', exact: true }).count()).toBe(1);

    await page.goto(`${baseUrl}/h5/#/pages/goods/goodsInfo?id=4`);
    const save = page.locator('.goods-bar-icon[aria-pressed]');
    await save.waitFor();
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => page.locator('.goods-bar-icon[aria-pressed]').getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });
});
