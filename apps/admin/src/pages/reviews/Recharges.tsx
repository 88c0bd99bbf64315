import type { adminRechargeSchema } from '@shop/contract/wallet';
import { Empty, Image, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReviewQueue } from '../../components/ReviewQueue';
import { numberColumn, QUEUE_WIDTHS, stackedColumn, statusColumn } from '../../components/QueueColumns';
import { StatusTag } from '../../components/StatusTag';
import { call } from '../../lib/request';
import { confirmRechargeRoute as adminConfirmRecharge, rechargesRoute as adminListRecharges, rejectRechargeRoute as adminRejectRecharge } from '../../lib/routes';
import { formatDate, formatMoney, formatRate } from '../../lib/format';

type Row = z.infer<typeof adminRechargeSchema>;

/** The rate a top-up was converted at, 1 paid = rate credited, with where it came from and its day; none when paid in the wallet's own currency. */
function rateText(t: TFunction, r: Row): string {
  if (r.pay_currency === r.wallet_currency) return '—';
  const source = r.rate_source === 'operator' ? t('console.money.settings.override') : r.rate_source === 'ecb' ? t('console.money.settings.feed') : r.rate_source;
  return `1 ${r.pay_currency} = ${formatRate(r.rate)} ${r.wallet_currency} (${source}, ${formatDate(r.rate_date, true)})`;
}

/** Top-ups by bank transfer (with the slip) and stablecoin (with the hash) waiting for an operator. */
export default function Recharges() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Row>
      name="recharges"
      subject={t('console.audit.targets.recharge')}
      statuses={['under_review', 'paid', 'rejected']}
      searchPlaceholder={t('console.common.searchNumberOrMember')}
      defaultStatus="under_review"
      list={adminListRecharges}
      // The number with its date, the state, what was paid over what is credited, the member with the
      // channel: with the actions 710 px of the 740 a 1024 px window leaves the table.
      columns={[
        numberColumn<Row>(t, { title: t('console.recharge.orderNo'), number: (r) => r.order_no, sortKey: 'created_at' }),
        statusColumn<Row>(t),
        stackedColumn<Row>({ titles: [t('console.recharge.paid'), t('console.recharge.credited')], first: (r) => formatMoney(r.pay_amount, r.pay_currency), second: (r) => formatMoney(r.credit_amount, r.wallet_currency), sortKey: 'pay_amount', align: 'right', width: QUEUE_WIDTHS.amount }),
        stackedColumn<Row>({ titles: [t('console.common.member'), t('console.recharge.kind')], first: (r) => r.user_name, second: (r) => t(`console.recharge.${r.kind}`), sortKey: 'user_name', width: QUEUE_WIDTHS.member }),
      ]}
      describe={(r) => [
        { label: t('console.recharge.orderNo'), value: r.order_no },
        { label: t('console.common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('console.recharge.kind'), value: `${t(`console.recharge.${r.kind}`)} · ${r.channel}` },
        { label: t('console.recharge.paid'), value: formatMoney(r.pay_amount, r.pay_currency) },
        { label: t('console.recharge.rate'), value: rateText(t, r) },
        { label: t('console.recharge.credited'), value: <strong>{formatMoney(r.credit_amount, r.wallet_currency)}</strong> },
        ...(r.network ? [{ label: t('console.withdrawal.network'), value: r.network }] : []),
        ...(r.tx_hash ? [{ label: t('console.recharge.txHash'), value: <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{r.tx_hash}</Typography.Text> }] : []),
        { label: t('console.common.created'), value: formatDate(r.created_at) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        ...(r.reviewed_by ? [{ label: t('console.common.reviewedBy'), value: r.reviewed_by }] : []),
        ...(r.reason ? [{ label: t('console.common.reason'), value: r.reason }] : []),
      ]}
      evidence={(r) =>
        r.kind === 'bank_transfer' ? (
          <>
            <Typography.Title level={5}>{t('console.recharge.slip')}</Typography.Title>
            {r.slip ? <Image src={r.slip} alt={t('console.recharge.slip')} width={480} data-testid="slip" /> : <Empty description={t('console.recharge.noSlip')} />}
          </>
        ) : null
      }
      actions={[
        {
          key: 'confirm',
          label: t('console.recharge.confirm'),
          primary: true,
          when: (r) => r.status === 'under_review',
          question: t('console.recharge.confirmQuestion'),
          // Crediting a member's wallet is always explained (what was checked against what).
          fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true, placeholder: t('console.recharge.confirmReasonHint') }],
          schema: () => import('@shop/contract/wallet').then((m) => m.rechargeConfirmBody),
          toBody: (r, v) => ({ id: r.id, reason: v.reason }),
          send: (_r, _v, key, body) => call(adminConfirmRecharge, body, { idempotencyKey: key }),
        },
        {
          key: 'reject',
          label: t('console.common.reject'),
          danger: true,
          when: (r) => r.status === 'under_review',
          question: t('console.common.confirmReject'),
          fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }],
          schema: () => import('@shop/contract/wallet').then((m) => m.rechargeRejectBody),
          toBody: (r, v) => ({ id: r.id, reason: v.reason }),
          send: (_r, _v, key, body) => call(adminRejectRecharge, body, { idempotencyKey: key }),
        },
      ]}
    />
  );
}
