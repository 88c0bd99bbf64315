import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { goodsOnly } from '../../../test/fixtures';
import Orders, { OrderDetail } from '../Orders';

// Testers in Traditional Chinese saw an order's date broken over two lines mid-word ("2026年12月2日 下" /
// "午6:23") in the orders list at 1280 px, and testers in Japanese read the order's date as an
// application's ("申請日時"). A table's date is compact (a numeric date and a 24-hour time) and whole on one
// line in every language; an order's date is when it was ordered.

const placed = new Date(2026, 11, 2, 18, 23);
const summary = { id: 9, order_no: '2612020000000009', user_id: 3, user_name: 'mei', status: 'paid', currency: 'USD', total: 2000, created_at: placed.toISOString(), paid_at: null, last_reminded_at: null };
const order = {
  ...summary, ...goodsOnly(2000), remarks: '', paid_at: null,
  address: { name: 'Mei', surname: 'Chen', mobile_pre: '886', mobile: '912345678', detail: '1 Road', house_number: '', district: '', city: 'Taipei', province: '', zip_code: '110', country_code: 'TW' },
  lines: [{ id: 11, name: 'Tea set', spec_text: '', num: 1, shipped_num: 0, line_total: 2000 }], packages: [], events: [],
};
signedInAgainst({
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'orders.read'], totp_bound: true },
  '/admin/api/orders/list': { list: [summary], total: 1, page: 1, limit: 20, has_more: false },
  '/admin/api/orders/info': order,
});

/** The orders table's cell under the heading `heading`, in the row of order 9. */
async function cellUnder(heading: string) {
  const row = (await screen.findByText(summary.order_no, {}, { timeout: 10_000 })).closest('tr')!;
  const headings = [...document.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  expect(headings).toContain(heading);
  return row.querySelectorAll('td')[headings.indexOf(heading)] as HTMLElement;
}

describe('an order’s date in the orders list', () => {
  it('is compact and whole in Traditional Chinese', async () => {
    await changeLanguage('zh-tw');
    renderInConsole(<Orders />);
    const cell = await cellUnder('下單時間');
    expect(cell.textContent?.replace(/\s/g, ' ')).toBe('2026/12/02 18:23');
    expect(cell.style.whiteSpace).toBe('nowrap');
  });

  it('is the order’s date in Japanese (注文日時), compact as Japanese writes it, in the list and the order', async () => {
    await changeLanguage('jp');
    renderInConsole(<Orders />);
    const cell = await cellUnder('注文日時');
    expect(cell.textContent?.replace(/\s/g, ' ')).toBe('2026/12/02 18:23');
    expect(screen.queryByText('申請日時')).toBeNull();
  });

  it('is named as the order’s date in the order itself', async () => {
    await changeLanguage('jp');
    renderInConsole(<OrderDetail id={9} onPackage={() => undefined} />);
    const label = await screen.findByText('注文日時', {}, { timeout: 10_000 });
    expect(within(label.closest('tr')!).queryByText('申請日時')).toBeNull();
  });
});
