import { Button, ProgressBar } from 'antd-mobile';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useGroupOrder } from '../api/get-group-order';
import { timeLeft } from '../components/time-left';
import '../group-buy.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/pintuan/group?order_id=`: how full the member's group is, its time left and what happens next. */
export default function GroupProgressPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id')) || 0;
  const order = useGroupOrder(orderId);
  const group = order.data?.group_buy ?? null;
  // A member whose order ended is out of the group: its count and time are no longer theirs to follow.
  const left = group?.status === 'left';
  const statusKey = left && !order.data?.paid_at ? 'orders.groupBuy.status.leftUnpaid' : `orders.groupBuy.status.${group?.status}`;
  const seconds = group ? Math.max(0, Math.floor((Date.parse(group.expires_at) - Date.now()) / 1000)) : 0;
  return (
    <div className="page group-buy-page">
      <PageHeader title={t('orders.page.groupProgress')} />
      {/* Without an order id the query never runs (it stays pending): say so, and let the server's refusal of an unknown one show. */}
      <ListState loading={order.isPending && orderId > 0} error={order.isError} failure={order.error} missing={orderId > 0 ? undefined : t('orders.missing')} empty={!group} emptyText={t('orders.groupBuy.none')} onRetry={() => void order.refetch()}>
        {group && (
          <section className="group-buy-section">
            <div className="group-progress-status">{t(statusKey)}</div>
            {!left && (
              <>
                <ProgressBar percent={Math.round((group.member_count / group.size) * 100)} aria-label={t('orders.groupBuy.progress', { count: group.member_count, size: group.size })} />
                <div className="group-buy-meta" style={{ marginTop: 6 }}>
                  {t('orders.groupBuy.progress', { count: group.member_count, size: group.size })}
                  {group.status === 'open' && ` · ${t('orders.groupBuy.timeLeft', { time: timeLeft(t, seconds) })}`}
                </div>
                <p className="group-buy-rule">{t('orders.groupBuy.rule')}</p>
              </>
            )}
            <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
              {group.status === 'open' && (
                <Button size="small" shape="rounded" onClick={() => navigate(`${paths.groupBuy.goods}?id=${group.activity_id}`)}>
                  {t('orders.page.groupBuyGoods')}
                </Button>
              )}
              <Button size="small" shape="rounded" color="primary" onClick={() => navigate(`${paths.order.details}?id=${orderId}`)}>
                {t('orders.groupBuy.viewOrder')}
              </Button>
            </div>
          </section>
        )}
      </ListState>
    </div>
  );
}
