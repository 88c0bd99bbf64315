import { fireEvent, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import GiftCards from '../GiftCards';
import Ledger from '../Ledger';

// The journal's "By" said "Operator 4" where every other page says `fin2#4`; the gift-card batches
// named only the approver. And the ledger check had no place in the console: the journal now runs
// it and shows its answer, each problem in the operator's language.

const at = '2026-11-20T10:00:00.000Z';
const page = (row: unknown) => ({ list: [row], total: 1, page: 1, limit: 20, has_more: false });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 4, user_name: 'fin2', role: 'finance', permissions: ['session', 'ledger.read', 'ledger.adjust'], totp_bound: true },
  '/admin/api/ledger/kinds': { list: ['points.grant'] },
  '/admin/api/ledger/journal': page({
    id: 501, kind: 'points.grant', reference_type: 'approval', reference_id: '12', actor_kind: 'operator', actor_id: '4', operator: 'fin2#4',
    memo: 'Quiz winner', reverses_entry_id: null, rate: null, created_at: at, postings: [],
  }),
  '/admin/api/wallet/gift-card-batches': page({ id: 2, user_id: 31, user_name: 'demo001', value: 5_000, currency: 'USD', count: 2, redeemed: 0, expires_at: at, requested_by: 'fin1#3', created_by: 'fin2#4', reason: 'goodwill', created_at: at }),
};
signedInAgainst(answers);

function show(Page: ComponentType) {
  renderInConsole(
    <Page />,
    '/',
  );
}

/** The body cell of the row holding `text`, under the column headed `heading`. */
async function cellUnder(text: string, heading: string) {
  const row = (await screen.findByText(text, {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
  const table = row.closest('.ant-table') as HTMLElement;
  const index = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).indexOf(heading);
  expect(index, heading).toBeGreaterThanOrEqual(0);
  return row.querySelectorAll(':scope > td')[index] as HTMLElement;
}

describe('who wrote and who issued', () => {
  it('the journal names an operator as every page does (fin2#4), not "Operator 4"', async () => {
    await changeLanguage('en-us');
    show(Ledger);
    const by = await cellUnder('Quiz winner', 'By');
    expect(by.textContent).toBe('fin2#4');
  });

  it('a gift-card batch names who asked and who approved', async () => {
    await changeLanguage('en-us');
    show(GiftCards);
    const cell = await cellUnder('demo001 (#31)', 'Asked by · Decided by');
    expect(cell.textContent).toContain('fin1#3');
    expect(cell.textContent).toContain('fin2#4');
  });
});

describe('checking the ledger from the journal', () => {
  it('says the ledger is in order when the check finds nothing', async () => {
    await changeLanguage('en-us');
    answers['/admin/api/ledger/check'] = { ok: true, findings: [], problems: [] };
    show(Ledger);
    fireEvent.click(await screen.findByRole('button', { name: 'Check the ledger' }, { timeout: 10_000 }));
    expect((await screen.findByTestId('ledger-check')).textContent).toContain('The ledger is in order');
  });

  it('lists each problem found, in the operator’s language, amounts in their currency', async () => {
    await changeLanguage('zh-cn');
    answers['/admin/api/ledger/check'] = {
      ok: false,
      findings: ['account 77: cached balance 3000 but its postings sum to 2500', 'hold 9 (posted) has 2 settling entries'],
      problems: [
        { kind: 'balance-mismatch', account_id: 77, member_id: 31, asset: 'cash', currency: 'USD', cached: 3_000, posted: 2_500 },
        { kind: 'hold-resolved-twice', hold_id: 9, status: 'posted', resolutions: 2 },
      ],
    };
    show(Ledger);
    fireEvent.click(await screen.findByRole('button', { name: '检查账本' }, { timeout: 10_000 }));
    const box = await screen.findByTestId('ledger-check');
    const items = within(box).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^账户 77（会员 #31，现金）：余额为 USD\s30\.00，但其记账合计为 USD\s25\.00$/);
    expect(items[1]).toContain('冻结 9');
    expect(box.textContent).not.toContain('cached balance');
    await changeLanguage('en-us');
  });
});
