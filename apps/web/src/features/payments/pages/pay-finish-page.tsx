import { Button, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useNavigate, useSearchParams } from '@/lib/router';
import { usePayment } from '../api/get-payment';
import { payableFrom, payableQuery } from '../payable';
import '../payments.css';

/** Where the payable is seen after paying: the order, or the wallet for a top-up. */
const payablePage = (type: string, id: number) => (type === 'order' ? `${paths.order.details}?id=${id}` : type === 'recharge' ? paths.wallet.recharges : paths.tabbar.my);

/**
 * The payment's result as the server says it: in progress (read again with back-off, never shown
 * as paid before the server says so), paid, or failed with the way to pay again.
 */
export default function PayFinishPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const paymentNo = params.get('payment_no') ?? undefined;
  const payable = payableFrom(params);
  const query = paymentNo ? { payment_no: paymentNo, order_type: payable.order_type } : { order_id: payable.order_id, order_type: payable.order_type };
  const payment = usePayment(query, Boolean(paymentNo) || payable.order_id > 0);
  const p = payment.data;

  return (
    <div className="page pay-page">
      <PageHeader title={t('app.page.payFinish')} />
      <ListState loading={payment.isPending} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
        {p && (
          <>
            <section className="pay-section pay-result" role="status">
              {p.state === 'in_progress' && <SpinLoading color="primary" aria-hidden />}
              <div className={`pay-result-title ${p.state === 'success' ? 'success' : p.state === 'failed' ? 'failed' : ''}`}>{t(`payments.state.${p.state}`)}</div>
              <div className="pay-amount">{formatAmount(p.amount + p.fee, p.currency)}</div>
              <div className="pay-muted">{t('payments.pay.orderNo', { no: p.order_no })}</div>
              {p.state === 'in_progress' && <div className="pay-muted">{t('payments.result.waiting')}</div>}
              {p.state === 'success' && <div className="pay-muted">{t('payments.result.paid')}</div>}
              {p.state === 'failed' && <div className="pay-muted">{p.message ?? t('payments.result.notTaken')}</div>}
            </section>
            <div className="pay-actions">
              {p.state === 'failed' && (
                <Button block color="primary" shape="rounded" onClick={() => navigate(`${paths.goods.payNext}?${payableQuery({ order_id: p.order_id, order_type: p.order_type })}`, { replace: true })}>
                  {t('payments.result.payAgain')}
                </Button>
              )}
              {p.state === 'in_progress' && (
                <Button block shape="rounded" loading={payment.isFetching} onClick={() => void payment.refetch()}>
                  {t('payments.result.checkAgain')}
                </Button>
              )}
              <Button block shape="rounded" color={p.state === 'success' ? 'primary' : 'default'} onClick={() => navigate(payablePage(p.order_type, p.order_id), { replace: true })}>
                {t(p.order_type === 'order' ? 'payments.result.viewOrder' : 'payments.result.viewRecords')}
              </Button>
              <Button block shape="rounded" fill="none" onClick={() => navigate(paths.tabbar.home, { replace: true })}>
                {t('payments.result.home')}
              </Button>
            </div>
          </>
        )}
      </ListState>
    </div>
  );
}
