import type { adminPaymentSchema, paymentFlagSchema, paymentRefundSchema } from '@shop/contract/admin';
import { App as AntApp, Badge, Button, Card, Input, Segmented, Select, Space, Tag, Typography } from 'antd';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointMutation, useEndpointQuery } from '../../lib/endpoint-query';
import { useCan } from '../../lib/operator';
import { DecisionModal } from '../../components/DecisionModal';
import { FramedTable, actionsColumn, QueryTable, type ListSort } from '../../components/QueryTable';
import { call } from '../../lib/request';
import { useSearchChoice } from '../../lib/url-state';
import { amountRefusal, amountText, parseAmount } from '../../lib/money';
import { formatCellDate, formatMoney } from '../../lib/format';
import { PAYMENT_STATUS_COLORS as STATUS_COLORS, paymentMethodText, RefundTable, refundColumns } from '../../components/PaymentParts';
import { decidePaymentFlagRoute, inquirePaymentRoute, paymentDetailRoute, paymentFlagsRoute, paymentsRoute, refundPaymentRoute, refundsRoute } from '../../lib/routes-payments';

type Payment = z.infer<typeof adminPaymentSchema>;
type Flag = z.infer<typeof paymentFlagSchema>;
type Refund = z.infer<typeof paymentRefundSchema>;
type Decision = 'refund' | 'accept' | 'dismiss';

const STATUSES = ['created', 'pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;
const PAYMENT_TABS = ['flags', 'payments', 'refunds'] as const;
const MISMATCHES = ['amount_mismatch', 'currency_mismatch', 'merchant_mismatch'];
/** Every answer of this page: what a decision about a payment may change. */
const PAYMENT_ANSWERS = [paymentsRoute, paymentDetailRoute, paymentFlagsRoute, refundsRoute];
const json = (v: unknown) => (v && typeof v === 'object' && Object.keys(v).length ? JSON.stringify(v) : '—');

/** The decisions a flag can take (the server checks again). */
const decisionsFor = (f: Flag): Decision[] => [...(f.refund_needed && f.kind !== 'refund_failed' ? (['refund'] as const) : []), ...(MISMATCHES.includes(f.kind) ? (['accept'] as const) : []), 'dismiss'];

/** One payment's events, flags and refunds (shown when its row opens). */
function PaymentDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useEndpointQuery(paymentDetailRoute, { id });
  const d = query.data;
  if (!d) return <Typography.Text type="secondary">{query.isError ? t('console.common.error') : t('console.common.loading')}</Typography.Text>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`payment-detail-${id}`}>
      <Typography.Text strong>{t('console.payments.events')}</Typography.Text>
      <FramedTable
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={d.events}
        columns={[
          { title: t('console.payments.time'), dataIndex: 'created_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatCellDate(v)}</span> },
          { title: t('console.payments.event'), dataIndex: 'kind' },
          { title: t('console.payments.source'), dataIndex: 'source' },
          { title: t('console.payments.change'), key: 'c', render: (_, e) => (e.to_status ? `${e.from_status ?? '—'} → ${e.to_status}` : '—') },
          { title: t('console.payments.detail'), dataIndex: 'detail', render: json },
        ]}
      />
      {d.refunds.length > 0 && <RefundTable rows={d.refunds} />}
    </Space>
  );
}

/** Asks a payment's gateway now: its answer is applied as the reconciliation job would. */
function InquireButton({ p }: { p: Payment }) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const inquire = useEndpointMutation(inquirePaymentRoute, {
    invalidates: PAYMENT_ANSWERS,
    onSuccess: (r) => void message.success(t('console.payments.inquired', { status: t(`console.payments.status.${r.payment.status}`) })),
    onError: (e) => void message.error(e.message),
  });
  return (
    <Button size="small" loading={inquire.isPending} onClick={() => inquire.mutate({ id: p.id })} data-testid={`inquire-${p.id}`}>
      {t('console.payments.inquire')}
    </Button>
  );
}

/** Payments by state, gateway, reference or open flag, sorted and exported; a row opens its events and refunds; actions per payment. */
function PaymentList() {
  const { t } = useTranslation();
  const can = useCan();
  const [filter, setFilter] = useState<{ status?: Payment['status']; flagged?: 'yes'; reference?: string }>({});
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const filters = { ...filter, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(paymentsRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  const set = (f: typeof filter) => {
    setFilter(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <>
    <QueryTable<Payment>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      query={query}
      paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
      sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
      exportCsv={{ list: paymentsRoute, query: filters }}
      toolbar={
        <Space wrap>
          <Select allowClear style={{ width: 160, maxWidth: '100%' }} placeholder={t('console.common.status')} aria-label={t('console.common.status')} value={filter.status} onChange={(status) => set({ ...filter, status })} options={STATUSES.map((s) => ({ value: s, label: t(`console.payments.status.${s}`) }))} />
          <Select allowClear style={{ width: 180, maxWidth: '100%' }} placeholder={t('console.payments.flags')} aria-label={t('console.payments.flags')} value={filter.flagged} onChange={(flagged) => set({ ...filter, flagged })} options={[{ value: 'yes', label: t('console.payments.withOpenFlag') }]} />
          <Input.Search allowClear style={{ width: 260, maxWidth: '100%' }} placeholder={t('console.payments.referenceHint')} onSearch={(v) => set({ ...filter, reference: v.trim() || undefined })} />
        </Space>
      }
      expandable={{ expandedRowRender: (p) => <PaymentDetail id={p.id} /> }}
      columns={[
        { title: t('console.common.id'), dataIndex: 'id', width: 70, sorter: true },
        { title: t('console.payments.payment'), dataIndex: 'payment_no' },
        { title: t('console.common.member'), key: 'm', render: (_, p) => `${p.member} (#${p.member_id})` },
        { title: t('console.payments.payable'), key: 'pb', render: (_, p) => `${t(`console.payments.payables.${p.payable_type}`)} #${p.payable_id}` },
        { title: t('console.payments.method'), key: 'w', render: (_, p) => paymentMethodText(t, p) },
        { title: t('console.common.amount'), key: 'amount', sorter: true, align: 'right', render: (_, p) => formatMoney(p.amount + p.fee, p.currency) },
        { title: t('console.payments.balancePart'), key: 'b', align: 'right', render: (_, p) => (p.balance_part ? formatMoney(p.balance_part, p.currency) : '—') },
        { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <Tag color={STATUS_COLORS[s]}>{t(`console.payments.status.${s}`)}</Tag> },
        { title: t('console.payments.flags'), dataIndex: 'open_flags', render: (n: number) => (n ? <Badge count={n} /> : '—') },
        { title: t('console.common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatCellDate(v) },
        actionsColumn(t, {
          key: 'act',
          render: (_, p) => (
            <Space>
              {p.gateway && (p.status === 'created' || p.status === 'pending') && <InquireButton p={p} />}
              {p.status === 'succeeded' && can('refunds.decide') && (
                <Button size="small" danger onClick={() => setRefunding(p)} data-testid={`refund-${p.id}`}>
                  {t('console.payments.refundPayment')}
                </Button>
              )}
            </Space>
          ),
        }),
      ]}
    />
    {refunding && (
      <DecisionModal
        open
        title={`${t('console.payments.refundPayment')} · ${refunding.payment_no}`}
        question={t('console.payments.refundQuestion', { amount: formatMoney(refunding.balance_part + refunding.gateway_part - refunding.fee, refunding.currency) })}
        okText={t('console.payments.refundPayment')}
        danger
        fields={[
          { name: 'amount', label: `${t('console.common.amount')} (${refunding.currency})`, placeholder: amountText(refunding.balance_part + refunding.gateway_part - refunding.fee, refunding.currency), message: amountRefusal(t, refunding.currency) },
          { name: 'reason', label: t('console.common.reason'), required: true, multiline: true },
        ]}
        schema={() => import('@shop/contract/admin').then((m) => m.paymentRefundBody)}
        toBody={(v) => ({ id: refunding.id, amount: v.amount?.trim() ? (parseAmount(v.amount.trim(), refunding.currency) ?? 0) : undefined, reason: v.reason })}
        send={(_v, key, body) => call(refundPaymentRoute, body, { idempotencyKey: key })}
        invalidates={PAYMENT_ANSWERS}
        onClose={() => setRefunding(null)}
      />
    )}
    </>
  );
}

/** The flag queue: each open flag with the decisions it can take, a reason always; the decided ones with who and why. */
function FlagQueue() {
  const { t } = useTranslation();
  const can = useCan();
  const [state, setState] = useState<'open' | 'resolved' | 'all'>('open');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const [deciding, setDeciding] = useState<{ flag: Flag; decision: Decision } | null>(null);
  const filters = { state, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(paymentFlagsRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  return (
    <>
      <QueryTable<Flag>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        query={query}
        paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
        sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
        exportCsv={{ list: paymentFlagsRoute, query: filters }}
        toolbar={<Segmented aria-label={t('console.common.status')} value={state} onChange={(s) => setState(s as typeof state)} options={(['open', 'resolved', 'all'] as const).map((s) => ({ value: s, label: t(`console.payments.flagStates.${s}`) }))} />}
        columns={[
          { title: t('console.common.id'), dataIndex: 'id', width: 70, sorter: true },
          { title: t('console.payments.payment'), key: 'p', render: (_, f) => `${f.payment_no}${f.gateway ? ` · ${f.gateway}` : ''}` },
          { title: t('console.payments.flag'), dataIndex: 'kind', render: (k: string) => t(`console.payments.kinds.${k}`) },
          { title: t('console.payments.owedBack'), dataIndex: 'refund_needed', render: (v: boolean) => (v ? <Tag color="red">{t('console.payments.owedBackYes')}</Tag> : '—') },
          { title: t('console.payments.detail'), dataIndex: 'detail', ellipsis: true, width: 220, render: json },
          { title: t('console.common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatCellDate(v) },
          {
            title: t('console.payments.resolution'),
            key: 'r',
            render: (_, f) => (f.resolved_at ? `${f.resolution ? t(`console.payments.resolutions.${f.resolution}`) : t('console.payments.resolutions.job')} · ${f.resolved_by ?? ''}${f.resolution_reason ? ` · ${f.resolution_reason}` : ''}` : '—'),
          },
          actionsColumn(t, {
            key: 'act',
            render: (_, f) =>
              !f.resolved_at && can('refunds.decide') ? (
                <Space>
                  {decisionsFor(f).map((d) => (
                    <Button key={d} size="small" danger={d === 'refund'} type={d === 'accept' ? 'primary' : 'default'} onClick={() => setDeciding({ flag: f, decision: d })} data-testid={`${d}-flag-${f.id}`}>
                      {t(`console.payments.decisions.${d}`)}
                    </Button>
                  ))}
                </Space>
              ) : null,
          }),
        ]}
      />
      <DecisionModal
        open={deciding !== null}
        title={deciding ? t(`console.payments.decisions.${deciding.decision}`) : ''}
        question={deciding ? t(`console.payments.questions.${deciding.decision}`, { payment: deciding.flag.payment_no }) : ''}
        okText={deciding ? t(`console.payments.decisions.${deciding.decision}`) : ''}
        danger={deciding?.decision === 'refund'}
        fields={[{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }]}
        schema={() => import('@shop/contract/admin').then((m) => m.flagDecisionBody)}
        toBody={(v) => ({ id: deciding?.flag.id, decision: deciding?.decision, reason: v.reason })}
        send={(_v, key, body) => call(decidePaymentFlagRoute, body, { idempotencyKey: key })}
        invalidates={PAYMENT_ANSWERS}
        onClose={() => setDeciding(null)}
      />
    </>
  );
}

/** Refunds by state. */
function RefundList() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Refund['status'] | undefined>();
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const [sort, setSort] = useState<ListSort>({});
  const filters = { status, ...(sort as { sort?: 'id' }) };
  const query = useEndpointQuery(refundsRoute, { ...filters, ...paging }, { placeholderData: keepPreviousData });
  return (
    <QueryTable<Refund>
      rowKey="id"
      query={query}
      paging={{ ...paging, onChange: (page, limit) => setPaging({ page, limit }) }}
      sorting={{ ...sort, onChange: (s) => (setSort(s), setPaging((p) => ({ ...p, page: 1 }))) }}
      exportCsv={{ list: refundsRoute, query: filters }}
      toolbar={<Select allowClear style={{ width: 160, maxWidth: '100%' }} placeholder={t('console.common.status')} aria-label={t('console.common.status')} value={status} onChange={setStatus} options={(['pending', 'succeeded', 'failed'] as const).map((s) => ({ value: s, label: t(`console.payments.refundStatus.${s}`) }))} />}
      columns={refundColumns(t)}
    />
  );
}

/** Payments: every payment with its events, the flags an operator decides, and refunds. */
export default function Payments() {
  const { t } = useTranslation();
  // The tab is kept in the address: a reload comes back to it.
  const [tab, setTab] = useSearchChoice('tab', 'flags', PAYMENT_TABS);
  return (
    <Card title={t('console.payments.title')} data-testid="payments-page">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented value={tab} onChange={(v) => setTab(v as typeof tab)} options={PAYMENT_TABS.map((v) => ({ value: v, label: t(`console.payments.tabs.${v}`) }))} />
        {tab === 'payments' && <PaymentList />}
        {tab === 'flags' && <FlagQueue />}
        {tab === 'refunds' && <RefundList />}
      </Space>
    </Card>
  );
}
