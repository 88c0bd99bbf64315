import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { usePayment } from '../api/get-payment';
import { payableFrom } from '../payable';
import PayFinishPage from './pay-finish-page';
import '../payments.css';

/**
 * A payment taken on its gateway's own page (hosted card page, bank, wallet app): the amount and
 * the way there. The payment is read again meanwhile; once it ended, its result is shown here.
 */
export default function PayNormalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const paymentNo = params.get('payment_no') ?? undefined;
  const payable = payableFrom(params);
  const payment = usePayment(paymentNo ? { payment_no: paymentNo, order_type: payable.order_type } : { order_id: payable.order_id, order_type: payable.order_type }, Boolean(paymentNo) || payable.order_id > 0);
  const p = payment.data;
  if (p && (p.state !== 'in_progress' || !p.redirect_url)) return <PayFinishPage />;

  return (
    <div className="page pay-page">
      <PageHeader title={t('app.page.payment')} />
      <ListState loading={payment.isPending} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
        {p?.redirect_url && (
          <>
            <section className="pay-section pay-result">
              <div className="pay-amount">{formatAmount(p.gateway_part, p.currency)}</div>
              <div className="pay-muted">{t('payments.pay.orderNo', { no: p.order_no })}</div>
              <div>{t('payments.redirect.text')}</div>
            </section>
            <div className="pay-actions">
              <a className="pay-link" href={p.redirect_url} rel="noopener">
                {t('payments.redirect.go')}
              </a>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
