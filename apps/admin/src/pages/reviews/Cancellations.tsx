import type { cancellationReviewSchema } from '@shop/contract/admin';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { approveOrReject, decidedFacts, ReviewQueue } from '../../components/ReviewQueue';
import { numberColumn, QUEUE_WIDTHS, statusColumn } from '../../components/QueueColumns';
import { StatusTag } from '../../components/StatusTag';
import { cancellationsRoute as adminListCancellations, decideCancellationRoute as adminDecideCancellation } from '../../lib/routes';
import { formatDate } from '../../lib/format';

type Row = z.infer<typeof cancellationReviewSchema>;

export default function Cancellations() {
  const { t } = useTranslation();
  return (
    <ReviewQueue<Row>
      name="cancellation"
      subject={t('console.audit.targets.cancellation')}
      statuses={['pending', 'approved', 'rejected', 'withdrawn', 'completed']}
      searchPlaceholder={t('console.common.searchMember')}
      defaultStatus="pending"
      list={adminListCancellations}
      // The request with its date, the state, the member and who decided: as every queue, within 740 px.
      columns={[
        numberColumn<Row>(t, { title: t('console.common.id'), number: (r) => r.id, sortKey: 'id', width: QUEUE_WIDTHS.id }),
        statusColumn<Row>(t),
        { title: t('console.common.member'), dataIndex: 'user_name', sorter: true, width: QUEUE_WIDTHS.member },
        { title: t('console.common.reviewedBy'), dataIndex: 'reviewed_by', width: QUEUE_WIDTHS.member, render: (v: string | null) => v ?? '—' },
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
