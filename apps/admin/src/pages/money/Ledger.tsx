import type { journalEntrySchema } from '@shop/contract/admin';
import { Alert, Button, DatePicker, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { FramedTable, QueryTable, type ListSort } from '../../components/QueryTable';
import { formatCellDate, formatDate, formatRate } from '../../lib/format';
import { useCan } from '../../lib/operator';
import { entryKindsRoute, journalRoute, ledgerCheckRoute } from '../../lib/routes-money';
import { showAmount } from '../../lib/money';
import { entryActorText, entryKindText, entryReferenceText, ledgerProblemText } from '../../lib/ledger-text';

type Entry = z.infer<typeof journalEntrySchema>;

/** The postings of one entry: whose account, which asset, how much. */
function Postings({ entry, onMember }: { entry: Entry; onMember: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <FramedTable
      size="small"
      pagination={false}
      rowKey="account_id"
      dataSource={entry.postings}
      columns={[
        {
          title: t('console.money.ledger.account'),
          key: 'owner',
          render: (_, p) =>
            p.member_id !== null ? (
              <Typography.Link onClick={() => onMember(p.member_id!)}>{`${p.owner} (#${p.member_id})`}</Typography.Link>
            ) : (
              <Typography.Text type="secondary">{p.owner}</Typography.Text>
            ),
        },
        { title: t('console.money.ledger.asset'), dataIndex: 'asset', render: (a: string) => t(`console.members.assets.${a}`, { defaultValue: a }) },
        { title: t('console.common.amount'), key: 'amount', align: 'right', render: (_, p) => <span style={{ color: p.amount < 0 ? '#cf1322' : undefined }}>{showAmount(p.amount, p.currency)}</span> },
      ]}
    />
  );
}

/**
 * The ledger check, run when asked (it reads every posting): that the ledger is in order, or each
 * problem found in the operator's language. Asked again, it checks again.
 */
function LedgerCheck() {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  const check = useEndpointQuery(ledgerCheckRoute, undefined, { enabled: asked, staleTime: 0, gcTime: 0 });
  const result = check.data;
  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Button loading={check.isFetching} onClick={() => (asked ? void check.refetch() : setAsked(true))} data-testid="check-ledger">
        {t('console.money.ledger.check')}
      </Button>
      {asked && (check.isError || result) && (
        <div data-testid="ledger-check" style={{ width: '100%' }}>
          {check.isError ? (
            <Alert type="error" showIcon title={check.error instanceof Error ? check.error.message : t('console.common.error')} />
          ) : result?.ok ? (
            <Alert type="success" showIcon title={t('console.money.ledger.checkOk')} description={t('console.money.ledger.checkedAt', { at: formatDate(new Date(check.dataUpdatedAt)) })} />
          ) : (
            <Alert
              type="error"
              showIcon
              title={t('console.money.ledger.checkProblems', { count: result?.problems.length ?? 0 })}
              description={
                <>
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {result?.problems.map((p, i) => <li key={i}>{ledgerProblemText(t, p)}</li>)}
                  </ul>
                  <Typography.Text type="secondary">{t('console.money.ledger.checkedAt', { at: formatDate(new Date(check.dataUpdatedAt)) })}</Typography.Text>
                </>
              }
            />
          )}
        </div>
      )}
    </Space>
  );
}

/** The ledger's journal: every entry with its postings, by member, kind and date; the ledger check for who may read the ledger. */
export default function Ledger() {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const memberId = Number(params.get('member')) || undefined;
  const [kind, setKind] = useState<string | undefined>(params.get('kind') ?? undefined);
  const [dates, setDates] = useState<[string, string]>();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const kinds = useEndpointQuery(entryKindsRoute, undefined);
  const filters = { member_id: memberId, kind, from: dates?.[0], to: dates?.[1], q: search || undefined, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(journalRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const setMember = (id: number | null | undefined) => {
    setParams(id ? { member: String(id) } : {});
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="ledger-journal">
      <Space wrap>
        <InputNumber<number> min={1} precision={0} placeholder={t('console.money.ledger.memberId')} aria-label={t('console.money.ledger.memberId')} value={memberId ?? null} onChange={(v) => setMember(v)} style={{ width: 160, maxWidth: '100%' }} data-testid="journal-member" />
        <Select
          allowClear
          showSearch
          placeholder={t('console.money.ledger.allKinds')}
          aria-label={t('console.money.ledger.kind')}
          value={kind}
          onChange={(v?: string) => {
            setKind(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={(kinds.data?.list ?? []).map((k) => ({ value: k, label: entryKindText(t, k) }))}
          style={{ width: 220, maxWidth: '100%' }}
          data-testid="journal-kind"
        />
        <DatePicker.RangePicker
          onChange={(_, text) => {
            setDates(text[0] && text[1] ? [text[0], text[1]] : undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        <Input.Search
          allowClear
          placeholder={t('console.money.ledger.search')}
          style={{ width: 260, maxWidth: '100%' }}
          onSearch={(v) => {
            setSearch(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="journal-search"
        />
        {memberId && <Button onClick={() => setMember(undefined)}>{t('console.money.ledger.allMembers')}</Button>}
      </Space>
      {can('ledger.read') && <LedgerCheck />}
      <QueryTable<Entry>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: journalRoute, query: filters }}
        expandable={{ expandedRowRender: (e) => <Postings entry={e} onMember={setMember} />, rowExpandable: () => true }}
        columns={[
          { title: t('console.money.ledger.entry'), dataIndex: 'id', width: 90, sorter: true },
          { title: t('console.money.ledger.time'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatCellDate(v) },
          { title: t('console.money.ledger.kind'), dataIndex: 'kind', sorter: true, render: (k: string) => <Tag title={k}>{entryKindText(t, k)}</Tag> },
          { title: t('console.money.ledger.reference'), key: 'ref', render: (_, e) => entryReferenceText(t, e.reference_type, e.reference_id) },
          { title: t('console.money.ledger.actor'), key: 'actor', render: (_, e) => entryActorText(t, e.actor_kind, e.actor_id, e.operator) },
          {
            title: t('console.money.ledger.memo'),
            key: 'memo',
            render: (_, e) => [e.memo, e.reverses_entry_id ? t('console.money.ledger.reverses', { id: e.reverses_entry_id }) : null, e.rate ? `${t('console.money.ledger.rate')} ${formatRate(e.rate)}` : null].filter(Boolean).join(' · ') || '—',
          },
        ]}
      />
    </Space>
  );
}
