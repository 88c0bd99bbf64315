import type { auditEntrySchema } from '@shop/contract/admin';
import { Button, DatePicker, Input, Space } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { QueryTable } from '../components/QueryTable';
import { api } from '../lib/api';
import { auditRoute as adminAuditLog } from '../lib/routes';
import { formatDate } from '../lib/format';

type Entry = z.infer<typeof auditEntrySchema>;
type Range = Parameters<NonNullable<React.ComponentProps<typeof DatePicker.RangePicker>['onChange']>>[0];
interface Filters {
  operator?: string;
  kind?: string;
  from?: string;
  to?: string;
}

/** Every operator decision: who, when, what and why, by operator, kind and date. */
export default function Audit() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ operator: string; kind: string; range: Range }>({ operator: '', kind: '', range: null });
  const [filters, setFilters] = useState<Filters>({});
  const [paging, setPaging] = useState({ page: 1, limit: 50 });
  const query = useQuery({ queryKey: ['admin', 'audit', filters, paging], queryFn: () => api(adminAuditLog, { query: { ...filters, ...paging } }), placeholderData: keepPreviousData });
  const apply = () => {
    setFilters({
      operator: draft.operator.trim() || undefined,
      kind: draft.kind.trim() || undefined,
      from: draft.range?.[0]?.format('YYYY-MM-DD'),
      to: draft.range?.[1]?.format('YYYY-MM-DD'),
    });
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input placeholder={t('audit.operator')} value={draft.operator} onChange={(e) => setDraft({ ...draft, operator: e.target.value })} onPressEnter={apply} style={{ width: 200 }} allowClear />
        <Input placeholder={t('audit.kindPlaceholder')} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value })} onPressEnter={apply} style={{ width: 220 }} allowClear />
        <DatePicker.RangePicker value={draft.range} onChange={(r) => setDraft({ ...draft, range: r })} />
        <Button type="primary" onClick={apply}>
          {t('common.search')}
        </Button>
      </Space>
      <QueryTable<Entry>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        columns={[
          { title: t('audit.time'), dataIndex: 'created_at', width: 200, render: (v: string) => formatDate(v) },
          { title: t('audit.operator'), dataIndex: 'operator' },
          { title: t('audit.kind'), dataIndex: 'action' },
          { title: t('audit.target'), key: 'target', render: (_, e) => `${e.target_type} #${e.target_id}` },
          { title: t('common.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '' },
        ]}
      />
    </Space>
  );
}
