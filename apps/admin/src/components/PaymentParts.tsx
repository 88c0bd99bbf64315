import { PAYMENT_FLAG_KINDS, type paymentRefundSchema } from '@shop/contract/admin';
import type { PAYABLE_TYPES } from '@shop/contract/payments';
import { Badge, Card, Tag, Typography } from 'antd';
import { FramedTable } from './QueryTable';
import { NO_WRAP, Stacked, twoFacts } from './QueueColumns';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useEndpointQuery } from '../lib/endpoint-query';
import { formatCellDate, formatMoney } from '../lib/format';
import { paymentsRoute, refundsRoute } from '../lib/routes-payments';

// Parts of the payments page that other pages show too: a payable's payments and refunds (on the order page).

type Refund = z.infer<typeof paymentRefundSchema>;

export const PAYMENT_STATUS_COLORS: Record<string, string> = { created: 'default', pending: 'gold', succeeded: 'green', failed: 'red', canceled: 'default', expired: 'default' };
const REFUND_COLORS: Record<string, string> = { pending: 'gold', succeeded: 'green', failed: 'red' };

/** A payment method in the operator's language ("Wallet balance" for `balance`), as the member's app names it; a method without a name yet shows its code. */
export const payWayText = (t: TFunction, payWay: string): string => t(`console.payments.methods.${payWay}`, { defaultValue: payWay });

/** The payment companies by the names they trade under, which read the same in every language; one not listed shows its code. */
const GATEWAY_NAMES: Record<string, string> = { stripe: 'Stripe', airwallex: 'Airwallex', '2c2p': '2C2P', ctbc: 'CTBC', alipay: 'Alipay', wechat: 'WeChat Pay' };
export const gatewayName = (gateway: string): string => GATEWAY_NAMES[gateway] ?? gateway;

/** How a payment was made: the company, then the method by its name (`Stripe · Card …`). */
export const paymentMethodText = (t: TFunction, p: { gateway: string | null; pay_way: string }): string => (p.gateway ? `${gatewayName(p.gateway)} · ${payWayText(t, p.pay_way)}` : payWayText(t, p.pay_way));

/**
 * A payment's refunds beside its payments (on the order's page, under a payment's row): related facts
 * share a column (the payment's number under the refund's, the way under the amount), so the table fits
 * the order's drawer (about 800 px) with the reason and the time whole.
 */
export function RefundTable({ rows }: { rows: Refund[] }) {
  const { t } = useTranslation();
  const { status, reason, created } = refundParts(t);
  return (
    <FramedTable
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          title: twoFacts(t('console.payments.refund'), t('console.payments.payment')),
          key: 'reference',
          render: (_: unknown, r: Refund) => <Stacked whole first={r.reference} second={<span style={NO_WRAP}>{r.payment_no}</span>} />,
        },
        {
          title: twoFacts(t('console.common.amount'), t('console.payments.via')),
          key: 'amount',
          align: 'right' as const,
          render: (_: unknown, r: Refund) => <Stacked first={formatMoney(r.amount, r.currency)} second={t(`console.payments.vias.${r.via}`)} />,
        },
        status,
        reason,
        created,
      ]}
    />
  );
}

type Translate = (k: string, o?: Record<string, unknown>) => string;

/** The columns a refund's state, reason and time take, the same in the refunds list and beside a payment. */
const refundParts = (t: Translate) => ({
  status: {
    title: t('console.common.status'),
    dataIndex: 'status',
    // A refused refund shows the gateway's reason; a pending one the passing faults it is retried through.
    render: (s: string, r: Refund) => (
      <>
        <Tag color={REFUND_COLORS[s]}>{t(`console.payments.refundStatus.${s}`)}</Tag>
        {r.status === 'failed' && r.failure_reason && <div>{t('console.payments.refundRefused', { reason: r.failure_reason })}</div>}
        {r.status === 'pending' && r.attempts > 0 && <div>{t('console.payments.refundRetrying', { attempts: r.attempts, error: r.last_error ?? '' })}</div>}
      </>
    ),
  },
  reason: { title: t('console.common.reason'), dataIndex: 'reason', render: (v: string) => refundReason(t, v) },
  created: { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
});

export const refundColumns = (t: Translate) => {
  const { status, reason, created } = refundParts(t);
  return [
    { title: t('console.payments.refund'), dataIndex: 'reference' },
    { title: t('console.payments.payment'), dataIndex: 'payment_no' },
    { title: t('console.payments.via'), dataIndex: 'via', render: (v: string) => t(`console.payments.vias.${v}`) },
    { title: t('console.common.amount'), key: 'amount', sorter: true, align: 'right' as const, render: (_: unknown, r: Refund) => formatMoney(r.amount, r.currency) },
    status,
    reason,
    { ...created, sorter: true },
  ];
};

/**
 * The reasons the shop writes on a refund itself (an after-sale case's refund, a member's shop order its
 * owner rejected, a cancelled order's), by their fixed wording: each in the operator's language, the case's
 * or order's number kept as written.
 */
const WRITTEN_REFUND_REASONS: ReadonlyArray<readonly [RegExp, string, (m: RegExpMatchArray) => Record<string, string>]> = [
  [/^after-sale (\S+)$/, 'console.payments.reasons.afterSale', (m) => ({ case: m[1]! })],
  [/^shop order (\S+) rejected$/, 'console.payments.reasons.shopOrderRejected', (m) => ({ order: m[1]! })],
  [/^order cancelled$/, 'console.payments.reasons.orderCancelled', () => ({})],
];

/**
 * A refund's reason in words: money given back for a flag carries the flag's kind (worded as the flag queue
 * words it), a reason the shop wrote itself is said in the operator's language (`WRITTEN_REFUND_REASONS`),
 * an operator's own reason is shown as written.
 */
export const refundReason = (t: Translate, reason: string | null): string => {
  if (!reason) return '—';
  if ((PAYMENT_FLAG_KINDS as readonly string[]).includes(reason)) return t(`console.payments.kinds.${reason}`);
  for (const [pattern, key, values] of WRITTEN_REFUND_REASONS) {
    const m = reason.match(pattern);
    if (m) return t(key, values(m));
  }
  return reason;
};

/**
 * The payments of one order (or top-up) and their refunds, newest first: what was charged how, and a
 * refund the gateway refused or keeps failing, with its reason, where the operator looks at the order.
 */
export function PayablePayments({ payableType, payableId }: { payableType: (typeof PAYABLE_TYPES)[number]; payableId: number }) {
  const { t } = useTranslation();
  const query = { payable_type: payableType, payable_id: payableId, page: 1, limit: 50 };
  const payments = useEndpointQuery(paymentsRoute, query);
  const refunds = useEndpointQuery(refundsRoute, query);
  if (payments.isError || refunds.isError) return <Card size="small" title={t('console.payments.title')}>{t('console.common.error')}</Card>;
  const list = payments.data?.list ?? [];
  return (
    <Card size="small" title={t('console.payments.title')} loading={!payments.data || !refunds.data} data-testid="payable-payments">
      <FramedTable
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={list}
        locale={{ emptyText: t('console.payments.none') }}
        columns={[
          { title: t('console.payments.payment'), dataIndex: 'payment_no' },
          { title: t('console.payments.method'), key: 'w', render: (_, p) => paymentMethodText(t, p) },
          // What the payment charged; a payment method's surcharge in it said under it, so the order's total (without it) and the charge reconcile.
          {
            title: t('console.common.amount'),
            key: 'amount',
            align: 'right',
            render: (_, p) => (
              <>
                {formatMoney(p.amount + p.fee, p.currency)}
                {p.fee > 0 && (
                  // The amount stays whole on its line; the words under it wrap, so the time beside it keeps its room.
                  <Typography.Text type="secondary" style={{ display: 'block', whiteSpace: 'normal' }} data-testid="payment-surcharge">
                    {t('console.payments.surchargeLine', { amount: formatMoney(p.fee, p.currency) })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <Tag color={PAYMENT_STATUS_COLORS[s]}>{t(`console.payments.status.${s}`)}</Tag> },
          { title: t('console.payments.flags'), dataIndex: 'open_flags', render: (n: number) => (n ? <Badge count={n} /> : '—') },
          { title: t('console.common.created'), dataIndex: 'created_at', render: (v: string) => formatCellDate(v) },
        ]}
      />
      {(refunds.data?.list.length ?? 0) > 0 && <RefundTable rows={refunds.data!.list} />}
    </Card>
  );
}
