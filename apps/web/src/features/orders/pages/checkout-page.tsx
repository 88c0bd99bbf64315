import { useEffect, useMemo, useState } from 'react';
import { Button, Input, TextArea } from 'antd-mobile';
import { ToggleSwitch } from '@/components/toggle-switch';
import { RightOutline } from 'antd-mobile-icons';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { ORDER_REMARKS_MAX } from '@shop/contract/orders';
import { ResponseCode } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { Amount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { ApiError, newIdempotencyKey } from '@/lib/request';
import { useMemberSecurity } from '@/lib/member-security';
import { PayPasswordForm } from '@/components/pay-password-form';
import { Sheet } from '@/components/sheet';
import { showToast } from '@/lib/toast';
import { useCheckout, type CheckoutSource } from '../api/get-checkout';
import { useCreateOrder } from '../api/create-order';
import { AddressCard } from '../components/address-card';
import { OrderAmounts } from '@/components/order-amounts';
import { CheckoutLines } from '../components/checkout-lines';
import { dropCheckoutDraft, keepCheckoutDraft, keepCheckoutDraftWhilePicking, readCheckoutDraft, type CheckoutDraft } from '../checkout-draft';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';
import '../orders.css';
import { useTranslation } from '@/lib/i18n';

const POINT_KINDS = ['points', 'shopping_points'] as const;
type PointKind = (typeof POINT_KINDS)[number];

/** The refusals of points beyond the member's balance, by the kind refused (the preview refuses them as the order would). */
const POINTS_REFUSED: Partial<Record<number, PointKind>> = { [ResponseCode.insufficientPoints]: 'points', [ResponseCode.insufficientShoppingPoints]: 'shopping_points' };

const positive = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : undefined);

/** `pages/goods/goodsPay`: address, lines, fees, total and remarks; places the order. */
export default function CheckoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // What is bought, as the page's query without the address: the page picking an address comes back to it.
  const checkout = useMemo(() => {
    const rest = new URLSearchParams(params);
    rest.delete('address_id');
    return rest.toString();
  }, [params]);
  // What the member chose here survives a trip to the address list and back (the page is opened again)
  // and a reload of this page (the new version's banner, the browser's), and only those.
  const leftOpen = useDraftLeftOpen<CheckoutDraft>('checkout');
  const [draft] = useState(() => leftOpen ?? readCheckoutDraft(checkout));
  const [couponInput, setCouponInput] = useState(draft?.couponInput ?? '');
  const [coupon, setCoupon] = useState(draft?.coupon ?? '');
  const chosen = useMemo<CheckoutSource>(() => {
    const skuId = positive(params.get('sku_id'));
    const addressId = positive(params.get('address_id'));
    const base = addressId ? { address_id: addressId } : {};
    if (skuId) return { ...base, goods_id: positive(params.get('goods_id')), sku_id: skuId, num: positive(params.get('num')) ?? 1 };
    const cartIds = params.get('cart_ids');
    return cartIds && /^\d+(,\d+)*$/.test(cartIds) ? { ...base, cart_ids: cartIds } : base;
  }, [params]);
  // Points the member chose to spend, per kind: the most the order could take when they switched it on.
  const [points, setPoints] = useState<Partial<Record<PointKind, number>>>(draft?.points ?? {});
  const source = useMemo<CheckoutSource>(() => ({ ...chosen, ...(coupon ? { coupon_code: coupon } : {}), ...points }), [chosen, coupon, points]);
  const preview = useCheckout(source);
  // Points switched on before some were spent elsewhere are more than the member holds now: said, and switched off.
  const refusedKind = preview.isError && preview.error instanceof ApiError && preview.error.code !== undefined ? POINTS_REFUSED[preview.error.code] : undefined;
  const pointsRefusal = refusedKind ? preview.error!.message : '';
  useEffect(() => {
    if (!refusedKind) return;
    showToast(pointsRefusal);
    setPoints(({ [refusedKind]: _gone, ...rest }) => rest);
  }, [refusedKind, pointsRefusal]);
  // A coupon that does not apply is said and dropped; the order stays as it was.
  const couponError = coupon && preview.isError && !refusedKind ? preview.error.message : '';
  useEffect(() => {
    if (!couponError) return;
    showToast(couponError);
    setCoupon('');
  }, [couponError]);
  // One key per visit of the page: tapping submit again after a lost answer repeats the same order.
  // A refusal is final for its key: another attempt (the pay password typed again, the new total) is another request.
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useCreateOrder(key);
  // Points are the wallet's value: spending them asks the pay password (and code) in a sheet, never kept.
  const [asking, setAsking] = useState(false);
  const { googleBound, hasPayPassword } = useMemberSecurity();
  const here = useLocation();
  const [remarks, setRemarks] = useState(draft?.remarks ?? '');
  useEffect(() => keepCheckoutDraft(checkout, { remarks, couponInput, coupon, points }), [checkout, remarks, couponInput, coupon, points]);
  useKeepOpenDraft('checkout', { remarks, couponInput, coupon, points } satisfies CheckoutDraft);
  const data = preview.data;
  const chooseAddress = () => {
    keepCheckoutDraftWhilePicking(checkout);
    navigate(`${paths.address.list}?${new URLSearchParams({ pick: '1', return: checkout ? `${paths.goods.checkout}?${checkout}` : paths.goods.checkout })}`);
  };

  const spendsPoints = Boolean(data && (data.points_used > 0 || data.shopping_points_used > 0));
  const submit = async () => {
    if (!data?.address) return showToast(t('orders.checkout.chooseAddress'));
    if (spendsPoints) return setAsking(true);
    await place();
  };

  /** Places the order at the total shown (the server refuses another one), with the pay proof when points are spent. */
  const place = async (proof: { pay_password?: string; google_code?: string } = {}) => {
    if (!data?.address) return;
    const lines = data.lines;
    const order = await create
      .mutateAsync({
        ...(lines.every((l) => l.cart_id === null) ? { goods_id: lines[0]!.goods_id, sku_id: lines[0]!.sku_id, num: lines[0]!.num } : { cart_ids: lines.map((l) => l.cart_id!) }),
        address_id: data.address.id,
        remarks,
        ...(coupon ? { coupon_code: coupon } : {}),
        points: data.points_used,
        shopping_points: data.shopping_points_used,
        expected_total: data.total,
        ...proof,
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && (e.kind === 'code' || e.kind === 'http')) setKey(newIdempotencyKey());
        // The price changed since this preview (its toast says so): the new total is shown to confirm.
        if (e instanceof ApiError && e.code === ResponseCode.priceChanged) {
          setAsking(false);
          void preview.refetch();
        }
        throw e;
      });
    setAsking(false);
    dropCheckoutDraft();
    showToast(t('orders.checkout.placed'));
    // Straight on to paying it (the order page keeps its "Pay now" for later); points that paid it all leave nothing to pay.
    if (order.status === 'paid') navigate(`${paths.order.details}?id=${order.order_id}`, { replace: true });
    else navigate(`${paths.goods.payNext}?order_id=${order.order_id}&order_type=order`, { replace: true });
  };

  return (
    <div className="page checkout-page orders-page">
      <PageHeader title={t('app.page.goodsPay')} />
      <ListState loading={preview.isPending} error={preview.isError && !coupon && !refusedKind} failure={preview.error} empty={false} emptyText={t('orders.checkout.nothing')} onRetry={() => void preview.refetch()}>
        {data && (
          <>
            <button type="button" className="order-section checkout-address" onClick={chooseAddress} style={{ display: 'flex', width: 'calc(100% - 24px)', border: 0, textAlign: 'left', alignItems: 'center' }}>
              <div style={{ flex: 1 }}>{data.address ? <AddressCard address={data.address} /> : <span>{t('orders.checkout.addAddress')}</span>}</div>
              <RightOutline />
            </button>
            <section className="order-section">
              <CheckoutLines lines={data.lines} currency={data.currency} />
            </section>
            <section className="order-section">
              <OrderAmounts amounts={data} freightPending={!data.address} />
            </section>
            <section className="order-section checkout-coupon" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              <Input placeholder={t('orders.checkout.couponCode')} value={couponInput} onChange={setCouponInput} aria-label={t('orders.checkout.couponCode')} style={{ flex: 1 }} />
              <Button className="tap-target" size="small" onClick={() => setCoupon(couponInput.trim())}>
                {t('orders.checkout.applyCoupon')}
              </Button>
            </section>
            {POINT_KINDS.some((k) => data.points_offer[k].balance > 0) && (
              <section className="order-section checkout-points">
                {POINT_KINDS.filter((k) => data.points_offer[k].balance > 0).map((kind) => {
                  const offer = data.points_offer[kind];
                  const on = points[kind] !== undefined;
                  const label = t(kind === 'points' ? 'orders.checkout.points' : 'orders.checkout.shoppingPoints', { count: on ? (kind === 'points' ? data.points_used : data.shopping_points_used) : offer.max });
                  return (
                    <div key={kind} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 0' }}>
                      <div style={{ flex: 1 }}>
                        <div>{label}</div>
                        <div className="order-muted">{t('orders.checkout.pointsBalance', { count: offer.balance })}</div>
                      </div>
                      <ToggleSwitch
                        aria-label={label}
                        checked={on}
                        disabled={!on && offer.max === 0}
                        onChange={(v) => setPoints((p) => {
                          const { [kind]: _gone, ...rest } = p;
                          return v ? { ...rest, [kind]: offer.max } : rest;
                        })}
                      />
                    </div>
                  );
                })}
              </section>
            )}
            {data.points_earned > 0 && <div className="order-section order-muted">{t('orders.checkout.earn', { count: data.points_earned })}</div>}
            <section className="order-section">
              <TextArea placeholder={t('orders.checkout.remarks')} maxLength={ORDER_REMARKS_MAX} showCount value={remarks} onChange={setRemarks} aria-label={t('orders.checkout.remarks')} />
            </section>
            <div className="checkout-bar">
              <span>
                {t('orders.amount.total')} <Amount value={data.total} currency={data.currency} className="cart-bar-amount" />
              </span>
              <Button color="primary" shape="rounded" disabled={!data.can_submit} loading={create.isPending} onClick={() => void submit().catch(() => {})}>
                {t('orders.checkout.submit')}
              </Button>
            </div>
            <Sheet label={t('orders.checkout.payPasswordTitle')} visible={asking} onMaskClick={() => setAsking(false)} onClose={() => setAsking(false)} destroyOnClose bodyStyle={{ padding: 12, boxSizing: 'border-box' }}>
              <div className="order-status">{t('orders.checkout.payPasswordTitle')}</div>
              <p className="order-muted">{t('orders.checkout.payPasswordNote')}</p>
              <div className="order-muted">
                {t('orders.amount.total')} <Amount value={data.total} currency={data.currency} />
              </div>
              {!hasPayPassword && (
                <div className="order-muted" role="note">
                  {t('wallet.code.payPasswordNotSet')}{' '}
                  <Button size="mini" fill="none" color="primary" onClick={() => {
                      keepCheckoutDraftWhilePicking(checkout);
                      navigate(`${paths.other.settings}?${new URLSearchParams({ section: 'payPassword', return: `${here.pathname}${here.search}` })}`);
                    }}
                  >
                    {t('wallet.action.setPayPassword')}
                  </Button>
                </div>
              )}
              <PayPasswordForm googleBound={googleBound} submitText={t('orders.checkout.submit')} busy={create.isPending} onSubmit={(proof) => place(proof)} />
            </Sheet>
          </>
        )}
      </ListState>
    </div>
  );
}
