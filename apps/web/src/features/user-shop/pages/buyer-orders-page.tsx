import { useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { confirmDialog } from '@/components/dialog';
import { BUYER_SHOP_ORDER_VIEWS, type ShopOrder } from '@shop/contract/user-shop';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { changeThen } from '@/lib/change-then';
import { newIdempotencyKey } from '@/lib/request';
import { useNavigate } from '@/lib/router';
import { useBuyerOrders, useConfirmShopOrder } from '../api/user-shop';
import { ShopOrderCard } from '../components/shop-order-card';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';

type View = (typeof BUYER_SHOP_ORDER_VIEWS)[number];

/** The member's shop orders, by view: pay one awaiting payment, confirm one received, ask for after-sales on one shipped or received. */
export default function BuyerShopOrdersPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('all');
  const pages = useBuyerOrders(view);
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.buyerOrders')} />
      <Tabs activeKey={view} onChange={(k) => setView(k as View)}>
        {BUYER_SHOP_ORDER_VIEWS.map((v) => (
          <Tabs.Tab key={v} title={t(`userShop.buyerView.${v}`)} />
        ))}
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={list.length === 0} emptyText={t('userShop.app.noOrders')} onRetry={() => void pages.refetch()}>
        {list.map((o) => (
          <ShopOrderCard key={o.id} order={o} who="buyer">
            <BuyerActions order={o} />
          </ShopOrderCard>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}

function BuyerActions({ order }: { order: ShopOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [key, setKey] = useState(newIdempotencyKey);
  const confirm = useConfirmShopOrder(key);
  const received = async () => {
    if (!(await confirmDialog({ content: t('userShop.app.confirmAsk'), confirmText: t('userShop.app.yes'), cancelText: t('userShop.app.no') }))) return;
    await changeThen(() => confirm.mutateAsync({ id: order.id }).finally(() => setKey(newIdempotencyKey())));
  };
  return (
    <>
      {order.actions.pay && (
        <Button size="small" color="primary" onClick={() => navigate(`${paths.goods.payNext}?order_id=${order.id}&order_type=shop_order`)}>
          {t('userShop.app.pay')}
        </Button>
      )}
      {order.actions.complete && (
        <Button size="small" color="primary" loading={confirm.isPending} onClick={() => void received()}>
          {t('userShop.app.confirmReceived')}
        </Button>
      )}
      {order.has_after_sale && (
        <Button size="small" onClick={() => navigate(`${paths.order.afterSales}?shop_order_id=${order.id}`)}>
          {t('afterSales.app.viewCases')}
        </Button>
      )}
      {order.actions.after_sale && (
        <Button size="small" onClick={() => navigate(`${paths.order.afterSaleApply}?shop_order_id=${order.id}`)}>
          {t('app.page.afterSaleApply')}
        </Button>
      )}
    </>
  );
}
