import type { giftCardBatchSchema } from '@shop/contract/admin';
import { Alert, Button, InputNumber, Space, Typography, Input } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { DecisionModal } from '../../components/DecisionModal';
import { MemberIdInput } from '../../components/MemberIdInput';
import { QueryTable, type ListSort } from '../../components/QueryTable';
import { Stacked, twoFacts } from '../../components/QueueColumns';
import { actorText } from '../../lib/actors';
import { call } from '../../lib/request';
import { formatCellDate, formatNumber } from '../../lib/format';
import { settingsRoute } from '../../lib/routes-settings';
import { giftCardBatchesRoute, grantPointsRoute, issueGiftCardsRoute, ledgerAnswers, memberPostingAnswers } from '../../lib/routes-money';
import { amountOf, POINTS, showAmount } from '../../lib/money';

type Batch = z.infer<typeof giftCardBatchSchema>;
type Values = Record<string, string>;
/** A whole number as typed, else not a number: the contract's schema refuses it under its field (never a 0 sent instead). */
const wholeOf = (v: string | undefined) => (v && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN);
/** A day typed as YYYY-MM-DD: the end of that day in the operator's time zone ('' for anything else: refused). */
const endOfDay = (v: string | undefined) => {
  const d = v && /^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? new Date(`${v.trim()}T23:59:59`) : new Date(NaN);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
};
const issueBody = (v: Values) => {
  const currency = (v.currency ?? '').trim().toUpperCase();
  return { user_id: wholeOf(v.user_id), currency, value: amountOf(v.value, currency), count: wholeOf(v.count), expires_at: endOfDay(v.expires), reason: v.reason ?? '' };
};
const grantBody = (v: Values) => ({ user_id: wholeOf(v.user_id), kind: v.kind, amount: amountOf(v.amount, POINTS), reason: v.reason ?? '' });

/** Gift-card batches issued (newest first), issuing a batch, and granting points (grants are listed in the journal). */
export default function GiftCards() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useNavigate();
  const [member, setMember] = useState<number>();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [open, setOpen] = useState<'issue' | 'grant' | null>(null);
  const [codes, setCodes] = useState<string[]>([]);
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const filters = { user_id: member, q: search || undefined, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(giftCardBatchesRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  // The currencies the wallet keeps, offered as a list (a card in another is refused): read from the
  // settings, which only an operator who may change them reads; any other types the currency's code.
  const settings = useEndpointQuery(settingsRoute, undefined, { enabled: can('settings.write'), retry: false, staleTime: 60_000 });
  const walletCurrencies = (settings.data?.currencies ?? []).filter((c) => c.enabled).map((c) => ({ value: c.currency, label: c.currency }));
  const memberId = { control: <MemberIdInput /> };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="gift-cards">
      {/* The filters and the actions wrap onto another line in a narrow window, never past its edge. */}
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>
          <InputNumber<number> min={1} precision={0} placeholder={t('console.money.ledger.memberId')} value={member ?? null} onChange={(v) => setMember(v ?? undefined)} style={{ width: 160, maxWidth: '100%' }} />
          <Input.Search
            allowClear
            placeholder={t('console.money.adjust.search')}
            style={{ width: 280, maxWidth: '100%' }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="gift-card-search"
          />
        </Space>
        <Space wrap>
          <Button onClick={() => navigate('/money/ledger?kind=points.grant')} data-testid="grants-journal">{t('console.money.gift.grantsInJournal')}</Button>
          {can('ledger.adjust') && <Button onClick={() => setOpen('grant')} data-testid="grant-points">{t('console.money.gift.grant')}</Button>}
          {can('ledger.adjust') && <Button type="primary" onClick={() => setOpen('issue')} data-testid="issue-cards">{t('console.money.gift.issue')}</Button>}
        </Space>
      </Space>
      {codes.length > 0 && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setCodes([])}
          title={t('console.money.gift.codes', { count: codes.length })}
          description={<Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ whiteSpace: 'pre-line', fontFamily: 'monospace', margin: 0 }}>{codes.join('\n')}</Typography.Paragraph>}
        />
      )}
      <QueryTable<Batch>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: giftCardBatchesRoute, query: filters }}
        columns={[
          { title: t('console.common.id'), dataIndex: 'id', width: 70, sorter: true },
          { title: t('console.common.member'), key: 'm', render: (_, b) => `${b.user_name} (#${b.user_id})` },
          { title: t('console.money.gift.value'), key: 'value', sorter: true, align: 'right', render: (_, b) => showAmount(b.value, b.currency) },
          { title: t('console.money.gift.count'), dataIndex: 'count', align: 'right', render: (n: number) => formatNumber(n) },
          { title: t('console.money.gift.redeemed'), dataIndex: 'redeemed', align: 'right', render: (n: number) => formatNumber(n) },
          { title: t('console.money.gift.expires'), dataIndex: 'expires_at', sorter: true, render: (v: string) => formatCellDate(v, true) },
          // Who asked, and under it who approved (and so issued) the batch: the asker alone when it was within the owner's threshold.
          {
            title: twoFacts(t('console.money.adjust.requestedBy'), t('console.money.adjust.decidedBy')),
            key: 'by',
            render: (_, b) => (
              <Stacked
                first={b.requested_by === null ? '—' : actorText(t, b.requested_by)}
                second={b.requested_by === b.created_by ? t('console.money.adjust.withinLimit') : actorText(t, b.created_by)}
              />
            ),
          },
          { title: t('console.common.reason'), dataIndex: 'reason', render: (r: string) => r || '—' },
          { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
        ]}
      />
      <DecisionModal
        open={open === 'issue'}
        title={t('console.money.gift.issue')}
        question={t('console.money.gift.issueQuestion')}
        okText={t('console.money.gift.issue')}
        fields={[
          { name: 'user_id', label: t('console.money.ledger.memberId'), required: true, message: t('console.money.gift.memberIdHint'), ...memberId },
          { name: 'currency', label: t('console.common.currency'), required: true, message: t('console.money.adjust.currencyHint'), placeholder: 'USD', ...(walletCurrencies.length > 0 ? { options: walletCurrencies } : {}) },
          { name: 'value', label: t('console.money.gift.value'), required: true, message: t('console.money.gift.valueHint'), placeholder: '10.00' },
          { name: 'count', label: t('console.money.gift.count'), required: true, message: t('console.money.gift.countHint'), placeholder: '1' },
          { name: 'expires', label: t('console.money.gift.expires'), required: true, message: t('console.money.gift.expiresHint'), placeholder: 'YYYY-MM-DD' },
          { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
        ]}
        // The contract's body checks every field before anything is sent; a refused one is said under it.
        schema={() => import('@shop/contract/wallet').then((m) => m.giftCardBatchBody)}
        toBody={issueBody}
        fieldOf={{ expires_at: 'expires' }}
        send={async (_v, key, body) => {
          const issued = await call(issueGiftCardsRoute, body, { idempotencyKey: key });
          if (issued.result) setCodes(issued.result.codes);
          return issued;
        }}
        invalidates={ledgerAnswers}
        onClose={() => setOpen(null)}
      />
      <DecisionModal
        open={open === 'grant'}
        title={t('console.money.gift.grant')}
        question={t('console.money.gift.grantQuestion')}
        okText={t('console.money.gift.grant')}
        fields={[
          { name: 'user_id', label: t('console.money.ledger.memberId'), required: true, message: t('console.money.gift.memberIdHint'), ...memberId },
          { name: 'amount', label: t('console.money.gift.points'), required: true, message: t('console.money.gift.pointsHint') },
          { name: 'kind', label: t('console.money.ledger.asset'), required: true, requiredMessage: t('console.auth.required'), options: (['points', 'shopping_points'] as const).map((k) => ({ value: k, label: t(`console.members.assets.${k}`) })) },
          { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
        ]}
        schema={() => import('@shop/contract/wallet').then((m) => m.pointsGrantBody)}
        toBody={grantBody}
        send={(_v, key, body) => call(grantPointsRoute, body, { idempotencyKey: key })}
        invalidates={memberPostingAnswers}
        onClose={() => setOpen(null)}
      />
    </Space>
  );
}
