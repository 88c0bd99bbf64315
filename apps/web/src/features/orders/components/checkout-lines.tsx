import { Button } from 'antd-mobile';
import type { CheckoutData } from '@shop/contract/orders';
import { formatAmount } from '@/components/amount';
import { paths } from '@/config/paths';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useTranslation } from '@/lib/i18n';
import { OrderLines, type OrderLineMark } from './order-lines';

type CheckoutLine = CheckoutData['lines'][number];

/**
 * Checkout's lines, each that changed since the cart marked with its own reason (what is left, off
 * sale, the price it was put in the cart at). When some cannot be bought, a way on: the rest of the
 * cart's lines without them, or back to the cart (to the goods, for an SKU bought at once).
 */
export function CheckoutLines({ lines, currency }: { lines: CheckoutLine[]; currency: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const marks = (l: CheckoutLine): OrderLineMark[] => [
    ...(l.problem ? [{ kind: 'problem' as const, text: t(`orders.cart.problem.${l.problem}`, { stock: l.stock }) }] : []),
    ...(l.price_changed && l.added_price !== null ? [{ kind: 'notice' as const, text: t('orders.cart.priceChanged', { price: formatAmount(l.added_price, currency) }) }] : []),
  ];
  const blocked = lines.some((l) => !l.available);
  const fromCart = lines.every((l) => l.cart_id !== null);
  const rest = lines.filter((l) => l.available);
  // The same page for the lines that can be bought (the address and what the member wrote stay); the
  // cart keeps the others, to change there.
  const withoutThem = () => {
    const next = new URLSearchParams(params);
    next.set('cart_ids', rest.map((l) => l.cart_id).join(','));
    navigate(`${paths.goods.checkout}?${next}`, { replace: true });
  };
  const back = () => navigate(fromCart ? paths.tabbar.cart : `${paths.goods.details}?id=${lines[0]!.goods_id}`, { replace: true });
  return (
    <>
      <OrderLines lines={lines.map((l, i) => ({ ...l, id: i, unavailable: !l.available, marks: marks(l) }))} currency={currency} />
      {blocked && (
        <div className="checkout-problem" role="alert">
          <div>{t('orders.checkout.unavailable')}</div>
          <div className="checkout-problem-actions">
            {fromCart && rest.length > 0 && (
              <Button size="small" color="primary" onClick={withoutThem}>
                {t('orders.checkout.orderTheRest')}
              </Button>
            )}
            <Button size="small" onClick={back}>
              {fromCart ? t('orders.checkout.backToCart') : t('orders.checkout.backToGoods')}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
