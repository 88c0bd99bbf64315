import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import ReferralCommissions from '../Commissions';

// In the Chinese console (佣金与对碰) a voided commission's reason read "order refunded before settling":
// the reasons the shop writes itself when it voids one are said in the operator's language; an
// operator's own reason stays as typed.

const at = '2026-12-03T09:45:00.000Z';
const commission = (id: number, status: 'void' | 'reversed', reason: string) => ({
  id, order_id: 40 + id, shop_order_id: null, order_no: `P2026120${id}`, buyer_id: 9, buyer_name: 'bella', beneficiary_id: 5, beneficiary_name: 'amy', level: 1, base: 10000, rate_bp: 500, amount: 500,
  posted: status === 'reversed' ? 500 : 0, netted: 0, reversed: status === 'reversed' ? 500 : 0, debt: 0, currency: 'USD', status, reason, created_at: at, settled_at: status === 'reversed' ? at : null,
});
signedInAgainst(
  {
    '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['referral.settings'], totp_bound: true },
    '/admin/api/referral/commissions': {
      list: [
        commission(1, 'void', 'order refunded before settling'),
        commission(2, 'void', 'shop order refunded before settling'),
        commission(3, 'void', 'shop order refused before settling'),
        commission(4, 'void', 'member closed'),
        commission(5, 'reversed', '买家退货，佣金收回'),
      ],
      total: 5,
      page: 1,
      limit: 20,
      has_more: false,
    },
    '/admin/api/referral/pair-runs': { list: [], total: 0, page: 1, limit: 30, has_more: false },
  },
  'zh-cn',
);

/** Each commission's reason, by its order's number. */
async function reasons(): Promise<Record<string, string>> {
  renderInConsole(<ReferralCommissions />);
  await screen.findByText('P20261201', {}, { timeout: 10_000 });
  const table = screen.getByText('P20261201').closest('table')!;
  const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  const order = headings.indexOf('订单');
  const reason = headings.indexOf('原因');
  return Object.fromEntries([...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) => [tr.children[order]!.textContent, tr.children[reason]!.textContent]));
}

describe('a commission’s reason in the console', () => {
  it('in Chinese: a void commission’s reason the shop wrote in Chinese, an operator’s reversal reason as typed', async () => {
    expect(await reasons()).toEqual({
      P20261201: '订单结算前已退款',
      P20261202: '店铺订单结算前已退款',
      P20261203: '店铺订单结算前被拒绝',
      P20261204: '受益人已注销账户',
      P20261205: '买家退货，佣金收回',
    });
    expect(document.body.textContent).not.toMatch(/before settling|member closed/);
  });
});
