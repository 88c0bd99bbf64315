import { Alert, Button, Descriptions, Input, Select, Space, Tooltip, type TableColumnsType, type TableProps } from 'antd';
import { StateTabs } from './StateTabs';
import type { AnyEndpoint } from '@shop/contract/common';
import { keepPreviousData, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEndpointQuery } from '../lib/endpoint-query';
import { formatDate } from '../lib/format';
import { useNarrowWindow } from '../lib/narrow-window';
import { call } from '../lib/request';
import { useSearchChoice } from '../lib/url-state';
import type { BodySchema } from '../lib/form';
import { dashboardRoute } from '../lib/routes';
import { DecisionModal, type DecisionField } from './DecisionModal';
import { ModalDrawer, tabStops } from './ModalDrawer';
import { actionsColumn, fittedWidth, QueryTable, type ListSort } from './QueryTable';
import { allFitted } from './QueueColumns';

export interface QueueAction<T> {
  key: string;
  label: string;
  danger?: boolean;
  primary?: boolean;
  /** Shown for rows in these states. */
  when: (row: T) => boolean;
  /** The dialog's question, or made of the row (an amount it names …). */
  question: string | ((row: T) => string);
  /** The dialog's fields, or made of the row (an amount in its currency …). */
  fields: DecisionField[] | ((row: T) => DecisionField[]);
  /** Why this operator may not take it on this row (the server would refuse): shown disabled, the reason as its tooltip and atop the drawer (the button is described by it). */
  blocked?: (row: T) => string | null;
  /** The contract's schema of the decision's body and the body made of the row and the dialog's values (checked before it is sent). */
  schema?: () => Promise<BodySchema>;
  toBody?: (row: T, values: Record<string, string>) => unknown;
  /** Sends the decision: `body` is what the schema made of `toBody` (the values without a schema). */
  send: (row: T, values: Record<string, string>, idempotencyKey: string, body: any) => Promise<unknown>;
}

/** The fields an action's dialog shows for `row`. */
export const fieldsOf = <T,>(action: QueueAction<T>, row: T): DecisionField[] => (typeof action.fields === 'function' ? action.fields(row) : action.fields);

/** Approving or rejecting (with a reason) a pending request through its `decide` call (`{ id, decision, reason }`). */
export function approveOrReject<T extends { id: number; status: string }>(t: TFunction, decide: AnyEndpoint): QueueAction<T>[] {
  const send = (id: number, decision: 'approve' | 'reject', reason: string | undefined, idempotencyKey: string) => call(decide, { id, decision, reason } as never, { idempotencyKey });
  return [
    { key: 'approve', label: t('console.common.approve'), primary: true, when: (r) => r.status === 'pending', question: t('console.common.confirmApprove'), fields: [], send: (r, _v, key) => send(r.id, 'approve', undefined, key) },
    {
      key: 'reject',
      label: t('console.common.reject'),
      danger: true,
      when: (r) => r.status === 'pending',
      question: t('console.common.confirmReject'),
      fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }],
      send: (r, v, key) => send(r.id, 'reject', v.reason, key),
    },
  ];
}

/** Who decided a request and when, and why, once it is decided. */
export const decidedFacts = (t: TFunction, r: { reviewed_by: string | null; reviewed_at: string | null; reason: string | null }) => [
  ...(r.reviewed_by ? [{ label: t('console.common.reviewedBy'), value: `${r.reviewed_by} · ${formatDate(r.reviewed_at)}` }] : []),
  ...(r.reason ? [{ label: t('console.common.reason'), value: r.reason }] : []),
];

interface Props<T> {
  name: string;
  statuses: readonly string[];
  defaultStatus: string;
  /** The queue's list call (`{ status, q, sort, order, page, limit }` → a page of rows), also offered as a CSV export of what is shown. */
  list: AnyEndpoint;
  /** What the search box finds (the member …): the list's `q`. */
  searchPlaceholder?: string;
  columns: TableColumnsType<T>;
  /** The drawer's facts of a row. */
  describe: (row: T) => Array<{ label: string; value: ReactNode }>;
  /** Documents, slips and images of a row. */
  evidence?: (row: T) => ReactNode;
  actions: QueueAction<T>[];
  /** Whether the list has a CSV export (`exportOf` of the list; default yes). */
  exportable?: boolean;
  /** One more filter of the list beside the search (a query parameter, the name a screen reader says, and its values; empty: all). */
  filter?: { param: string; label: string; placeholder: string; options: Array<{ value: string; label: string }> };
  /** What one row is, as the menu names the queue ("Feedback"): the drawer is called by it and the row's number ("Feedback #12"). */
  subject: string;
  /** The row's number in the drawer's title (default its id, `#12`): the number people use. */
  title?: (row: T) => string;
  /**
   * The table's scrolling. By default a queue whose every column has its width is as wide as they are
   * (with the actions): made to fit a 1024 px window (`QueueColumns`); else columns kept on one line
   * scroll sideways in a narrow window beneath the pinned actions.
   */
  scroll?: TableProps<T>['scroll'];
}

/** One pattern for every review queue: states, a table, a drawer with the evidence, decisions with a reason and a confirmation. */
export function ReviewQueue<T extends { id: number; status: string }>({ name, statuses, defaultStatus, list, searchPlaceholder, columns, describe, evidence, actions, exportable = true, filter, subject, title = (row) => `#${row.id}`, scroll }: Props<T>) {
  const { t } = useTranslation();
  const narrow = useNarrowWindow();
  // The state's tab is kept in the address: a reload comes back to it.
  const [status, setStatus] = useSearchChoice('status', defaultStatus, statuses);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const [filterValue, setFilterValue] = useState<string | undefined>();
  const [open, setOpen] = useState<T | null>(null);
  const [acting, setActing] = useState<QueueAction<T> | null>(null);
  const filters = { status, ...(search ? { q: search } : {}), ...(filter && filterValue ? { [filter.param]: filterValue } : {}), ...sort };
  const query = useEndpointQuery(list, { ...filters, ...paging } as never, { placeholderData: keepPreviousData }) as UseQueryResult<{ list: T[]; total: number; page: number; limit: number }>;
  // After a decision the keyboard goes on to the next request (the decided one leaves the list), not back
  // to the decided row's Details, nor to nothing once that row is gone.
  const [focusNext, setFocusNext] = useState<{ id: number | null } | null>(null);
  const [closedByDecision, setClosedByDecision] = useState(false);
  const detailsButtons = useRef(new Map<number, HTMLElement>());
  const queueRef = useRef<HTMLDivElement>(null);
  const rows = query.data?.list;
  useEffect(() => {
    if (!focusNext || open) return;
    const next = focusNext.id === null ? undefined : detailsButtons.current.get(focusNext.id);
    (next ?? (queueRef.current ? tabStops(queueRef.current)[0] : undefined))?.focus();
    setFocusNext(null);
  }, [focusNext, open]);
  const openRow = (row: T) => (setOpen(row), setFocusNext(null), setClosedByDecision(false));
  /** The request the keyboard goes on to once `row` is decided: the one after it in the list, else the one before. */
  const nextAfter = (row: T): number | null => {
    const at = rows?.findIndex((r) => r.id === row.id) ?? -1;
    return at === -1 ? null : (rows![at + 1] ?? rows![at - 1])?.id ?? null;
  };

  const allColumns: TableColumnsType<T> = [
    ...columns,
    actionsColumn(t, {
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Button
          size="small"
          onClick={() => openRow(row)}
          ref={(el) => {
            if (el) detailsButtons.current.set(row.id, el);
            else detailsButtons.current.delete(row.id);
          }}
          data-testid={`open-${row.id}`}
        >
          {t('console.common.details')}
        </Button>
      ),
    }),
  ];
  // Widths that are minimums ("auto"): a value wider than its column (an amount kept whole) widens the
  // table, which then scrolls in its frame instead of hiding the value under the actions.
  const fitted = scroll === undefined && allFitted(allColumns);
  /** The open row's actions with why each is blocked (null: it may be taken). */
  const offered = open ? actions.filter((a) => a.when(open)).map((a) => ({ action: a, blocked: a.blocked?.(open) ?? null })) : [];
  const blockedReasonId = (a: QueueAction<T>) => `${name}-${open?.id}-${a.key}-blocked`;
  const decisions =
    open && (
      <Space wrap>
        {offered.map(({ action: a, blocked }) => {
          const button = (
            <Button key={a.key} type={a.primary ? 'primary' : 'default'} danger={a.danger} disabled={blocked !== null} aria-describedby={blocked === null ? undefined : blockedReasonId(a)} onClick={() => setActing(a)} data-testid={`action-${a.key}`}>
              {a.label}
            </Button>
          );
          // A disabled button takes no pointer: its wrapper carries the reason (as a tooltip and a title).
          return blocked === null ? (
            button
          ) : (
            <Tooltip key={a.key} title={blocked}>
              <span title={blocked} data-testid={`blocked-${a.key}`}>{button}</span>
            </Tooltip>
          );
        })}
      </Space>
    );
  return (
    <Space ref={queueRef} orientation="vertical" size="middle" style={{ width: '100%' }}>
      <StateTabs
        label={t('console.common.status')}
        value={status}
        options={statuses.map((s) => ({ value: s, label: t(`console.status.${s}`) }))}
        onChange={(v) => {
          setStatus(v);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <QueryTable<T>
        query={query}
        columns={allColumns}
        scroll={fitted ? { x: fittedWidth(allColumns) } : scroll}
        tableLayout={fitted ? 'auto' : undefined}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={exportable ? { list, query: filters } : undefined}
        toolbar={
          (searchPlaceholder || filter) && (
            // Each control keeps its width where there is room and narrows to the screen where there is not (a phone);
            // the search goes under the filter when both do not fit on one line.
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
              {filter && (
                <div style={{ flex: '0 1 200px', minWidth: 0 }}>
                  <Select
                    allowClear
                    style={{ width: '100%' }}
                    placeholder={filter.placeholder}
                    aria-label={filter.label}
                    value={filterValue}
                    options={filter.options}
                    onChange={(v: string | undefined) => {
                      setFilterValue(v);
                      setPaging((p) => ({ ...p, page: 1 }));
                    }}
                    data-testid={`${name}-filter`}
                  />
                </div>
              )}
              {searchPlaceholder && (
                <div style={{ flex: '0 1 360px', minWidth: 0 }}>
                  <Input.Search
                    allowClear
                    enterButton={t('console.common.search')}
                    placeholder={searchPlaceholder}
                    style={{ width: '100%' }}
                    onSearch={(v) => {
                      setSearch(v.trim());
                      setPaging((p) => ({ ...p, page: 1 }));
                    }}
                    data-testid={`${name}-search`}
                  />
                </div>
              )}
            </div>
          )
        }
        onRow={(row) => ({ onDoubleClick: () => openRow(row) })}
      />
      <ModalDrawer
        open={open !== null}
        size={560}
        title={open ? `${subject} ${title(open)}` : ''}
        onClose={() => setOpen(null)}
        // Closed by a decision, the queue has placed the focus (above): the drawer's return, once its
        // closing is drawn, would take it back to the decided row, which is about to leave the list.
        focusable={{ focusTriggerAfterClose: !closedByDecision }}
        // On a narrow screen the decisions are the footer: in the header they were drawn over the title.
        extra={narrow ? undefined : decisions}
        footer={narrow ? decisions : undefined}
      >
        {open && (
          <>
            {/* Why a decision is not offered, said where it is read (a disabled button's tooltip needs a pointer). */}
            {offered
              .filter((o) => o.blocked !== null)
              .map(({ action: a, blocked }) => (
                <div key={a.key} id={blockedReasonId(a)} style={{ marginBottom: 12 }}>
                  <Alert type="warning" showIcon title={blocked} />
                </div>
              ))}
            {/* Labels on one line: a narrow column would break Chinese or Thai words a character at a time. */}
            <Descriptions column={1} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }} items={describe(open).map((d, i) => ({ key: i, label: d.label, children: d.value }))} />
            {evidence && <div style={{ marginTop: 16 }}>{evidence(open)}</div>}
          </>
        )}
      </ModalDrawer>
      {acting && open && (
        <DecisionModal
          open
          title={acting.label}
          question={typeof acting.question === 'function' ? acting.question(open) : acting.question}
          okText={acting.label}
          danger={acting.danger}
          fields={fieldsOf(acting, open)}
          schema={acting.schema}
          toBody={acting.toBody && ((values) => acting.toBody!(open, values))}
          send={(values, key, body) => acting.send(open, values, key, body)}
          invalidates={[list, dashboardRoute]}
          onClose={(decided) => {
            setActing(null);
            if (decided) {
              setFocusNext({ id: nextAfter(open) });
              setClosedByDecision(true);
              setOpen(null);
            }
          }}
        />
      )}
    </Space>
  );
}
