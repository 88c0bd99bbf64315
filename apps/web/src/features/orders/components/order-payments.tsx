import type { OrderPayment } from '@shop/contract/orders';
import { Amount, formatAmount } from '@/components/amount';
// The amounts' list style, shared with the order's own amounts.
import '@/components/order-amounts.css';
import { formatDate, formatNumber, formatRate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/** The method's name as shoppers know it (the app's text for it), else its code. */
function useMethodName() {
  const { t, i18n } = useTranslation();
  return (payWay: string) => (i18n.exists(`payments.method.${payWay}`) ? t(`payments.method.${payWay}`) : payWay);
}

/**
 * A refund's reason in the reader's language: the payments area stores it in English words of a kind
 * ("order cancelled", "after-sale AS…", "shop order … rejected"), or the kind of the payment's flag
 * when it gives back money the order could no longer take (`payable_not_payable`, or the payment
 * landed after the order expired or was cancelled: `paid_after_expiry`, `paid_after_cancel`); each kind has its
 * text, the case or order number kept. Any other reason (an operator's own words) is shown as written.
 */
export function useRefundReason() {
  const { t } = useTranslation();
  return (reason: string | null | undefined): string => {
    const r = (reason ?? '').trim();
    if (!r) return '';
    if (r === 'order cancelled') return t('orders.payments.refundReason.orderCancelled');
    if (r === 'payable_not_payable') return t('orders.payments.refundReason.paidAfterClose');
    if (r === 'paid_after_expiry') return t('orders.payments.refundReason.paidAfterExpiry');
    if (r === 'paid_after_cancel') return t('orders.payments.refundReason.paidAfterCancel');
    const afterSale = /^after-sale (\S+)$/.exec(r);
    if (afterSale) return t('orders.payments.refundReason.afterSale', { case_no: afterSale[1] ?? '' });
    const rejected = /^shop order (\S+) rejected$/.exec(r);
    if (rejected) return t('orders.payments.refundReason.shopOrderRejected', { order_no: rejected[1] ?? '' });
    return r;
  };
}

/**
 * What paid the order: each payment with its method, the order's amount, the method's surcharge and
 * the total charged, the wallet's and the gateway's parts, the converted amount with its rate, when,
 * and each refund with its state and where it went (in the after-sales case page's words).
 */
export function OrderPayments({ payments }: { payments: OrderPayment[] | undefined }) {
  const { t } = useTranslation();
  const methodName = useMethodName();
  const refundReason = useRefundReason();
  if (!payments?.length) return null;
  return (
    <section className="order-section order-payments" aria-labelledby="order-payments-title">
      <h2 id="order-payments-title" className="order-payments-title">{t('orders.payments.title')}</h2>
      {payments.map((p) => (
        <article key={p.payment_no} className="order-payment" aria-label={methodName(p.pay_way)}>
          <div className="order-payment-head">
            <strong>{methodName(p.pay_way)}</strong>
            <Amount value={p.charged} currency={p.currency} className="order-payment-charged" />
          </div>
          <dl className="order-amounts">
            <dt>{t('orders.payments.amount')}</dt>
            <dd><Amount value={p.amount} currency={p.currency} /></dd>
            {p.fee > 0 && (
              <>
                <dt>{t('orders.payments.surcharge')}</dt>
                <dd><Amount value={p.fee} currency={p.currency} /></dd>
              </>
            )}
            <dt>{t('orders.payments.charged')}</dt>
            <dd><Amount value={p.charged} currency={p.currency} /></dd>
            {p.gateway !== null && (p.balance_part > 0 || p.balance_released > 0) && (
              <>
                {p.balance_part > 0 && (
                  <>
                    <dt>{t('orders.payments.fromBalance')}</dt>
                    <dd><Amount value={p.balance_part} currency={p.currency} /></dd>
                  </>
                )}
                {/* Held while the card was paying, given back when the order could no longer take it: never charged. */}
                {p.balance_released > 0 && (
                  <>
                    <dt>{t('orders.payments.balanceReleased')}</dt>
                    <dd><Amount value={p.balance_released} currency={p.currency} /></dd>
                  </>
                )}
                <dt>{t('orders.payments.online')}</dt>
                <dd><Amount value={p.gateway_part} currency={p.currency} /></dd>
              </>
            )}
            {p.points !== null && (
              <>
                <dt>{t('orders.payments.pointsSpent')}</dt>
                <dd>{formatNumber(p.points)}</dd>
              </>
            )}
            {p.converted && (
              <>
                <dt>{t('orders.payments.converted', { currency: p.converted.currency })}</dt>
                <dd><Amount value={p.converted.amount} currency={p.converted.currency} /></dd>
                <dt>{t('orders.payments.rate')}</dt>
                <dd>{`1 ${p.currency} = ${formatRate(p.converted.rate)} ${p.converted.currency}`}</dd>
              </>
            )}
            <dt>{t('orders.payments.paidAt')}</dt>
            <dd>{formatDate(p.paid_at ?? p.created_at)}</dd>
          </dl>
          {p.refunds.map((r) => (
            <div key={r.refund_no} className={`order-refund order-refund-${r.status}`}>
              <div className="order-payment-head">
                <span>{t(`orders.payments.refund.${r.status}`)}</span>
                <Amount value={-r.amount} currency={r.currency} />
              </div>
              <div className="order-refund-to">{t(`afterSales.app.refundTo.${r.to}`, { amount: formatAmount(r.amount, r.currency), method: methodName(r.pay_way) })}</div>
              <div className="order-muted">
                {formatDate(r.finished_at ?? r.created_at)}
                {r.reason ? ` · ${refundReason(r.reason)}` : ''}
              </div>
            </div>
          ))}
        </article>
      ))}
    </section>
  );
}
