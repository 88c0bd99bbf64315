import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Withdrawals from '../../reviews/Withdrawals';
import { AdjustmentForm } from '../AdjustmentForm';

// The withdrawal drawer offered "Mark paid" to the operator who approved it (the server refuses,
// 7013); "Adjust a balance" with an unknown member ID answered only "Not found" after sending. The
// drawer knows the approvers, and the form looks the member up as the ID is typed.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-11-20T10:00:00.000Z';
const withdrawal = (id: number, approvers: string[]) => ({
  id, withdraw_no: `W${id}`, method: 'bank', status: 'approved', currency: 'USD', amount: 5000, fee: 100, bank_name: 'Maybank', account_masked: '…1234', network: null, address: null, reason: null, payout_reference: null,
  created_at: at, approved_at: at, paid_at: null, rejected_at: null, cancelled_at: null, user_id: 3, user_name: 'mia', member_status: 'active', holder_name: 'Mia', account_number: '1234', card_currency: 'USD', reviewed_by: approvers.join(', '), approvers, approvals_needed: 1, rejected_by: null, paid_by: null,
});
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'fin1', role: 'finance', permissions: ['session', 'ledger.read', 'ledger.adjust', 'members.read', 'withdrawals.review'], totp_bound: true },
  '/admin/api/wallet/withdrawals': { list: [withdrawal(7, ['fin1#1']), withdrawal(8, ['fin2#2'])], total: 2, page: 1, limit: 20, has_more: false },
};
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const [path, query] = url.split('?');
    if (path === '/admin/api/members/info') {
      return query === 'id=3'
        ? new Response(JSON.stringify({ code: 200, msg: 'ok', data: { id: 3, user_name: 'mia', nickname: 'Mia Lee', mobile_pre: null, mobile: null, email: null, invite_code: null, status: 'active', created_at: at, true_name: null, country: 'MY', referrer: null, active_sessions: 0, certification: null, balances: [], orders: [] } }), { status: 200, headers: { 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    }
    const data = answers[path!];
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const show = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={['/reviews/withdrawals?status=approved']}>{node}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );

describe('a withdrawal’s drawer', () => {
  it('does not offer "Mark paid" to the operator who approved it, and says why; another operator’s approval leaves it offered', async () => {
    show(<Withdrawals />);
    fireEvent.click(await screen.findByTestId('open-7', {}, { timeout: 10_000 }));
    await waitFor(() => expect((screen.getByTestId('action-paid') as HTMLButtonElement).disabled).toBe(true));
    expect(screen.getByTestId('blocked-paid').getAttribute('title')).toMatch(/approved this withdrawal cannot also mark it paid/);
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    fireEvent.click(screen.getByTestId('open-8'));
    await waitFor(() => expect((screen.getByTestId('action-paid') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId('blocked-paid')).toBeNull();
  });
});

describe('adjusting a balance', () => {
  it('names the member as soon as an ID is typed, and says when there is none, before anything is sent', async () => {
    show(<AdjustmentForm onClose={() => undefined} />);
    const id = await screen.findByTestId('adjust-member', {}, { timeout: 10_000 });
    fireEvent.change(id, { target: { value: '99' } });
    expect((await screen.findByTestId('adjust-member-unknown', {}, { timeout: 10_000 })).textContent).toBe('No member with this ID (99)');
    fireEvent.change(id, { target: { value: '3' } });
    expect((await screen.findByTestId('adjust-member-name', {}, { timeout: 10_000 })).textContent).toBe('mia · Mia Lee');
  });
});
