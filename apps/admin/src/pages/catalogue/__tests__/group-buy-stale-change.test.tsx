import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import GroupBuys from '../GroupBuys';

// Two operators on the same group buy: a change from the copy opened before the other's change is
// refused with the server's message and an offer to reload; reloaded, the form shows the group buy
// as it is now and its change names that version.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const row = (price: number, updated_at: string) => ({
  id: 8, goods_id: 200, sku_id: 9, name: 'Rice cooker', price, currency: 'USD', group_size: 3, fill_hours: 24, starts_at: '2026-11-29T10:00:00.000Z', ends_at: '2027-01-31T10:00:00.000Z',
  per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, quantity: 6, remaining: 6, open_groups: 0, state: 'running', created_by: 'ops', updated_at,
});
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

async function submit(reason: string) {
  fireEvent.change(screen.getByTestId('group-buy-reason'), { target: { value: reason } });
  const asked = screen.queryAllByText('Confirm').length;
  fireEvent.click(screen.getByTestId('group-buy-submit'));
  // The question asked before members see the change (an earlier one may still be fading out; found by its text: role queries over the whole list are slow).
  await waitFor(() => expect(screen.queryAllByText('Confirm').length).toBeGreaterThan(asked));
  fireEvent.click(screen.getAllByText('Confirm').at(-1)!.closest('button')!);
}

describe('changing a group buy from a copy changed since it was opened', () => {
  it('shows the refusal, reopens the group buy as it is now, and saves naming the new version', async () => {
    let current = row(2500, '2026-11-30T10:00:00.000Z');
    const sent: Array<Record<string, unknown>> = [];
    sessionStore.signIn('token');
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1) {
          // Another operator lowered the price meanwhile.
          current = row(2200, '2026-11-30T10:05:00.000Z');
          return reply({ code: ResponseCode.editedSinceOpened, msg: stale });
        }
        current = { ...current, updated_at: '2026-11-30T10:07:00.000Z' };
        return reply({ code: 200, msg: 'ok', data: current });
      }
      if (url.startsWith('/admin/api/auth/me')) return reply({ code: 200, msg: 'ok', data: { id: 1, user_name: 'ops', role: 'catalogue', permissions: ['session', 'catalogue.write'], totp_bound: true } });
      return reply({ code: 200, msg: 'ok', data: { list: [current], total: 1, page: 1, limit: 20, has_more: false } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <GroupBuys />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('edit-group-buy-8'));
    expect(await screen.findByDisplayValue('25')).toBeTruthy();
    await submit('longer weekend');
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]).toMatchObject({ id: 8, base_updated_at: '2026-11-30T10:00:00.000Z', price: 2500, reason: 'longer weekend' });

    fireEvent.click(screen.getByTestId('reload-group-buy'));
    // The form is the group buy as it is now: the other operator's price, nothing of the refused change.
    expect(await screen.findByDisplayValue('22')).toBeTruthy();
    expect(screen.queryByText(stale)).toBeNull();
    expect((screen.getByTestId('group-buy-reason') as HTMLTextAreaElement).value).toBe('');
    await submit('longer weekend');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ id: 8, base_updated_at: '2026-11-30T10:05:00.000Z', price: 2200, reason: 'longer weekend' });
  });
});
