import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import Charity from '../Charity';
import { renderInConsole, signedInAgainst } from '../../../test/console';

// The causes table beside "Pledged (paid)": its pledge count is of paid pledges, the ones that
// amount sums; all pledges (awaiting payment, cancelled, closed) are a column of their own.

const cause = { id: 4, title: { 'en-us': 'Clean water' }, description: {}, image: '', currency: 'USD', min_amount: 100, goal: 500_000, status: 'open', raised: 7_000, supporters: 2, paid_pledges: 3, pledges: 11, created_by: 'owner', created_at: '2026-11-20T10:00:00.000Z' };
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'orders.read'], totp_bound: true },
  '/admin/api/charity/causes/list': { list: [cause] },
  '/admin/api/charity/pledges': { list: [], total: 0, page: 1, limit: 20, has_more: false },
};
signedInAgainst(answers);

/** The causes table's cell under the column headed `heading`, in the row of `title`. */
async function cellUnder(heading: string, title: string) {
  const row = (await screen.findByText(title)).closest('tr')!;
  const table = row.closest('table')!;
  const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  const at = headings.indexOf(heading);
  expect(at, `${heading} in ${headings.join(' | ')}`).toBeGreaterThanOrEqual(0);
  return row.querySelectorAll('td')[at]!.textContent;
}

describe('the console’s charity causes', () => {
  it('counts the paid pledges next to what they raised, and all pledges under a heading that says so', async () => {
    await changeLanguage('en-us');
    renderInConsole(<Charity />);
    expect(await cellUnder('Pledged (paid)', 'Clean water')).toBe(formatMoney(7_000, 'USD'));
    expect(await cellUnder('Paid pledges', 'Clean water')).toBe('3');
    expect(await cellUnder('All pledges (any state)', 'Clean water')).toBe('11');
    expect(within(screen.getByText('Clean water').closest('table')!).queryByRole('columnheader', { name: 'Pledges' })).toBeNull();
  });
});
