import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { OrderDetail } from '../Orders';
import { goodsOnly } from '../../../test/fixtures';

// Shipping a package with a screen reader: each field is named by its label, a refused field says in
// words what is wrong (not only by turning red) and that text is read with the field; once shipped,
// focus lands on the packages that list the new one.

beforeAll(async () => {
  await initI18n();
});

const order = (shipped: boolean) => ({
  id: 9,
  order_no: 'O-9',
  status: shipped ? 'shipped' : 'paid',
  user_id: 3,
  user_name: 'mia',
  currency: 'USD',
  ...goodsOnly(2000),
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:05:00.000Z',
  remarks: '',
  address: { name: 'Mia', surname: 'Lee', mobile_pre: '60', mobile: '123456', detail: '1 Road', house_number: '', district: '', city: 'KL', province: '', zip_code: '50000', country_code: 'MY' },
  lines: [
    { id: 11, name: 'Green tea', spec_text: '', num: 2, shipped_num: shipped ? 2 : 0, line_total: 2000 },
  ],
  packages: shipped ? [{ id: 70, carrier: 'DHL', tracking_number: 'TRACK-1', status: 'shipped', lines: [{ name: 'Green tea', num: 2 }], latest: null }] : [],
  events: [],
});

let shipped = false;
let sent: unknown[] = [];
beforeEach(() => {
  shipped = false;
  sent = [];
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0];
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return ok({ id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'orders.read', 'orders.fulfil'], totp_bound: true });
    if (path === '/admin/api/orders/info') return ok(order(shipped));
    if (path === '/admin/api/orders/ship') {
      sent.push(JSON.parse(String(init.body)));
      shipped = true;
      return ok({ package_id: 70, order_id: 9, order_status: 'shipped' });
    }
    // No carriers list kept: the carrier is typed.
    return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

const describedBy = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);

async function ship() {
  await act(async () => void fireEvent.click(screen.getByTestId('ship')));
  await act(async () => void fireEvent.click(await screen.findByRole('button', { name: 'Confirm' })));
}

describe('the ship form of an order', () => {
  it('says in words what is wrong with each refused field, read with the field, then moves focus to the new package', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <AntApp>
          <OrderDetail id={9} onPackage={() => undefined} />
        </AntApp>
      </QueryClientProvider>,
    );
    const carrier = await screen.findByRole('textbox', { name: 'Carrier' });
    const tracking = screen.getByRole('textbox', { name: 'Tracking number' });
    expect(screen.getByRole('spinbutton', { name: 'Quantity in this package: Green tea' })).toBeTruthy();
    expect(carrier.getAttribute('aria-invalid')).toBeNull();

    await ship();
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Choose or type the carrier', 'Enter the tracking number']));
    expect(carrier.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(carrier)).toEqual(['Choose or type the carrier']);
    expect(tracking.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(tracking)).toEqual(['Enter the tracking number']);

    // A number the carrier cannot have: the rule is said, not only shown in red.
    await act(async () => void fireEvent.change(tracking, { target: { value: 'ab' } }));
    await waitFor(() => expect(describedBy(tracking)).toEqual(['4 to 60 letters, digits or dashes']));
    expect(sent).toEqual([]);

    await act(async () => void fireEvent.change(carrier, { target: { value: 'DHL' } }));
    await act(async () => void fireEvent.change(tracking, { target: { value: 'TRACK-1' } }));
    await waitFor(() => expect(tracking.getAttribute('aria-invalid')).toBeNull());
    expect(carrier.getAttribute('aria-invalid')).toBeNull();
    await ship();
    await waitFor(() => expect(sent).toHaveLength(1));
    // The package holds what the form showed: the line's 2 units, named, never "everything left" by omission.
    expect(sent[0]).toMatchObject({ order_id: 9, carrier: 'DHL', tracking_number: 'TRACK-1', lines: [{ order_line_id: 11, num: 2 }] });
    const packages = await screen.findByRole('region', { name: 'Packages' });
    await waitFor(() => expect(document.activeElement).toBe(packages));
    expect(packages.textContent).toContain('TRACK-1');
  });

  it('refuses a package with nothing in it, with no call, and ships exactly the quantities shown', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <AntApp>
          <OrderDetail id={9} onPackage={() => undefined} />
        </AntApp>
      </QueryClientProvider>,
    );
    const qty = await screen.findByRole('spinbutton', { name: 'Quantity in this package: Green tea' });
    await act(async () => void fireEvent.change(screen.getByRole('textbox', { name: 'Carrier' }), { target: { value: 'DHL' } }));
    await act(async () => void fireEvent.change(screen.getByRole('textbox', { name: 'Tracking number' }), { target: { value: 'TRACK-1' } }));
    await act(async () => void fireEvent.change(qty, { target: { value: '0' } }));
    await act(async () => void fireEvent.blur(qty));
    await ship();
    const refusal = await screen.findByText('Nothing in this package: give at least one line a quantity of 1 or more');
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(qty.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(qty)).toEqual(['Nothing in this package: give at least one line a quantity of 1 or more']);
    // Nothing was sent: a call without lines would have shipped both units left.
    expect(sent).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Packages' })).toBeNull();

    await act(async () => void fireEvent.change(qty, { target: { value: '1' } }));
    await act(async () => void fireEvent.blur(qty));
    await waitFor(() => expect(screen.queryByText('Nothing in this package: give at least one line a quantity of 1 or more')).toBeNull());
    await ship();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ order_id: 9, lines: [{ order_line_id: 11, num: 1 }] });
  });
});
