import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Browser } from '../../web/e2e/browser.js';
import { baseUrl } from '../../web/e2e/shop.js';
import { consoleOperator, openConsole, shot, sql } from './console.js';

// The audit log on a laptop in Hungarian, whose words are long: a decision's target ("Beállítások",
// "Listaexport", "Visszajelzés-kategória") wraps between words if it must, never inside one.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser(baseUrl);
});
afterAll(() => browser?.close());

/** The words (split at spaces and after hyphens) of the column headed `header` that the page draws across two lines. */
const brokenWords = (page: Page, header: string) =>
  page.evaluate((header) => {
    const table = document.querySelector('.ant-table')!;
    const column = [...table.querySelectorAll('thead th')].findIndex((th) => th.textContent?.trim() === header);
    const broken: string[] = [];
    for (const row of table.querySelectorAll('tbody tr.ant-table-row')) {
      const cell = row.querySelectorAll(':scope > td')[column];
      const walker = document.createTreeWalker(cell!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  }, header);

describe('the audit log at 1024 px in Hungarian (Chromium)', () => {
  it('breaks a target’s name only between words', async () => {
    const stamp = Date.now().toString(36);
    const { token, recordedAs } = await consoleOperator('owner', `audit${stamp}`);
    // Decisions about targets with long Hungarian names, beside a long detail and a reason as long as operators write them.
    for (const [type, action] of [
      ['setting', 'order.points {"earn_per_unit":"0.05","redeem_value":"0.01","max_share_of_order":"0.5"}'],
      ['export', 'export.audit'],
      ['feedback_category', 'feedback.category.update'],
      ['certification', 'realname.approve'],
      ['chat', 'chat.close'],
    ] as const) {
      await sql('insert into operator_actions (operator, action, target_type, target_id, reason) values ($1, $2, $3, $4, $5)', [
        recordedAs,
        action,
        type,
        type === 'export' ? 0 : 12345,
        'A tag telefonos kérésére módosítva, a csoportvezető írásos jóváhagyásával; a részleteket a belső jegyben rögzítettük, a tagot e-mailben értesítettük a változásról',
      ]);
    }
    const page = await openConsole(browser, token, '/audit', { 'admin.lang': 'hu' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByText('Listaexport').first().waitFor();
    await shot(page, 'audit-1024-hu');
    expect(await brokenWords(page, 'Tárgy')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.close();
  });
});
