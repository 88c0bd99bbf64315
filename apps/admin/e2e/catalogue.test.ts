import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickSettled, launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { consoleOperator, openConsole, shot, post, sql } from './console.js';
import { baseUrl, databaseUrl } from '../../web/e2e/shop.js';
import { createDatabase } from '../../api/src/db/database.js';
import { newGoods } from '../../api/src/modules/cart/__tests__/fixtures.js';

const RUN = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** A catalogue operator signed in, and the goods to edit. */
async function arrange() {
  const operator = await consoleOperator('catalogue', `goods${RUN}`);
  const db = createDatabase(databaseUrl, 2);
  try {
    return { operator: operator.recordedAs, token: operator.token, goods: await newGoods(db, [{ price: 1500, stock: 6 }], { name: `Console kettle ${RUN}` }) };
  } finally {
    await db.destroy();
  }
}

describe('the console’s catalogue in Chromium at 1280 px', () => {
  it('edits a goods price and the member app shows it at once; orders categories with the keyboard; makes goods with a picture and two SKUs', async () => {
    const { operator, token, goods } = await arrange();
    const name = `Console kettle ${RUN}`;

    // The member app shows the goods (and the server now holds its answer in the cache).
    const phone = await browser.open(`/pages/goods/goodsInfo?id=${goods.goodsId}`, { snoozePopups: true });
    await expect.poll(() => phone.locator('.goods-price .price-now').first().innerText()).toContain('15.00');

    // The console: find the goods, open the editor, change the price with a reason, save.
    const page = await openConsole(browser, token, '/catalogue/goods');
    await page.getByTestId('goods-search').locator('input').fill(name);
    await page.getByTestId('goods-search').locator('input').press('Enter');
    const row = page.locator('.ant-table-tbody tr', { hasText: name });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => page.getByTestId(`price-${goods.goodsId}`).innerText()).toContain('15.00');
    await sql(`update goods set description = $1::jsonb where id = $2`, [JSON.stringify({ 'en-us': `<p>Boils in a minute ${RUN}<img src="/media/demo/goods-1-2.png" alt="" width="60"></p>` }), goods.goodsId]);
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByTestId('goods-editor').waitFor();
    await expect.poll(() => page.getByTestId('name-en-us').inputValue()).toBe(name);
    // The texts card's title is shown whole: the nine language choices sit below it, not beside it.
    const textsTitle = page.locator('.ant-card-head-title', { hasText: 'Names' });
    expect(await textsTitle.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    // The description's preview shows the saved text from the start (it stayed blank until a change).
    const preview = page.frameLocator('iframe[title="Preview English"]').first();
    await expect.poll(() => preview.locator('body').innerText()).toBe(`Boils in a minute ${RUN}`);
    // Its picture, served to this site only, loads in the preview (it showed broken).
    await expect.poll(() => preview.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const price = page.locator('input[data-testid="sku-price-0"], [data-testid="sku-price-0"] input').first();
    await price.fill('17.50');
    // The list price ("was") is never below the price: raised with it.
    await page.locator('input[data-testid="sku-market-price-0"], [data-testid="sku-market-price-0"] input').first().fill('19.90');
    await page.getByTestId('save-reason').fill('supplier price');
    await shot(page, 'goods-editor');
    // Saving asks first: members see the change at once.
    await page.getByTestId('save-goods').click();
    await page.getByText('Save these goods? Members see the change at once.').waitFor();
    await page.getByTestId('confirm-save').click();
    await page.getByText('Goods saved').first().waitFor();

    // Back in the list, and in the member app, the new price.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect.poll(() => page.getByTestId(`price-${goods.goodsId}`).innerText()).toContain('17.50');
    await shot(page, 'goods-list');
    await phone.reload();
    await expect.poll(() => phone.locator('.goods-price .price-now').first().innerText()).toContain('17.50');
    await phone.close();
    const actions = await sql<{ action: string; operator: string; reason: string; facts: unknown }>(`select action, operator, reason, facts from operator_actions where target_type = 'sku' and target_id = $1`, [goods.skuIds[0]]);
    expect(actions).toEqual([{ action: 'sku.price', operator, reason: 'supplier price', facts: { key: 'sku_price', from: 1500, to: 1750, currency: 'USD' } }]);

    // Categories: three under a new parent; the last moved up twice with the keyboard.
    const root = await post<{ id: number }>('/admin/api/catalogue/categories/save', { name: { 'en-us': `Kitchen ${RUN}` } }, token);
    const children: number[] = [];
    for (const n of ['Kettles', 'Teapots', 'Cups']) children.push((await post<{ id: number }>('/admin/api/catalogue/categories/save', { parent_id: root.id, name: { 'en-us': `${n} ${RUN}` } }, token)).id);
    await page.getByRole('menuitem', { name: 'Categories' }).click();
    await page.getByTestId(`category-${children[2]}`).click();
    await page.getByTestId('category-form').waitFor();
    const up = page.getByTestId('move-up');
    await up.focus();
    await page.keyboard.press('Enter');
    // The new order is asked for first, with the siblings in that order; Enter confirms it.
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.locator('.ant-modal-confirm-title', { hasText: 'Show the categories in this order?' }).waitFor();
    expect(await confirm.locator('.ant-modal-confirm-content').innerText()).toBe(`Kettles ${RUN} · Cups ${RUN} · Teapots ${RUN}`);
    // The dialog gives its Confirm button the focus once it is open (on a busy machine a moment
    // after it shows); Enter then confirms.
    const confirmButton = confirm.getByRole('button', { name: 'Confirm', exact: true });
    await expect.poll(() => confirmButton.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('Order saved').first().waitFor();
    await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
    // The tree read again: the last one is now in the middle, so it can move down too.
    await expect.poll(() => page.getByTestId('move-down').isEnabled()).toBe(true);
    await up.focus();
    await page.keyboard.press('Enter');
    await clickSettled(page.locator('.ant-modal-confirm').getByRole('button', { name: 'Confirm', exact: true }));
    await expect.poll(() => up.isDisabled()).toBe(true);
    // The button is also disabled while the save is under way: the order is read once it is saved.
    const order = async () => (await sql<{ id: number }>('select id from categories where parent_id = $1 order by sort desc, id', [root.id])).map((r) => r.id);
    await expect.poll(order).toEqual([children[2], children[0], children[1]]);
    await shot(page, 'categories');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    // New goods: a picture uploaded, an option with two values making two SKUs, on sale.
    await page.getByRole('menuitem', { name: 'Goods' }).click();
    await page.getByTestId('new-goods').click();
    await page.getByTestId('goods-editor').waitFor();
    await page.getByTestId('name-en-us').fill(`Console lamp ${RUN}`);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e8a33d' } }).png().toBuffer();
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.getByTestId('picture').count()).toBe(1);
    await page.getByTestId('add-option').click();
    await page.getByTestId('option-0').getByLabel('Options English').fill('Size');
    await page.getByTestId('option-0').getByLabel('Value English').fill('Small');
    await page.getByTestId('add-value-0').click();
    await page.getByTestId('option-0').getByLabel('Value English').nth(1).fill('Large');
    await page.getByTestId('make-skus').click();
    await page.locator('input[data-testid="sku-price-1"], [data-testid="sku-price-1"] input').first().waitFor();
    await page.locator('input[data-testid="sku-price-0"], [data-testid="sku-price-0"] input').first().fill('9.90');
    await page.locator('input[data-testid="sku-price-1"], [data-testid="sku-price-1"] input').first().fill('12.50');
    await page.locator('input[data-testid="sku-stock-0"], [data-testid="sku-stock-0"] input').first().fill('5');
    await page.getByTestId('on-sale').click();
    await shot(page, 'goods-new');
    // Without a price for the second SKU, the editor says where, and nothing is created.
    await page.locator('input[data-testid="sku-price-1"], [data-testid="sku-price-1"] input').first().fill('');
    await page.getByTestId('save-goods').click();
    await page.getByTestId('confirm-save').click();
    await page.locator('.ant-form-item-explain-error', { hasText: 'Required' }).first().waitFor();
    expect(await sql('select id from goods where name::text like $1', [`%Console lamp ${RUN}%`])).toEqual([]);
    await page.locator('input[data-testid="sku-price-1"], [data-testid="sku-price-1"] input').first().fill('12.50');
    await page.getByTestId('save-goods').click();
    await page.getByTestId('confirm-save').click();
    await page.getByText('Goods saved').first().waitFor();
    await page.waitForURL(/#\/catalogue\/goods\/\d+$/);
    const newId = Number(/goods\/(\d+)$/.exec(page.url())![1]);
    const skus = await sql<{ price_minor: string; stock: number }>('select price_minor, stock from goods_skus where goods_id = $1 order by id', [newId]);
    expect(skus.map((r) => [Number(r.price_minor), r.stock])).toEqual([
      [990, 5],
      [1250, 0],
    ]);
    const info = (await (await fetch(`${baseUrl}/shop/goods/info?id=${newId}`)).json()) as { data: { price: number; status: string; images: string[]; skus: Array<{ spec_text: string }> } };
    expect(info.data).toMatchObject({ price: 990, status: 'on_sale' });
    expect(info.data.skus.map((k) => k.spec_text)).toEqual(['Small', 'Large']);
    expect((await fetch(`${baseUrl}${info.data.images[0]}`)).status).toBe(200);
    await page.close();
  });
});
