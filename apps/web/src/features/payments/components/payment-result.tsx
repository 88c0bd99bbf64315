import { Button, SpinLoading } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { useNavigate } from '@/lib/router';
import { payableQuery } from '../payable';
import { useTranslation } from '@/lib/i18n';

/** Where the payable is seen after paying: the order, or the wallet for a top-up. */
export const payablePage = (type: string, id: number) => (type === 'order' ? `${paths.order.details}?id=${id}` : type === 'recharge' ? paths.wallet.recharges : type === 'shop_order' ? paths.shop.buyerOrders : paths.tabbar.my);

/**
 * Why the money is owed back and how much, or that it was refunded, worded for what was paid (an
 * order or a shop order; a top-up or a pledge, which is no order) as the member's message says it.
 */
function owedBackText(t: ReturnType<typeof useTranslation>['t'], p: PaymentInfo, owed: NonNullable<PaymentInfo['owed_back']>): string {
  const kind = `${p.order_type === 'recharge' || p.order_type === 'charity' ? `${p.order_type}_` : ''}owed_back_${owed.refunded ? 'refunded' : owed.reason}`;
  return t(`message.payment.${kind}.text`, { amount: formatAmount(owed.amount, owed.currency), order_no: p.order_no });
}

/**
 * A payment's result as the server answered it: in progress (with a way to check again), paid, or
 * failed with the way to pay again; then the payable and the shop. Money the gateway took when the
 * payable could no longer take it (paid on a page left open after the order was cancelled, or as its
 * shop paused) is said to be owed back and refunded, never paid nor "failed", and offers no new payment.
 */
export function PaymentResult({ payment: p, checking, onCheck }: { payment: PaymentInfo; checking: boolean; onCheck: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owed = p.owed_back;
  return (
    <>
      <section className="pay-section pay-result" role="status">
        {p.state === 'in_progress' && <SpinLoading color="primary" aria-hidden />}
        {owed ? (
          <div className="pay-result-title">{t(owed.refunded ? 'payments.owedBack.titleRefunded' : 'payments.owedBack.title')}</div>
        ) : (
          <div className={`pay-result-title ${p.state === 'success' ? 'success' : p.state === 'failed' ? 'failed' : ''}`}>{t(`payments.state.${p.state}`)}</div>
        )}
        <div className="pay-amount">{formatAmount(owed ? owed.amount : p.amount + p.fee, owed ? owed.currency : p.currency)}</div>
        {p.balance_part > 0 && p.gateway_part > 0 && <div className="pay-muted">{t('payments.mixed.parts', { balance: formatAmount(p.balance_part, p.currency), gateway: formatAmount(p.gateway_part, p.currency) })}</div>}
        <div className="pay-muted">{t('payments.pay.orderNo', { no: p.order_no })}</div>
        {p.state === 'in_progress' && <div className="pay-muted">{t('payments.result.waiting')}</div>}
        {owed ? (
          <div className="pay-muted">{owedBackText(t, p, owed)}</div>
        ) : (
          <>
            {p.state === 'success' && <div className="pay-muted">{t('payments.result.paid')}</div>}
            {p.state === 'failed' && <div className="pay-muted">{p.message ?? t('payments.result.notTaken')}</div>}
          </>
        )}
      </section>
      <div className="pay-actions">
        {p.state === 'failed' && !owed && (
          <Button block color="primary" shape="rounded" onClick={() => navigate(`${paths.goods.payNext}?${payableQuery({ order_id: p.order_id, order_type: p.order_type })}`, { replace: true })}>
            {t('payments.result.payAgain')}
          </Button>
        )}
        {p.state === 'in_progress' && (
          <Button block shape="rounded" loading={checking} onClick={onCheck}>
            {t('payments.result.checkAgain')}
          </Button>
        )}
        <Button block shape="rounded" color={p.state === 'success' ? 'primary' : 'default'} onClick={() => navigate(payablePage(p.order_type, p.order_id), { replace: true })}>
          {t(p.order_type === 'order' || p.order_type === 'shop_order' ? 'payments.result.viewOrder' : 'payments.result.viewRecords')}
        </Button>
        <Button block shape="rounded" fill="none" onClick={() => navigate(paths.tabbar.home, { replace: true })}>
          {t('payments.result.home')}
        </Button>
      </div>
    </>
  );
}
