import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import GroupBuys from '../GroupBuys';

// A group-buy price below half the SKU's price waits for a second operator: the form says the
// request was sent, never "saved". A price the server refuses is shown under the price field.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const row = {
  id: 8, goods_id: 200, sku_id: 9, name: 'Speaker', price: 4000, currency: 'USD', group_size: 2, fill_hours: 24, starts_at: '2026-11-29T10:00:00.000Z', ends_at: '2027-01-31T10:00:00.000Z',
  per_order_limit: 1, per_member_limit: 1, virtual_fill_percent: 0, quantity: 10, remaining: 10, open_groups: 0, state: 'running', created_by: 'ops', updated_at: '2026-11-30T10:00:00.000Z',
};
const request = { id: 41, kind: 'group_buy.update', status: 'pending', member_id: null, member_name: null, currency: 'USD', amount: 30000, summary: 'group buy #8', what: null, changes: null, reason: 'clearance', requested_by: 'ops#1', requested_at: '2026-11-30T10:01:00.000Z', decided_by: null, decided_at: null, decision_reason: null, automatic: false, result: null };
const priceRefused = "The group-buy price must be more than 0 and below the SKU's own price of 64.99 USD";

function serve(answer: () => unknown) {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const reply = (a: unknown, status = 200) => new Response(JSON.stringify(a), { status, headers: { 'Content-Type': 'application/json' } });
    if (init?.method === 'POST') return answer() as Response;
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
}
const json = (a: unknown, status = 200) => new Response(JSON.stringify(a), { status, headers: { 'Content-Type': 'application/json' } });

async function changePrice(price: string) {
  fireEvent.click(await screen.findByTestId('edit-group-buy-8'));
  fireEvent.change(await screen.findByDisplayValue('40'), { target: { value: price } });
  fireEvent.change(screen.getByTestId('group-buy-reason'), { target: { value: 'clearance' } });
  const asked = screen.queryAllByText('Confirm').length;
  fireEvent.click(screen.getByTestId('group-buy-submit'));
  await waitFor(() => expect(screen.queryAllByText('Confirm').length).toBeGreaterThan(asked));
  fireEvent.click(screen.getAllByText('Confirm').at(-1)!.closest('button')!);
}

describe('a group buy’s price changed in the console', () => {
  it('below half the SKU’s price: says the request was sent for a second operator, not that it was saved', async () => {
    serve(() => json({ code: 200, msg: 'ok', data: { ...row, request } }));
    await changePrice('10');
    expect(await screen.findByText('Request #41 sent: nothing changes until a second operator approves it')).toBeTruthy();
    expect(screen.queryByText('Group buy saved')).toBeNull();
  });

  it('refused by the server: the reason shows under the price', async () => {
    serve(() => json({ code: ResponseCode.validation, msg: priceRefused, data: { errors: [{ field: 'price', msg: priceRefused }] } }, 422));
    await changePrice('70');
    const shown = await screen.findByText(priceRefused);
    expect(shown.closest('.ant-form-item')?.textContent).toContain('Group price');
    expect(screen.getAllByText(priceRefused)).toHaveLength(1);
  });
});
