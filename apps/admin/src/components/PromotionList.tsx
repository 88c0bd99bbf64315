import { Button, Input, Segmented, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../lib/endpoint-query';
import { call } from '../lib/request';
import { couponsRoute, endCouponRoute, endGroupBuyRoute, groupBuysRoute } from '../lib/routes-catalogue';
import { DecisionModal } from './DecisionModal';
import { actionsColumn, fittedWidth, MoreActions, QueryTable, type ListSort } from './QueryTable';

const STATES = ['scheduled', 'running', 'ended'] as const;
type State = (typeof STATES)[number];

/** What every promotion's row has: its state in time and who made it. */
export interface PromotionRow {
  id: number;
  state: State;
  created_by: string;
}

/** The two kinds of promotion the console lists: their list and early-end calls, their texts and their test ids. */
const KINDS = {
  coupons: { list: couponsRoute, end: endCouponRoute, newText: 'console.catalogue.coupons.new', makerText: 'console.catalogue.coupons.createdBy', testId: 'coupon' },
  groupBuys: { list: groupBuysRoute, end: endGroupBuyRoute, newText: 'console.catalogue.groupBuys.new', makerText: 'console.catalogue.groupBuys.createdBy', testId: 'group-buy' },
} as const;

interface Props<R extends PromotionRow> {
  kind: keyof typeof KINDS;
  /** The search box's hint (a code, a goods name …). */
  searchHint: string;
  /** The kind's own columns; the state, the maker and the actions follow them. */
  columns: ColumnsType<R>;
  /** The row's name in titles. */
  nameOf: (r: R) => string;
  /** Who may make and change them; which rows can still change, or end early (asked with the question). */
  canWrite: boolean;
  canEdit: (r: R) => boolean;
  canEnd: (r: R) => boolean;
  endQuestion: (r: R) => string;
  /** What the page says once one is ended, from the end's answer (default "Decision saved"). */
  endedText?: (answer: any) => string;
  /** The form of a new one (no `editing`) or of a change; `reopen` opens the row again as the list has it now (after a refusal: changed by someone else since it was opened). */
  Form: ComponentType<{ editing?: R; onClose: () => void; reopen: (id: number) => void }>;
}

/**
 * A promotion list, one pattern for coupons and group buys: found by a search and by state, sorted,
 * exported; a new one, a change and an early end (with a reason), each confirmed.
 */
export function PromotionList<R extends PromotionRow>({ kind, searchHint, columns, nameOf, canWrite, canEdit, canEnd, endQuestion, endedText, Form }: Props<R>) {
  const { t } = useTranslation();
  const { list, end, newText, makerText, testId } = KINDS[kind];
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const [state, setState] = useState<State | 'all'>('all');
  const [editing, setEditing] = useState<R | 'new' | null>(null);
  const [ending, setEnding] = useState<R | null>(null);
  const filters = { q: search || undefined, state: state === 'all' ? undefined : state, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(list as typeof couponsRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const first = () => setPaging((p) => ({ ...p, page: 1 }));
  // Each opening is a new form, filled from the row it is given (a reopened row too).
  const [opening, setOpening] = useState(0);
  const open = (row: R | 'new' | null) => (setEditing(row), setOpening((n) => n + 1));
  /** Opens a row's form again from the row as the list has it now (closed when it is no longer listed). */
  const reopen = async (id: number) => open(((await query.refetch()).data?.list as R[] | undefined)?.find((r) => r.id === id) ?? null);
  const allColumns: ColumnsType<R> = [
    ...columns,
    { title: t('console.common.status'), dataIndex: 'state', width: 80, render: (s: State) => <Tag color={s === 'running' ? 'green' : s === 'scheduled' ? 'blue' : 'default'}>{t(`console.catalogue.promotion.${s}`)}</Tag> },
    { title: t(makerText), dataIndex: 'created_by', width: 64 },
    actionsColumn(t, {
      key: 'a',
      width: 92,
      // Editing at hand, ending (rare, and asked about) in the "more" menu: the room goes to the promotion's own columns.
      render: (_, r) =>
        canWrite && (
          <Space size={4}>
            {canEdit(r) && (
              <Button size="small" onClick={() => open(r)} data-testid={`edit-${testId}-${r.id}`}>
                {t('console.catalogue.goods.edit')}
              </Button>
            )}
            <MoreActions
              testId={`more-${testId}-${r.id}`}
              items={canEnd(r) ? [{ key: 'end', label: t('console.catalogue.promotion.end'), danger: true, testId: `end-${testId}-${r.id}`, onClick: () => setEnding(r) }] : []}
            />
          </Space>
        ),
    }),
  ];
  // A kind whose every column has its width fits its table to them (the coupons: a 1024 px window).
  const fitted = allColumns.every((c) => typeof c.width === 'number');
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canWrite && (
        <Button type="primary" onClick={() => open('new')} data-testid={`new-${testId}`}>
          {t(newText)}
        </Button>
      )}
      <QueryTable<R>
        query={query as never}
        // A laptop window scrolls the table sideways: the actions at its end are never cut off.
        scroll={{ x: fitted ? fittedWidth(allColumns) : 'max-content' }}
        tableLayout={fitted ? 'auto' : undefined}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), first()) }}
        exportCsv={{ list, query: filters }}
        toolbar={
          <Space wrap>
            <Input.Search allowClear placeholder={searchHint} style={{ width: 260, maxWidth: '100%' }} onSearch={(v) => (setSearch(v.trim()), first())} data-testid={`${testId}-search`} />
            <Segmented aria-label={t('console.common.status')} value={state} onChange={(v) => (setState(v as State | 'all'), first())} options={[{ value: 'all', label: t('console.common.all') }, ...STATES.map((s) => ({ value: s, label: t(`console.catalogue.promotion.${s}`) }))]} />
          </Space>
        }
        columns={allColumns}
      />
      {editing && <Form key={opening} editing={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} reopen={(id) => void reopen(id)} />}
      {ending && (
        <DecisionModal
          open
          title={`${t('console.catalogue.promotion.end')} · ${nameOf(ending)}`}
          question={endQuestion(ending)}
          okText={t('console.catalogue.promotion.end')}
          danger
          fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
          schema={() => import('@shop/contract/orders').then((m) => m.endEarlyBody)}
          toBody={(v) => ({ id: ending.id, reason: v.reason })}
          send={(_v, key, body) => call(end as typeof endCouponRoute, body, { idempotencyKey: key })}
          invalidates={[list]}
          savedText={endedText}
          onClose={() => setEnding(null)}
        />
      )}
    </Space>
  );
}
