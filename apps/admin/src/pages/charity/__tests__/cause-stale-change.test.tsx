import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Charity from '../Charity';

// Two operators on the same cause: a change from the copy opened before the other's is refused with
// the server's message and an offer to reload; reloaded, the cause's form opens as the cause is now
// and its change names that version.

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => sessionStore.signIn('token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const cause = (title: string, updated_at: string) => ({
  id: 4, title: { 'en-us': title }, description: {}, image: '', currency: 'USD', min_amount: 100, goal: null, status: 'open', raised: 0, supporters: 0, paid_pledges: 0, pledges: 0, created_by: 'owner',
  created_at: '2026-11-20T10:00:00.000Z', updated_at,
});
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

/** Sends the open cause form, then gives the reason and saves. */
async function change(min: string, reason: string) {
  fireEvent.change(await screen.findByTestId('cause-min'), { target: { value: min } });
  fireEvent.click(screen.getByTestId('cause-submit'));
  const dialog = (await screen.findByText('Save this change? It is recorded in the audit log with your reason.')).closest('.ant-modal') as HTMLElement;
  fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('changing a charity cause from a copy changed since it was opened', () => {
  it('shows the refusal, reopens the cause as it is now, and saves naming the new version', async () => {
    let row = cause('Clean water', '2026-11-30T10:00:00.000Z');
    const sent: Array<Record<string, unknown>> = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://console').pathname;
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1) {
          // Another operator renamed it meanwhile.
          row = cause('Clean water for schools', '2026-11-30T10:05:00.000Z');
          return reply({ code: ResponseCode.editedSinceOpened, msg: stale });
        }
        row = { ...row, min_amount: 300, updated_at: '2026-11-30T10:07:00.000Z' };
        return reply({ code: 200, msg: 'ok', data: row });
      }
      if (path === '/admin/api/auth/me') return reply({ code: 200, msg: 'ok', data: { id: 1, user_name: 'owner', role: 'owner', permissions: ['session', 'orders.read', 'settings.write'], totp_bound: true } });
      if (path === '/admin/api/charity/causes/list') return reply({ code: 200, msg: 'ok', data: { list: [row] } });
      return reply({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20, has_more: false } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <Charity />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByTestId('edit-cause-4'));
    await change('2', 'smaller pledges cost more than they bring');
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]).toMatchObject({ id: 4, base_updated_at: '2026-11-30T10:00:00.000Z', title: { 'en-us': 'Clean water' }, min_amount: 200 });

    fireEvent.click(screen.getByTestId('reload-stale'));
    await waitFor(() => expect(screen.getByDisplayValue('Clean water for schools')).toBeTruthy());
    expect(screen.queryByText(stale)).toBeNull();
    await change('3', 'smaller pledges cost more than they bring');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ id: 4, base_updated_at: '2026-11-30T10:05:00.000Z', title: { 'en-us': 'Clean water for schools' }, min_amount: 300 });
    expect(await screen.findByText('Decision saved')).toBeTruthy();
  });
});
