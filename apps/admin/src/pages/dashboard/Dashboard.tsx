import { DASHBOARD_QUEUE_PERMISSIONS } from '@shop/contract/admin';
import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { dashboardRoute } from '../../lib/routes';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/operator';

/** A card's title on as many lines as it needs: on a phone "Orders paid per currency (before refunds)" is read whole, not cut. */
const WRAPPING_TITLE = { title: { whiteSpace: 'normal' } } as const;

/** A queue's count, as a link to the queue: reached by Tab, opened by Enter, named by its words and count. */
function QueueCard({ queue, label, count, path }: { queue: string; label: string; count: number; path: string }) {
  return (
    <Link to={path} style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}>
      <Card size="small" hoverable data-testid={`queue-${queue}`}>
        <Statistic title={label} value={count} formatter={(v) => formatNumber(Number(v))} styles={{ content: { color: count > 0 ? '#d46b08' : undefined } }} />
      </Card>
    </Link>
  );
}

export default function Dashboard() {
  const { t } = useTranslation();
  const can = useCan();
  const q = useEndpointQuery(dashboardRoute, undefined, { refetchInterval: 60_000 });
  if (q.isError) return <Alert type="error" showIcon title={t('console.common.error')} description={q.error.message} action={<Button onClick={() => void q.refetch()}>{t('console.common.retry')}</Button>} />;
  if (!q.data) return <Skeleton active />;
  const d = q.data;
  // Only the queues the role may open: the API counts no other, and an answer that has one more (an older server) shows it neither.
  const queues = (
    [
      { key: 'realname', queue: 'realname', label: t('console.nav.realname'), path: '/reviews/realname' },
      { key: 'cancellation', queue: 'cancellation', label: t('console.nav.cancellation'), path: '/reviews/cancellation' },
      { key: 'recharges', queue: 'recharges', label: t('console.nav.recharges'), path: '/reviews/recharges' },
      { key: 'withdrawals', queue: 'withdrawals', label: t('console.nav.withdrawals'), path: '/reviews/withdrawals' },
      { key: 'orders', queue: 'orders_to_ship', label: t('console.dashboard.ordersToShip'), path: '/orders' },
      // The cases waiting for this role (deciding them, or refunding received returns): the queue opens on them.
      { key: 'after-sales', queue: 'after_sales', label: t('console.afterSales.nav'), path: '/orders/after-sales' },
      { key: 'applications', queue: 'applications', label: t('console.referral.nav.applications'), path: '/referral/applications' },
      { key: 'chats', queue: 'chats_waiting', label: t('console.support.nav.chat'), path: '/support/chat' },
      { key: 'feedback', queue: 'feedback', label: t('console.support.nav.feedback'), path: '/support/feedback' },
    ] as const
  ).flatMap((qu) => {
    const count = d.queues[qu.queue];
    return count === undefined || !can(DASHBOARD_QUEUE_PERMISSIONS[qu.queue]) ? [] : [{ ...qu, count }];
  });
  return (
    <div data-testid="dashboard">
      <Typography.Paragraph type="secondary">{t('console.dashboard.date', { date: formatDate(`${d.date}T12:00:00Z`, true) })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {/* Each figure only for a role allowed to read it: the server leaves the others out. */}
        {(
          [
            ['ordersToday', d.orders_today],
            ['paidToday', d.paid_orders_today],
            ['newMembers', d.new_members],
          ] as const
        ).map(([key, value]) =>
          value === undefined ? null : (
            <Col span={8} key={key}>
              <Card>
                <Statistic title={t(`console.dashboard.${key}`)} value={value} formatter={(v) => formatNumber(Number(v))} />
              </Card>
            </Col>
          ),
        )}
        {d.sales && (
          <Col xs={24} lg={12}>
            <Card title={t('console.dashboard.sales')} styles={WRAPPING_TITLE}>
              {d.sales.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('console.dashboard.noSales')} />
              ) : (
                <table className="sales" style={{ width: '100%', borderCollapse: 'collapse' }} data-testid="sales">
                  <thead>
                    <tr style={{ textAlign: 'left', color: '#666' }}>
                      <th style={{ padding: 6 }}>{t('console.common.currency')}</th>
                      <th style={{ padding: 6, textAlign: 'right' }}>{t('console.common.amount')}</th>
                      <th style={{ padding: 6, textAlign: 'right' }}>{t('console.nav.orders')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.sales.map((s) => (
                      <tr key={s.currency} style={{ borderTop: '1px solid #f0f0f0' }}>
                        <td style={{ padding: 6 }}>{s.currency}</td>
                        <td style={{ padding: 6, textAlign: 'right' }}>{formatMoney(s.total, s.currency)}</td>
                        <td style={{ padding: 6, textAlign: 'right' }}>{formatNumber(s.orders)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Card>
          </Col>
        )}
        <Col xs={24} lg={12}>
          <Card title={t('console.dashboard.queues')} styles={WRAPPING_TITLE}>
            <Row gutter={[12, 12]}>
              {queues.map((qu) => (
                <Col span={12} key={qu.key}>
                  <QueueCard queue={qu.key} label={qu.label} count={qu.count} path={qu.path} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
