import { Button } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useNavigate } from '@/lib/router';
import { showToast } from '@/lib/toast';
import { useCancelPledge, useCharityOrderPages } from '../api/charity';
import '../charity.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/lovers/orderList`: the member's pledges, newest first; an unpaid one can be paid or cancelled. */
export default function CharityOrdersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useCharityOrderPages();
  const cancel = useCancelPledge();
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const cancelPledge = async (id: number) => {
    const yes = await confirmDialog({ content: t('orders.charity.cancelQuestion'), confirmText: t('orders.action.yes'), cancelText: t('orders.action.no') });
    if (!yes) return;
    await cancel.mutateAsync({ id });
    showToast(t('orders.charity.cancelled'));
  };
  return (
    <div className="page charity-page">
      <PageHeader title={t('orders.page.charityOrders')} />
      <ListState loading={pages.isPending} error={pages.isError} empty={list.length === 0} emptyText={t('orders.charity.none')} onRetry={() => void pages.refetch()}>
        {list.map((o) => (
          <article key={o.id} className="charity-section" data-pledge={o.id}>
            <div className="charity-order-head">
              <span>{t('orders.number', { no: o.order_no })}</span>
              <span className="charity-order-status">{t(`orders.charity.status.${o.status}`)}</span>
            </div>
            <div className="charity-cause-title">{o.cause_title}</div>
            <div>
              <Amount value={o.amount} currency={o.currency} />
            </div>
            {o.message && <div className="charity-cause-text">{o.message}</div>}
            <div className="charity-meta">{formatDate(o.created_at)}</div>
            {o.status === 'awaiting_payment' && (
              <div className="charity-actions">
                <Button size="small" shape="rounded" loading={cancel.isPending} onClick={() => void cancelPledge(o.id).catch(() => {})}>
                  {t('orders.charity.cancel')}
                </Button>
                <Button size="small" color="primary" shape="rounded" onClick={() => navigate(`${paths.goods.payNext}?order_id=${o.id}&order_type=charity`)}>
                  {t('orders.charity.pay')}
                </Button>
              </div>
            )}
          </article>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
