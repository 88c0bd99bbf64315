import { Button, Segmented, Tag, Typography, type TableColumnType } from 'antd';
import type { AnyEndpoint } from '@shop/contract/common';
import type { CallInput } from '@shop/client/call';
import { keepPreviousData } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useEndpointQuery } from '../lib/endpoint-query';
import type { BodySchema } from '../lib/form';
import { formatCellDate } from '../lib/format';
import { call } from '../lib/request';
import { DecisionModal } from './DecisionModal';

// What the console's lists of members' texts (goods reviews, news comments) share: filters and paging
// asked of the server, the member who wrote a text, its shown or hidden state with the last hide or
// show, and hiding or showing it with a reason, in the words each page gives (`ModerationTexts`, built
// by the page from its own keys, so each key is named where it is used).

/** A moderation list's words, in the operator's language. */
export interface ModerationTexts {
  shown: string;
  hidden: string;
  hide: string;
  show: string;
  hideTitle: string;
  showTitle: string;
  hideQuestion: string;
  showQuestion: string;
  /** "Shown by {by} on {at}" and "Hidden by …". */
  shownBy: (p: { by: string; at: string }) => string;
  hiddenBy: (p: { by: string; at: string }) => string;
}

/** A member's text as a moderation list shows it. */
export interface ModeratedRow {
  id: number;
  /** The writer's user name ('' for none) and the name members see. */
  member: string;
  author_name: string;
  member_id: number | null;
  visible: boolean;
  moderation: { by: string; at: string; reason: string } | null;
}

type FiltersOf<E extends AnyEndpoint> = Omit<NonNullable<CallInput<E>>, 'page' | 'limit'>;

/**
 * A list's filters and the page asked of the server: a changed filter goes back to the first page; the
 * page shown stays until the next one has come (no empty table in between). `paging` is QueryTable's.
 * `F`, the page's own filters, may narrow the list's query (a rating as a number where the call takes
 * a number or its text).
 */
export function useFilteredPages<E extends AnyEndpoint, F extends Partial<FiltersOf<E>> = Partial<FiltersOf<E>>>(list: E) {
  const [filters, setFilters] = useState<F>({} as F);
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const query = useEndpointQuery(list, { ...filters, ...page } as CallInput<E>, { placeholderData: keepPreviousData });
  const filter = (f: Partial<F>) => {
    setFilters((x) => ({ ...x, ...f }));
    setPage((p) => ({ ...p, page: 1 }));
  };
  const paging = { ...page, onChange: (p: number, limit: number) => setPage({ page: p, limit }) };
  return { filters, filter, query, paging };
}

/** A small grey line under a cell's value (an ID, who did what when …). */
export const secondary = (text: string, title?: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} title={title}>
    {text}
  </Typography.Text>
);

/** The member column: their user name (or, without one, the name members see) and their number. */
export function memberColumn<T extends ModeratedRow>(t: TFunction, width: number): TableColumnType<T> {
  return {
    title: t('console.common.member'),
    key: 'member',
    width,
    render: (_, r) => (
      <>
        <Typography.Text ellipsis={{ tooltip: r.member || r.author_name }} style={{ display: 'block' }}>
          {r.member || r.author_name}
        </Typography.Text>
        {r.member_id !== null && secondary(`#${r.member_id}`)}
      </>
    ),
  };
}

/** All, shown or hidden: the list's `visibility` filter (empty: all). */
export function VisibilityFilter({ texts, value, onChange, testId }: { texts: ModerationTexts; value: 'visible' | 'hidden' | undefined; onChange: (v: 'visible' | 'hidden' | undefined) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Segmented
      aria-label={t('console.common.status')}
      value={value ?? 'all'}
      options={[
        { value: 'all', label: t('console.common.all') },
        { value: 'visible', label: texts.shown },
        { value: 'hidden', label: texts.hidden },
      ]}
      onChange={(v) => onChange(v === 'all' ? undefined : (v as 'visible' | 'hidden'))}
      data-testid={testId}
    />
  );
}

/** A row's state: shown or hidden, what else the page says of it (`children`), and the last hide or show with its reason. */
export function VisibilityState({ texts, row, children }: { texts: ModerationTexts; row: ModeratedRow; children?: ReactNode }) {
  return (
    <div data-testid={`state-${row.id}`}>
      <Tag color={row.visible ? 'green' : 'red'}>{row.visible ? texts.shown : texts.hidden}</Tag>
      {children}
      {row.moderation && (
        <>
          {secondary((row.visible ? texts.shownBy : texts.hiddenBy)({ by: row.moderation.by, at: formatCellDate(row.moderation.at) }))}
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: row.moderation.reason }} style={{ fontSize: 12, marginBottom: 0 }}>
            {row.moderation.reason}
          </Typography.Paragraph>
        </>
      )}
    </div>
  );
}

/** Hide (a shown row) or Show (a hidden one): opens the `VisibilityDialog`. */
export function VisibilityButton({ texts, row, onClick }: { texts: ModerationTexts; row: ModeratedRow; onClick: () => void }) {
  return (
    <Button size="small" danger={row.visible} onClick={onClick} data-testid={`visibility-${row.id}`}>
      {row.visible ? texts.hide : texts.show}
    </Button>
  );
}

interface VisibilityDialogProps {
  texts: ModerationTexts;
  row: ModeratedRow;
  /** The hide question when the row needs its own (a reply …); default the group's `hideQuestion`. */
  hideQuestion?: string;
  /** The contract's body schema of the visibility call (`{ id, visible, reason }`). */
  schema: () => Promise<BodySchema>;
  /** The visibility call and the list it changes (read again once decided). */
  send: AnyEndpoint;
  list: AnyEndpoint;
  onClose: () => void;
}

/** Hides a shown row or shows a hidden one, with a reason (required), sent once with its idempotency key. */
export function VisibilityDialog({ texts, row, hideQuestion, schema, send, list, onClose }: VisibilityDialogProps) {
  const { t } = useTranslation();
  return (
    <DecisionModal
      open
      title={row.visible ? texts.hideTitle : texts.showTitle}
      question={row.visible ? (hideQuestion ?? texts.hideQuestion) : texts.showQuestion}
      okText={row.visible ? texts.hide : texts.show}
      danger={row.visible}
      fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
      schema={schema}
      toBody={(v) => ({ id: row.id, visible: !row.visible, reason: v.reason ?? '' })}
      send={(_v, key, body) => call(send, body, { idempotencyKey: key })}
      invalidates={[list]}
      onClose={() => onClose()}
    />
  );
}
