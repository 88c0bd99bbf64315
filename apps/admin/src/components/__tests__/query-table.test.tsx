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
