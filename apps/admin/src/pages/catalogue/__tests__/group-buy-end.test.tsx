import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import GroupBuys from '../GroupBuys';

// Ending a group buy early decides its open groups at once: the question says so before, and the
// page says what came of it after (groups failed, orders refunded), not only "Decision saved".

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const row = {
  id: 8, goods_id: 200, sku_id: 9, name: 'Rice cooker', price: 2500, currency: 'USD', group_size: 3, fill_hours: 24, starts_at: '2026-11-29T10:00:00.000Z', ends_at: '2027-01-31T10:00:00.000Z',
  per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, quantity: 6, remaining: 4, open_groups: 1, state: 'running', created_by: 'ops', updated_at: '2026-11-30T10:00:00.000Z',
};

describe('ending a group buy from the console', () => {
  it('asks knowing its open groups are decided at once, and says how many failed and were refunded', async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    sessionStore.signIn('token');
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return reply({ code: 200, msg: 'ok', data: { id: 8, ends_at: '2026-11-30T11:00:00.000Z', returned: 4, failed_groups: 1, filled_groups: 0, refunded_orders: 1, cancelled_orders: 1 } });
      }
      if (url.startsWith('/admin/api/auth/me')) return reply({ code: 200, msg: 'ok', data: { id: 1, user_name: 'ops', role: 'catalogue', permissions: ['session', 'catalogue.write'], totp_bound: true } });
      return reply({ code: 200, msg: 'ok', data: { list: [row], total: 1, page: 1, limit: 20, has_more: false } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <GroupBuys />
        </AntApp>
      </QueryClientProvider>,
    );
    // Ending is in the row's "more" menu.
    fireEvent.click(await screen.findByTestId('more-group-buy-8'));
    fireEvent.click(await screen.findByTestId('end-group-buy-8'));
    expect(await screen.findByText(/Its 1 open groups are decided at once: .* their paid orders refunded in full .* The 4 units it still holds go back to stock\./)).toBeTruthy();
    fireEvent.change(document.querySelector('.ant-modal textarea')!, { target: { value: 'Supplier cannot deliver' } });
    fireEvent.click(document.querySelector('.ant-modal-footer .ant-btn-dangerous')!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ url: '/admin/api/orders/group-buys/end', body: { id: 8, reason: 'Supplier cannot deliver' } });
    expect(await screen.findByText('Group buy ended: 4 units back in stock; 1 open groups failed (1 paid orders refunded in full, 1 unpaid orders cancelled); 0 filled virtually.')).toBeTruthy();
  });
});
