import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { OrderDetail } from '../Orders';
import { goodsOnly } from '../../../test/fixtures';

// The recipient on an order reads as the member app shows it: in their own culture's order, whatever
// the console's language — a Latin name by the address's country (Hungary: family name first).

beforeAll(async () => {
  await initI18n();
});

const order = {
  id: 9,
  order_no: 'O-9',
  status: 'paid',
  user_id: 3,
  user_name: 'probe',
  currency: 'HUF',
  ...goodsOnly(200000),
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: '2026-11-20T10:05:00.000Z',
  remarks: '',
  address: { name: 'Probe', surname: 'Four', mobile_pre: '36', mobile: '301234567', detail: 'Fő utca 1', house_number: '', district: '', city: 'Budapest', province: '', zip_code: '1011', country_code: 'HU' },
  lines: [{ id: 11, name: 'Green tea', spec_text: '', num: 1, shipped_num: 0, line_total: 200000 }],
  packages: [],
  events: [],
};

beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0];
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return ok({ id: 1, user_name: 'ops', role: 'owner', permissions: ['session', 'orders.read'], totp_bound: true });
    if (path === '/admin/api/orders/info') return ok(order);
    return new Response(JSON.stringify({ code: 404, msg: 'Not found', data: null }), { status: 404, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const renderDetail = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <AntApp>
        <OrderDetail id={9} onPackage={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );

describe('the recipient of an order in the console', () => {
  it('on a Hungarian address is named family name first, in Hungarian and in English alike', async () => {
    await changeLanguage('hu');
    renderDetail();
    expect(await screen.findByText(/^Four Probe · \+36 301234567 · /)).toBeTruthy();
    cleanup();
    await changeLanguage('en-us');
    renderDetail();
    expect(await screen.findByText(/^Four Probe · \+36 301234567 · /)).toBeTruthy();
  });

  it('on an American address is named given name first, also in Hungarian', async () => {
    order.address = { ...order.address, name: 'John', surname: 'Smith', mobile_pre: '1', mobile: '2025550123', country_code: 'US' };
    try {
      await changeLanguage('hu');
      renderDetail();
      expect(await screen.findByText(/^John Smith · \+1 2025550123 · /)).toBeTruthy();
    } finally {
      order.address = { ...order.address, name: 'Probe', surname: 'Four', mobile_pre: '36', mobile: '301234567', country_code: 'HU' };
    }
  });
});
