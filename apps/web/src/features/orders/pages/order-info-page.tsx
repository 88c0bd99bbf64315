import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useOrder } from '../api/get-order';
import { AddressCard } from '../components/address-card';
import { OrderActions } from '../components/order-actions';
import { OrderAmounts } from '@/components/order-amounts';
import { OrderLines } from '../components/order-lines';
import { OrderPayments } from '../components/order-payments';
import { OrderReturnedNote, orderStateKey } from '../components/order-returned';
import '../orders.css';
import { useTranslation } from '@/lib/i18n';
import { formatDate } from '@/lib/format';

/** States of an order that will not complete: no points are promised on them. */
const ENDED_WITHOUT_COMPLETING: readonly string[] = ['cancelled', 'closed', 'refunding', 'refunded'];

/** A moment of the order in the member's language. */
const when = (iso: string | null) => (iso ? formatDate(iso) : '');

/** `pages/order/orderInfo`: state, address, goods, amounts, dates, packages and actions of one order. */
export default function OrderInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const order = useOrder(id);
  const o = order.data;
  return (
    <div className="page orders-page order-info-page">
      <PageHeader title={t('app.page.orderInfo')} />
      <ListState loading={order.isPending && id > 0} error={order.isError} failure={order.error} missing={id > 0 ? undefined : t('orders.missing')} empty={false} onRetry={() => void order.refetch()}>
        {o && (
          <>
            <section className="order-section">
              <div className="order-status" role="status">
                {t(orderStateKey(o))}
              </div>
              <OrderReturnedNote order={o} />
              {o.expires_at && <div className="order-muted">{t('orders.payBefore', { time: when(o.expires_at) })}</div>}
              {o.cancel_reason && <div className="order-muted">{t('orders.cancelReason', { reason: o.cancel_reason })}</div>}
            </section>
            <section className="order-section">
              <AddressCard address={o.address} />
            </section>
            <section className="order-section">
              <OrderLines lines={o.lines} currency={o.currency} />
            </section>
            <section className="order-section">
              <OrderAmounts amounts={o} />
              {/* Points are promised only on an order that may still complete: a cancelled, closed or refunded one earns none. Those taken back with returns are said. */}
              {o.points_earned > 0 && (o.points_earned_posted || !ENDED_WITHOUT_COMPLETING.includes(o.status)) && (
                <div className="order-muted">
                  {o.points_earned_posted && o.points_reversed > 0
                    ? t('orders.info.pointsTakenBack', { count: o.points_earned, back: o.points_reversed })
                    : t(o.points_earned_posted ? 'orders.info.pointsEarned' : 'orders.info.pointsToEarn', { count: o.points_earned })}
                </div>
              )}
            </section>
            <OrderPayments payments={o.payments} />
            <section className="order-section order-muted">
              <div>{t('orders.number', { no: o.order_no })}</div>
              <div>{t('orders.placedAt', { time: when(o.created_at) })}</div>
              {o.paid_at && <div>{t('orders.paidAt', { time: when(o.paid_at) })}</div>}
              {o.shipped_at && <div>{t('orders.shippedAt', { time: when(o.shipped_at) })}</div>}
              {o.completed_at && <div>{t('orders.completedAt', { time: when(o.completed_at) })}</div>}
              {o.remarks && <div>{t('orders.remarks', { remarks: o.remarks })}</div>}
              {o.group_buy && (
                <Button size="small" shape="rounded" style={{ marginTop: 6, marginRight: 6 }} onClick={() => navigate(`${paths.groupBuy.group}?order_id=${o.id}`)}>
                  {t('orders.groupBuy.viewGroup')}
                </Button>
              )}
              {o.package_count > 0 && (
                <Button size="small" shape="rounded" style={{ marginTop: 6 }} onClick={() => navigate(`${paths.order.tracking}?id=${o.id}`)}>
                  {t('orders.packages', { count: o.package_count })}
                </Button>
              )}
            </section>
            {/* An order with nothing left to do (a refunded one) draws no empty card. */}
            {Object.values(o.actions).some(Boolean) && (
              <section className="order-section">
                <OrderActions order={o} />
              </section>
            )}
          </>
        )}
      </ListState>
    </div>
  );
}
