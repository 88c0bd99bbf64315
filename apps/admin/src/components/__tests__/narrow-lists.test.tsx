import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import AfterSales from '../../pages/after-sales/AfterSales';
import Ledger from '../../pages/money/Ledger';
import Orders from '../../pages/orders/Orders';
import Withdrawals from '../../pages/reviews/Withdrawals';
import { renderInConsole, signedInAgainst } from '../../test/console';
import { windowWidth } from '../../test/window-width';

// On a 375 px phone the withdrawals and after-sales queues were 493 px wide and the ledger 526 px: the
// list's search, filter and "Export CSV" stayed on one line, the export past the screen's edge; in
// Chinese the ledger's columns were squeezed to a character a line. The list's toolbar now wraps within
// the width, each control no wider than the screen, and a table wider than the screen scrolls inside
// its own frame with every column at least a few words wide. jsdom lays nothing out: what is checked is
// what makes the browser do so (the wrapping rows, what may shrink, the table's frame and its widths).

/** A 375 px screen less the page's margins (2 × 16). */
const ROOM = 343;
const at = '2026-11-20T10:00:00.000Z';
const page = (row: unknown) => ({ list: [row], total: 1, page: 1, limit: 20, has_more: false });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'ledger.read', 'withdrawals.review', 'aftersales.read', 'aftersales.decide', 'orders.read'], totp_bound: true },
  '/admin/api/wallet/withdrawals': page({
    id: 7, withdraw_no: 'W2611200000000007', method: 'bank', status: 'pending', currency: 'USD', amount: 5000, fee: 100, bank_name: 'Maybank', account_masked: '…1234', network: null, address: null, reason: null, payout_reference: null,
    created_at: at, approved_at: null, paid_at: null, rejected_at: null, cancelled_at: null, user_id: 3, user_name: 'mia', member_status: 'active', holder_name: 'Mia', account_number: '1234', card_currency: 'USD', reviewed_by: null, approvers: [], approvals_needed: 1, rejected_by: null, paid_by: null,
  }),
  '/admin/api/after-sales/list': page({
    id: 41, case_no: 'AS26113000000041', order_id: 7, shop_order_id: null, shop: null, order_no: '2611300000000007', kind: 'return', status: 'under_review', reason_id: 'changed_mind', reason: 'No longer needed', description: '', currency: 'USD', refundable: 3333,
    refund: null, refunded: null, refunded_at: null, refund_reason: '', refund_delayed: false, refund_parts: [], lines: [], images: [], video: null, reject_reason: '', ship_back_by: null, return_shipment: null, replacement_shipment: null,
    follows_case_id: null, created_at: at, updated_at: at, member_id: 3, member: 'mia', refund_problem: null,
  }),
  '/admin/api/ledger/kinds': { list: ['order.payment'] },
  '/admin/api/ledger/journal': page({
    id: 901, kind: 'order.payment', reference_type: 'order', reference_id: '2611300000000007', actor_kind: 'member', actor_id: '3', operator: null, memo: '会员以钱包余额支付订单', reverses_entry_id: null, rate: null, created_at: at,
    postings: [{ account_id: 1, member_id: 3, owner: 'mia', asset: 'balance', currency: 'USD', amount: -5000 }],
  }),
  '/admin/api/orders/list': { list: [], total: 0, page: 1, limit: 20, has_more: false },
};

signedInAgainst(answers);

function show(Page: ComponentType) {
  renderInConsole(
    <Page />,
    '/',
  );
}

/** The row holding the list's controls and its "Export CSV": the nearest box holding both. */
function toolbarRow(control: HTMLElement): HTMLElement {
  const exportButton = screen.getByTestId('export-csv');
  let row = control.parentElement!;
  while (!row.contains(exportButton)) row = row.parentElement!;
  return row;
}

/**
 * What keeps `control` (an input, a select) wider than the room, from it up to the toolbar's row: a box
 * wider than the room that does not give way (`max-width: 100%`), or a flex item that may not shrink
 * below what it holds (`min-width: 0`).
 */
function tooWide(control: HTMLElement, row: HTMLElement): string[] {
  const problems: string[] = [];
  for (let e = control; e !== row; e = e.parentElement!) {
    const name = `${e.tagName.toLowerCase()}.${e.className || '(no class)'}`;
    if (parseFloat(e.style.width) > ROOM && e.style.maxWidth !== '100%') problems.push(`${name} is ${e.style.width} wide`);
    if (/flex/.test(getComputedStyle(e.parentElement!).display) && e.style.minWidth !== '0px' && e !== control) problems.push(`${name} cannot shrink below what it holds`);
  }
  return problems;
}

/** The root of an antd control holding `el` (the search box, the select). */
const controlOf = (el: HTMLElement) => (el.closest('.ant-input-search, .ant-select') as HTMLElement | null) ?? el;

describe('the console’s lists on a 375 px phone', () => {
  it('withdrawals: the search and "Export CSV" wrap within the screen, the table scrolls in its own frame', async () => {
    windowWidth(375);
    show(Withdrawals);
    await screen.findByText('W2611200000000007', {}, { timeout: 10_000 });
    const search = controlOf(screen.getByTestId('withdrawals-search'));
    const row = toolbarRow(search);
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(tooWide(search, row)).toEqual([]);
    const table = screen.getByText('W2611200000000007').closest('.ant-table')!;
    expect(table.classList.contains('ant-table-scroll-horizontal')).toBe(true);
  });

  it('after-sales: the source filter, the search and "Export CSV" wrap within the screen', async () => {
    windowWidth(375);
    show(AfterSales);
    await screen.findByText('AS26113000000041', {}, { timeout: 10_000 });
    const search = controlOf(screen.getByTestId('after-sales-search'));
    const filter = controlOf(screen.getByTestId('after-sales-filter'));
    const row = toolbarRow(search);
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(tooWide(search, row)).toEqual([]);
    expect(tooWide(filter, row)).toEqual([]);
  });

  it('orders: a page’s own search in the list’s toolbar gives way to the screen too', async () => {
    windowWidth(375);
    show(Orders);
    const search = controlOf(await screen.findByTestId('order-search', {}, { timeout: 10_000 }));
    const row = toolbarRow(search);
    expect(getComputedStyle(row).flexWrap).toBe('wrap');
    expect(tooWide(search, row)).toEqual([]);
  });

  it('the ledger in Chinese: the journal scrolls in its own frame, no column narrower than a few characters', async () => {
    windowWidth(375);
    await changeLanguage('zh-cn');
    show(Ledger);
    const memo = await screen.findByText('会员以钱包余额支付订单', {}, { timeout: 10_000 });
    const table = memo.closest('.ant-table') as HTMLElement;
    expect(table.classList.contains('ant-table-scroll-horizontal')).toBe(true);
    // Each column of the entries (not the expand button's) is told its width (the entry's number) or a minimum of at least 96 px (six characters).
    const cols = [...table.querySelectorAll('colgroup col')].filter((c) => !c.className.includes('expand')) as HTMLElement[];
    const headings = [...table.querySelectorAll('thead th')].filter((th) => !th.className.includes('expand'));
    expect(cols).toHaveLength(headings.length);
    for (const col of cols) expect(col.style.width ? parseFloat(col.style.width) : parseFloat(col.style.minWidth), col.outerHTML).toBeGreaterThanOrEqual(col.style.width ? 1 : 96);
    // The table is at least as wide as its columns' minimums: narrower, the browser would squeeze them.
    const sum = cols.reduce((s, c) => s + Math.max(parseFloat(c.style.width) || 0, parseFloat(c.style.minWidth) || 0), 0);
    expect(parseFloat(table.querySelector('table')!.style.width)).toBeGreaterThanOrEqual(sum);
    expect(sum).toBeGreaterThan(ROOM);
  });
});
