import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Settings from '../Settings';

// Two operators with the captcha card or a freight row open: the later save came from a copy without
// the other's change and put it back. Each save now names the version its page read; refused as
// stale, the dialog says so and offers Refresh, which shows the card (or the row) as it is now, and the
// next save names that version.

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
const carol = { updated_by: 'carol', updated_at: '2026-11-29T08:00:00.000Z' };
type Captcha = { captcha_mode: 'off' | 'auto' | 'always'; captcha_bypass: boolean; captcha_updated_by: string; captcha_updated_at: string };
const snapshot = (captcha: Captcha, myUsdFee: { fee: number; updated_by: string; updated_at: string }) => ({
  ...captcha,
  orders: { expiry_minutes: 30, auto_confirm_days: 10, settle_after_days: 7, ...carol },
  shipping_fees: [
    { country_code: 'MY', currency: 'MYR', fee: 800, free_over: null, ...carol },
    { country_code: 'MY', currency: 'USD', free_over: null, ...myUsdFee },
  ],
  sale_currencies: ['MYR', 'USD'],
  points: { points_per_unit: 100, shopping_points_per_unit: 100, points_max_share_bp: 5000, earn_rate_bp: 100, ...carol },
  operating_fees: [],
  international_freight: [],
  currencies: [],
});
const captchaAsRead: Captcha = { captcha_mode: 'auto', captcha_bypass: false, captcha_updated_by: 'carol', captcha_updated_at: T0 };
const feeAsRead = { fee: 300, updated_by: 'carol', updated_at: T0 };
const countries = { list: [{ code: 'MY', iso3: 'MYS', name: 'Malaysia', dialling_code: '60', currency: 'MYR', flag: '' }], updated_by: 'carol', updated_at: T0 };

type Sent = { path: string; body: Record<string, unknown> };
/** The console's calls answered as the server would, with `onPost` deciding each save. */
function serve(state: { settings: unknown }, onPost: (s: Sent) => unknown) {
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
    if (path === '/admin/api/geo/shipping-countries') return reply({ code: 200, msg: 'ok', data: countries });
    return reply({ code: 200, msg: 'ok', data: { list: [], total: 0, page: 1, limit: 20, has_more: false } });
  });
  return sent;
}

function open() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>
        <Settings />
      </AntApp>
    </QueryClientProvider>,
  );
}

/** Gives the reason in the open dialog and saves. */
async function giveReason(reason: string) {
  const dialog = (await screen.findByText('Save this change? It is recorded in the audit log with your reason.')).closest('.ant-modal') as HTMLElement;
  fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: reason } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('settings cards saved from a copy changed since it was opened', () => {
  it('captcha card: refused with Refresh; refreshed, the card shows the other operator\'s mode and the save names the new version', async () => {
    const state = { settings: snapshot(captchaAsRead, feeAsRead) };
    const sent = serve(state, (s) => {
      if (s.body.base_updated_at === T0) {
        // Alice set the mode to "always" meanwhile.
        state.settings = snapshot({ captcha_mode: 'always', captcha_bypass: false, captcha_updated_by: 'alice', captcha_updated_at: T1 }, feeAsRead);
        return { code: ResponseCode.editedSinceOpened, msg: stale, data: null };
      }
      return { code: 200, msg: 'ok', data: state.settings };
    });
    open();
    const card = await screen.findByTestId('captcha-settings');
    expect(card.textContent).toContain('carol');
    fireEvent.click(within(card).getByRole('switch'));
    fireEvent.click(screen.getByTestId('save-captcha'));
    await giveReason('app store outage');
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ mode: 'auto', bypass: true, base_updated_at: T0 });

    fireEvent.click(screen.getByTestId('reload-stale'));
    await waitFor(() => expect(screen.getByTestId('captcha-settings').textContent).toContain('alice'));
    const now = screen.getByTestId('captcha-settings');
    expect(now.textContent).toContain('Always');
    expect(within(now).getByRole('switch').getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(now).getByRole('switch'));
    fireEvent.click(screen.getByTestId('save-captcha'));
    await giveReason('app store outage');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ mode: 'always', bypass: true, base_updated_at: T1 });
  }, 60_000);

  it('freight row: refused with Refresh; refreshed, the form shows the row as the other operator left it and the save names its new version', async () => {
    const state = { settings: snapshot(captchaAsRead, feeAsRead) };
    const sent = serve(state, (s) => {
      if (s.body.base_updated_at === T0) {
        // Alice changed the MY/USD freight to 4 USD meanwhile.
        state.settings = snapshot(captchaAsRead, { fee: 400, updated_by: 'alice', updated_at: T1 });
        return { code: ResponseCode.editedSinceOpened, msg: stale, data: null };
      }
      return { code: 200, msg: 'ok', data: state.settings };
    });
    open();
    fireEvent.click(await screen.findByText('Freight and fees'));
    const row = (await screen.findByTestId('freight-delete-MY-USD')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    const fee = () => within(screen.getByTestId('freight-fee').closest('.ant-input-number') as HTMLElement).getByRole('spinbutton') as HTMLInputElement;
    expect(fee().value).toBe('3');
    fireEvent.change(fee(), { target: { value: '3.50' } });
    fireEvent.click(screen.getByTestId('freight-save'));
    await giveReason('new carrier');
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(sent[0]!.body).toMatchObject({ country_code: 'MY', currency: 'USD', fee: 350, base_updated_at: T0 });

    fireEvent.click(screen.getByTestId('reload-stale'));
    await waitFor(() => expect(fee().value).toBe('4'));
    fireEvent.change(fee(), { target: { value: '3.50' } });
    fireEvent.click(screen.getByTestId('freight-save'));
    await giveReason('new carrier');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ country_code: 'MY', currency: 'USD', fee: 350, base_updated_at: T1 });
  }, 60_000);

  it('freight: a row typed as new names no version; a row of the table picked by its country and currency names the version shown', async () => {
    const state = { settings: snapshot(captchaAsRead, feeAsRead) };
    const sent = serve(state, () => ({ code: 200, msg: 'ok', data: state.settings }));
    open();
    fireEvent.click(await screen.findByText('Freight and fees'));
    const row = (await screen.findByTestId('freight-delete-MY-MYR')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    // The currency typed over: now the MY/USD row of the table is the one saved.
    fireEvent.change(screen.getByTestId('freight-currency'), { target: { value: 'USD' } });
    fireEvent.click(screen.getByTestId('freight-save'));
    await giveReason('same fee in dollars');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ country_code: 'MY', currency: 'USD', base_updated_at: T0 });
    fireEvent.change(screen.getByTestId('freight-currency'), { target: { value: 'SGD' } });
    fireEvent.click(screen.getByTestId('freight-save'));
    await giveReason('new currency');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toMatchObject({ country_code: 'MY', currency: 'SGD' });
    expect(sent[1]!.body).not.toHaveProperty('base_updated_at');
  }, 60_000);
});
