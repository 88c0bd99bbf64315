import type { adminCouponSchema } from '@shop/contract/catalogue';
import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { QueryTable } from '../../../components/QueryTable';
import { changeLanguage, i18n, initI18n } from '../../../lib/i18n';
import { couponColumns } from '../Coupons';

// The coupon list at 1280 px broke codes and amounts mid-word ("WELCOM E5", "USD 5,00 0.00",
// "5000, 00 US D") and dates over three lines: codes and amounts stay whole, a date breaks only
// between its day and its time.

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

type Row = z.infer<typeof adminCouponSchema>;
const row: Row = {
  id: 1, code: 'WELCOME5', kind: 'amount', amount: 500_000, percent_bp: null, currency: 'USD', min_spend: 500_000, starts_at: '2026-11-30T09:30:00.000Z', ends_at: '2026-12-31T21:45:00.000Z',
  per_member_limit: 1, total_limit: 100, used: 3, state: 'running', created_by: 'owner',
};
const query = { data: { list: [row], total: 1, page: 1, limit: 20 }, isLoading: false, isFetching: false, isError: false } as unknown as UseQueryResult<{ list: Row[] }>;
/** Whether the text `text` is inside something that keeps it on one line. */
const keptWhole = (el: HTMLElement | null): boolean => !!el && (el.style.whiteSpace === 'nowrap' || keptWhole(el.parentElement));

describe('the coupon list’s cells', () => {
  for (const lang of ['en-us', 'hu'] as const) {
    it(`keep codes and amounts whole and a date on at most two lines (${lang})`, async () => {
      await changeLanguage(lang);
      render(<QueryTable<Row> query={query} columns={couponColumns(i18n.t.bind(i18n))} />);
      const code = screen.getByText('WELCOME5');
      expect(keptWhole(code)).toBe(true);
      expect(code.getAttribute('title')).toBe('WELCOME5');
      const cells = [...document.querySelectorAll('tbody tr.ant-table-row td')] as HTMLElement[];
      // The discount and, under it, the minimum spend: 5,000.00 in the console's language, never split.
      const amounts = [...cells[1]!.querySelectorAll('[data-amount]')] as HTMLElement[];
      expect(amounts.map((a) => /5.?000/.test(a.textContent ?? '') && /USD/.test(a.textContent ?? ''))).toEqual([true, true]);
      for (const a of amounts) expect(keptWhole(a)).toBe(true);
      // Each date: two pieces (day, time), each whole; nothing else in the cell can break.
      for (const td of cells.slice(2, 4)) {
        const parts = [...td.querySelectorAll('span')].filter((s) => s.style.whiteSpace === 'nowrap');
        expect(parts.map((s) => s.textContent!.length > 0)).toEqual([true, true]);
        expect(parts.map((s) => s.textContent).join(' ')).toBe(td.textContent);
      }
    });
  }
  afterEach(() => changeLanguage('en-us'));
});
