import { useState } from 'react';
import { Button, SearchBar, Tabs } from 'antd-mobile';
import { fromMinorUnits, toMinorUnits } from '@shop/contract/common';
import { SHOP_AMOUNT_MAX } from '@shop/contract/user-shop';
import { Amount, formatAmount } from '@/components/amount';
import { AmountInput, amountFormatText } from '@/components/amount-field';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { readAmount, writeAmount } from '@/lib/amount-input';
import { newIdempotencyKey } from '@/lib/request';
import { showToast } from '@/lib/toast';
import { useGoodsChoices, useRestockableOrders, useRestock, useSetShopGoods, useShopGoods, useShopGoodsInfo } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';

/** The shop's goods with the stock it holds, and the platform goods the owner may add. */
export default function ShopGoodsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'mine' | 'add' | 'restock'>('mine');
  const [q, setQ] = useState('');
  const mine = useShopGoods();
  const choices = useGoodsChoices(q);
  const set = useSetShopGoods();
  const [pricing, setPricing] = useState<number | null>(null);
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
              <div className="shop-line-buttons">
                <Button size="small" onClick={() => setPricing(pricing === g.id ? null : g.id)} aria-expanded={pricing === g.id}>
                  {t('userShop.app.prices')}
                </Button>
                <Button size="small" loading={set.isPending} onClick={() => set.mutate({ goods_id: g.goods_id, on_sale: !g.on_sale })}>
                  {g.on_sale ? t('userShop.app.takeOff') : t('userShop.app.putOn')}
                </Button>
              </div>
              {pricing === g.id && <PriceEditor id={g.id} goodsId={g.goods_id} onSale={g.on_sale} currency={g.currency} onDone={() => setPricing(null)} />}
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

/**
 * The shop's own price of each SKU of a goods, inside the band the operators allow around the
 * platform's price (shown under each); a price outside it is refused with the band, nothing saved.
 */
function PriceEditor({ id, goodsId, onSale, currency, onDone }: { id: number; goodsId: number; onSale: boolean; currency: string; onDone: () => void }) {
  const { t } = useTranslation();
  const info = useShopGoodsInfo(id);
  const set = useSetShopGoods();
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState('');
  const skus = info.data?.skus ?? [];
  // Each price as the member writes amounts ("20,00" in Hungarian), read back the same way.
  const shown = (k: (typeof skus)[number]) => typed[k.sku_id] ?? writeAmount(fromMinorUnits(k.price, currency));
  const save = async () => {
    setProblem('');
    const prices: Array<{ sku_id: number; price: number }> = [];
    for (const k of skus) {
      const wire = readAmount(shown(k));
      if (wire === undefined) return setProblem(amountFormatText());
      let price: number;
      try {
        price = toMinorUnits(wire, currency);
      } catch {
        // More decimals than the currency has ("12,50" yen): the example is a price it takes.
        return setProblem(t('userShop.app.priceInvalid', { example: writeAmount(fromMinorUnits(k.platform_price, currency)) }));
      }
      // The contract's limit, said as money in the goods' currency before sending.
      if (price > SHOP_AMOUNT_MAX) return setProblem(t('userShop.app.amountTooLarge', { field: t('userShop.app.price'), max: formatAmount(SHOP_AMOUNT_MAX, currency) }));
      prices.push({ sku_id: k.sku_id, price });
    }
    try {
      await set.mutateAsync({ goods_id: goodsId, on_sale: onSale, prices });
      onDone();
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="shop-prices" data-prices={goodsId}>
      <ListState loading={info.isPending} error={info.isError} failure={info.error} empty={skus.length === 0} onRetry={() => void info.refetch()}>
        {skus.map((k) => (
          <div key={k.sku_id} className="shop-price-line">
            <span className="shop-line-body">
              {k.spec_text || info.data?.name}
              <span className="shop-muted">
                {/* A band of no width allows one price: said as such, never "20.00 to 20.00". */}
                {k.price_min === k.price_max
                  ? t('userShop.app.priceFixed', { price: formatAmount(k.price_min, currency), platform: formatAmount(k.platform_price, currency) })
                  : t('userShop.app.priceBand', { min: formatAmount(k.price_min, currency), max: formatAmount(k.price_max, currency), platform: formatAmount(k.platform_price, currency) })}
              </span>
            </span>
            <AmountInput value={shown(k)} onChange={(v) => setTyped({ ...typed, [k.sku_id]: v })} aria-label={`${t('userShop.app.price')} ${k.spec_text}`} />
          </div>
        ))}
        {problem && (
          <div className="shop-status" role="alert">
            {problem}
          </div>
        )}
        <div className="shop-actions">
          <Button size="small" onClick={onDone}>
            {t('userShop.app.cancel')}
          </Button>
          <Button size="small" color="primary" loading={set.isPending} onClick={() => void save()}>
            {t('userShop.app.savePrices')}
          </Button>
        </div>
      </ListState>
    </div>
  );
}

/** The owner's received regular orders a restock would still take: each booked into the shop's stock once. */
function Restock() {
  const { t } = useTranslation();
  const orders = useRestockableOrders();
  const [key, setKey] = useState(newIdempotencyKey);
  const restock = useRestock(key);
  const received = orders.data?.pages.flatMap((p) => p.list) ?? [];
  const book = async (orderId: number) => {
    try {
      const done = await restock.mutateAsync({ order_id: orderId });
      // The order leaves the list once booked: what it added is said here.
      showToast(t('userShop.app.booked', { units: done.units }));
    } catch {
      // The request client has shown the server's message.
    } finally {
      setKey(newIdempotencyKey());
    }
  };
  return (
    <ListState loading={orders.isPending} error={orders.isError} failure={orders.error} empty={received.length === 0} emptyText={t('userShop.app.noReceivedOrders')} onRetry={() => void orders.refetch()}>
      <div className="shop-section shop-muted">{t('userShop.app.restockHint')}</div>
      {received.map((o) => (
        <div key={o.id} className="shop-section shop-line" data-restock={o.id}>
          <div className="shop-line-body">
            {o.order_no}
            <div className="shop-muted">{o.lines.map((l) => `${l.name} × ${l.num}`).join(', ')}</div>
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
