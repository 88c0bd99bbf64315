import type { cancellationReviewSchema } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { approveOrReject, decidedFacts, ReviewQueue } from '../../components/ReviewQueue';
import { StatusTag } from '../../components/StatusTag';
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
        ...decidedFacts(t, r),
      ]}
      actions={approveOrReject<Row>(t, adminDecideCancellation)}
    />
  );
}
