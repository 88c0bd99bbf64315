import type { adjustmentSchema } from '@shop/contract/admin';
import { Button, Card, Input, Segmented, Space, Tag, Typography } from 'antd';
import { ControlRow } from '../../components/ControlRow';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { useCan, useOperator } from '../../lib/operator';
import { DecisionModal } from '../../components/DecisionModal';
import { FramedTable, actionsColumn, QueryTable, type ListSort } from '../../components/QueryTable';
import { call } from '../../lib/request';
import { useSearchChoice } from '../../lib/url-state';
import { formatCellDate } from '../../lib/format';
import { adjustmentLimitsRoute, adjustmentsRoute, decideAdjustmentRoute, memberPostingAnswers, setAdjustmentLimitRoute } from '../../lib/routes-money';
import { AdjustmentForm } from './AdjustmentForm';
import { amountOf, showAmount } from '../../lib/money';

type Adjustment = z.infer<typeof adjustmentSchema>;
type Status = Adjustment['status'];
const COLORS: Record<Status, string> = { pending: 'gold', posted: 'green', rejected: 'red' };
const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const satisfies readonly Status[];

/** The approval limit per currency, and (with the settings permission) setting one. */
function Limits() {
  const { t } = useTranslation();
  const can = useCan();
  const [setting, setSetting] = useState(false);
  const query = useEndpointQuery(adjustmentLimitsRoute, undefined);
  return (
    <Card
      size="small"
      title={t('console.money.adjust.limits')}
      extra={can('settings.write') && <Button size="small" onClick={() => setSetting(true)} data-testid="set-limit">{t('console.money.adjust.setLimit')}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('console.money.adjust.limitsHint')}</Typography.Paragraph>
      <QueryTable
        size="small"
        rowKey="currency"
        query={query}
        columns={[
          { title: t('console.common.currency'), dataIndex: 'currency', render: (c: string) => (c === 'XXX' ? t('console.money.adjust.pointsCurrency') : c) },
          { title: t('console.money.adjust.limit'), key: 'amount', align: 'right', render: (_, l) => showAmount(l.amount, l.currency) },
          { title: t('console.money.adjust.updatedBy'), dataIndex: 'updated_by', render: (by: string) => actorText(t, by) },
          { title: t('console.money.ledger.time'), dataIndex: 'updated_at', render: (v: string) => formatCellDate(v) },
        ]}
      />
      <DecisionModal
        open={setting}
        title={t('console.money.adjust.setLimit')}
        question={t('console.money.adjust.limitsHint')}
        okText={t('console.common.submit')}
        fields={[
          { name: 'currency', label: t('console.money.adjust.limitCurrency'), required: true, requiredMessage: t('console.money.adjust.currencyHint') },
          { name: 'amount', label: t('console.money.adjust.limit'), required: true, requiredMessage: t('console.money.adjust.invalidAmount') },
          { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
        ]}
        schema={() => import('@shop/contract/admin').then((m) => m.adminSetAdjustmentLimit.body!)}
        toBody={(v) => {
          const currency = (v.currency ?? '').trim().toUpperCase();
          return { currency, amount: amountOf(v.amount, currency), reason: v.reason ?? '' };
        }}
        send={(_v, key, body) => call(setAdjustmentLimitRoute, body, { idempotencyKey: key })}
        invalidates={[adjustmentLimitsRoute]}
        onClose={() => setSetting(false)}
      />
    </Card>
  );
}

/** Manual adjustments: the approval queue (a second operator approves or rejects), the decided ones, and a new adjustment. */
export default function Adjustments() {
  const { t } = useTranslation();
  const can = useCan();
  const me = useOperator();
  // The tab is kept in the address: a reload comes back to it.
  const [status, setStatus] = useSearchChoice<Status>('status', 'pending', ADJUSTMENT_STATUSES);
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [creating, setCreating] = useState(false);
  const [deciding, setDeciding] = useState<{ row: Adjustment; decision: 'approve' | 'reject' } | null>(null);
  const [sort, setSort] = useState<ListSort>({});
  const [search, setSearch] = useState('');
  const filters = { status, q: search || undefined, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(adjustmentsRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const mine = (r: Adjustment) => me.data !== undefined && r.requested_by === `${me.data.user_name}#${me.data.id}`;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="adjustments">
      <ControlRow style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented<Status>
          aria-label={t('console.common.status')}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={ADJUSTMENT_STATUSES.map((s) => ({ value: s, label: t(`console.money.status.${s}`) }))}
        />
        {can('ledger.adjust') && (
          <Button type="primary" onClick={() => setCreating(true)} data-testid="new-adjustment">{t('console.money.adjust.new')}</Button>
        )}
      </ControlRow>
      <QueryTable<Adjustment>
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: adjustmentsRoute, query: filters }}
        toolbar={
          <Input.Search
            allowClear
            placeholder={t('console.money.adjust.search')}
            style={{ width: 300, maxWidth: '100%' }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
            data-testid="adjustment-search"
          />
        }
        // Long texts (a member's name, a reason) are cut on one line with their whole text as a title; the
        // amount and the state come first and the actions are pinned right, so all three show at 1024 px.
        columns={[
          { title: t('console.common.id'), dataIndex: 'id', width: 70, sorter: true },
          { title: t('console.common.member'), key: 'm', width: 150, ellipsis: true, render: (_, r) => `${r.user_name} (#${r.user_id})` },
          { title: t('console.common.amount'), key: 'amount', width: 140, sorter: true, align: 'right', render: (_, r) => <strong style={{ color: r.amount < 0 ? '#cf1322' : undefined }}>{showAmount(r.amount, r.currency)}</strong> },
          { title: t('console.common.status'), dataIndex: 'status', width: 170, render: (s: Status) => <Tag color={COLORS[s]}>{t(`console.money.status.${s}`)}</Tag> },
          { title: t('console.money.ledger.asset'), dataIndex: 'asset', width: 110, ellipsis: true, render: (a: string) => t(`console.members.assets.${a}`) },
          { title: t('console.common.reason'), dataIndex: 'reason', width: 220, ellipsis: true },
          { title: t('console.money.adjust.requestedBy'), dataIndex: 'requested_by', width: 150, ellipsis: true, render: (by: string) => actorText(t, by) },
          { title: t('console.common.created'), dataIndex: 'created_at', width: 190, sorter: true, ellipsis: true, render: (v: string) => formatCellDate(v) },
          ...(status === 'pending'
            ? []
            : [
                { title: t('console.money.adjust.decidedBy'), key: 'd', width: 150, ellipsis: true, render: (_: unknown, r: Adjustment) => (r.decided_by === null ? t('console.money.adjust.withinLimit') : actorText(t, r.decided_by)) },
                { title: t('console.money.adjust.decisionReason'), key: 'dr', width: 220, ellipsis: true, render: (_: unknown, r: Adjustment) => r.decision_reason ?? '—' },
              ]),
          actionsColumn<Adjustment>(t, {
            key: 'act',
            width: 200,
            render: (_, r) =>
              r.status === 'pending' && can('ledger.adjust') ? (
                <Space>
                  <Button size="small" type="primary" disabled={mine(r)} title={mine(r) ? t('console.money.adjust.notOwn') : undefined} onClick={() => setDeciding({ row: r, decision: 'approve' })} data-testid={`approve-${r.id}`}>
                    {t('console.common.approve')}
                  </Button>
                  <Button size="small" danger onClick={() => setDeciding({ row: r, decision: 'reject' })} data-testid={`reject-${r.id}`}>
                    {t('console.common.reject')}
                  </Button>
                </Space>
              ) : null,
          }),
        ]}
      />
      <Limits />
      {creating && <AdjustmentForm onClose={() => setCreating(false)} />}
      {deciding && (
        <DecisionModal
          open
          title={deciding.decision === 'approve' ? t('console.common.approve') : t('console.common.reject')}
          question={
            <>
              {deciding.decision === 'approve' ? t('console.money.adjust.approveQuestion') : t('console.money.adjust.rejectQuestion')}
              <FramedTable
                style={{ marginTop: 12 }}
                size="small"
                pagination={false}
                showHeader={false}
                rowKey="k"
                dataSource={[
                  { k: t('console.common.member'), v: `${deciding.row.user_name} (#${deciding.row.user_id})` },
                  { k: t('console.common.amount'), v: showAmount(deciding.row.amount, deciding.row.currency) },
                  { k: t('console.common.reason'), v: deciding.row.reason },
                ]}
                columns={[{ dataIndex: 'k' }, { dataIndex: 'v' }]}
              />
            </>
          }
          okText={deciding.decision === 'approve' ? t('console.common.approve') : t('console.common.reject')}
          danger={deciding.decision === 'reject'}
          fields={[{ name: 'reason', label: t('console.common.reason'), required: deciding.decision === 'reject', multiline: true }]}
          schema={() => import('@shop/contract/admin').then((m) => m.adminDecideAdjustment.body!)}
          toBody={(v) => ({ id: deciding.row.id, decision: deciding.decision, reason: v.reason || undefined })}
          send={(_v, key, body) => call(decideAdjustmentRoute, body, { idempotencyKey: key })}
          invalidates={memberPostingAnswers}
          onClose={() => setDeciding(null)}
        />
      )}
    </Space>
  );
}
