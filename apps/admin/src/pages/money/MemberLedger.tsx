import type { accountLineSchema, ledgerAccountSchema } from '@shop/contract/admin';
import { Button, Card, Space, Tag } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { QueryTable } from '../../components/QueryTable';
import { formatCellDate, formatNumber } from '../../lib/format';
import { accountEntriesRoute, memberAccountsRoute } from '../../lib/routes-money';
import { AdjustmentForm } from './AdjustmentForm';
import { showAmount } from '../../lib/money';
import { entryKindText, entryReferenceText } from '../../lib/ledger-text';

type Account = z.infer<typeof ledgerAccountSchema>;
type Line = z.infer<typeof accountLineSchema>;

/** One account's postings, newest first, with the balance after each. */
function AccountLines({ account }: { account: Account }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const query = useEndpointQuery(accountEntriesRoute, { account_id: account.id, ...paging }, { placeholderData: keepPreviousData, staleTime: 0 });
  return (
    <QueryTable<Line>
      size="small"
      rowKey="posting_id"
      query={query}
      paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
      columns={[
        { title: t('console.money.ledger.time'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
        { title: t('console.money.ledger.kind'), dataIndex: 'kind', render: (k: string) => <Tag title={k}>{entryKindText(t, k)}</Tag> },
        { title: t('console.money.ledger.reference'), key: 'ref', render: (_, l) => entryReferenceText(t, l.reference_type, l.reference_id) },
        { title: t('console.money.ledger.memo'), dataIndex: 'memo', render: (m: string | null) => m ?? '—' },
        { title: t('console.common.amount'), key: 'amount', align: 'right', render: (_, l) => <span style={{ color: l.amount < 0 ? '#cf1322' : undefined }}>{showAmount(l.amount, l.currency)}</span> },
        { title: t('console.money.ledger.balanceAfter'), key: 'after', align: 'right', render: (_, l) => showAmount(l.balance_after, l.currency) },
      ]}
    />
  );
}

/** A member's ledger accounts (the member page): balance, held, entries; each opens its postings. */
export function MemberLedger({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState(false);
  // Balances move with every decision elsewhere in the console: read afresh each time the member is opened.
  const query = useEndpointQuery(memberAccountsRoute, { member_id: memberId }, { staleTime: 0 });
  return (
    <Card
      size="small"
      title={t('console.money.ledger.accounts')}
      extra={
        <Space>
          <Button size="small" onClick={() => navigate(`/money/ledger?member=${memberId}`)}>{t('console.money.ledger.memberJournal')}</Button>
          {can('ledger.adjust') && (
            <Button size="small" type="primary" onClick={() => setAdjusting(true)} data-testid="adjust-balance">{t('console.money.adjust.new')}</Button>
          )}
        </Space>
      }
      data-testid="ledger-accounts"
    >
      <QueryTable<Account>
        size="small"
        query={query}
        expandable={{ expandedRowRender: (a) => <AccountLines account={a} />, rowExpandable: (a) => a.entries > 0 }}
        columns={[
          { title: t('console.money.ledger.asset'), dataIndex: 'asset', render: (a: string) => t(`console.members.assets.${a}`, { defaultValue: a }) },
          { title: t('console.common.currency'), dataIndex: 'currency', render: (c: string) => (c === 'XXX' ? '—' : c) },
          { title: t('console.money.ledger.balance'), key: 'b', align: 'right', render: (_, a) => <span data-testid={`account-${a.asset}-${a.currency}`}>{showAmount(a.balance, a.currency)}</span> },
          { title: t('console.money.ledger.frozen'), key: 'f', align: 'right', render: (_, a) => showAmount(a.frozen, a.currency) },
          { title: t('console.money.ledger.entries'), dataIndex: 'entries', align: 'right', render: (n: number) => formatNumber(n) },
        ]}
      />
      {adjusting && <AdjustmentForm memberId={memberId} onClose={() => setAdjusting(false)} />}
    </Card>
  );
}
