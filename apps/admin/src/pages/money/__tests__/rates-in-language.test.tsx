import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import Recharges from '../../reviews/Recharges';
import MoneySettings from '../MoneySettings';

// The money settings wrote exchange rates as the server keeps them ("19382.54 (20 Nov 2026)") beside
// dates and money in Indonesian ("USD 200,00"); a top-up's drawer said "4.475 (ecb, 2026-11-20)". A rate
// is written in the console's language with every digit kept, its source and day in words.

const at = '2026-11-20T10:00:00.000Z';
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'ledger.read', 'withdrawals.review'], totp_bound: true },
  '/admin/api/rates/list': {
    date: '2026-11-20',
    list: [
      { base: 'USD', quote: 'IDR', ecb: { rate: '19382.54', date: '2026-11-20' }, operator: null, effective: 'ecb' },
      { base: 'USD', quote: 'MYR', ecb: { rate: '4.4750', date: '2026-11-20' }, operator: { rate: '4.5', date: '2026-11-20' }, effective: 'operator' },
    ],
  },
  '/admin/api/wallet/recharges': {
    list: [
      {
        id: 3, order_no: 'R2611200000000003', channel: 'bank_my', kind: 'bank', status: 'pending', pay_currency: 'MYR', pay_amount: 45_000, fee: 0, wallet_currency: 'USD', credit_amount: 10_000,
        rate: '0.2222', rate_source: 'ecb', rate_date: '2026-11-20', instalments: null, slip: null, tx_hash: null, network: null, reason: null, created_at: at, paid_at: null, expires_at: null,
        user_id: 9, user_name: 'mia', reviewed_by: null,
      },
    ],
    total: 1, page: 1, limit: 20, has_more: false,
  },
};
signedInAgainst(answers);

describe('exchange rates in the console', () => {
  it('are written in Indonesian with its marks and every digit, beside the operator’s own rate', async () => {
    await changeLanguage('id');
    renderInConsole(<MoneySettings />, '/money/settings');
    fireEvent.click(await screen.findByRole('tab', { name: 'Kurs' }, { timeout: 10_000 }));
    const row = (await screen.findByText('USD → IDR')).closest('tr')!;
    expect(row.textContent).toContain('19.382,54 (');
    const myr = screen.getByText('USD → MYR').closest('tr')!;
    expect(myr.textContent).toContain('4,4750 (');
    expect(myr.textContent).toContain('4,5 (');
    expect(myr.textContent).not.toMatch(/\d\.\d/);
  });

  it('a top-up’s rate says what was paid for what was credited, where the rate came from and its day, in Hungarian', async () => {
    await changeLanguage('hu');
    renderInConsole(<Recharges />, '/reviews/recharges');
    fireEvent.click(await screen.findByTestId('open-3', {}, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1 MYR = 0,2222 USD (');
    expect(dialog.textContent).not.toContain('ecb,');
    expect(dialog.textContent).not.toContain('2026-11-20');
  });
});
