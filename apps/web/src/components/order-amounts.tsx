import { Amount } from '@/components/amount';
import { useTranslation } from '@/lib/i18n';
import './order-amounts.css';

interface Amounts {
  currency: string;
  subtotal: number;
  coupon_discount: number;
  operating_fee_rate: number;
  operating_fee: number;
  freight: number;
  points_value: number;
  shopping_points_value: number;
  total: number;
}

/**
 * Subtotal, coupon, global operating fee, freight, points and total, as the shop computed them (a
 * checkout, a group buy before it is placed, an order). `freightPending`: no address is chosen yet,
 * so the freight is not known (it is not free).
 */
export function OrderAmounts({ amounts, freightPending = false }: { amounts: Amounts; freightPending?: boolean }) {
  const { t } = useTranslation();
  const a = amounts;
  return (
    <dl className="order-amounts">
      <dt>{t('orders.amount.subtotal')}</dt>
      <dd>
        <Amount value={a.subtotal} currency={a.currency} />
      </dd>
      {a.coupon_discount > 0 && (
        <>
          <dt>{t('orders.amount.coupon')}</dt>
          <dd>
            <Amount value={-a.coupon_discount} currency={a.currency} />
          </dd>
        </>
      )}
      {/* A fee of nothing is no line: "(0%) $0.00" only makes the shopper wonder. */}
      {a.operating_fee > 0 && (
        <>
          <dt>{t('orders.amount.operatingFee', { rate: (a.operating_fee_rate / 100).toString() })}</dt>
          <dd>
            <Amount value={a.operating_fee} currency={a.currency} />
          </dd>
        </>
      )}
      <dt>{t('orders.amount.freight')}</dt>
      <dd>{freightPending ? t('orders.amount.freightWithAddress') : a.freight === 0 ? t('orders.amount.freeShipping') : <Amount value={a.freight} currency={a.currency} />}</dd>
      {a.points_value > 0 && (
        <>
          <dt>{t('orders.amount.points')}</dt>
          <dd>
            <Amount value={-a.points_value} currency={a.currency} />
          </dd>
        </>
      )}
      {a.shopping_points_value > 0 && (
        <>
          <dt>{t('orders.amount.shoppingPoints')}</dt>
          <dd>
            <Amount value={-a.shopping_points_value} currency={a.currency} />
          </dd>
        </>
      )}
      <dt className="order-total">{t('orders.amount.total')}</dt>
      <dd className="order-total">
        <Amount value={a.total} currency={a.currency} />
      </dd>
    </dl>
  );
}
