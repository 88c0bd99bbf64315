import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Settings from '../Settings';
import AfterSalesSettings from '../../after-sales/AfterSalesSettings';

// Two operators with the same settings open: the second save came from a copy without the first's
// change and silently undid it. Each save now names the version its page read; refused as stale, the
// page says so and offers Refresh, which opens the settings as they are now. A number out of range is
// refused under its field as typed, never quietly corrected and saved.

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => sessionStore.signIn('token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';
const T0 = '2026-11-30T10:00:00.000Z';
const T1 = '2026-11-30T10:05:00.000Z';
const snapshot = (orders: { expiry_minutes: number; auto_confirm_days: number; updated_by: string; updated_at: string }) => ({
  captcha_mode: 'auto',
  captcha_bypass: false,
  orders: { settle_after_days: 7, ...orders },
  shipping_fees: [],
  sale_currencies: ['USD'],
  points: { points_per_unit: 100, shopping_points_per_unit: 100, points_max_share_bp: 5000, earn_rate_bp: 100, updated_by: 'carol', updated_at: '2026-11-29T08:00:00.000Z' },
  operating_fees: [],
  international_freight: [],
  currencies: [],
});
const countries = (codes: string[], updated_at: string) => ({ list: codes.map((code) => ({ code, iso3: code, name: code, dialling_code: '1', currency: 'USD', flag: '' })), updated_by: 'carol', updated_at });

type Sent = { path: string; body: Record<string, unknown> };
/** The console's calls answered as the server would, with `onPost` deciding each save. */
function serve(state: { settings: unknown; countries: unknown; afterSales?: unknown }, onPost: (s: Sent) => unknown) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console').pathname;
    const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (init?.method === 'POST') {
      const s = { path, body: JSON.parse(String(init.body)) as Record<string, unknown> };
      sent.push(s);
      return reply(onPost(s));
    }
    if (path === '/admin/api/settings') return reply({ code: 200, msg: 'ok', data: state.settings });
    if (path === '/admin/api/geo/shipping-countries') return reply({ code: 200, msg: 'ok', data: state.countries });
    if (path === '/admin/api/after-sales/settings') return reply({ code: 200, msg: 'ok', data: state.afterSales });
    return reply({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20, has_more: false } });
  });
  return sent;
}

function open(page: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>{page}</AntApp>
    </QueryClientProvider>,
  );
}

/** Gives the reason in the open dialog and saves. */
async function giveReason(reason: string) {
  const dialog = (await screen.findByText('Save this change? It is recorded in the audit log with your reason.')).closest('.ant-modal') as HTMLElement;
  fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

const field = (label: string) => screen.getByRole('spinbutton', { name: label }) as HTMLInputElement;

describe('settings saved from a copy changed since it was opened', () => {
  it('order times: refused with Refresh; refreshed, the page shows the other operator\'s change and the save names the new version', async () => {
    const state = { settings: snapshot({ expiry_minutes: 30, auto_confirm_days: 10, updated_by: 'carol', updated_at: T0 }), countries: countries(['MY'], T0) };
    const sent = serve(state, (s) => {
      if (s.body.base_updated_at === T0) {
        // Alice saved 45 minutes meanwhile.
        state.settings = snapshot({ expiry_minutes: 45, auto_confirm_days: 10, updated_by: 'alice', updated_at: T1 });
        return { code: ResponseCode.editedSinceOpened, msg: stale, data: null };
      }
      return { code: 200, msg: 'ok', data: state.settings };
    });
    open(<Settings />);
    await screen.findByTestId('save-orders');
    // Each card names who changed it: the points card is carol's, whoever changed the order times.
    expect(screen.getByTestId('points-settings').textContent).toContain('carol');
    fireEvent.change(field('Unconfirmed orders complete after delivery (days)'), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('save-orders'));
    await giveReason('slower couriers');
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ expiry_minutes: 30, auto_confirm_days: 14, base_updated_at: T0 });

    fireEvent.click(screen.getByTestId('reload-stale'));
    await waitFor(() => expect(field('Unpaid orders close after (minutes)').value).toBe('45'));
    fireEvent.change(field('Unconfirmed orders complete after delivery (days)'), { target: { value: '14' } });
    fireEvent.click(screen.getByTestId('save-orders'));
    await giveReason('slower couriers');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ expiry_minutes: 45, auto_confirm_days: 14, base_updated_at: T1 });
    // Two dialogs over the whole settings page: slow on a loaded machine, not stuck.
  }, 60_000);

  it('points and shipping countries name the version they were read at', async () => {
    const state = { settings: snapshot({ expiry_minutes: 30, auto_confirm_days: 10, updated_by: 'carol', updated_at: T0 }), countries: countries(['MY', 'TH'], T1) };
    const sent = serve(state, (s) => ({ code: 200, msg: 'ok', data: s.path === '/admin/api/geo/shipping-countries' ? state.countries : state.settings }));
    open(<Settings />);
    fireEvent.click(await screen.findByTestId('save-points'));
    await giveReason('promotion');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ base_updated_at: '2026-11-29T08:00:00.000Z', points_per_unit: 100 });
    fireEvent.click(screen.getByRole('tab', { name: 'Countries' }));
    fireEvent.click(await screen.findByTestId('save-countries'));
    await giveReason('same list');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ countries: ['MY', 'TH'], base_updated_at: T1 });
  });

  it('after-sales windows: refused with Refresh, which shows the windows as they are now', async () => {
    const windows = { return_days: 7, exchange_days: 15, max_exchanges: 1, ship_back_days: 7, auto_complete_days: 7, review_edit_days: 30 };
    const state = { settings: null, countries: countries(['MY'], T0), afterSales: { settings: { ...windows, updated_by: 'carol', updated_at: T0 }, addresses: [], carriers: [], reasons: [] } };
    const sent = serve(state, (s) => {
      if (s.body.base_updated_at === T0) {
        state.afterSales = { ...state.afterSales, settings: { ...windows, return_days: 14, updated_by: 'alice', updated_at: T1 } };
        return { code: ResponseCode.editedSinceOpened, msg: stale, data: null };
      }
      return { code: 200, msg: 'ok', data: state.afterSales };
    });
    open(<AfterSalesSettings />);
    fireEvent.change(await screen.findByRole('spinbutton', { name: 'Exchange window (days)' }), { target: { value: '16' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ exchange_days: 16, return_days: 7, base_updated_at: T0 });
    fireEvent.click(screen.getByTestId('reload-after-sale-settings'));
    await waitFor(() => expect(field('Return window (days)').value).toBe('14'));
    expect(screen.queryByText(stale)).toBeNull();
  });
});

describe('a number out of range in the settings', () => {
  it.each([
    ['0', 'Enter a whole number from 1 to 10080'],
    ['-5', 'Enter a whole number from 1 to 10080'],
    ['99999999', 'Enter a whole number from 1 to 10080'],
    ['1.5', 'Enter a whole number from 1 to 10080'],
  ])('"Unpaid orders close after" %s stays as typed when left and is refused under the field; nothing is saved', async (typed, refusal) => {
    const sent = serve({ settings: snapshot({ expiry_minutes: 30, auto_confirm_days: 10, updated_by: 'carol', updated_at: T0 }), countries: countries(['MY'], T0) }, () => ({ code: 200, msg: 'ok', data: null }));
    open(<Settings />);
    await screen.findByTestId('save-orders');
    const input = field('Unpaid orders close after (minutes)');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: typed } });
    fireEvent.blur(input);
    expect(input.value).toBe(typed);
    fireEvent.click(screen.getByTestId('save-orders'));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByText('Save this change? It is recorded in the audit log with your reason.')).toBeNull();
    expect(sent).toHaveLength(0);
  });
});
