import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, decide, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { createDatabase } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';
import { consoleOperator, openConsole, post, shot, sql } from './console.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';

// Coupons changed and ended from the console, and a charity cause published from its own page, in
// Chromium at 1280 px: each found by its search, each decision confirmed or explained.

const RUN = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

const hour = 3_600_000;

describe('the console’s coupons and charity in Chromium at 1280 px', () => {
  it('finds a coupon by its code, changes its discount with a reason, then ends it early; publishes a charity cause from its page', async () => {
    const { token, recordedAs } = await consoleOperator('owner', `promo${RUN}`);
    const code = `AUTUMN${RUN}`.toUpperCase();
    const other = `WINTER${RUN}`.toUpperCase();
    // A second operator approves what the first asks for (four eyes).
    const approver = await consoleOperator('owner', `promo2${RUN}`);
    const approve = async (requestId: number) => post<{ status: string }>('/admin/api/approvals/decide', { id: requestId, decision: 'approve' }, approver.token);
    for (const c of [code, other]) {
      const asked = await post<{ request: { id: number } }>('/admin/api/orders/coupons', { code: c, kind: 'amount', amount: 500, currency: 'USD', starts_at: new Date(Date.now() - hour).toISOString(), ends_at: new Date(Date.now() + 48 * hour).toISOString(), reason: 'autumn campaign' }, token);
      await approve(asked.request.id);
    }
    const [coupon] = await sql<{ id: number }>('select id from coupons where code = $1', [code]);

    // Found by part of its code: only that one.
    const page = await openConsole(browser, token, '/catalogue/coupons');
    await page.getByTestId('coupon-search').locator('input').fill(`autumn${RUN}`);
    await page.getByTestId('coupon-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-tbody tr', { hasText: code }).waitFor();

    // A change needs its reason; then it is confirmed, and saved.
    await page.getByTestId(`edit-coupon-${coupon!.id}`).click();
    await page.locator('input[data-testid="coupon-amount"], [data-testid="coupon-amount"] input').first().fill('7.50');
    await page.getByTestId('coupon-submit').click();
    await page.locator('.ant-modal').getByText('Give a reason').waitFor();
    await page.getByTestId('coupon-reason').fill('Matching the autumn flyer');
    await page.getByTestId('coupon-submit').click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Save the changes to this coupon?' }).waitFor();
    await clickSettled(page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm', exact: true }));
    await page.getByText('a second operator approves it').first().waitFor();
    expect(Number((await sql<{ amount_minor: string }>('select amount_minor from coupons where id = $1', [coupon!.id]))[0]!.amount_minor)).toBe(500);
    const [change] = await sql<{ id: number }>("select id from approval_requests where kind = 'coupon.update' and subject = $1 and status = 'pending'", [`coupon:${coupon!.id}`]);
    await approve(change!.id);
    await expect.poll(async () => Number((await sql<{ amount_minor: string }>('select amount_minor from coupons where id = $1', [coupon!.id]))[0]!.amount_minor)).toBe(750);
    await shot(page, 'coupons');

    // Ended early: it takes no more orders from now on.
    await page.getByTestId(`more-coupon-${coupon!.id}`).click();
    await page.getByTestId(`end-coupon-${coupon!.id}`).click();
    await clickSettled(page.locator('.ant-modal').getByRole('button', { name: 'End now' }));
    await page.locator('.ant-modal').getByText('Give a reason').waitFor();
    await page.locator('.ant-modal textarea').fill('Flyer withdrawn');
    await decide(page, 'End now');
    await expect.poll(async () => Date.parse((await sql<{ ends_at: Date }>('select ends_at from coupons where id = $1', [coupon!.id]))[0]!.ends_at.toString())).toBeLessThanOrEqual(Date.now());
    const actions = await sql<{ action: string; operator: string; reason: string }>("select action, operator, reason from operator_actions where target_type = 'coupon' and target_id = $1 order by id", [coupon!.id]);
    expect(actions.map((a) => [a.action.split(' ')[0], a.operator, a.reason])).toEqual([
      ['coupon.create', approver.recordedAs, expect.stringContaining('autumn campaign')],
      ['coupon.update', approver.recordedAs, expect.stringContaining('Matching the autumn flyer')],
      ['coupon.end', recordedAs, 'Flyer withdrawn'],
    ]);

    // A charity cause published from the Charity page, in English and Chinese.
    await page.getByRole('menuitem', { name: 'Charity' }).click();
    await page.getByTestId('new-cause').click();
    // The dialog zooms in: a click sent while it moves can land beside its button.
    await clickSettled(page.getByTestId('cause-submit'));
    await page.locator('.ant-modal').getByText('Required').first().waitFor();
    await page.getByTestId('cause-title').fill(`School library ${RUN}`);
    await page.getByTestId('cause-language').click();
    await page.locator('.ant-select-item-option', { hasText: '简体中文' }).click();
    await page.getByTestId('cause-title').fill(`学校图书馆 ${RUN}`);
    await page.locator('input[data-testid="cause-min"], [data-testid="cause-min"] input').first().fill('2');
    await clickSettled(page.getByTestId('cause-submit'));
    await page.locator('.ant-modal-confirm-title', { hasText: 'Publish this cause?' }).waitFor();
    await clickSettled(page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm', exact: true }));
    await page.getByText('Cause published').first().waitFor();
    await page.locator('.ant-table-tbody tr', { hasText: `School library ${RUN}` }).waitFor();
    const [cause] = await sql<{ title: Record<string, string>; min_amount_minor: string; currency: string }>("select title, min_amount_minor, currency from charity_causes where title->>'en-us' = $1", [`School library ${RUN}`]);
    expect(cause).toMatchObject({ title: { 'en-us': `School library ${RUN}`, 'zh-cn': `学校图书馆 ${RUN}` }, currency: 'USD' });
    expect(Number(cause!.min_amount_minor)).toBe(200);
    await shot(page, 'charity');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.close();
  });

  it('finds a group buy by its goods in the same list pattern and ends it early: its units go back to stock', async () => {
    const { token } = await consoleOperator('owner', `gb${RUN}`);
    const db = createDatabase(databaseUrl, 1);
    const goods = await newGoods(db, [{ price: 3000, stock: 20 }], { name: `Kettle ${RUN}`, currency: 'USD' }).finally(() => db.destroy());
    const made = await post<{ id?: number; request?: { id: number } }>('/admin/api/orders/group-buys', { goods_id: goods.goodsId, sku_id: goods.skuIds[0], group_size: 2, fill_hours: 24, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(), price: 1990, quantity: 10 }, token);
    const [activity] = await sql<{ id: number }>('select id from group_buy_activities where sku_id = $1', [goods.skuIds[0]]);
    expect(activity, JSON.stringify(made)).toBeDefined();
    const stock = async () => (await sql<{ stock: number }>('select stock from goods_skus where id = $1', [goods.skuIds[0]]))[0]!.stock;
    expect(await stock()).toBe(10);

    const page = await openConsole(browser, token, '/catalogue/group-buys');
    await page.getByTestId('group-buy-search').locator('input').fill(`Kettle ${RUN}`);
    await page.getByTestId('group-buy-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await page.locator('.ant-table-tbody tr', { hasText: `Kettle ${RUN}` }).getByText('Running').waitFor();
    await page.getByTestId(`more-group-buy-${activity!.id}`).click();
    await page.getByTestId(`end-group-buy-${activity!.id}`).click();
    await page.locator('.ant-modal textarea').fill('Supplier recalled the kettles');
    await decide(page, 'End now');
    await expect.poll(stock).toBe(20);
    await page.locator('.ant-table-tbody tr', { hasText: `Kettle ${RUN}` }).getByText('Ended').waitFor();
    await shot(page, 'group-buys');
    await page.close();
  });
});
