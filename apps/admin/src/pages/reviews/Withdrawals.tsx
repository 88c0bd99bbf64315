import type { adminWithdrawalSchema } from '@shop/contract/wallet';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReviewQueue } from '../../components/ReviewQueue';
import { numberColumn, QUEUE_WIDTHS, stackedColumn, statusColumn } from '../../components/QueueColumns';
import { StatusTag } from '../../components/StatusTag';
import { call } from '../../lib/request';
import { useOperator } from '../../lib/operator';
import { approveWithdrawalRoute as adminApproveWithdrawal, paidWithdrawalRoute as adminMarkWithdrawalPaid, rejectWithdrawalRoute as adminRejectWithdrawal, withdrawalsRoute as adminListWithdrawals } from '../../lib/routes';
import { formatDate, formatMoney } from '../../lib/format';
import { withdrawalDeciders } from './withdrawal-deciders';

type Row = z.infer<typeof adminWithdrawalSchema>;
/** Why a pending withdrawal cannot be approved now: its member is banned or closed (rejecting it gives the held money back; the API refuses approving, 6131 / 7005). */
const NO_APPROVAL: Partial<Record<Row['member_status'], string>> = { banned: 'console.withdrawal.bannedNoApprove', closed: 'console.withdrawal.closedNoApprove' };
/** Marking an approved withdrawal paid stays possible after a ban (the payout may be on its way): the question names the ban. */
const PAID_QUESTION: Record<Row['member_status'], string> = { active: 'console.withdrawal.confirmPaid', banned: 'console.withdrawal.confirmPaidBanned', closed: 'console.withdrawal.confirmPaidClosed' };

/** The member's name, tagged when their account is banned or closed. */
function Member({ row, children }: { row: Row; children: string }) {
  return (
    <Space size={4} wrap>
      {children}
      {row.member_status !== 'active' && <StatusTag status={row.member_status} />}
    </Space>
  );
}

/** Withdrawals: approve, mark paid with the payout reference, or reject with a reason. */
export default function Withdrawals() {
  const { t } = useTranslation();
  const me = useOperator();
  // The decisions record an operator as `name#id`; who approved a withdrawal may not also pay it out (the API refuses, 7013).
  const myName = me.data ? `${me.data.user_name}#${me.data.id}` : null;
  return (
    <ReviewQueue<Row>
      name="withdrawals"
      subject={t('console.audit.targets.withdrawal')}
      statuses={['pending', 'approved', 'paid', 'rejected', 'cancelled']}
      searchPlaceholder={t('console.common.searchNumberOrMember')}
      defaultStatus="pending"
      list={adminListWithdrawals}
      // The number with its date, the state and the amount with its fee, then the member with the method:
      // with the actions the columns take 710 px of the 740 a 1024 px window leaves the table.
      columns={[
        numberColumn<Row>(t, { title: t('console.withdrawal.orderNo'), number: (r) => r.withdraw_no, sortKey: 'created_at' }),
        statusColumn<Row>(t),
        stackedColumn<Row>({ titles: [t('console.common.amount'), t('console.withdrawal.fee')], first: (r) => formatMoney(r.amount, r.currency), second: (r) => formatMoney(r.fee, r.currency), sortKey: 'amount', align: 'right', width: QUEUE_WIDTHS.amount }),
        stackedColumn<Row>({ titles: [t('console.common.member'), t('console.withdrawal.method')], first: (r) => <Member row={r}>{r.user_name}</Member>, second: (r) => t(`console.withdrawal.${r.method}`), sortKey: 'user_name', width: QUEUE_WIDTHS.member }),
      ]}
      describe={(r) => [
        { label: t('console.withdrawal.orderNo'), value: r.withdraw_no },
        { label: t('console.common.member'), value: <Member row={r}>{`${r.user_name} (#${r.user_id})`}</Member> },
        { label: t('console.withdrawal.method'), value: t(`console.withdrawal.${r.method}`) },
        { label: t('console.common.amount'), value: <strong>{formatMoney(r.amount, r.currency)}</strong> },
        { label: t('console.withdrawal.fee'), value: formatMoney(r.fee, r.currency) },
        ...(r.method === 'bank'
          ? [
              { label: t('console.withdrawal.bank'), value: r.bank_name ?? '—' },
              { label: t('console.withdrawal.holder'), value: r.holder_name ?? '—' },
              { label: t('console.withdrawal.account'), value: <Typography.Text copyable>{r.account_number ?? r.account_masked ?? '—'}</Typography.Text> },
              { label: t('console.withdrawal.cardCurrency'), value: r.card_currency ?? '—' },
            ]
          : [
              { label: t('console.withdrawal.network'), value: r.network ?? '—' },
              { label: t('console.withdrawal.address'), value: <Typography.Text copyable style={{ wordBreak: 'break-all' }}>{r.address ?? '—'}</Typography.Text> },
            ]),
        { label: t('console.common.created'), value: formatDate(r.created_at) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        ...(r.payout_reference ? [{ label: t('console.withdrawal.payoutReference'), value: r.payout_reference }] : []),
        ...withdrawalDeciders(t, r),
        ...(r.reason ? [{ label: t('console.common.reason'), value: r.reason }] : []),
      ]}
      actions={[
        {
          key: 'approve',
          label: t('console.common.approve'),
          primary: true,
          when: (r) => r.status === 'pending',
          blocked: (r) => (NO_APPROVAL[r.member_status] ? t(NO_APPROVAL[r.member_status]!) : null),
          question: t('console.withdrawal.approveQuestion'),
          // Releasing a member's money to be paid out is always explained (what was checked).
          fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true, placeholder: t('console.withdrawal.approveReasonHint') }],
          schema: () => import('@shop/contract/wallet').then((m) => m.withdrawalDecisionBody),
          toBody: (r, v) => ({ id: r.id, reason: v.reason }),
          send: (_r, _v, key, body) => call(adminApproveWithdrawal, body, { idempotencyKey: key }),
        },
        {
          key: 'paid',
          label: t('console.withdrawal.markPaid'),
          primary: true,
          when: (r) => r.status === 'approved',
          blocked: (r) => (myName !== null && r.approvers.includes(myName) ? t('console.withdrawal.approverCannotPay') : null),
          question: (r) => t(PAID_QUESTION[r.member_status], { member: r.user_name }),
          fields: [{ name: 'payout_reference', label: t('console.withdrawal.payoutReference'), placeholder: t('console.withdrawal.payoutHint'), required: true, requiredMessage: t('console.auth.required'), min: 3 }],
          schema: () => import('@shop/contract/wallet').then((m) => m.withdrawalPaidBody),
          toBody: (r, v) => ({ id: r.id, payout_reference: v.payout_reference }),
          send: (_r, _v, key, body) => call(adminMarkWithdrawalPaid, body, { idempotencyKey: key }),
        },
        {
          key: 'reject',
          label: t('console.common.reject'),
          danger: true,
          when: (r) => r.status === 'pending' || r.status === 'approved',
          question: t('console.common.confirmReject'),
          fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }],
          schema: () => import('@shop/contract/wallet').then((m) => m.withdrawalRejectBody),
          // An approved withdrawal is rejected when its payout did not go through (until it is marked paid). The state shown goes
          // with the decision: if another operator decided meanwhile, the API refuses instead of overriding them unseen.
          toBody: (r, v) => ({ id: r.id, reason: v.reason, seen_status: r.status }),
          send: (_r, _v, key, body) => call(adminRejectWithdrawal, body, { idempotencyKey: key }),
        },
      ]}
    />
  );
}
