import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { roleAllows } from '@shop/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DecisionModal } from '../../../components/DecisionModal';
import { fieldsOf } from '../../../components/ReviewQueue';
import { i18n, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import AfterSales from '../AfterSales';
import { caseActions } from '../case-actions';
import { caseRow } from '../../../test/fixtures';

// Approving a return opens at all that is refundable; lowered, the dialog asks for the reason the
// member will read (and 0 is no refund at all: a rejection). The queue fits a 1024 px window (740 px
// for the table beside a scrollbar) and shows every state, on as many rows as they take.

beforeAll(async () => {
  await initI18n();
});

const row = caseRow();

beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0]!;
    const data =
      path === '/admin/api/auth/me'
        ? { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'aftersales.decide', 'refunds.decide'], totp_bound: true }
        : path === '/admin/api/after-sales/list'
          ? { list: [row], total: 1, page: 1, limit: 20, has_more: false }
          : undefined;
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const wrap = (node: React.ReactNode) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <AntApp>
      <MemoryRouter>{node}</MemoryRouter>
    </AntApp>
  </QueryClientProvider>
);

/** The approval dialog of the return, as the drawer opens it for the owner. */
function openApproval(send: (values: Record<string, string>, key: string, body: unknown) => Promise<unknown>, of = row) {
  const t = i18n.t.bind(i18n) as never;
  const action = caseActions(t, (p) => roleAllows('owner', p)).find((a) => a.key === 'approve' && a.when(of))!;
  render(wrap(<DecisionModal open title={action.label} question="Approve?" okText="Approve" fields={fieldsOf(action, of)} schema={action.schema} toBody={(v) => action.toBody!(of, v)} send={send} invalidates={[]} onClose={() => undefined} />));
}
const approveButton = () => act(async () => void fireEvent.click(screen.getByText('Approve', { selector: 'button span' })));

describe('approving a return', () => {
  it('opens at all that is refundable; lowered, it asks for the member’s reason before sending, then sends it apart from the internal note', async () => {
    const send = vi.fn(async () => ({ id: 41, status: 'awaiting_return', refunded: null }));
    openApproval(send);
    const amount = screen.getByRole('textbox', { name: 'Refund (USD)' }) as HTMLInputElement;
    expect(amount.value).toBe('33.33');
    fireEvent.change(amount, { target: { value: '10.00' } });
    await approveButton();
    expect(await screen.findByText(/The refund is lower than USD\s33\.33: tell the member why/)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Why the refund is lower (the member reads it)' }), { target: { value: 'The original box was not included' } });
    await approveButton();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[0] as unknown[])[2]).toEqual({ id: 41, reason: '', refund_amount: 1000, refund_reason: 'The original box was not included' });
  }, 60_000);

  it('the whole amount needs no reason; 0 is refused with the way to give nothing back', async () => {
    const send = vi.fn(async () => ({ id: 41, status: 'awaiting_return', refunded: null }));
    openApproval(send);
    const amount = screen.getByRole('textbox', { name: 'Refund (USD)' });
    fireEvent.change(amount, { target: { value: '0' } });
    await approveButton();
    expect(await screen.findByText('More than 0: to give nothing back, reject the case')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '33.33' } });
    await approveButton();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect((send.mock.calls[0] as unknown[])[2]).toEqual({ id: 41, reason: '', refund_amount: 3333 });
  }, 60_000);
});

describe('approving a return that may refund no money', () => {
  it('opens at 0 and sends it: points paid for the goods, and their share comes back', async () => {
    const send = vi.fn(async () => ({ id: 41, status: 'awaiting_return', refunded: null }));
    openApproval(send, { ...row, refundable: 0 });
    expect((screen.getByRole('textbox', { name: 'Refund (USD)' }) as HTMLInputElement).value).toBe('0.00');
    await approveButton();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('More than 0: to give nothing back, reject the case')).toBeNull();
    expect((send.mock.calls[0] as unknown[])[2]).toEqual({ id: 41, reason: '' });
  }, 60_000);
});

describe('the after-sales queue in a laptop window', () => {
  it('the table fits the 740 px a 1024 px window leaves it: the member under the order, the date under the case, nothing past the frame', async () => {
    render(wrap(<AfterSales />));
    const cell = await screen.findByText('AS26113000000041', {}, { timeout: 10_000 });
    const table = cell.closest('.ant-table') as HTMLElement;
    expect(parseInt(table.querySelector('table')!.style.width, 10)).toBeLessThanOrEqual(740);
    const headings = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
    expect(headings).toEqual(['Case no. · Created', 'Status', 'Kind', 'Amount', 'Order no. · Member', 'Actions']);
    expect(screen.getByText('mia (#3)')).toBeTruthy();
  }, 60_000);

  it('every state is in sight: the tabs wrap onto another row instead of scrolling out of the page', async () => {
    render(wrap(<AfterSales />));
    const tabs = await screen.findByTestId('state-tabs');
    for (const label of ['Waiting for you', 'Under review', 'Receipt refused', 'Withdrawn', 'Closed']) expect(tabs.textContent).toContain(label);
    expect(tabs.style.overflowX).not.toBe('auto');
    const group = tabs.querySelector('.ant-segmented-group') as HTMLElement;
    expect(getComputedStyle(group).flexWrap).toBe('wrap');
  }, 60_000);
});
