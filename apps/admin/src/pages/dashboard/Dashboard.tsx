import { Alert, Button, Card, Col, Empty, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEndpointQuery } from '../../lib/endpoint-query';
import { dashboardRoute } from '../../lib/routes';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { useCan } from '../../lib/operator';

/** A queue's count; a queue the role may open is a link: reached by Tab, opened by Enter, named by its words and count. */
function QueueCard({ queue, label, count, path, allowed }: { queue: string; label: string; count: number; path: string; allowed: boolean }) {
  const card = (
    <Card size="small" hoverable={allowed} data-testid={`queue-${queue}`}>
      <Statistic title={label} value={count} formatter={(v) => formatNumber(Number(v))} styles={{ content: { color: count > 0 ? '#d46b08' : undefined } }} />
    </Card>
  );
  if (!allowed) return card;
  return (
    <Link to={path} style={{ display: 'block', color: 'inherit', textDecoration: 'none' }}>
      {card}
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
  const queues = [
    { key: 'realname', label: t('console.nav.realname'), count: d.queues.realname, path: '/reviews/realname', allowed: can('realname.review') },
    { key: 'cancellation', label: t('console.nav.cancellation'), count: d.queues.cancellation, path: '/reviews/cancellation', allowed: can('cancellation.review') },
    { key: 'recharges', label: t('console.nav.recharges'), count: d.queues.recharges, path: '/reviews/recharges', allowed: can('withdrawals.review') },
    { key: 'withdrawals', label: t('console.nav.withdrawals'), count: d.queues.withdrawals, path: '/reviews/withdrawals', allowed: can('withdrawals.review') },
    { key: 'orders', label: t('console.dashboard.ordersToShip'), count: d.queues.orders_to_ship, path: '/orders', allowed: can('orders.read') },
    // The cases waiting for this role (deciding them, or refunding received returns): the queue opens on them.
    { key: 'after-sales', label: t('console.afterSales.nav'), count: d.queues.after_sales, path: '/orders/after-sales', allowed: can('aftersales.decide') || can('refunds.decide') },
    { key: 'applications', label: t('console.referral.nav.applications'), count: d.queues.applications, path: '/referral/applications', allowed: can('applications.review') },
    { key: 'chats', label: t('console.support.nav.chat'), count: d.queues.chats_waiting, path: '/support/chat', allowed: can('support.chat') },
    { key: 'feedback', label: t('console.support.nav.feedback'), count: d.queues.feedback, path: '/support/feedback', allowed: can('support.feedback') },
  ];
  return (
    <div data-testid="dashboard">
      <Typography.Paragraph type="secondary">{t('console.dashboard.date', { date: formatDate(`${d.date}T12:00:00Z`, true) })}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col span={8}>
          <Card>
            <Statistic title={t('console.dashboard.ordersToday')} value={d.orders_today} formatter={(v) => formatNumber(Number(v))} />
          </Card>
        </Col>
        <Col span={8}>
          <Card>
            <Statistic title={t('console.dashboard.paidToday')} value={d.paid_orders_today} formatter={(v) => formatNumber(Number(v))} />
          </Card>
        </Col>
        <Col span={8}>
          <Card>
            <Statistic title={t('console.dashboard.newMembers')} value={d.new_members} formatter={(v) => formatNumber(Number(v))} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('console.dashboard.sales')}>
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
        <Col xs={24} lg={12}>
          <Card title={t('console.dashboard.queues')}>
            <Row gutter={[12, 12]}>
              {queues.map((qu) => (
                <Col span={12} key={qu.key}>
                  <QueueCard queue={qu.key} label={qu.label} count={qu.count} path={qu.path} allowed={qu.allowed} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
