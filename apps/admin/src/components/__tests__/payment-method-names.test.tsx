import { LANGUAGES } from '@shop/contract/common';
import { loadBundledPacks, loadConsolePacks } from '@shop/contract/packs';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../test/console';
import { PayablePayments } from '../PaymentParts';

// The order drawer's payments showed the method's code ("balance", "stripe · stripe_card") where the
// member's app names it ("Wallet balance"). The console names each method in the operator's language.

const at = '2026-11-20T10:00:00.000Z';
const payment = (id: number, pay_way: string, gateway: string | null) => ({
  id, payment_no: `PY26112000000${id}`, member_id: 3, member: 'mia', payable_type: 'order', payable_id: 7, pay_way, gateway, status: 'succeeded', currency: 'USD', amount: 5000, fee: 0,
  balance_part: gateway ? 0 : 5000, balance_released: 0, gateway_part: gateway ? 5000 : 0, provider_ref: null, failure_reason: null, open_flags: 0, created_at: at, finished_at: at,
});
const answers: Record<string, unknown> = {
  '/admin/api/payments/list': { list: [payment(1, 'balance', null), payment(2, 'stripe_card', 'stripe'), payment(3, 'some_new_way', null)], total: 3, page: 1, limit: 50, has_more: false },
  '/admin/api/payments/refunds': { list: [], total: 0, page: 1, limit: 50, has_more: false },
};
signedInAgainst(answers);

/** The order's payments as the drawer shows them, and the text of each row's Method cell. */
async function methods(): Promise<string[]> {
  renderInConsole(<PayablePayments payableType="order" payableId={7} />);
  const card = await screen.findByTestId('payable-payments');
  await screen.findByText('PY261120000001', {}, { timeout: 10_000 });
  const table = card.querySelector('.ant-table') as HTMLElement;
  const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
  const column = headings.indexOf(i18n.t('console.payments.method'));
  expect(column, headings.join(' | ')).toBeGreaterThanOrEqual(0);
  return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.children[column]!.textContent ?? '');
}

describe('the payments of an order', () => {
  it('name each method as the member’s app does, the gateway beside it; a method without a name shows its code', async () => {
    expect(await methods()).toEqual(['Wallet balance', 'Stripe · Card (Visa, Mastercard, UnionPay, JCB, Apple Pay)', 'some_new_way']);
  });

  it('name the method in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    const shown = await methods();
    expect(shown[0]).toBe('钱包余额');
    expect(shown.join(' ')).not.toContain('balance');
  });
});

describe('the console’s names of payment methods', () => {
  const app = loadBundledPacks();
  const console = loadConsolePacks();
  it.each([...LANGUAGES])('cover every method the member’s app names, in %s', (lang) => {
    const codes = Object.keys(app['en-us']).filter((k) => k.startsWith('payments.method.')).map((k) => k.slice('payments.method.'.length));
    expect(codes).toContain('balance');
    expect(codes.filter((code) => !console[lang][`console.payments.methods.${code}`]?.trim())).toEqual([]);
  });
});
