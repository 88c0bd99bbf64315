import { useState } from 'react';
import { Button, SearchBar, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { newIdempotencyKey } from '@/lib/request';
import { useGoodsChoices, useOwnOrders, useRestock, useSetShopGoods, useShopGoods } from '../api/user-shop';
import '../user-shop.css';

/** The shop's goods with the stock it holds, and the platform goods the owner may add. */
export default function ShopGoodsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'mine' | 'add' | 'restock'>('mine');
  const [q, setQ] = useState('');
  const mine = useShopGoods();
  const choices = useGoodsChoices(q);
  const set = useSetShopGoods();
  const goods = mine.data?.pages.flatMap((p) => p.list) ?? [];
  const offer = choices.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.goods')} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'mine' | 'add' | 'restock')}>
        <Tabs.Tab key="mine" title={t('userShop.app.myGoods')} />
        <Tabs.Tab key="add" title={t('userShop.app.addGoods')} />
        <Tabs.Tab key="restock" title={t('userShop.app.restock')} />
      </Tabs>
      {tab === 'restock' ? (
        <Restock />
      ) : tab === 'mine' ? (
        <ListState loading={mine.isPending} error={mine.isError} failure={mine.error} empty={goods.length === 0} emptyText={t('userShop.app.noGoods')} onRetry={() => void mine.refetch()}>
          {goods.map((g) => (
            <div key={g.id} className="shop-section shop-line" data-shop-goods={g.goods_id}>
              {g.cover && <img src={g.cover} alt="" />}
              <div className="shop-line-body">
                {g.name}
                <div className="shop-muted">
                  <Amount value={g.price} currency={g.currency} /> · {t('userShop.app.stock')} {g.stock} · PV {g.pv}
                </div>
              </div>
              <Button size="small" loading={set.isPending} onClick={() => set.mutate({ goods_id: g.goods_id, on_sale: !g.on_sale })}>
                {g.on_sale ? t('userShop.app.takeOff') : t('userShop.app.putOn')}
              </Button>
            </div>
          ))}
          <LoadMore hasMore={Boolean(mine.hasNextPage)} loading={mine.isFetchingNextPage} onLoadMore={() => void mine.fetchNextPage()} />
        </ListState>
      ) : (
        <>
          <SearchBar placeholder={t('userShop.app.search')} onSearch={setQ} onClear={() => setQ('')} />
          <ListState loading={choices.isPending} error={choices.isError} failure={choices.error} empty={offer.length === 0} emptyText={t('userShop.app.noChoices')} onRetry={() => void choices.refetch()}>
            {offer.map((g) => (
              <div key={g.goods_id} className="shop-section shop-line" data-choice={g.goods_id}>
                {g.cover && <img src={g.cover} alt="" />}
                <div className="shop-line-body">
                  {g.name}
                  <div className="shop-muted">
                    <Amount value={g.price} currency={g.currency} /> · {t('userShop.app.stock')} {g.stock}
                  </div>
                </div>
                <Button size="small" color={g.added ? 'default' : 'primary'} loading={set.isPending} onClick={() => set.mutate({ goods_id: g.goods_id, on_sale: !g.added })}>
                  {g.added ? t('userShop.app.takeOff') : t('userShop.app.add')}
                </Button>
              </div>
            ))}
            <LoadMore hasMore={Boolean(choices.hasNextPage)} loading={choices.isFetchingNextPage} onLoadMore={() => void choices.fetchNextPage()} />
          </ListState>
        </>
      )}
    </div>
  );
}

/** The owner's received regular orders: each booked into the shop's stock once. */
function Restock() {
  const { t } = useTranslation();
  const orders = useOwnOrders(true);
  const [key, setKey] = useState(newIdempotencyKey);
  const restock = useRestock(key);
  const [booked, setBooked] = useState<Record<number, number>>({});
  const received = (orders.data?.pages.flatMap((p) => p.list) ?? []).filter((o) => o.status === 'completed');
  const book = async (orderId: number) => {
    const done = await restock.mutateAsync({ order_id: orderId }).finally(() => setKey(newIdempotencyKey()));
    setBooked({ ...booked, [orderId]: done.units });
  };
  return (
    <ListState loading={orders.isPending} error={orders.isError} failure={orders.error} empty={received.length === 0} emptyText={t('userShop.app.noReceivedOrders')} onRetry={() => void orders.refetch()}>
      <div className="shop-section shop-muted">{t('userShop.app.restockHint')}</div>
      {received.map((o) => (
        <div key={o.id} className="shop-section shop-line" data-restock={o.id}>
          <div className="shop-line-body">
            {o.order_no}
            <div className="shop-muted">{o.lines.map((l) => `${l.name} × ${l.num}`).join(', ')}</div>
            {booked[o.id] !== undefined && <div className="shop-muted">{t('userShop.app.booked', { units: booked[o.id] })}</div>}
          </div>
          <Button size="small" color="primary" loading={restock.isPending} onClick={() => void book(o.id)}>
            {t('userShop.app.bookIntoStock')}
          </Button>
        </div>
      ))}
      <LoadMore hasMore={Boolean(orders.hasNextPage)} loading={orders.isFetchingNextPage} onLoadMore={() => void orders.fetchNextPage()} />
    </ListState>
  );
}
