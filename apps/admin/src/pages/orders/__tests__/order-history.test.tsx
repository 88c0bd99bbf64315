import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { OrderDetail } from '../Orders';
import { goodsOnly } from '../../../test/fixtures';

// An order's history read "refund_requested → Refunding · operator:4 · …" and "package_shipped ·
// operator:4": each step now reads by name, with the operator's name.

beforeAll(async () => {
  await initI18n();
});

const at = (m: number) => `2026-11-20T10:0${m}:00.000Z`;
const order = {
  id: 9,
  order_no: 'O-9',
  status: 'refunding',
  user_id: 3,
  user_name: 'mia',
  currency: 'USD',
  ...goodsOnly(2000),
  created_at: at(0),
  paid_at: at(1),
  remarks: '',
  address: { name: 'Mia', surname: 'Lee', mobile_pre: '60', mobile: '123456', detail: '1 Road', house_number: '', district: '', city: 'KL', province: '', zip_code: '50000', country_code: 'MY' },
  lines: [{ id: 11, name: 'Green tea', spec_text: '', num: 2, shipped_num: 1, line_total: 2000 }],
  packages: [],
  events: [
    { kind: 'created', from_status: null, to_status: 'awaiting_payment', actor: 'member:3', operator: null, reason: '', at: at(0) },
    { kind: 'paid', from_status: 'awaiting_payment', to_status: 'paid', actor: 'provider:sandbox', operator: null, reason: '', at: at(1) },
    { kind: 'package_shipped', from_status: null, to_status: null, actor: 'operator:4', operator: 'ops4#4', reason: 'DHL TRACK-1', at: at(2) },
    { kind: 'refund_requested', from_status: 'paid', to_status: 'refunding', actor: 'operator:4', operator: 'ops4#4', reason: 'out of stock', at: at(3) },
  ],
};

beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const path = url.split('?')[0];
    const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path === '/admin/api/auth/me') return ok({ id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'orders.read'], totp_bound: true });
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

async function history(): Promise<string[][]> {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <OrderDetail id={9} onPackage={() => undefined} />
      </AntApp>
    </QueryClientProvider>,
  );
  await screen.findByText('O-9', { exact: false });
  return [...document.querySelectorAll('.ant-timeline-item')].map((li) => li.textContent!.split(' · ').slice(1));
}

describe('an order’s history in the console', () => {
  it('names each step and the operator who took it, never a code', async () => {
    await changeLanguage('en-us');
    expect(await history()).toEqual([
      ['Order placed → Awaiting payment', 'Member'],
      ['Paid', 'Gateway'],
      ['Package shipped', 'ops4#4', 'DHL TRACK-1'],
      ['Cancelled, refund requested → Refunding', 'ops4#4', 'out of stock'],
    ]);
  });

  it('in the operator’s language', async () => {
    await changeLanguage('zh-cn');
    const steps = await history();
    expect(steps[2]).toEqual(['包裹已发出', 'ops4#4', 'DHL TRACK-1']);
    expect(steps[3]![0]).toMatch(/^已取消并申请退款 → /);
    expect(JSON.stringify(steps)).not.toMatch(/refund_requested|package_shipped|operator:4/);
  });
});
