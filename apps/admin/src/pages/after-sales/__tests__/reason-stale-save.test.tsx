import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResponseCode } from '@shop/contract/common';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import AfterSalesSettings from '../AfterSalesSettings';

// Two operators on the same after-sales reason (or carrier): a save from the copy opened before the other's
// change is refused with the server's message and a Refresh; refreshed, the form shows the reason as
// it is now and its save names that version. A read of the list in the background leaves what is
// typed alone.

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const settings = { return_days: 7, exchange_days: 15, max_exchanges: 1, ship_back_days: 7, auto_complete_days: 7, review_edit_days: 30, updated_by: 'system', updated_at: '2026-11-30T09:00:00.000Z' };
const reason = (name: string, needs_evidence: boolean, updated_at: string) => ({ kind: 'return', code: 'late', names: { 'en-us': name }, text: name, shipped: false, needs_evidence, sort: 1, enabled: true, updated_at });
/** The open dialog (asked of the DOM: a role query over the whole page is slow). */
const openDialog = () =>
  waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('.ant-modal');
    if (!dialog) throw new Error('no dialog open');
    return dialog;
  });
const stale = 'Someone else changed this after you opened it, so nothing was saved (saving would have undone their change). Reload it and make your changes again';

describe('saving an after-sales reason from a copy changed since it was opened', () => {
  it('shows the refusal, refreshes the reason as it is now, and saves naming the new version', async () => {
    let row = reason('Late', false, '2026-11-30T10:00:00.000Z');
    const sent: Array<Record<string, unknown>> = [];
    const data = () => ({ settings, addresses: [], carriers: [], reasons: [row] });
    sessionStore.signIn('token');
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (path === '/admin/api/after-sales/reasons/save') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1) {
          // Another operator renamed it meanwhile.
          row = reason('Arrived too late', false, '2026-11-30T10:05:00.000Z');
          return reply({ code: ResponseCode.editedSinceOpened, msg: stale, data: null });
        }
        const body = sent.at(-1) as { names: Record<string, string>; needs_evidence: boolean };
        row = reason(body.names['en-us']!, body.needs_evidence, '2026-11-30T10:07:00.000Z');
        return reply({ code: 200, msg: 'ok', data: data() });
      }
      if (path === '/admin/api/after-sales/settings') return reply({ code: 200, msg: 'ok', data: data() });
      if (path === '/admin/api/geo/shipping-countries') return reply({ code: 200, msg: 'ok', data: { list: [] } });
      return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <AfterSalesSettings />
        </AntApp>
      </QueryClientProvider>,
    );
    const card = (await screen.findByText('Reasons members can give')).closest('.ant-card') as HTMLElement;
    await act(async () => void fireEvent.click(await within(card).findByRole('button', { name: 'Edit reason' })));
    const dialog = await openDialog();
    await act(async () => void fireEvent.click(within(dialog).getByLabelText('Needs photos or video')));
    // The list read again in the background (another tab's change, window focus): the form keeps what was typed.
    await act(async () => void (await client.invalidateQueries()));
    expect(within(dialog).getByLabelText('Needs photos or video').getAttribute('aria-checked')).toBe('true');
    await act(async () => void fireEvent.click(within(dialog).getByText('Save').closest('button')!));
    expect(await within(dialog).findByText(stale)).toBeTruthy();
    expect(sent[0]).toMatchObject({ kind: 'return', code: 'late', base_updated_at: '2026-11-30T10:00:00.000Z', names: { 'en-us': 'Late' }, needs_evidence: true });

    await act(async () => void fireEvent.click(within(dialog).getByText('Refresh').closest('button')!));
    const english = await screen.findByDisplayValue('Arrived too late');
    expect(screen.queryByText(stale)).toBeNull();
    // The form is the reason as it is now: the other operator's name, no evidence asked.
    const again = english.closest('.ant-modal') as HTMLElement;
    expect(within(again).getByLabelText('Needs photos or video').getAttribute('aria-checked')).toBe('false');
    await act(async () => void fireEvent.click(within(again).getByLabelText('Needs photos or video')));
    await act(async () => void fireEvent.click(within(again).getByText('Save').closest('button')!));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ kind: 'return', code: 'late', base_updated_at: '2026-11-30T10:05:00.000Z', names: { 'en-us': 'Arrived too late' }, needs_evidence: true });
    // Saved: the dialog closes.
    await waitFor(() => expect(screen.queryByDisplayValue('Arrived too late')).toBeNull());
  });

  it('a carrier changed from a stale copy: refused with Refresh, which refills the form with the carrier as it is now', async () => {
    const carrier = (name: string, updated_at: string) => ({ code: 'dhl', name, needs_phone_tail: false, enabled: true, updated_at });
    let row = carrier('DHL', '2026-11-30T10:00:00.000Z');
    const sent: Array<Record<string, unknown>> = [];
    const data = () => ({ settings, addresses: [], carriers: [row], reasons: [] });
    sessionStore.signIn('token');
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const path = url.split('?')[0]!;
      const reply = (a: unknown) => new Response(JSON.stringify(a), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (path === '/admin/api/after-sales/carriers/save') {
        sent.push(JSON.parse(String(init.body)));
        if (sent.length === 1) {
          row = carrier('DHL eCommerce', '2026-11-30T10:05:00.000Z');
          return reply({ code: ResponseCode.editedSinceOpened, msg: stale, data: null });
        }
        row = carrier(String((sent.at(-1) as { name: string }).name), '2026-11-30T10:07:00.000Z');
        return reply({ code: 200, msg: 'ok', data: data() });
      }
      if (path === '/admin/api/after-sales/settings') return reply({ code: 200, msg: 'ok', data: data() });
      if (path === '/admin/api/geo/shipping-countries') return reply({ code: 200, msg: 'ok', data: { list: [] } });
      return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <AntApp>
          <AfterSalesSettings />
        </AntApp>
      </QueryClientProvider>,
    );
    const card = (await screen.findByText('Carriers for returns')).closest('.ant-card') as HTMLElement;
    await act(async () => void fireEvent.click(within(card).getByRole('button', { name: 'Edit' })));
    await act(async () => void fireEvent.change(within(card).getByRole('textbox', { name: 'Name' }), { target: { value: 'DHL Express' } }));
    await act(async () => void fireEvent.click(within(card).getByRole('button', { name: 'Save' })));
    expect(await within(card).findByText(stale)).toBeTruthy();
    expect(sent[0]).toMatchObject({ code: 'dhl', name: 'DHL Express', base_updated_at: '2026-11-30T10:00:00.000Z' });

    await act(async () => void fireEvent.click(within(card).getByRole('button', { name: 'Refresh' })));
    await waitFor(() => expect((within(card).getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('DHL eCommerce'));
    expect(within(card).queryByText(stale)).toBeNull();
    await act(async () => void fireEvent.change(within(card).getByRole('textbox', { name: 'Name' }), { target: { value: 'DHL eCommerce Asia' } }));
    await act(async () => void fireEvent.click(within(card).getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ code: 'dhl', name: 'DHL eCommerce Asia', base_updated_at: '2026-11-30T10:05:00.000Z' });
  });
});
