import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { consoleOperator, openConsole, shot } from './console.js';
import { baseUrl } from '../../web/e2e/shop.js';

const RUN = Date.now().toString(36);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

describe('the console’s content in Chromium at 1280 px', () => {
  it('writes a notice in English and Chinese side by side; members are answered it in Chinese', async () => {
    const { token } = await consoleOperator('owner', `content${RUN}`);
    const page = await openConsole(browser, token, '/content/notices', { 'admin.catalogue.languages': JSON.stringify(['en-us', 'zh-cn']) });
    await page.getByTestId('new-notices').click();
    await page.getByTestId('notices-form').waitFor();
    await page.getByTestId('title-en-us').fill(`Warehouse move ${RUN}`);
    await page.getByTestId('title-zh-cn').fill(`仓库搬迁 ${RUN}`);
    await page.getByTestId('content-en-us').fill('<p>Orders ship from the <b>new</b> warehouse.</p>');
    await shot(page, 'notice-form');
    await page.getByTestId('save-notices').click();
    await page.getByText('Saved').first().waitFor();
    await page.locator('.ant-table-tbody tr', { hasText: `Warehouse move ${RUN}` }).waitFor();
    await shot(page, 'notices');
    await page.close();

    // The member app has no notice page yet: its call answers the notice in Chinese.
    const list = (await (await fetch(`${baseUrl}/web/notice/list?limit=50`, { headers: { 'think-lang': 'zh-cn' } })).json()) as { data: { list: Array<{ title: string }> } };
    expect(list.data.list.map((n) => n.title)).toContain(`仓库搬迁 ${RUN}`);
  });
});
