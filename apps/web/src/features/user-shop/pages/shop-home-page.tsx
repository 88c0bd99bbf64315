import { useState } from 'react';
import { Badge, Button, Stepper } from 'antd-mobile';
import { ChoiceChips } from '@/components/choice-chips';
import { showToast } from '@/lib/toast';
import { Sheet } from '@/components/sheet';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { changeThen } from '@/lib/change-then';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useAddToShopCart, useShop, useShopCart, useShopGoods, useShopGoodsInfo } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';

/** Whether the address already ends with the region's name ("1 Sukhumvit, Bangkok" in Bangkok), as a word of its own. */
function namesRegion(address: string, region: string): boolean {
  const a = address.toLocaleLowerCase();
  const r = region.toLocaleLowerCase();
  return a === r || (a.endsWith(r) && /[\s,]/.test(a.charAt(a.length - r.length - 1)));
}

/** Where the shop is and how to reach it, of what the owner filled in (the region once); empty when the shop gave none of it. */
function contactLine(shop: { address: string; region: string; contact_mobile: string }): string {
  const address = shop.address.trim().replace(/[\s,]+$/, '');
  const region = shop.region.trim();
  const place = region && !namesRegion(address, region) ? [address, region].filter(Boolean).join(', ') : address;
  return [place, shop.contact_mobile.trim()].filter(Boolean).join(' · ');
}

/** A shop's public page (its link or QR code): the shop, what it offers with its stock, and its cart. */
export default function ShopHomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shopId = Number(params.get('id')) || 0;
  const shop = useShop(shopId > 0 ? shopId : -1);
  const goods = useShopGoods(shopId > 0 ? shopId : undefined);
  const cart = useShopCart(shopId > 0 ? shopId : undefined);
  const list = goods.data?.pages.flatMap((p) => p.list) ?? [];
  const [chosen, setChosen] = useState(0);
  const inCart = cart.data?.shops[0]?.list.reduce((s, l) => s + l.num, 0) ?? 0;
  return (
    <div className="page shop-page">
      <PageHeader title={shop.data?.name ?? t('userShop.page.shop')} />
      <ListState loading={shop.isPending} error={shop.isError} failure={shop.error} empty={false} missing={shopId > 0 ? undefined : params.get('id') ? t('userShop.code.shopNotFound') : t('userShop.app.noShop')} onRetry={() => void shop.refetch()}>
        {shop.data && (
          <section className="shop-section shop-line">
            {shop.data.logo && <img className="shop-logo" src={shop.data.logo} alt="" />}
            <div className="shop-line-body">
              <div className="shop-title">{shop.data.name}</div>
              <div className="shop-muted">{shop.data.intro}</div>
              {contactLine(shop.data) && <div className="shop-muted">{contactLine(shop.data)}</div>}
              {shop.data.status !== 'open' && <div className="shop-status">{t(`userShop.shopStatus.${shop.data.status}`)}</div>}
            </div>
          </section>
        )}
        <ListState loading={goods.isPending} error={goods.isError} failure={goods.error} empty={list.length === 0} emptyText={t('userShop.app.noGoods')} onRetry={() => void goods.refetch()}>
          {list.map((g) => (
            <div key={g.id} className="shop-section shop-line" data-shop-goods={g.goods_id}>
              {g.cover && <img src={g.cover} alt="" />}
              <div className="shop-line-body">
                {g.name}
                <div className="shop-muted">
                  <span className="shop-price">
                    <Amount value={g.price} currency={g.currency} />
                  </span>{' '}
                  · {t('userShop.app.stock')} {g.stock}
                </div>
              </div>
              <Button size="small" color="primary" disabled={g.stock === 0 || shop.data?.mine || shop.data?.status !== 'open'} onClick={() => setChosen(g.id)}>
                {t('userShop.app.addToCart')}
              </Button>
            </div>
          ))}
          <LoadMore hasMore={Boolean(goods.hasNextPage)} loading={goods.isFetchingNextPage} onLoadMore={() => void goods.fetchNextPage()} />
        </ListState>
      </ListState>
      {/* Only a shop that exists (and is not the member's own) has a cart to show. */}
      {shopId > 0 && shop.data && !shop.data.mine && (
        <div className="shop-bar">
          <Badge content={inCart || null}>
            <span>{t('userShop.page.cart')}</span>
          </Badge>
          <Button color="primary" disabled={inCart === 0} onClick={() => navigate(`${paths.shop.cart}?shop_id=${shopId}`)}>
            {t('userShop.app.checkout')}
          </Button>
        </div>
      )}
      <Sheet label={t('userShop.app.addToCart')} visible={chosen > 0} onMaskClick={() => setChosen(0)} onClose={() => setChosen(0)}>
        {chosen > 0 && <AddSku shopId={shopId} shopGoodsId={chosen} onDone={() => setChosen(0)} />}
      </Sheet>
    </div>
  );
}

function AddSku({ shopId, shopGoodsId, onDone }: { shopId: number; shopGoodsId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const info = useShopGoodsInfo(shopGoodsId);
  const add = useAddToShopCart();
  const [skuId, setSkuId] = useState(0);
  const [num, setNum] = useState(1);
  const sku = info.data?.skus.find((s) => s.sku_id === skuId) ?? (info.data?.skus.length === 1 ? info.data.skus[0] : undefined);
  const submit = async () => {
    if (!sku) return void showToast(t('userShop.app.pickSku'));
    await changeThen(
      () => add.mutateAsync({ shop_id: shopId, sku_id: sku.sku_id, num }),
      () => {
        showToast(t('userShop.app.added'));
        onDone();
      },
    );
  };
  return (
    <div className="shop-section">
      <ListState loading={info.isPending} error={info.isError} failure={info.error} empty={false} onRetry={() => void info.refetch()}>
        {info.data && (
          <>
            <div className="shop-title">{info.data.name}</div>
            {/* Each option with the price the buyer pays for it (the options of goods may differ in price). */}
            <ChoiceChips
              label={t('userShop.field.sku')}
              columns={1}
              options={info.data.skus.map((s) => ({
                label: (
                  <span data-sku-option={s.sku_id}>
                    {s.spec_text || info.data!.name} · <Amount value={s.price} currency={info.data!.currency} /> · {t('userShop.app.stock')} {s.stock}
                  </span>
                ),
                value: s.sku_id,
                disabled: s.stock === 0,
              }))}
              value={sku?.sku_id}
              onChange={setSkuId}
            />
            <div className="shop-actions">
              <Stepper min={1} max={Math.max(1, Math.min(99, sku?.stock ?? 1))} value={num} onChange={setNum} />
              <Button color="primary" loading={add.isPending} onClick={() => void submit()}>
                {t('userShop.app.addToCart')}
              </Button>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
