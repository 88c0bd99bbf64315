import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInConsole, signedInAgainst } from '../../../test/console';
import { goodsOnly } from '../../../test/fixtures';
import { OrderDetail } from '../Orders';

// A support operator cancelled a paid order and it was refunded in full, though their role decides no
// refunds. A paid order's cancel is offered only to a role that decides refunds (the server refuses
// the others too); an unpaid order's cancel stays with whoever fulfils orders.

const order = (status: 'paid' | 'awaiting_payment') => ({
  id: 9, order_no: 'O-9', status, user_id: 3, user_name: 'mia', currency: 'USD', ...goodsOnly(2000),
  created_at: '2026-11-20T10:00:00.000Z', paid_at: status === 'paid' ? '2026-11-20T10:05:00.000Z' : null, remarks: '',
  address: { name: 'Mia', surname: 'Lee', mobile_pre: '60', mobile: '123456', detail: '1 Road', house_number: '', district: '', city: 'KL', province: '', zip_code: '50000', country_code: 'MY' },
  lines: [{ id: 11, name: 'Green tea', spec_text: '', num: 2, shipped_num: 0, line_total: 2000 }],
  packages: [], events: [],
});
const operator = (role: string, permissions: string[]) => ({ id: 1, user_name: 'ops', role, permissions: ['session', 'orders.read', 'orders.fulfil', ...permissions], totp_bound: true });
const answers: Record<string, unknown> = {};
signedInAgainst(answers);
beforeEach(() => {
  answers['/admin/api/auth/me'] = operator('support', []);
});

/** The order's page once shown, and whether it offers its cancel. */
async function offersCancel(): Promise<boolean> {
  renderInConsole(<OrderDetail id={9} onPackage={() => undefined} />);
  await screen.findByText('Green tea', {}, { timeout: 10_000 });
  return screen.queryByTestId('cancel-order') !== null;
}

describe('cancelling an order from the console', () => {
  it('a paid order: not offered to support', async () => {
    answers['/admin/api/orders/info'] = order('paid');
    expect(await offersCancel()).toBe(false);
  });

  it('a paid order, as the owner: offered', async () => {
    answers['/admin/api/orders/info'] = order('paid');
    answers['/admin/api/auth/me'] = operator('owner', ['refunds.decide']);
    expect(await offersCancel()).toBe(true);
  });

  it('an unpaid order: offered to support', async () => {
    answers['/admin/api/orders/info'] = order('awaiting_payment');
    expect(await offersCancel()).toBe(true);
  });
});
