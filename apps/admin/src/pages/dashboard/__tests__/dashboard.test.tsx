import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Shell } from '../../../app/Shell';
import Dashboard from '../Dashboard';
import { renderInConsole, signedInAgainst } from '../../../test/console';

// An operator on the keyboard: the window's title names the page they are on, and a review queue
// they may open is a link on the dashboard (reached by Tab, opened by Enter), named by its words and count.

const answers: Record<string, unknown> = {
  '/admin/api/auth/me': { id: 1, user_name: 'ops', role: 'support', permissions: ['session', 'orders.read'], totp_bound: true },
  '/admin/api/dashboard': {
    date: '2026-11-20',
    orders_today: 4,
    paid_orders_today: 3,
    sales: [],
    new_members: 2,
    // The API sends the counts of the queues the role may open only.
    queues: { orders_to_ship: 7 },
  },
};
const me = answers['/admin/api/auth/me'];
const dashboard = answers['/admin/api/dashboard'];
signedInAgainst(answers);

function console_(at: string) {
  renderInConsole(
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Dashboard />} />
        <Route path="/orders" element={<p>The orders list</p>} />
      </Route>
    </Routes>,
    at,
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
    expect(within(screen.getByTestId('queue-orders')).getByText('Orders to ship')).toBeTruthy();

    await act(async () => void fireEvent.click(toShip));
    expect(await screen.findByText('The orders list')).toBeTruthy();
    expect(document.title).toBe('Orders · Shop console');
  });

  it('shows support only the queues support may open: no top-ups or withdrawals, whatever count an answer carries', async () => {
    const support = ['session', 'members.read', 'realname.review', 'cancellation.review', 'orders.read', 'support.feedback', 'support.chat', 'aftersales.read', 'aftersales.decide', 'applications.review'];
    answers['/admin/api/auth/me'] = { id: 2, user_name: 'sup1', role: 'support', permissions: support, totp_bound: true };
    // Even an answer with counts of queues the role cannot open (an older server) shows none of them.
    answers['/admin/api/dashboard'] = { ...(answers['/admin/api/dashboard'] as object), queues: { realname: 5, cancellation: 1, recharges: 3, withdrawals: 4, orders_to_ship: 7, after_sales: 2, applications: 0, chats_waiting: 1, feedback: 6 } };
    try {
      console_('/');
      await screen.findByTestId('dashboard');
      for (const q of ['realname', 'cancellation', 'orders', 'after-sales', 'applications', 'chats', 'feedback']) expect(screen.getByTestId(`queue-${q}`).closest('a'), q).not.toBeNull();
      expect(screen.queryByTestId('queue-recharges')).toBeNull();
      expect(screen.queryByTestId('queue-withdrawals')).toBeNull();
      expect(screen.queryByText('Top-ups')).toBeNull();
      expect(screen.queryByText('Withdrawals')).toBeNull();
    } finally {
      answers['/admin/api/auth/me'] = me;
      answers['/admin/api/dashboard'] = dashboard;
    }
  });

  it('shows a catalogue operator no sales or order figures (the server sends none), only what the role may read', async () => {
    answers['/admin/api/auth/me'] = { id: 3, user_name: 'cat1', role: 'catalogue', permissions: ['session', 'catalogue.write', 'reviews.moderate'], totp_bound: true };
    answers['/admin/api/dashboard'] = { date: '2026-11-20', queues: {} };
    try {
      console_('/');
      await screen.findByTestId('dashboard');
      for (const words of ['Orders placed', 'Orders paid', 'New members', 'Orders paid per currency (before refunds)']) expect(screen.queryByText(words), words).toBeNull();
      expect(screen.queryByTestId('sales')).toBeNull();
    } finally {
      answers['/admin/api/auth/me'] = me;
      answers['/admin/api/dashboard'] = dashboard;
    }
  });
});
