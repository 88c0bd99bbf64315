import type { cancellationReviewSchema } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
import { call } from '../../lib/request';
import { cancellationsRoute as adminListCancellations, decideCancellationRoute as adminDecideCancellation } from '../../lib/routes';
import { formatDate } from '../../lib/format';

type Row = z.infer<typeof cancellationReviewSchema>;

export default function Cancellations() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Row>
      name="cancellation"
      statuses={['pending', 'approved', 'rejected', 'withdrawn', 'completed']}
      searchPlaceholder={t('common.searchMember')}
      defaultStatus="pending"
      list={adminListCancellations}
      columns={[
        { title: t('common.id'), dataIndex: 'id', width: 80, sorter: true },
        { title: t('common.member'), dataIndex: 'user_name', sorter: true },
        { title: t('common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatDate(v) },
        { title: t('common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        { title: t('common.reviewedBy'), dataIndex: 'reviewed_by', render: (v: string | null) => v ?? '—' },
      ]}
      describe={(r) => [
        { label: t('common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('common.created'), value: formatDate(r.created_at) },
        { label: t('common.status'), value: <StatusTag status={r.status} /> },
        ...(r.reviewed_by ? [{ label: t('common.reviewedBy'), value: `${r.reviewed_by} · ${formatDate(r.reviewed_at)}` }] : []),
        ...(r.reason ? [{ label: t('common.reason'), value: r.reason }] : []),
      ]}
      actions={[
        { key: 'approve', label: t('common.approve'), primary: true, when: (r) => r.status === 'pending', question: t('common.confirmApprove'), fields: [], send: (r, _v, key) => call(adminDecideCancellation, { id: r.id, decision: 'approve' }, { idempotencyKey: key }) },
        {
          key: 'reject',
          label: t('common.reject'),
          danger: true,
          when: (r) => r.status === 'pending',
          question: t('common.confirmReject'),
          fields: [{ name: 'reason', label: t('common.reason'), required: true, multiline: true }],
          send: (r, v, key) => call(adminDecideCancellation, { id: r.id, decision: 'reject', reason: v.reason }, { idempotencyKey: key }),
        },
      ]}
    />
  );
}
