import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { ComponentType } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n';
import { sessionStore } from '../session';
import Adjustments from '../../pages/money/Adjustments';
import Approvals from '../../pages/money/Approvals';
import Withdrawals from '../../pages/reviews/Withdrawals';
import Payments from '../../pages/payments/Payments';
import Members from '../../pages/members/Members';

// A reload brought Withdrawals → Approved, Approvals → Approved, Adjustments → Posted and Payments →
// Refunds back to their first tab, and closed an open member's drawer: the tab and the open member
// live in the address's search now (as the ledger's member filter does), so a reload — here, the
// page opened afresh at that address — shows the same, and a click changes the address in place.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-11-20T10:00:00.000Z';
const empty = { list: [], total: 0, page: 1, limit: 20, has_more: false };
const member = { id: 3, user_name: 'mia', nickname: null, mobile_pre: null, mobile: null, email: null, invite_code: null, status: 'active', created_at: at, true_name: null, country: 'MY', referrer: null, active_sessions: 1, certification: null, balances: [], orders: [] };
const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'ledger.read', 'ledger.adjust', 'members.read', 'withdrawals.review', 'refunds.decide', 'operators.manage'], totp_bound: true },
  '/admin/api/ledger/adjustments': empty,
  '/admin/api/ledger/adjustment-limits': { list: [] },
  '/admin/api/approvals': empty,
  '/admin/api/approvals/limits': { list: [] },
  '/admin/api/wallet/withdrawals': empty,
  '/admin/api/payments/list': empty,
  '/admin/api/payments/flags': empty,
  '/admin/api/payments/refunds': empty,
  '/admin/api/members/search': empty,
  '/admin/api/members/info': member,
  '/admin/api/members/orders': empty,
};
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const data = answers[url.split('?')[0]!];
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

let address = '';
function Address() {
  const l = useLocation();
  address = `${l.pathname}${l.search}`;
  return null;
}

/** The page opened at `url`, as a reload does. */
function open(Page: ComponentType, url: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={[url]}>
          <Page />
          <Address />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

const selectedTab = async (label: string) => waitFor(() => expect([...document.querySelectorAll('.ant-segmented-item-selected')].map((e) => e.textContent)).toContain(label));
const askedFor = (path: string, param: string) => waitFor(() => expect(asked.some((u) => u.startsWith(path) && u.includes(param)), asked.join('\n')).toBe(true));

describe('the tab a page shows comes back after a reload', () => {
  it('adjustments: opened at ?status=posted shows and asks for the posted ones; a click puts the tab in the address', async () => {
    open(Adjustments, '/money/adjustments?status=posted');
    await selectedTab('Posted');
    await askedFor('/admin/api/ledger/adjustments?', 'status=posted');
    fireEvent.click(screen.getByText('Rejected'));
    await waitFor(() => expect(address).toBe('/money/adjustments?status=rejected'));
  });

  it('approvals: opened at ?status=approved shows the approved ones', async () => {
    open(Approvals, '/approvals?status=approved');
    await selectedTab('Approved');
    await askedFor('/admin/api/approvals?', 'status=approved');
  });

  it('withdrawals (every review queue): opened at ?status=approved shows the approved ones; back to the first tab leaves the address clean', async () => {
    open(Withdrawals, '/reviews/withdrawals?status=approved');
    await selectedTab('Approved');
    await askedFor('/admin/api/wallet/withdrawals?', 'status=approved');
    fireEvent.click(screen.getByText('Pending'));
    await waitFor(() => expect(address).toBe('/reviews/withdrawals'));
  });

  it('payments: opened at ?tab=refunds shows the refunds', async () => {
    open(Payments, '/payments?tab=refunds');
    await selectedTab('Refunds');
    await askedFor('/admin/api/payments/refunds', '');
  });

  it('members: opened at ?member=3 opens that member’s drawer; closing it takes the member out of the address', async () => {
    open(Members, '/members?member=3');
    await askedFor('/admin/api/members/info?', 'id=3');
    await waitFor(() => expect(document.querySelector('.ant-drawer-open .ant-drawer-close')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    await waitFor(() => expect(address).toBe('/members'));
  });
});
