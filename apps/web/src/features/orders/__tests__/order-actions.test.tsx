import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { clearToasts, prepareApp, renderRoutes, startFakeApi, toastText, unhandledDuring } from '@/test/helpers';
import { OrderActions } from '../components/order-actions';

// A refused order action is said once, as the toast, and ends there: not thrown again as a page error
// (a second "Remind to ship" the same day did both).

let reminded = false;
const api = await startFakeApi({
  '/shop/order/remindSend': () => {
    if (reminded) return { json: { code: 5022, msg: 'You reminded the shop about this order today already', data: null } };
    reminded = true;
    return { json: { code: 200, msg: 'Success', data: { id: 7, reminded_at: '2026-11-24T10:00:00.000Z' } } };
  },
});

const paid = { id: 7, status: 'paid' as const, actions: { can_cancel: false, can_pay: false, can_confirm: false, can_remind: true, can_track: false, can_after_sale: false, can_review: false }, has_after_sale: false };


beforeAll(() => prepareApp());
afterAll(() => api.close());
beforeEach(() => {
  window.SHOP_CONFIG = { api: { default: api.url, cn: api.url } };
  localStorage.clear();
  reminded = false;
  useSession.getState().signIn('member-token', null);
});
afterEach(async () => {
  cleanup();
  await clearToasts();
});

describe('order actions', () => {
  it('an order with after-sales cases leads to its cases, whether or not more can be asked for', async () => {
    const router = renderRoutes({ '/': <OrderActions order={{ ...paid, status: 'completed', actions: { ...paid.actions, can_remind: false }, has_after_sale: true }} />, '*': <p>elsewhere</p> }, '/');
    expect(screen.queryByRole('button', { name: 'After-sales' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'View after-sales' }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`${paths.order.afterSales}?order_id=7`));
    cleanup();
    renderRoutes({ '/': <OrderActions order={paid} /> }, '/');
    expect(screen.queryByRole('button', { name: 'View after-sales' })).toBeNull();
  });

  it('a second reminder the same day is refused with the server’s words as a toast, and nothing is thrown', async () => {
    renderRoutes({ '/': <OrderActions order={paid} /> }, '/');
    fireEvent.click(screen.getByRole('button', { name: 'Remind to ship' }));
    expect(await toastText(5000)).toBe('We reminded the shop to ship your order');
    await clearToasts();
    const errors = await unhandledDuring(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remind to ship' }));
      expect(await toastText(5000)).toBe('You reminded the shop about this order today already');
    });
    expect(errors).toEqual([]);
  });
});
