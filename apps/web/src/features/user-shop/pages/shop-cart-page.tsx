import { useState } from 'react';
import { Button, Radio, Space, Stepper, SwipeAction } from 'antd-mobile';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { changeThen } from '@/lib/change-then';
import { ApiError, newIdempotencyKey } from '@/lib/request';
import { ResponseCode } from '@shop/contract/common';
import type { ShopCartLine } from '@shop/contract/user-shop';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useCreateShopOrder, useRemoveShopCartLines, useShippingAddresses, useShopCart, useUpdateShopCartLine } from '../api/user-shop';
import '../user-shop.css';
import { useTranslation } from '@/lib/i18n';
import { useFullName } from '@/lib/person-name';

/** The shop carts (one per shop) and their checkout: one shop per order, shipped to the default address (or one picked from the list) or picked up, then paid. */
export default function ShopCartPage() {
  const { t } = useTranslation();
  const fullName = useFullName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const onlyShop = Number(params.get('shop_id') ?? 0);
  const cart = useShopCart(onlyShop > 0 ? onlyShop : undefined);
  const addresses = useShippingAddresses();
  // The address list in pick mode comes back here with `address_id`: shipping to it is then the choice.
  const pickedAddress = Number(params.get('address_id')) || undefined;
  const list = addresses.data?.list ?? [];
  const address = list.find((a) => a.id === pickedAddress) ?? list.find((a) => a.is_default) ?? list[0];
  const update = useUpdateShopCartLine();
  const remove = useRemoveShopCartLines();
  const [delivery, setDelivery] = useState<'ship' | 'pickup'>(pickedAddress ? 'ship' : 'pickup');
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useCreateShopOrder(key);
  const groups = cart.data?.shops ?? [];
  // What keeps a line from being ordered, said plainly: how many are left when fewer than wanted.
  const lineProblemText = (l: ShopCartLine) => {
    if (l.problem === 'not_enough_stock') return t('userShop.app.onlyLeft', { stock: l.stock });
    if (l.problem === 'out_of_stock') return t('userShop.app.soldOut');
    if (l.problem === 'shop_paused') return t('userShop.code.shopNotTakingOrders');
    return t('userShop.app.unavailable');
  };
  const pickAddress = () => {
    const back = onlyShop > 0 ? `${paths.shop.cart}?shop_id=${onlyShop}` : paths.shop.cart;
    navigate(`${paths.address.list}?${new URLSearchParams({ pick: '1', return: back })}`);
  };
  const checkout = async (shopId: number, lineIds: number[], shownTotal: number) => {
    // The total shown is the one agreed to: a price changed since is refused, and the cart is read again to show the new one.
    const where = delivery === 'pickup' ? { pickup: true as const } : { address_id: address?.id };
    const body = { shop_id: shopId, line_ids: lineIds, expected_total: shownTotal, ...where };
    const refetchCart = cart.refetch;
    await changeThen(
      () =>
        create
          .mutateAsync(body)
          .catch((e: unknown) => {
            if (e instanceof ApiError && e.code === ResponseCode.priceChanged) void refetchCart();
            throw e;
          })
          .finally(() => setKey(newIdempotencyKey())),
      (placed) => navigate(`${paths.goods.payNext}?order_id=${placed.order_id}&order_type=shop_order`, { replace: true }),
    );
  };
  return (
    <div className="page shop-page">
      <PageHeader title={t('userShop.page.cart')} />
      <ListState loading={cart.isPending} error={cart.isError} failure={cart.error} empty={groups.length === 0} emptyText={t('userShop.app.cartEmpty')} onRetry={() => void cart.refetch()}>
        <section className="shop-section">
          <div className="shop-title">{t('userShop.app.delivery')}</div>
          <Radio.Group value={delivery} onChange={(v) => setDelivery(v as 'ship' | 'pickup')}>
            <Space direction="vertical">
              <Radio value="pickup">{t('userShop.delivery.pickup')}</Radio>
              <Radio value="ship" disabled={!address}>
                {t('userShop.delivery.ship')}
                {address ? ` · ${fullName(address.name, address.surname, address.country)}, ${address.city || address.country_name}` : ` · ${t('userShop.app.noAddress')}`}
              </Radio>
            </Space>
          </Radio.Group>
          {addresses.data && (
            <div>
              <Button size="mini" fill="none" color="primary" onClick={pickAddress}>
                {t(address ? 'userShop.app.changeAddress' : 'userShop.app.addAddress')}
              </Button>
            </div>
          )}
        </section>
        {groups.map((g) => {
          const chosen = g.list.filter((l) => l.selected && l.available);
          // A shop that no longer exists (closed, as its page tells buyers) takes no order: its lines are only to remove.
          const gone = g.list.some((l) => l.problem === 'shop_gone');
          return (
            <section key={g.shop.id} className="shop-section" data-cart-shop={g.shop.id}>
              <div className="shop-title">{g.shop.name}</div>
              {g.list.map((l) => (
                <SwipeAction key={l.id} rightActions={[{ key: 'del', text: t('userShop.app.remove'), color: 'danger', onClick: () => remove.mutate({ ids: [l.id] }) }]}>
                  <div className="shop-line">
                    {l.image && <img src={l.image} alt="" />}
                    <div className="shop-line-body">
                      {l.name}
                      <div className="shop-muted">{l.spec_text}</div>
                      <Amount value={l.price} currency={l.currency} />
                      {!gone && !l.available && <div className="shop-status">{lineProblemText(l)}</div>}
                    </div>
                    {gone ? (
                      <span className="shop-muted">×{l.num}</span>
                    ) : (
                      // Never above what the shop holds, but a line already above it can always be lowered.
                      <Stepper min={1} max={Math.min(99, Math.max(l.stock, l.num))} value={l.num} onChange={(num) => update.mutate({ id: l.id, num })} />
                    )}
                  </div>
                </SwipeAction>
              ))}
              {gone ? (
                <div className="shop-actions">
                  <span className="shop-status">{t('userShop.app.shopGone')}</span>
                  <Button color="danger" fill="outline" loading={remove.isPending} onClick={() => remove.mutate({ ids: g.list.map((l) => l.id) })}>
                    {t('userShop.app.removeShopLines')}
                  </Button>
                </div>
              ) : (
                <div className="shop-actions">
                  <span>
                    {t('userShop.app.total')}{' '}
                    <span className="shop-price">
                      <Amount value={g.selected_total} currency={g.currency} />
                    </span>
                  </span>
                  <Button color="primary" disabled={chosen.length === 0 || (delivery === 'ship' && !address)} loading={create.isPending} onClick={() => void checkout(g.shop.id, chosen.map((l) => l.id), g.selected_total)}>
                    {t('userShop.app.placeOrder')}
                  </Button>
                </div>
              )}
            </section>
          );
        })}
      </ListState>
    </div>
  );
}
