import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../test/console';
import { PayablePayments } from '../PaymentParts';

// The order's total read "USD 349.98 (goods USD 349.98 · freight USD 0.00)" beside a card payment of
// "USD 360.13", with nothing saying the 10.15 between them: the payment's surcharge is said on its row,
// so an operator can reconcile the two.

const at = '2026-11-20T10:00:00.000Z';
const payment = (id: number, fee: number) => ({
  id, payment_no: `PY26112000010${id}`, member_id: 3, member: 'mia', payable_type: 'order', payable_id: 7, pay_way: 'stripe_card', gateway: 'stripe', status: 'succeeded', currency: 'USD', amount: 34_998, fee,
  balance_part: 0, balance_released: 0, gateway_part: 34_998 + fee, provider_ref: null, failure_reason: null, open_flags: 0, created_at: at, finished_at: at,
});
signedInAgainst({
  '/admin/api/payments/list': { list: [payment(1, 1015), payment(2, 0)], total: 2, page: 1, limit: 50, has_more: false },
  '/admin/api/payments/refunds': { list: [], total: 0, page: 1, limit: 50, has_more: false },
});

/** Each row's Amount cell, as the order's payments show them. */
async function amounts(): Promise<string[]> {
  renderInConsole(<PayablePayments payableType="order" payableId={7} />);
  const card = await screen.findByTestId('payable-payments');
  await screen.findByText('PY261120000101', {}, { timeout: 10_000 });
  const table = card.querySelector('.ant-table') as HTMLElement;
  const column = [...table.querySelectorAll('thead th')].map((th) => th.textContent).indexOf(i18n.t('console.common.amount'));
  return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => (tr.children[column]!.textContent ?? '').replace(/\s/g, ' '));
}

describe('the payments of an order', () => {
  it('say a payment’s surcharge under what it charged, in the operator’s language; one without says nothing more', async () => {
    expect(await amounts()).toEqual(['USD 360.13Payment method surcharge USD 10.15', 'USD 349.98']);
  });

  it('in Japanese', async () => {
    await changeLanguage('jp');
    const [card] = await amounts();
    expect(card).toMatch(/^USD\s?360\.13決済手数料 USD\s?10\.15$/);
    await changeLanguage('en-us');
  });
});
