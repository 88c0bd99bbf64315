import type { auditEntrySchema } from '@shop/contract/admin';
import { Button, DatePicker, Input, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { QueryTable, type ListSort } from '../../components/QueryTable';
import { auditKindOptions, describeAction, describeReason, describeTarget } from '../../lib/audit-kinds';
import { auditRoute as adminAuditLog } from '../../lib/routes';
import { formatCellDate } from '../../lib/format';

type Entry = z.infer<typeof auditEntrySchema>;

/** Undoes, inside a cell, the table's break-anywhere (meant for long words someone typed) for names the console writes. */
const WORDS_WHOLE: React.CSSProperties = { overflowWrap: 'normal', wordBreak: 'normal' };
type Range = Parameters<NonNullable<React.ComponentProps<typeof DatePicker.RangePicker>['onChange']>>[0];
interface Filters {
  operator?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** Every operator decision: who, when, what and why, by operator, kind and date, sortable and exported as CSV. */
export default function Audit() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ operator: string; kind: string | undefined; range: Range }>({ operator: '', kind: undefined, range: null });
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, limit: 50 });
  const [sort, setSort] = useState<ListSort>({});
  const query = useEndpointQuery(adminAuditLog, { ...filters, ...paging, ...(sort as object) }, { placeholderData: keepPreviousData });
  const apply = () => {
    setFilters({
      operator: draft.operator.trim() || undefined,
      kind: draft.kind,
      from: draft.range?.[0]?.format('YYYY-MM-DD'),
      to: draft.range?.[1]?.format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input placeholder={t('console.audit.operator')} value={draft.operator} onChange={(e) => setDraft({ ...draft, operator: e.target.value })} onPressEnter={apply} style={{ width: 200, maxWidth: '100%' }} allowClear data-testid="audit-operator" />
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          placeholder={t('console.settings.audit.allKinds')}
          value={draft.kind}
          onChange={(kind) => setDraft({ ...draft, kind })}
          options={auditKindOptions(t)}
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="audit-kind"
        />
        <DatePicker.RangePicker value={draft.range} onChange={(r) => setDraft({ ...draft, range: r })} />
        <Button type="primary" onClick={apply}>
          {t('console.common.search')}
        </Button>
      </Space>
      <QueryTable<Entry>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: adminAuditLog, query: { ...filters, ...sort } }}
        columns={[
          { title: t('console.audit.time'), dataIndex: 'created_at', width: 200, sorter: true, render: (v: string) => formatCellDate(v) },
          // A request refused before its body was read (the sign-in's rate limit) names nobody; a decision made with `npm run ops` says so.
          {
            title: t('console.audit.operator'),
            dataIndex: 'operator',
            sorter: true,
            render: (v: string, e) => (
              <>
                {v || '—'}
                {e.via === 'command_line' && (
                  <Tag style={{ marginInlineStart: 6 }} data-testid="audit-command-line">
                    {t('console.audit.commandLine')}
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: t('console.audit.kind'),
            dataIndex: 'action',
            sorter: true,
            // Details recorded as facts are worded in the console's language; an older entry's as it recorded them.
            render: (action: string, e) => {
              const { label, detail } = describeAction(t, action, e.facts);
              return (
                <span title={action}>
                  {label} {detail && <Typography.Text type="secondary" code>{detail}</Typography.Text>}
                </span>
              );
            },
          },
          // A target's name ("Beállítások #12", "Visszajelzés-kategória") wraps only between its words, never inside one: the column is at least as wide as its longest word, and the free texts beside it give way.
          { title: t('console.audit.target'), key: 'target', render: (_, e) => <span style={WORDS_WHOLE}>{describeTarget(t, e.target_type, e.target_id)}</span> },
          // A list export's reason is its filters, recorded as data: shown in words.
          { title: t('console.common.reason'), dataIndex: 'reason', render: (v: string | null, e) => describeReason(t, e.action, v) },
        ]}
      />
    </Space>
  );
}
