import type { cancellationReviewSchema } from '@shop/contract/admin';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { approveOrReject, decidedFacts, ReviewQueue } from '../../components/ReviewQueue';
import { numberColumn, QUEUE_WIDTHS, statusColumn } from '../../components/QueueColumns';
import { StatusTag } from '../../components/StatusTag';
import { cancellationsRoute as adminListCancellations, decideCancellationRoute as adminDecideCancellation } from '../../lib/routes';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';

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
        // The member's money and points now: money left keeps the account open, points are given up at closing.
        {
          label: t('console.cancellation.money'),
          value: r.balances.money.length ? (
            <>
              {r.balances.money.map((m) => (
                <div key={`${m.kind}:${m.currency}`}>
                  {t(`console.cancellation.kinds.${m.kind}`)}: <strong>{formatMoney(m.amount, m.currency)}</strong>
                </div>
              ))}
              <Typography.Text type="warning">{t('console.cancellation.moneyText')}</Typography.Text>
            </>
          ) : (
            t('console.cancellation.none')
          ),
        },
        {
          label: t('console.cancellation.forfeited'),
          value: t('console.cancellation.points', { points: formatNumber(r.balances.forfeited.points), shopping: formatNumber(r.balances.forfeited.shopping_points) }),
        },
        ...decidedFacts(t, r),
      ]}
      actions={approveOrReject<Row>(t, adminDecideCancellation)}
    />
  );
}
