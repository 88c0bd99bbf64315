import { Tabs } from 'antd-mobile';
import { Link, useSearchParams } from '@/lib/router';
import { ORDER_VIEWS, type OrderView } from '@shop/contract/orders';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useOrderPages } from '../api/list-orders';
import { OrderActions } from '../components/order-actions';
import { OrderLines } from '../components/order-lines';
import { OrderReturnedNote, orderStateKey } from '../components/order-returned';
import '../orders.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/order/orderKind`: the member's orders in five views, each with its actions. */
export default function OrderListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = (ORDER_VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as OrderView) : 'all';
  const pages = useOrderPages(view);
  const orders = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page orders-page">
      <PageHeader title={t('app.page.orders')} />
      <Tabs activeKey={view} onChange={(key) => setParams({ view: key }, { replace: true })}>
        {ORDER_VIEWS.map((v) => (
          <Tabs.Tab key={v} title={t(`orders.view.${v}`)} />
        ))}
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError} empty={orders.length === 0} emptyText={t('orders.none')} onRetry={() => void pages.refetch()}>
        {orders.map((o) => (
          <article key={o.id} className="order-card" data-order={o.id}>
            {/* The order's number, state and goods are one link to its page; its actions stay buttons beside it. */}
            <Link to={`${paths.order.details}?id=${o.id}`} className="order-card-link">
              <span className="order-card-head">
                <span>{t('orders.number', { no: o.order_no })}</span>
                <span className="order-status">{t(orderStateKey(o))}</span>
              </span>
              <OrderLines lines={o.lines} currency={o.currency} />
              <OrderReturnedNote order={o} />
            </Link>
            <div className="order-card-total">
              {t('orders.totalOf', { count: o.count })} <Amount value={o.total} currency={o.currency} />
            </div>
            <OrderActions order={o} />
          </article>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
