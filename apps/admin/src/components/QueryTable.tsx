import { Alert, Button, Dropdown, Empty, Table, type TableColumnType, type TableColumnsType, type TableProps } from 'antd';
import type { TFunction } from 'i18next';
import type { AnyEndpoint } from '@shop/contract/common';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloneElement, Fragment, isValidElement, useState, type CSSProperties, type ReactNode } from 'react';
import { formatNumber } from '../lib/format';
import { ExportButton } from './ExportButton';

interface PageData<T> {
  list: T[];
  total: number;
  page: number;
  limit: number;
}

/** The order a list is asked in: one of its sortable columns and a direction. */
export interface ListSort {
  sort?: string;
  order?: 'asc' | 'desc';
}

interface Props<T> extends Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> {
  query: UseQueryResult<PageData<T> | { list: T[] }>;
  /** Paging by the server: the page asked for and a setter; without it, a whole list is paged here (20 rows a page). */
  paging?: { page: number; limit: number; onChange: (page: number, limit: number) => void };
  /** Sorting by the server: a column with `sorter: true` sorts by its `key` (or its `dataIndex`). */
  sorting?: ListSort & { onChange: (sort: ListSort) => void };
  /** A CSV file of the whole list as filtered: the list's call and the query it is shown with. */
  exportCsv?: { list: AnyEndpoint; query: Record<string, unknown> };
  /** Shown left of the export button, above the table (filters …). */
  toolbar?: React.ReactNode;
}

const columnName = (c: { key?: React.Key; dataIndex?: unknown }): string | undefined =>
  c.key !== undefined ? String(c.key) : typeof c.dataIndex === 'string' ? c.dataIndex : undefined;

/**
 * The columns of a number people read out and copy: an ID, an order's, a payment's, a case's, a slip's
 * number (`…_no`), a refund's reference, a tracking or account number (`…_number`).
 */
const IDENTIFIER = /^(id|no|reference)$|_no$|_number$/;

/** Whether a column shows a number people read out and copy (`IDENTIFIER`, by its `dataIndex`). */
export const isIdentifierColumn = (c: object): boolean => 'dataIndex' in c && typeof c.dataIndex === 'string' && IDENTIFIER.test(c.dataIndex);

/**
 * Whether a column shows a moment (its `dataIndex` a `…_at`), written compact (`formatCellDate`) and never
 * broken over lines; a narrower column of its own width shows the day and the time on lines of their own
 * (`When`), each whole.
 */
const isMomentColumn = (c: object): boolean =>
  'dataIndex' in c && typeof c.dataIndex === 'string' && /_at$/.test(c.dataIndex) && !('width' in c && typeof c.width === 'number' && c.width < 140);

/**
 * A right-aligned column (an amount, a count), a number's column (`isIdentifierColumn`) and a moment's
 * (`isMomentColumn`) keep each value whole on one line: a long word in another column may break anywhere (the table's cells allow
 * it), an amount never splits as "60." / "00", an order number never as "26113072873" / "50243".
 */
export function keepWhole<T>(c: TableColumnsType<T>[number]): TableColumnsType<T>[number] {
  if ((!isIdentifierColumn(c) && !isMomentColumn(c) && (!('align' in c) || c.align !== 'right')) || 'children' in c) return c;
  const own = c.onCell;
  return { ...c, onCell: (record, index) => ({ ...own?.(record, index), style: { ...own?.(record, index)?.style, whiteSpace: 'nowrap', overflowWrap: 'normal' } }) };
}

/**
 * A table's actions column, the one way every console table makes it: titled "Actions" and pinned to
 * the table's right edge, so a table wider than its window scrolls its other columns sideways beneath
 * the buttons instead of hiding them past the edge (`FramedTable` gives a table with a pinned column its
 * own horizontal scroll frame).
 */
export function actionsColumn<T>(t: TFunction, column: Omit<TableColumnType<T>, 'title' | 'fixed'>): TableColumnType<T> {
  return { key: 'actions', ...column, title: t('console.common.actions'), fixed: 'right' };
}

/** A row's action in a `MoreActions` menu: its words, and `testId` on them for tests. */
export interface MoreAction {
  key: string;
  label: string;
  danger?: boolean;
  testId?: string;
  onClick: () => void;
}

/** A row's less used actions behind one small "⋯" button (named "More"): the actions column stays narrow. */
export function MoreActions({ items, testId }: { items: MoreAction[]; testId?: string }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <Dropdown trigger={['click']} menu={{ items: items.map((a) => ({ key: a.key, danger: a.danger, label: <span data-testid={a.testId}>{a.label}</span>, onClick: a.onClick })) }}>
      <Button size="small" aria-label={t('console.common.more')} title={t('console.common.more')} data-testid={testId}>
        ⋯
      </Button>
    </Dropdown>
  );
}

/**
 * The narrowest a column without a width of its own is shown (px): a few words of Chinese or Thai side
 * by side, never a character a line as a table squeezed into a phone's width would show them.
 */
export const MIN_COLUMN_WIDTH = 120;

/** The columns a table shows (a group's columns in its place). */
const leafColumns = <T,>(columns: TableColumnsType<T>): TableColumnsType<T> => columns.flatMap((c) => ('children' in c && c.children ? leafColumns(c.children) : [c]));

/** A column without a width of its own given the minimum (`MIN_COLUMN_WIDTH`); a group's columns each. */
function withMinimum<T>(c: TableColumnsType<T>[number]): TableColumnsType<T>[number] {
  if ('children' in c && c.children) return { ...c, children: c.children.map((child) => withMinimum<T>(child)) };
  return typeof c.width === 'number' || (c as { minWidth?: number }).minWidth !== undefined ? c : { ...c, minWidth: MIN_COLUMN_WIDTH };
}

/** The narrowest a table's columns may be together (px): each column's width, or the minimum of one without. */
export const minimumWidth = <T,>(columns: TableColumnsType<T>): number =>
  leafColumns(columns).reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : ((c as { minWidth?: number }).minWidth ?? MIN_COLUMN_WIDTH)), 0);

/** Room (px) for the expand button's column and the selection's checkboxes beside the columns. */
const EXPAND_COLUMN_WIDTH = 48;
const SELECTION_COLUMN_WIDTH = 48;

/** A toolbar's control (a search box, a row of filters) no wider than the toolbar: on a phone it narrows to the screen instead of running past it. */
const givingWay = (toolbar: ReactNode): ReactNode =>
  isValidElement<{ style?: CSSProperties }>(toolbar) && toolbar.type !== Fragment ? cloneElement(toolbar, { style: { ...toolbar.props.style, maxWidth: '100%' } }) : toolbar;

/** The width of a table whose every column has its own (in px): their sum, for `scroll.x` with `tableLayout="auto"`. */
export const fittedWidth = <T,>(columns: TableColumnsType<T>): number => columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);

/**
 * A table in the console's frame, the one way every console table is shown (a query's through `QueryTable`,
 * a detail's or a setting's directly): each column at least a few words wide (`MIN_COLUMN_WIDTH`) unless it
 * has a width of its own, amounts and numbers whole on one line (`keepWhole`), a long word wrapping in its
 * cell; a table wider than its card or the screen scrolls sideways inside its own frame (a pinned actions
 * column staying in view) instead of squeezing its columns or widening the page.
 */
export function FramedTable<T extends object>({ columns, scroll, styles, ...rest }: TableProps<T>) {
  const framed = columns?.map((c) => withMinimum<T>(keepWhole<T>(c)));
  // A pinned column (the actions) stays in view only inside a frame that scrolls sideways. Any other table
  // is at least as wide as its columns' minimums: in a narrower window (a phone) it scrolls in its own frame.
  const pinned = columns?.some((c) => c.fixed !== undefined && c.fixed !== false) ?? false;
  const narrowest = () => minimumWidth(framed ?? []) + (rest.expandable ? EXPAND_COLUMN_WIDTH : 0) + (rest.rowSelection ? SELECTION_COLUMN_WIDTH : 0);
  return (
    <Table<T>
      // A long word a member or operator typed (a name without spaces) wraps inside its column instead of widening the page.
      styles={styles ?? { body: { cell: { overflowWrap: 'anywhere' } } }}
      {...rest}
      scroll={scroll?.x !== undefined ? scroll : { ...scroll, x: pinned ? ('max-content' as const) : narrowest() }}
      columns={framed}
    />
  );
}

/** A table of a query: loading, error (with a retry) and empty states, paging with the total, server sorting and CSV export. */
export function QueryTable<T extends object>({ query, paging, sorting, exportCsv, toolbar, columns, ...rest }: Props<T>) {
  const { t } = useTranslation();
  // A list the server answers whole (settings tables, operators, reminders) is paged here.
  const [local, setLocal] = useState({ page: 1, limit: 20 });
  if (query.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('console.common.error')}
        description={query.error instanceof Error ? query.error.message : undefined}
        action={<Button onClick={() => void query.refetch()}>{t('console.common.retry')}</Button>}
      />
    );
  }
  const data = query.data;
  const total = data && 'total' in data ? data.total : (data?.list.length ?? 0);
  const sortable = sorting
    ? columns?.map((c) => {
        if (c.sorter !== true) return c;
        const name = columnName(c as { key?: React.Key; dataIndex?: unknown });
        return { ...c, sortDirections: ['ascend', 'descend'], sortOrder: name !== undefined && sorting.sort === name ? (sorting.order === 'desc' ? 'descend' : 'ascend') : null };
      })
    : columns;
  const table = (
    <FramedTable<T>
      size="middle"
      rowKey={(r) => String((r as { id?: number }).id)}
      {...rest}
      columns={sortable as TableColumnsType<T> | undefined}
      loading={query.isLoading || query.isFetching}
      dataSource={data?.list ?? []}
      locale={{ emptyText: query.isLoading ? t('console.common.loading') : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.common.empty')} /> }}
      onChange={(pagination, filters, sorter, extra) => {
        rest.onChange?.(pagination, filters, sorter, extra);
        if (!sorting || extra.action !== 'sort') return;
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const name = s?.column ? columnName(s.column as { key?: React.Key; dataIndex?: unknown }) : undefined;
        sorting.onChange(s?.order && name ? { sort: name, order: s.order === 'descend' ? 'desc' : 'asc' } : {});
      }}
      pagination={{
        current: paging ? paging.page : local.page,
        pageSize: paging ? paging.limit : local.limit,
        total,
        showSizeChanger: true,
        pageSizeOptions: [10, 20, 50, 100],
        hideOnSinglePage: !paging,
        showTotal: (n) => t('console.common.total', { count: n, formatted: formatNumber(n) }),
        onChange: paging ? paging.onChange : (page, limit) => setLocal({ page, limit }),
      }}
    />
  );
  if (!exportCsv && !toolbar) return table;
  // The toolbar and the export share a row that wraps: on a phone the export goes under the filters, and
  // the toolbar narrows to the screen (its controls with it) instead of pushing the page wider.
  return (
    <div>
      <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <div style={{ flex: '1 1 auto', minWidth: 0, maxWidth: '100%' }}>{givingWay(toolbar)}</div>
        {exportCsv && <ExportButton list={exportCsv.list} query={exportCsv.query} />}
      </div>
      {table}
    </div>
  );
}
