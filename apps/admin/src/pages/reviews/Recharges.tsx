import type { adminRechargeSchema } from '@shop/contract/wallet';
import { Empty, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { call } from '../../lib/request';
import { confirmRechargeRoute as adminConfirmRecharge, rechargesRoute as adminListRecharges, rejectRechargeRoute as adminRejectRecharge } from '../../lib/routes';
import { formatDate, formatMoney } from '../../lib/format';

type Row = z.infer<typeof adminRechargeSchema>;

/** Top-ups by bank transfer (with the slip) and stablecoin (with the hash) waiting for an operator. */
export default function Recharges() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Row>
      name="recharges"
      statuses={['under_review', 'paid', 'rejected']}
      searchPlaceholder={t('common.searchNumberOrMember')}
      defaultStatus="under_review"
      list={adminListRecharges}
      columns={[
        { title: t('recharge.orderNo'), dataIndex: 'order_no' },
        { title: t('common.member'), dataIndex: 'user_name', sorter: true },
        { title: t('recharge.kind'), dataIndex: 'kind', render: (k: string) => t(`recharge.${k}`) },
        { title: t('recharge.paid'), key: 'pay_amount', sorter: true, align: 'right', render: (_, r) => formatMoney(r.pay_amount, r.pay_currency) },
        { title: t('recharge.credited'), key: 'credit', align: 'right', render: (_, r) => formatMoney(r.credit_amount, r.wallet_currency) },
        { title: t('common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatDate(v) },
        { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
      ]}
      describe={(r) => [
        { label: t('recharge.orderNo'), value: r.order_no },
        { label: t('common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('recharge.kind'), value: `${t(`recharge.${r.kind}`)} · ${r.channel}` },
        { label: t('recharge.paid'), value: formatMoney(r.pay_amount, r.pay_currency) },
        { label: t('recharge.rate'), value: `${r.rate} (${r.rate_source}, ${r.rate_date})` },
        { label: t('recharge.credited'), value: <strong>{formatMoney(r.credit_amount, r.wallet_currency)}</strong> },
        ...(r.network ? [{ label: t('withdrawal.network'), value: r.network }] : []),
        ...(r.tx_hash ? [{ label: t('recharge.txHash'), value: <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{r.tx_hash}</Typography.Text> }] : []),
        { label: t('common.created'), value: formatDate(r.created_at) },
        { label: t('common.status'), value: <StatusTag status={r.status} /> },
        ...(r.reviewed_by ? [{ label: t('common.reviewedBy'), value: r.reviewed_by }] : []),
        ...(r.reason ? [{ label: t('common.reason'), value: r.reason }] : []),
      ]}
      evidence={(r) =>
        r.kind === 'bank_transfer' ? (
          <>
            <Typography.Title level={5}>{t('recharge.slip')}</Typography.Title>
            {r.slip ? <Image src={r.slip} alt={t('recharge.slip')} width={480} data-testid="slip" /> : <Empty description={t('recharge.noSlip')} />}
          </>
        ) : null
      }
      actions={[
        {
          key: 'confirm',
          label: t('recharge.confirm'),
          primary: true,
          when: (r) => r.status === 'under_review',
          question: t('recharge.confirmQuestion'),
          // Crediting a member's wallet is always explained (what was checked against what).
          fields: [{ name: 'reason', label: t('common.reason'), required: true, multiline: true, placeholder: t('recharge.confirmReasonHint') }],
          schema: () => import('@shop/contract/wallet').then((m) => m.rechargeConfirmBody),
          toBody: (r, v) => ({ id: r.id, reason: v.reason }),
          send: (_r, _v, key, body) => call(adminConfirmRecharge, body, { idempotencyKey: key }),
        },
        {
          key: 'reject',
          label: t('common.reject'),
          danger: true,
          when: (r) => r.status === 'under_review',
          question: t('common.confirmReject'),
          fields: [{ name: 'reason', label: t('common.reason'), required: true, multiline: true }],
          schema: () => import('@shop/contract/wallet').then((m) => m.rechargeRejectBody),
          toBody: (r, v) => ({ id: r.id, reason: v.reason }),
          send: (_r, _v, key, body) => call(adminRejectRecharge, body, { idempotencyKey: key }),
        },
      ]}
    />
  );
}
