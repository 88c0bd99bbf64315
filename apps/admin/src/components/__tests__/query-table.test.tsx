import { cleanup, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../lib/i18n';
import { QueryTable } from '../QueryTable';

// A list at 1280 px with many columns: a long word typed by someone breaks inside its column, but an
// amount never splits across lines ("USD 60." / "00").

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-us');
});
afterEach(cleanup);

interface Row {
  id: number;
  reason: string;
  amount: string;
}

describe('a list’s cells', () => {
  it('keep an amount on one line, and let a long word break in its own column', () => {
    const query = { data: { list: [{ id: 1, reason: 'Aloooooooooooooooooooooooongword', amount: 'USD 60.00' }] }, isLoading: false, isFetching: false, isError: false } as unknown as UseQueryResult<{ list: Row[] }>;
    render(
      <QueryTable<Row>
        query={query}
        columns={[
          { title: 'Reason', dataIndex: 'reason' },
          { title: 'Amount', dataIndex: 'amount', align: 'right' },
        ]}
      />,
    );
    const amount = screen.getByText('USD 60.00').closest('td')!;
    expect(amount.style.whiteSpace).toBe('nowrap');
    const reason = screen.getByText('Aloooooooooooooooooooooooongword').closest('td')!;
    expect(reason.style.whiteSpace).not.toBe('nowrap');
    expect(reason.style.overflowWrap).toBe('anywhere');
  });
});

interface Numbered {
  id: number;
  order_no: string;
  payment_no: string;
  reference: string;
  tracking_number: string;
  note: string;
}

describe('a list’s numbers', () => {
  it('keep an order, payment, refund or tracking number on one line, to be read and copied whole', () => {
    const row: Numbered = { id: 7, order_no: '2611307287350243', payment_no: 'PY2611307287350243', reference: 'RF2611307287350243', tracking_number: 'JD0012345678901', note: 'Leave at the door' };
    const query = { data: { list: [row] }, isLoading: false, isFetching: false, isError: false } as unknown as UseQueryResult<{ list: Numbered[] }>;
    render(
      <QueryTable<Numbered>
        query={query}
        columns={[
          { title: 'Order no.', dataIndex: 'order_no' },
          { title: 'Payment', dataIndex: 'payment_no' },
          { title: 'Refund', dataIndex: 'reference' },
          { title: 'Tracking number', dataIndex: 'tracking_number' },
          { title: 'Note', dataIndex: 'note' },
        ]}
      />,
    );
    for (const number of [row.order_no, row.payment_no, row.reference, row.tracking_number]) {
      const cell = screen.getByText(number).closest('td')!;
      expect(cell.style.whiteSpace, number).toBe('nowrap');
    }
    expect(screen.getByText('Leave at the door').closest('td')!.style.whiteSpace).not.toBe('nowrap');
  });
});
