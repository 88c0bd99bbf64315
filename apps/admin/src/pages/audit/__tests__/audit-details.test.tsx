import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Audit from '../Audit';

// The audit log in Simplified Chinese read "…4879 package #1 DHL JD0012345678" for a shipment and
// "#1 2 × 1500.00 USD gift cards" for a gift-card request: the server wrote the details in English.
// It now records them as facts the console words in the operator's language; older entries, recorded
// as text, still show as they were written.

beforeAll(async () => {
  await initI18n();
});

const at = '2026-12-01T09:15:00.000Z';
const entry = (id: number, action: string, target_type: string, target_id: number, reason: string | null, facts: unknown) => ({ id, operator: 'olivia#1', action, target_type, target_id, reason, via: null, facts, created_at: at });
const audit = {
  list: [
    entry(4, 'order.ship', 'order', 9, null, { key: 'shipment', order_no: '202612014879', package_id: 1, carrier: 'DHL', tracking_number: 'JD0012345678' }),
    entry(3, 'gift_cards.issue.request #1', 'approval', 1, '生日礼物', { key: 'request', what: { key: 'gift_cards', count: 2, value: 150000, currency: 'USD' } }),
    entry(2, 'order.tracking_event', 'order', 9, null, { key: 'tracking_event', package_id: 1, delivered: true, text: 'Left at the door' }),
    entry(1, 'order.ship 202611304000 package #7 SF SF123', 'order', 8, null, null),
  ],
  total: 4,
  page: 1,
  limit: 50,
};
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const data = new URL(url, 'http://console').pathname === '/admin/api/audit' ? audit : { list: [], total: 0, page: 1, limit: 50 };
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
  await changeLanguage('en-us');
});

const shown = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <Audit />
      </AntApp>
    </QueryClientProvider>,
  );
const rowOf = async (text: string) => (await screen.findAllByText(text, { exact: false }))[0]!.closest('tr')!;

describe('the audit log’s details', () => {
  it('word a shipment, a delivery and a gift-card request in Simplified Chinese', async () => {
    await changeLanguage('zh-cn');
    shown();
    const shipment = (await rowOf('JD0012345678')).textContent!;
    expect(shipment).toContain('订单 202612014879');
    expect(shipment).toContain('包裹 #1');
    expect(shipment).not.toContain('package');
    const request = (await rowOf('生日礼物')).textContent!;
    expect(request).toContain('#1');
    expect(request).toContain('2 张面值');
    expect(request).not.toContain('gift cards');
    // What the operator typed stays as typed.
    const delivery = (await rowOf('Left at the door')).textContent!;
    expect(delivery).toContain('已送达');
    expect(delivery).not.toContain('delivered');
    // An entry recorded before, as text, still shows it.
    expect((await rowOf('SF123')).textContent).toContain('202611304000 package #7 SF SF123');
  });

  it('in English', async () => {
    await changeLanguage('en-us');
    shown();
    expect((await rowOf('JD0012345678')).textContent).toContain('Order 202612014879, package #1: DHL JD0012345678');
    expect((await rowOf('Left at the door')).textContent).toContain('Package #1 delivered: Left at the door');
    expect(document.body.textContent).toContain('#1 2 gift cards of');
  });
});
