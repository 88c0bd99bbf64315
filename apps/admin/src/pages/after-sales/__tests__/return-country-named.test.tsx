import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import AfterSales from '../AfterSales';
import { caseRow } from '../../../test/fixtures';

// A case whose order's country has no return address warned "TW 尚無退貨地址…": the country is named
// in the console's language, as the rest of the sentence is.

const row = caseRow();
signedInAgainst({
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'aftersales.decide', 'refunds.decide'], totp_bound: true },
  '/admin/api/after-sales/list': { list: [row], total: 1, page: 1, limit: 20, has_more: false },
  '/admin/api/after-sales/detail': { ...row, events: [], return_address: null, return_country: 'TW', order_refundable: 3333 },
});

describe('a case without a return address in its country', () => {
  it('names the country in the operator’s language', async () => {
    await changeLanguage('zh-tw');
    renderInConsole(<AfterSales />, '/orders/after-sales');
    fireEvent.click(await screen.findByTestId('open-41', {}, { timeout: 10_000 }));
    const warning = await screen.findByText(/尚無退貨地址/);
    expect(warning.textContent).toMatch(/^台灣/);
  });
});
