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
      searchPlaceholder={t('console.common.searchMember')}
      defaultStatus="pending"
      list={adminListCancellations}
      columns={[
        { title: t('console.common.id'), dataIndex: 'id', width: 80, sorter: true },
        { title: t('console.common.member'), dataIndex: 'user_name', sorter: true },
        { title: t('console.common.created'), dataIndex: 'created_at', sorter: true, render: (v: string) => formatDate(v) },
        { title: t('console.common.status'), dataIndex: 'status', render: (s: string) => <StatusTag status={s} /> },
        { title: t('console.common.reviewedBy'), dataIndex: 'reviewed_by', render: (v: string | null) => v ?? '—' },
      ]}
      describe={(r) => [
        { label: t('console.common.member'), value: `${r.user_name} (#${r.user_id})` },
        { label: t('console.common.created'), value: formatDate(r.created_at) },
        { label: t('console.common.status'), value: <StatusTag status={r.status} /> },
        ...(r.reviewed_by ? [{ label: t('console.common.reviewedBy'), value: `${r.reviewed_by} · ${formatDate(r.reviewed_at)}` }] : []),
        ...(r.reason ? [{ label: t('console.common.reason'), value: r.reason }] : []),
      ]}
      actions={[
        { key: 'approve', label: t('console.common.approve'), primary: true, when: (r) => r.status === 'pending', question: t('console.common.confirmApprove'), fields: [], send: (r, _v, key) => call(adminDecideCancellation, { id: r.id, decision: 'approve' }, { idempotencyKey: key }) },
        {
          key: 'reject',
          label: t('console.common.reject'),
          danger: true,
          when: (r) => r.status === 'pending',
          question: t('console.common.confirmReject'),
          fields: [{ name: 'reason', label: t('console.common.reason'), required: true, multiline: true }],
          send: (r, v, key) => call(adminDecideCancellation, { id: r.id, decision: 'reject', reason: v.reason }, { idempotencyKey: key }),
        },
      ]}
    />
  );
}
