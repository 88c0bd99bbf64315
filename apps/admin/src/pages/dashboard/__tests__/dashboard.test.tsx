import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Shell } from '../../../app/Shell';
import { initI18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import Dashboard from '../Dashboard';

// An operator on the keyboard: the window's title names the page they are on, and a review queue
// they may open is a link on the dashboard (reached by Tab, opened by Enter), named by its words and count.

beforeAll(async () => {
  // antd measures the window; jsdom has neither matchMedia nor ResizeObserver.
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
  window.matchMedia ??= ((q: string) => ({ matches: false, media: q, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined, onchange: null, dispatchEvent: () => false })) as never;
  await initI18n();
});

const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'orders.read'], totp_bound: true },
  '/admin/api/dashboard': {
    date: '2026-11-20',
    orders_today: 4,
    paid_orders_today: 3,
    sales: [],
    new_members: 2,
    queues: { realname: 5, cancellation: 0, recharges: 0, withdrawals: 0, orders_to_ship: 7, after_sales: 0, applications: 0, chats_waiting: 0, feedback: 0 },
  },
};
beforeEach(() => {
  sessionStore.signIn('token');
  vi.stubGlobal('fetch', async (url: string) => {
    const data = answers[url.split('?')[0]!];
    return new Response(JSON.stringify(data === undefined ? { code: 404, msg: 'Not found', data: null } : { code: 200, msg: 'ok', data }), { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.end('signed_out');
});

function console_(at: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route element={<Shell />}>
              <Route index element={<Dashboard />} />
              <Route path="/orders" element={<p>The orders list</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the dashboard', () => {
  it('names the page in the window’s title, and a queue the operator may open is a link to it', async () => {
    console_('/');
    await screen.findByTestId('dashboard');
    expect(document.title).toBe('Dashboard · Shop console');
    const toShip = screen.getByRole('link', { name: /Orders to ship\s*7/ });
    // A link with an address: in the Tab order, and Enter opens it.
    expect(toShip.getAttribute('href')).toBe('/orders');
    expect(toShip.contains(screen.getByTestId('queue-orders'))).toBe(true);
    // A queue the role may not open is no link: nothing to reach that leads nowhere.
    expect(screen.getByTestId('queue-realname').closest('a')).toBeNull();
    expect(within(screen.getByTestId('queue-realname')).getByText('Real-name')).toBeTruthy();

    await act(async () => void fireEvent.click(toShip));
    expect(await screen.findByText('The orders list')).toBeTruthy();
    expect(document.title).toBe('Orders · Shop console');
  });
});
