import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../lib/format';
import { changeLanguage } from '../../../lib/i18n';
import { ShopOrderHistory } from '../ShopOrderHistory';
import { StockChanges } from '../StockChanges';
import { renderInConsole, signedInAgainst } from '../../../test/console';

// At 1280 px a completed shop order's drawer showed a fixed
// "awaiting payment, paid" timeline and no fee, earnings or refund; the stock changes were headed
// "Reviewed by" and named `member:1` and `system:demo-seed`.

const at = (h: number) => `2026-11-2${h}T10:00:00.000Z`;
const answers: Record<string, unknown> = {
  '/admin/api/shops/orderInfo': {
    id: 7,
    events: [
      { kind: 'transition', from: null, to: 'awaiting_payment', reason: '', by: 'buyer', operator: null, at: at(0) },
      { kind: 'transition', from: 'awaiting_audit', to: 'approved', reason: 'owner travelling', by: 'operator', operator: 'ops1#3', at: at(1) },
      { kind: 'transition', from: 'approved', to: 'shipped', reason: '', by: 'owner', operator: null, at: at(2) },
      { kind: 'settled', from: null, to: null, reason: '', by: 'job', operator: null, at: at(8) },
    ],
    fee_bp: 1000,
    fee: 200,
    earnings: 1800,
    settles_at: at(7),
    settled_at: at(8),
    refunded_at: null,
    refunds: [{ id: 41, case_no: 'AS202611230001', kind: 'return', status: 'refunded', refund: 2000, refunded: 2000, refunded_at: at(5) }],
  },
  '/admin/api/shops/stockChanges': {
    list: [
      { id: 3, sku_id: 9, delta: -1, stock_after: 2, cause: 'order', reference: 'order:M1', reason: '', made_by: { kind: 'owner', name: 'demo001' }, created_at: at(2) },
      { id: 2, sku_id: 9, delta: -1, stock_after: 3, cause: 'operator', reference: 'operator:ops1#3', reason: 'damaged', made_by: { kind: 'operator', name: 'ops1#3' }, created_at: at(1) },
      { id: 1, sku_id: 9, delta: 4, stock_after: 4, cause: 'operator', reference: 'seed', reason: 'opening stock', made_by: { kind: 'system', name: 'demo-seed' }, created_at: at(0) },
    ],
    total: 3,
    page: 1,
    limit: 10,
  },
};
/** The stock changes as the API answers them (a test may answer others, set back before each test). */
const stockChanges = answers['/admin/api/shops/stockChanges'];
signedInAgainst(answers);
beforeEach(() => {
  answers['/admin/api/shops/stockChanges'] = stockChanges;
});

const shown = (ui: React.ReactNode) => renderInConsole(ui);

describe('a shop order’s drawer', () => {
  it('shows the fee with its rate, the owner’s earnings with when they settled, the case’s refund and every step with who took it', async () => {
    shown(<ShopOrderHistory id={7} currency="USD" />);
    await screen.findByText('History');
    expect(screen.getByText('Platform fee').closest('tr')!.textContent).toContain(`10 % · ${formatMoney(200, 'USD')}`);
    expect(screen.getByText("Owner's earnings").closest('tr')!.textContent).toContain(`${formatMoney(1800, 'USD')} · Settled on `);
    const refund = screen.getByText('Refunds').closest('tr')!;
    expect(within(refund).getByText('AS202611230001')).toBeTruthy();
    expect(refund.textContent).toContain(formatMoney(2000, 'USD'));
    const steps = [...document.querySelectorAll('.ant-timeline-item')].map((li) => li.textContent!.split(' · ').slice(1));
    expect(steps).toEqual([['Awaiting payment', 'Buyer'], ['Approved', 'ops1#3', 'owner travelling'], ['Shipped', 'Owner'], ['Settled', 'Job']]);
  });

  it('while the order waits for its settlement, says when it settles', async () => {
    answers['/admin/api/shops/orderInfo'] = { ...(answers['/admin/api/shops/orderInfo'] as object), fee_bp: null, fee: null, earnings: null, settled_at: null, refunds: [] };
    shown(<ShopOrderHistory id={7} currency="USD" />);
    await screen.findByText('History');
    expect(screen.getByText("Owner's earnings").closest('tr')!.textContent).toMatch(/Settles on /);
    expect(screen.getByText('Platform fee').closest('tr')!.textContent).toContain('Worked out when the order settles');
    expect(screen.queryByText('Refunds')).toBeNull();
  });
});

describe('a shop’s stock changes', () => {
  it('are headed "Made by" and name the owner, the operator and the system, never a raw stamp', async () => {
    shown(<StockChanges shopId={5} />);
    await screen.findByText('Owner demo001');
    expect(screen.getByRole('columnheader', { name: 'Made by' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Reviewed by' })).toBeNull();
    const madeBy = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.lastElementChild!.textContent);
    expect(madeBy).toEqual(['Owner demo001', 'ops1#3', 'System']);
    expect(document.body.textContent).not.toContain('member:');
  });

  it('give the reason without the internal stamps, and the number of the order, slip or case behind a change', async () => {
    answers['/admin/api/shops/stockChanges'] = {
      list: [
        { id: 6, sku_id: 9, delta: 1, stock_after: 3, cause: 'after_sale', reference: 'after-sale:AS202611230001', reason: '', made_by: { kind: 'operator', name: 'ops1#3' }, created_at: at(5) },
        { id: 5, sku_id: 9, delta: -1, stock_after: 2, cause: 'slip', reference: 'slip:SN2611230005', reason: '', made_by: { kind: 'owner', name: 'demo001' }, created_at: at(4) },
        { id: 4, sku_id: 9, delta: 2, stock_after: 3, cause: 'operator', reference: 'approval:12', reason: 'Recount', made_by: { kind: 'operator', name: 'fin2#4' }, created_at: at(3) },
        ...(stockChanges as { list: unknown[] }).list,
      ],
      total: 6,
      page: 1,
      limit: 10,
    };
    shown(<StockChanges shopId={5} />);
    await screen.findByText('Recount', { exact: false });
    const headings = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent);
    const reasons = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.children[headings.indexOf('Reason')]!.textContent);
    expect(reasons).toEqual(['Case no. AS202611230001', 'Slip number SN2611230005', 'Recount · Approval request #12', 'Order number M1', 'damaged', 'opening stock']);
    // "Made by" names the operator; the reason never repeats them as a stamp.
    expect(document.body.textContent).not.toContain('operator:');
  });

  it('say "System" and the owner in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    shown(<StockChanges shopId={5} />);
    await screen.findByText('店主 demo001');
    expect(screen.getByRole('columnheader', { name: '操作人' })).toBeTruthy();
    expect([...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.lastElementChild!.textContent)).toEqual(['店主 demo001', 'ops1#3', '系统']);
  });
});
