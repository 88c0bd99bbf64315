import type { ApprovalRequest } from '@shop/contract/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { approvalText } from '../../../lib/approvals';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { windowWidth } from '../../../test/window-width';
import Approvals from '../Approvals';

// A finance operator at 1280 px saw on "Approved" a table about 1,959 px wide in a 1,012 px box: the
// member, the reason, who asked and decided and why cut off past the edge, and an empty pinned
// Actions column over the member. At 375 px only the number, the kind and the buttons showed: one
// could approve without seeing the amount. The list now fits the room a 1280 px window leaves, the
// pinned actions only where a request can be decided, and a narrow window shows each request as a
// card whose amount and what it does come before its buttons. jsdom lays nothing out: what is
// checked is what the browser is told (each column's width, what is pinned, what is shown where).

/** 1280 px − the menu (220 and its border) − the page's margins (2 × 24) − a scrollbar (15). */
const ROOM = 996;
const at = '2026-11-20T10:00:00.000Z';
const request = (over: Partial<ApprovalRequest>): ApprovalRequest => ({
  id: 12,
  kind: 'gift_cards.issue',
  status: 'pending',
  member_id: 31,
  member_name: 'customer_with_a_rather_long_name',
  currency: 'USD',
  amount: 5_000,
  summary: '1 × 50.00 USD gift cards',
  what: { key: 'gift_cards', count: 1, value: 5_000, currency: 'USD' },
  changes: null,
  reason: 'Goodwill for a parcel that arrived three weeks late and damaged',
  requested_by: 'fin1#3',
  requested_at: at,
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  automatic: false,
  result: null,
  ...over,
});
const page = (row: ApprovalRequest) => ({ list: [row], total: 1, page: 1, limit: 20, has_more: false });
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 4, user_name: 'fin2', role: 'finance', permissions: ['session', 'ledger.read', 'ledger.adjust'], totp_bound: true },
  '/admin/api/approvals/limits': { list: [] },
};

signedInAgainst(answers);

function show(status: string) {
  renderInConsole(
    <Approvals />,
    `/approvals?status=${status}`,
  );
}

/** The requests' table (the one holding the member's name; the thresholds' table is below it). */
async function listTable() {
  const cell = await screen.findByText(/customer_with_a_rather_long_name/, {}, { timeout: 10_000 });
  return cell.closest('.ant-table') as HTMLElement;
}

/** Each column's width as the browser is told it (every column must have one), and their sum. */
function columnWidths(table: HTMLElement) {
  const cols = [...table.querySelectorAll('colgroup col')] as HTMLElement[];
  for (const col of cols) expect(col.style.width).toMatch(/^\d+px$/);
  return cols.reduce((sum, c) => sum + parseFloat(c.style.width), 0);
}

const headings = (table: HTMLElement) => [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());

describe('the approvals list in a 1280 px window', () => {
  it('"Approved": every fact fits the window in compact columns, no pinned Actions column, long texts cut with their whole text on hover', async () => {
    windowWidth(1280);
    answers['/admin/api/approvals'] = page(request({ status: 'approved', decided_by: 'fin2#4', decided_at: at, decision_reason: 'Checked the courier report' }));
    show('approved');
    const table = await listTable();
    expect(headings(table)).not.toContain('Actions');
    expect(table.querySelectorAll('[class*="cell-fix"]')).toHaveLength(0);
    expect(columnWidths(table)).toBeLessThanOrEqual(ROOM);
    const row = table.querySelector('tbody tr.ant-table-row') as HTMLElement;
    for (const text of ['USD\u00a050.00', '1 gift card of USD\u00a050.00', 'customer_with_a_rather_long_name (#31)', 'Goodwill for a parcel that arrived three weeks late and damaged', 'fin1#3', 'fin2#4', 'Checked the courier report']) {
      expect(row.textContent, text).toContain(text);
    }
    // A cut text shows whole on hover.
    expect(row.querySelector('[title="Goodwill for a parcel that arrived three weeks late and damaged"]')).not.toBeNull();
    expect(row.querySelector('[title="customer_with_a_rather_long_name (#31)"]')).not.toBeNull();
  });

  it('"Pending": the amount and what is asked sit in the window beside the pinned Approve and Reject', async () => {
    windowWidth(1280);
    answers['/admin/api/approvals'] = page(request({}));
    show('pending');
    const table = await listTable();
    expect(headings(table)).toContain('Actions');
    expect(columnWidths(table)).toBeLessThanOrEqual(ROOM);
    const row = table.querySelector('tbody tr.ant-table-row') as HTMLElement;
    expect(row.textContent).toContain('USD\u00a050.00');
    expect(row.textContent).toContain('1 gift card of USD\u00a050.00');
    expect(within(row).getByTestId('approve-12')).toBeTruthy();
  });
});

describe('the approvals list in a 375 px window', () => {
  it('shows each request as a card: its amount and what it does before Approve, no table to scroll sideways', async () => {
    windowWidth(375);
    answers['/admin/api/approvals'] = page(request({}));
    show('pending');
    const card = await screen.findByTestId('approval-card-12', {}, { timeout: 10_000 });
    expect(screen.getByTestId('approvals').querySelectorAll('.ant-table')).toHaveLength(1); // the thresholds' table only
    expect(card.closest('.ant-table')).toBeNull();
    const approve = within(card).getByTestId('approve-12');
    // (Testing Library reads a no-break space as a space.)
    const amount = within(card).getByText('USD 50.00');
    const what = within(card).getByText('1 gift card of USD 50.00');
    for (const before of [amount, what]) expect(before.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.textContent).toContain('Goodwill for a parcel that arrived three weeks late and damaged');
    expect(card.textContent).toContain('fin1#3');
  });
});

describe('counted things read in the singular for one', () => {
  it('gift cards, points, a broadcast and unread messages', async () => {
    const t = i18n.t.bind(i18n);
    expect(approvalText(t, { what: { key: 'gift_cards', count: 1, value: 5_000, currency: 'USD' }, summary: '' })).toBe('1 gift card of USD\u00a050.00');
    expect(approvalText(t, { what: { key: 'gift_cards', count: 3, value: 5_000, currency: 'USD' }, summary: '' })).toBe('3 gift cards of USD\u00a050.00');
    expect(approvalText(t, { what: { key: 'points', amount: 1 }, summary: '' })).toBe('1 point');
    expect(approvalText(t, { what: { key: 'points', amount: 1_500 }, summary: '' })).toBe('1,500 points');
    expect(approvalText(t, { what: { key: 'shopping_points', amount: 1 }, summary: '' })).toBe('1 shopping point');
    const groupBuy = { key: 'group_buy' as const, goods_id: 200, sku_id: 9, name: { 'en-us': 'Rice cooker' }, options: {}, currency: 'USD', price: 2_500, sku_price: 6_000, quantity: 1, change: null, from: null };
    expect(approvalText(t, { what: groupBuy, summary: '' })).toMatch(/, 1 unit$/);
    expect(approvalText(t, { what: { ...groupBuy, quantity: 1_200 }, summary: '' })).toMatch(/, 1,200 units$/);
    expect(t('console.support.broadcast.sent', { count: 1 })).toBe('Sent to 1 member');
    expect(t('console.support.chat.unread', { count: 1 })).toBe('1 unread message');
    expect(t('console.support.chat.unread', { count: 2 })).toBe('2 unread messages');
  });
});
