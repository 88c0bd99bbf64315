import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { Profile } from '../Members';

// The member drawer's balances showed points with a currency "XXX" (the
// ledger's stand-in code), while the ledger beside it showed none: points have no currency. The
// real-name card names the document type as the queue does.

beforeAll(async () => {
  await initI18n();
});

const member = {
  id: 3,
  user_name: 'mia',
  nickname: null,
  mobile_pre: null,
  mobile: null,
  email: null,
  invite_code: null,
  status: 'active',
  created_at: '2026-11-20T10:00:00.000Z',
  true_name: null,
  country: 'MY',
  referrer: null,
  active_sessions: 1,
  certification: { id: 5, status: 'approved', kind: 'international', country: 'MY', surname: 'Lee', given_name: 'Mia', document_type: 'driving_license', document_number: 'A…7', birthday: null, evidence: [], reason: null, reviewed_by: 'ops#1', reviewed_at: '2026-11-21T10:00:00.000Z', created_at: '2026-11-20T10:00:00.000Z' },
  balances: [
    { kind: 'cash', currency: 'USD', balance: 1250 },
    { kind: 'points', currency: 'XXX', balance: 300 },
  ],
  orders: [],
};
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0];
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return ok({ id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'members.read'], totp_bound: true });
    if (path === '/admin/api/members/info') return ok(member);
    if (path === '/admin/api/members/orders') return ok({ list: [], total: 0, page: 1, limit: 10 });
    return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

describe('a member’s drawer', () => {
  it('shows points without a currency beside money with its own, and names the document type', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <Profile id={3} parts={{}} />
        </AntApp>
      </QueryClientProvider>,
    );
    const points = (await screen.findByTestId('balance-points-XXX')).closest('tr')!;
    expect(points.textContent).not.toContain('XXX');
    expect([...points.querySelectorAll('td')].map((td) => td.textContent)).toEqual([expect.any(String), '—', '300']);
    expect((await screen.findByTestId('balance-cash-USD')).closest('tr')!.textContent).toContain('USD');
    expect(screen.getByTestId('certification').textContent).toContain('Driving licence');
    expect(screen.getByTestId('certification').textContent).not.toContain('driving_license');
  });
});
