import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import { renderInConsole, signedInAgainst } from '../../test/console';
import { PayablePayments } from '../PaymentParts';

// In the Chinese console a refund's reason read "after-sale AS2612031745125120" in English: the reasons
// the shop writes itself (an after-sales case's refund, a shop order its owner rejected, a cancelled
// order's) are said in the operator's language with the case's or order's number; an operator's own
// reason stays as typed, and an old row reads as well as a new one.

const at = '2026-12-03T09:45:00.000Z';
const payment = { id: 1, payment_no: 'P2612031745120001', member_id: 3, member: 'mia', payable_type: 'order', payable_id: 7, pay_way: 'balance', gateway: null, status: 'succeeded', currency: 'USD', amount: 34_998, fee: 0, balance_part: 34_998, balance_released: 0, gateway_part: 0, provider_ref: null, failure_reason: null, open_flags: 0, created_at: at, finished_at: at };
const refund = (id: number, reason: string) => ({ id, reference: `R26120317451200${id}`, payment_id: 1, payment_no: payment.payment_no, cause: `c:${id}`, via: 'ledger', amount: 1000 + id, currency: 'USD', status: 'succeeded', provider_ref: null, reason, failure_reason: null, attempts: 0, last_error: null, created_at: at, finished_at: at });
signedInAgainst(
  {
    '/admin/api/payments/list': { list: [payment], total: 1, page: 1, limit: 50, has_more: false },
    '/admin/api/payments/refunds': {
      list: [refund(1, 'after-sale AS2612031745125120'), refund(2, 'shop order S2612031745120007 rejected'), refund(3, 'order cancelled'), refund(4, 'paid_after_cancel'), refund(5, '顾客重复付款，退回一笔')],
      total: 5,
      page: 1,
      limit: 50,
      has_more: false,
    },
  },
  'zh-cn',
);

/** Each refund's reason as the order's payments show it, by the refund's reference. */
async function reasons(): Promise<Record<string, string>> {
  renderInConsole(<PayablePayments payableType="order" payableId={7} />);
  await screen.findByText('R261203174512001', {}, { timeout: 10_000 });
  const table = [...screen.getByTestId('payable-payments').querySelectorAll('.ant-table')].at(-1)!;
  const column = [...table.querySelectorAll('thead th')].map((th) => th.textContent).indexOf(i18n.t('console.common.reason'));
  return Object.fromEntries([...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [tr.querySelector('td div')!.textContent, tr.children[column]!.textContent]));
}

describe('a refund’s reason in the console', () => {
  it('in Chinese: the shop’s own reasons in Chinese with their numbers, a flag’s kind as the flag queue words it, an operator’s reason as typed', async () => {
    expect(await reasons()).toEqual({
      R261203174512001: '售后单 AS2612031745125120',
      R261203174512002: '店铺订单 S2612031745120007 已驳回',
      R261203174512003: '订单已取消',
      R261203174512004: i18n.t('console.payments.kinds.paid_after_cancel'),
      R261203174512005: '顾客重复付款，退回一笔',
    });
    expect(document.body.textContent).not.toMatch(/after-sale|rejected|order cancelled/);
  });

  it('in English: the same reasons in English', async () => {
    await changeLanguage('en-us');
    expect(await reasons()).toMatchObject({ R261203174512001: 'After-sales case AS2612031745125120', R261203174512002: 'Shop order S2612031745120007 rejected', R261203174512003: 'Order cancelled' });
  });
});
