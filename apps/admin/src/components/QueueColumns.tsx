import { Typography, type TableColumnType, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { formatDateParts } from '../lib/format';
import { StatusTag } from './StatusTag';

// The pieces the review queues share so that each fits a 1024 px window: related facts stacked in one
// column (the date under the number, the member's second fact under the name), the state and the
// amount right after the number, every column a width of its own, their sum with the actions within the
// 740 px a 1024 px window leaves a table (the menu, 220 and its border; the page's margins, 2 × 24; a scrollbar, 15).

/** A number people read out (a withdrawal's, an order's) or an amount: never broken across lines. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Widths (px) the queues' columns share: a 21-character number whole, a state in Hungarian ("Ellenőrzés alatt") on one line. */
export const QUEUE_WIDTHS = { number: 200, id: 150, status: 130, amount: 120, member: 140 } as const;

/** Whether a queue's columns all have their own widths (then its table is as wide as they are, see `fittedWidth`). */
export const allFitted = <T,>(columns: TableColumnsType<T>): boolean => columns.every((c) => typeof c.width === 'number');

/** A moment as day and time, each whole: in a narrow column the time goes under the day. */
export function When({ at }: { at: string | null | undefined }) {
  const { day, time } = formatDateParts(at);
  return (
    <>
      <span style={NO_WRAP}>{day}</span> {time && <span style={NO_WRAP}>{time}</span>}
    </>
  );
}

/** Two facts in one cell: the first, the second under it in grey (nothing when it is empty). */
export function Stacked({ first, second, whole = false }: { first: ReactNode; second?: ReactNode; whole?: boolean }) {
  return (
    <>
      <div style={whole ? NO_WRAP : undefined}>{first}</div>
      {second !== undefined && second !== null && second !== '' && (
        <Typography.Text type="secondary" style={{ display: 'block' }}>
          {second}
        </Typography.Text>
      )}
    </>
  );
}

/** A heading of two facts stacked in one column: "Withdrawal no. · Created". */
export const twoFacts = (first: string, second: string) => `${first} · ${second}`;

/**
 * A queue's first column: the number people use (whole, on one line), the time the request was made
 * under it; sorted by `sortKey` (the time, or the ID, which follows it).
 */
export function numberColumn<T extends { created_at: string }>(
  t: TFunction,
  options: { title: string; number: (row: T) => ReactNode; sortKey?: 'created_at' | 'id'; width?: number },
): TableColumnType<T> {
  return {
    title: twoFacts(options.title, t('console.common.created')),
    key: options.sortKey ?? 'created_at',
    width: options.width ?? QUEUE_WIDTHS.number,
    ...(options.sortKey !== undefined ? { sorter: true } : {}),
    render: (_, r) => <Stacked whole first={options.number(r)} second={<When at={r.created_at} />} />,
  };
}

/**
 * A column of two facts of a row stacked in one cell (`Stacked`), headed by both ("Amount · Fee"): the
 * amount with what goes with it, the member with the method or kind. `sortKey` sorts it by the first.
 */
export function stackedColumn<T>(options: {
  titles: readonly [first: string, second: string];
  first: (row: T) => ReactNode;
  second: (row: T) => ReactNode;
  width: number;
  sortKey?: string;
  align?: 'right';
}): TableColumnType<T> {
  return {
    title: twoFacts(...options.titles),
    ...(options.sortKey !== undefined ? { key: options.sortKey, sorter: true } : {}),
    ...(options.align !== undefined ? { align: options.align } : {}),
    width: options.width,
    render: (_, r) => <Stacked first={options.first(r)} second={options.second(r)} />,
  };
}

/** A row's state as its tag, right after the number: with the actions pinned right it shows at 1024 px. */
export function statusColumn<T extends { status: string }>(t: TFunction, options: { render?: (row: T) => ReactNode; title?: string; width?: number } = {}): TableColumnType<T> {
  return {
    title: options.title ?? t('console.common.status'),
    dataIndex: 'status',
    width: options.width ?? QUEUE_WIDTHS.status,
    render: (s: string, r) => (options.render ? options.render(r) : <StatusTag status={s} />),
  };
}
