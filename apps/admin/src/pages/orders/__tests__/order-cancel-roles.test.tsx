import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { goodsOnly } from '../../../test/fixtures';
import { OrderDetail } from '../Orders';

// A support operator cancelled a paid order and it was refunded in full, though their role decides no
// refunds. A paid order's cancel is done by a role that decides refunds; support is offered to ask for
// it (the server makes theirs a request), and once asked, the page says it waits instead; an unpaid
// order's cancel stays with whoever fulfils orders.

const waiting = { id: 4, kind: 'order.refund', status: 'pending', member_id: 3, member_name: 'mia', currency: 'USD', amount: 2000, summary: 'cancel order O-9 and refund it in full', what: { key: 'order_refund', order_no: 'O-9', amount: 2000, currency: 'USD' }, changes: null, reason: 'asked by chat', requested_by: 'sam#2', requested_at: '2026-11-20T11:00:00.000Z', decided_by: null, decided_at: null, decision_reason: null, automatic: false, result: null };
const order = (status: 'paid' | 'awaiting_payment', cancelRequest: typeof waiting | null = null) => ({
  id: 9, order_no: 'O-9', status, user_id: 3, user_name: 'mia', currency: 'USD', ...goodsOnly(2000),
  created_at: '2026-11-20T10:00:00.000Z', paid_at: status === 'paid' ? '2026-11-20T10:05:00.000Z' : null, remarks: '',
  address: { name: 'Mia', surname: 'Lee', mobile_pre: '60', mobile: '123456', detail: '1 Road', house_number: '', district: '', city: 'KL', province: '', zip_code: '50000', country_code: 'MY' },
  lines: [{ id: 11, name: 'Green tea', spec_text: '', num: 2, shipped_num: 0, line_total: 2000 }],
  packages: [], events: [], cancel_request: cancelRequest,
});
const operator = (role: string, permissions: string[]) => ({ id: 1, user_name: 'ops', role, permissions: ['session', 'orders.read', 'orders.fulfil', ...permissions], totp_bound: true });
const answers: Record<string, unknown> = {};
signedInAgainst(answers);
beforeEach(() => {
  answers['/admin/api/auth/me'] = operator('support', []);
});

/** The order's page once shown, and the words of its cancel button (null: not offered). */
async function cancelOffered(): Promise<string | null> {
  renderInConsole(<OrderDetail id={9} onPackage={() => undefined} />);
  await screen.findByText('Green tea', {}, { timeout: 10_000 });
  return screen.queryByTestId('cancel-order')?.textContent ?? null;
}

describe('cancelling an order from the console', () => {
  it('a paid order: support is offered to ask for its cancellation, not to cancel it', async () => {
    answers['/admin/api/orders/info'] = order('paid');
    expect(await cancelOffered()).toBe('Ask to cancel and refund');
  });

  it('a paid order whose cancellation was asked: the page says it waits, and nothing more is offered', async () => {
    answers['/admin/api/orders/info'] = order('paid', waiting);
    expect(await cancelOffered()).toBeNull();
    expect(screen.getByTestId('cancel-waiting').textContent).toContain('sam#2 asked to cancel this order and refund it in full (asked by chat)');
  });

  it('a paid order, as the owner: cancelled directly', async () => {
    answers['/admin/api/orders/info'] = order('paid');
    answers['/admin/api/auth/me'] = operator('owner', ['refunds.decide']);
    expect(await cancelOffered()).toBe('Cancel order');
  });

  it('an unpaid order: offered to support', async () => {
    answers['/admin/api/orders/info'] = order('awaiting_payment');
    expect(await cancelOffered()).toBe('Cancel order');
  });
});
