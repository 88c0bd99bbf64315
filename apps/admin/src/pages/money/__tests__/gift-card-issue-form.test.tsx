import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ROLE_PERMISSIONS } from '@shop/contract/admin';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import GiftCards from '../GiftCards';

// A tester in Japanese typed JPY as a gift card's currency and was refused only once the batch was sent
// ("この通貨はウォレットで利用できません"). The issue form offers the currencies the wallet keeps, and names
// the member whose ID is typed.

signedInAgainst({
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: [...ROLE_PERMISSIONS.owner], totp_bound: true },
  '/admin/api/wallet/gift-card-batches': { list: [], total: 0, page: 1, limit: 20, has_more: false },
  '/admin/api/settings': {
    currencies: [
      { currency: 'USD', enabled: true, is_settlement: true },
      { currency: 'MYR', enabled: true, is_settlement: false },
      { currency: 'JPY', enabled: false, is_settlement: false },
    ],
  },
  '/admin/api/members/info': { id: 9, user_name: 'mia', nickname: 'Mia Tan' },
});

describe('issuing gift cards', () => {
  it('chooses the currency among the wallet’s and names the member', async () => {
    await changeLanguage('jp');
    renderInConsole(<GiftCards />, '/money/gift-cards');
    await act(async () => void fireEvent.click(await screen.findByTestId('issue-cards', {}, { timeout: 10_000 })));
    const currency = await screen.findByRole('combobox', { name: '通貨' }, { timeout: 10_000 });
    await act(async () => void fireEvent.mouseDown(currency));
    await screen.findByText('MYR', { selector: '.ant-select-item-option-content' });
    expect([...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent)).toEqual(['USD', 'MYR']);

    fireEvent.change(screen.getByRole('textbox', { name: '会員 ID' }), { target: { value: '9' } });
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('mia · Mia Tan'), { timeout: 10_000 });
  }, 60_000);
});
