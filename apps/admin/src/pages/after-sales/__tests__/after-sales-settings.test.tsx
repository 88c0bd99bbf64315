import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import AfterSalesSettings from '../AfterSalesSettings';

// The after-sales settings as an operator meets them: each day count offers what the shop takes, a
// value the server refuses is said under its own field, and adding a carrier whose code is listed
// (which would rename that carrier) is refused, the row's Edit changing it instead.

beforeAll(async () => {
  await initI18n();
});

const settings = { return_days: 7, exchange_days: 15, max_exchanges: 1, ship_back_days: 7, auto_complete_days: 7, review_edit_days: 30 };
const data = { settings, addresses: [], carriers: [{ code: 'dhl', name: 'DHL', needs_phone_tail: false, enabled: true, updated_at: '2026-11-30T10:00:00.000Z' }], reasons: [] };
let sent: Array<{ path: string; body: unknown }> = [];
const ENDED = 'Authentication failed, please log in again';
/** How the server answers a save of the windows: refusing two of the days (default), or saying the session ended. */
let sessionEnded = false;
beforeEach(() => {
  sent = [];
  sessionEnded = false;
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0]!;
    const answer = (status: number, envelope: unknown) => new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } });
    if (init.method === 'POST') sent.push({ path, body: JSON.parse(String(init.body)) });
    if (path === '/admin/api/after-sales/settings' && init.method === 'POST' && sessionEnded) return answer(200, { code: 2001, msg: ENDED, data: null });
    // The server refuses two of the days, each with its own words.
    if (path === '/admin/api/after-sales/settings' && init.method === 'POST')
      return answer(422, { code: 422, msg: 'Ship-back period (days) must be at most 90', data: { errors: [{ field: 'ship_back_days', msg: 'Ship-back period (days) must be at most 90' }, { field: 'max_exchanges', msg: 'Maximum exchanges must be at most 100' }] } });
    if (path === '/admin/api/after-sales/settings') return answer(200, { code: 200, msg: 'ok', data });
    if (path === '/admin/api/after-sales/carriers/save') return answer(200, { code: 200, msg: 'ok', data });
    if (path === '/admin/api/geo/shipping-countries') return answer(200, { code: 200, msg: 'ok', data: { list: [{ code: 'MY', iso3: 'MYS', name: 'Malaysia', dialling_code: '60', currency: 'MYR', flag: '🇲🇾' }] } });
    return answer(404, { code: 404, msg: 'Not found', data: null });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

function page() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>
        <AfterSalesSettings />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the after-sales settings', () => {
  it('each day count takes what the shop allows, and a refused one is said under its own field', async () => {
    page();
    const shipBack = await screen.findByRole('spinbutton', { name: 'Days to send back' });
    const exchanges = screen.getByRole('spinbutton', { name: 'Exchanges per unit' });
    expect([shipBack.getAttribute('aria-valuemin'), shipBack.getAttribute('aria-valuemax')]).toEqual(['1', '90']);
    expect([exchanges.getAttribute('aria-valuemin'), exchanges.getAttribute('aria-valuemax')]).toEqual(['0', '100']);
    expect(screen.getByRole('spinbutton', { name: 'Return window (days)' }).getAttribute('aria-valuemax')).toBe('365');

    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent.filter((s) => s.path === '/admin/api/after-sales/settings')).toHaveLength(1));
    await waitFor(() => expect(describedBy(shipBack)).toEqual(['Ship-back period (days) must be at most 90']));
    expect(describedBy(exchanges)).toEqual(['Maximum exchanges must be at most 100']);
    expect(shipBack.getAttribute('aria-invalid')).toBe('true');
    // Said once, where it belongs: no banner repeats the first.
    expect(screen.getAllByText('Ship-back period (days) must be at most 90')).toHaveLength(1);
  });

  it('adding a carrier whose code is listed is refused; its row’s Edit changes it', async () => {
    page();
    const carriers = (await screen.findByText('Carriers for returns')).closest('.ant-card') as HTMLElement;
    const code = within(carriers).getByRole('textbox', { name: 'Code' });
    await act(async () => void fireEvent.change(code, { target: { value: 'DHL' } }));
    await act(async () => void fireEvent.change(within(carriers).getByRole('textbox', { name: 'Name' }), { target: { value: 'DHL Express' } }));
    expect(describedBy(code)).toEqual(['Carrier dhl exists already: use Edit in its row to change it']);
    expect((within(carriers).getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => void fireEvent.click(within(carriers).getByRole('button', { name: 'Edit' })));
    const name = within(carriers).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('DHL');
    await act(async () => void fireEvent.change(name, { target: { value: 'DHL Express' } }));
    await act(async () => void fireEvent.click(within(carriers).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent).toEqual([{ path: '/admin/api/after-sales/carriers/save', body: { code: 'dhl', name: 'DHL Express', needs_phone_tail: false, enabled: true, base_updated_at: '2026-11-30T10:00:00.000Z' } }]));
  });

  it('a save refused because the session ended is said until the same operator signs in again over the page; the days typed stay', async () => {
    sessionEnded = true;
    page();
    const returnDays = await screen.findByRole('spinbutton', { name: 'Return window (days)' });
    await act(async () => void fireEvent.change(returnDays, { target: { value: '14' } }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await screen.findByText(ENDED);
    expect(sessionStore.get()).toMatchObject({ token: null, ended: 'expired' });

    act(() => sessionStore.resume('token-2'));
    await waitFor(() => expect(screen.queryByText(ENDED)).toBeNull());
    expect((returnDays as HTMLInputElement).value).toBe('14');
  });
});
