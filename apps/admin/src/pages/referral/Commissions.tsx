import { Button, Card, Select, Space } from 'antd';
import { FramedTable } from '../../components/QueryTable';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/DecisionModal';
import { QueryError } from '../../components/QueryError';
import { actorText } from '../../lib/actors';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { showAmount as formatMoney } from '../../lib/money';
import { useCan } from '../../lib/operator';
import { call } from '../../lib/request';
import { commissionAnswers, commissionsRoute, pairRunsRoute, reverseCommissionRoute, runPairDayRoute, voidCommissionRoute } from '../../lib/routes-referral';

type Row = EndpointData<typeof commissionsRoute>['list'][number];
const STATUSES = ['pending', 'settled', 'void', 'reversed'] as const;

/** What a commission is worth as it stands: pending, what settling would pay now (less what refunds took back); void, what was pending at payment; settled or reversed, what was earned. */
export const earned = (r: Pick<Row, 'status' | 'amount' | 'posted' | 'netted'>): number => (r.status === 'settled' || r.status === 'reversed' ? r.posted + r.netted : r.amount);

/** A reversal's two parts: what it took back from the rewards and what it added to the member's debt (undefined for any other state). */
export const reversalParts = (r: Pick<Row, 'status' | 'reversed' | 'debt'>): { takenBack: number; toDebt: number } | undefined =>
  r.status === 'reversed' ? { takenBack: r.reversed, toDebt: r.debt } : undefined;

/** Whether a commission can be reversed: settled with something earned, whether it reached the rewards or paid off a debt. */
export const reversible = (r: Pick<Row, 'status' | 'posted' | 'netted'>): boolean => r.status === 'settled' && r.posted + r.netted > 0;

/**
 * The reasons the shop writes on a commission itself when it voids it (its order refunded or refused
 * before settling, its beneficiary's account closed), by their fixed wording, each with its text.
 */
const WRITTEN_REASONS: Readonly<Record<string, string>> = {
  'order refunded before settling': 'console.referral.commissions.reasons.orderRefunded',
  'shop order refunded before settling': 'console.referral.commissions.reasons.shopOrderRefunded',
  'shop order refused before settling': 'console.referral.commissions.reasons.shopOrderRefused',
  'member closed': 'console.referral.commissions.reasons.memberClosed',
};

/** A commission's reason in the operator's language when the shop wrote it; an operator's own reason as written. */
export const commissionReason = (t: (key: string) => string, reason: string): string => {
  const key = Object.hasOwn(WRITTEN_REASONS, reason) ? WRITTEN_REASONS[reason] : undefined;
  return key ? t(key) : reason;
};

/** A member as the console's lists name one: the user name with the number (`amy (#5)`). */
const memberText = (name: string, id: number) => `${name} (#${id})`;

/** Commissions (state, order, beneficiary; void a pending one or reverse a settled one with a reason) and the pair-bonus runs per day; the decisions only for a role that may make them. */
export default function ReferralCommissions() {
  const { t } = useTranslation();
  // Voiding, reversing and running a day take the permission of their API calls; the other roles read.
  const decides = useCan()('referral.settings');
  const [status, setStatus] = useState<(typeof STATUSES)[number] | undefined>();
  const [page, setPage] = useState(1);
  const list = useEndpointQuery(commissionsRoute, { page, limit: 20, ...(status ? { status } : {}) });
  const runs = useEndpointQuery(pairRunsRoute, { page: 1, limit: 30 });
  const [deciding, setDeciding] = useState<{ row: Row; action: 'void' | 'reverse' } | undefined>();
  const [running, setRunning] = useState(false);
  if (list.isError) return <QueryError error={list.error} retry={() => list.refetch()} />;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title={t('console.referral.commissions.title')} extra={<Select allowClear placeholder={t('console.common.status')} aria-label={t('console.common.status')} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={STATUSES.map((s) => ({ value: s, label: t(`console.referral.commissionStatus.${s}`) }))} style={{ width: 160, maxWidth: '100%' }} />}>
        <FramedTable
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.list}
          pagination={{ current: page, pageSize: 20, total: list.data?.total ?? 0, onChange: setPage }}
          columns={[
            // A small number: narrow, so the buyer's column fits beside the others at 1280 px.
            { title: t('console.common.id'), dataIndex: 'id', width: 80 },
            { title: t('console.referral.commissions.order'), dataIndex: 'order_no' },
            // Who earns it and on whose order, by name, so voiding or reversing needs no look-up elsewhere.
            { title: t('console.referral.commissions.beneficiary'), key: 'beneficiary', render: (_, r) => `${memberText(r.beneficiary_name, r.beneficiary_id)} · L${r.level}` },
            { title: t('console.referral.commissions.buyer'), key: 'buyer', render: (_, r) => memberText(r.buyer_name, r.buyer_id) },
            // Settled or reversed: what was earned (less what a refund before settling took back), not what was pending.
            {
              title: t('console.common.amount'),
              key: 'amount',
              render: (_, r) => {
                const parts = reversalParts(r);
                // A reversal shows how it was carried out: taken back from the rewards, the rest put on the member's debt.
                return parts ? (
                  <>
                    {formatMoney(earned(r), r.currency)}
                    <div style={{ fontSize: 12, opacity: 0.7 }}>{t('console.referral.commissions.reversalParts', { back: formatMoney(parts.takenBack, r.currency), debt: formatMoney(parts.toDebt, r.currency) })}</div>
                  </>
                ) : (
                  formatMoney(earned(r), r.currency)
                );
              },
            },
            { title: t('console.common.status'), dataIndex: 'status', render: (s: Row['status']) => t(`console.referral.commissionStatus.${s}`) },
            { title: t('console.common.reason'), dataIndex: 'reason', render: (v: string) => commissionReason(t, v) },
            ...(decides
              ? [
                  {
                    title: t('console.common.actions'),
                    key: 'actions',
                    render: (_: unknown, r: Row) =>
                      r.status === 'pending' ? (
                        <Button size="small" onClick={() => setDeciding({ row: r, action: 'void' })}>{t('console.referral.commissions.void')}</Button>
                      ) : reversible(r) ? (
                        <Button size="small" danger onClick={() => setDeciding({ row: r, action: 'reverse' })}>{t('console.referral.commissions.reverse')}</Button>
                      ) : null,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <Card size="small" title={t('console.referral.runs.title')} extra={decides && <Button onClick={() => setRunning(true)}>{t('console.referral.runs.run')}</Button>}>
        {runs.isError ? (
          <QueryError error={runs.error} retry={() => runs.refetch()} />
        ) : (
          <FramedTable
            size="small"
            rowKey="day"
            loading={runs.isPending}
            dataSource={runs.data?.list}
            pagination={false}
            columns={[
              { title: t('console.referral.runs.day'), dataIndex: 'day' },
              { title: t('console.referral.runs.members'), dataIndex: 'members' },
              { title: t('console.referral.runs.pairs'), dataIndex: 'pairs' },
              // What reached the members' rewards, and apart what went to repay their debts from reversals.
              { title: t('console.referral.runs.paid'), key: 'paid', render: (_, r) => formatMoney(r.paid, r.currency) },
              { title: t('console.referral.runs.netted'), key: 'netted', render: (_, r) => formatMoney(r.netted, r.currency) },
              { title: t('console.referral.runs.flushed'), key: 'flushed', render: (_, r) => formatMoney(r.flushed, r.currency) },
              // An operator as recorded (`alice#1`), the nightly job in the operator's language.
              { title: t('console.referral.runs.by'), dataIndex: 'ran_by', render: (by: string) => actorText(t, by) },
            ]}
          />
        )}
      </Card>
      {deciding && (
        <DecisionModal
          open
          danger={deciding.action === 'reverse'}
          title={t(deciding.action === 'void' ? 'console.referral.commissions.void' : 'console.referral.commissions.reverse')}
          question={t(deciding.action === 'void' ? 'console.referral.commissions.voidQuestion' : 'console.referral.commissions.reverseQuestion', { amount: formatMoney(deciding.action === 'void' ? deciding.row.amount : earned(deciding.row), deciding.row.currency), order: deciding.row.order_no })}
          okText={t('console.common.submit')}
          fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
          schema={() => import('@shop/contract/admin').then((m) => (deciding.action === 'void' ? m.adminVoidCommission.body! : m.adminReverseCommission.body!))}
          toBody={(v) => ({ id: deciding.row.id, reason: v.reason ?? '' })}
          send={(_v, key, body) => call(deciding.action === 'void' ? voidCommissionRoute : reverseCommissionRoute, body, { idempotencyKey: key })}
          invalidates={commissionAnswers}
          onClose={() => setDeciding(undefined)}
        />
      )}
      {running && (
        <DecisionModal
          open
          title={t('console.referral.runs.run')}
          question={t('console.referral.runs.runQuestion')}
          okText={t('console.common.submit')}
          fields={[
            { name: 'day', label: t('console.referral.runs.day'), required: true, placeholder: 'YYYY-MM-DD' },
            { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
          ]}
          schema={() => import('@shop/contract/admin').then((m) => m.adminRunPairDay.body!)}
          toBody={(v) => ({ day: (v.day ?? '').trim(), reason: v.reason ?? '' })}
          send={(_v, key, body) => call(runPairDayRoute, body, { idempotencyKey: key })}
          invalidates={[pairRunsRoute]}
          onClose={() => setRunning(false)}
        />
      )}
    </Space>
  );
}
