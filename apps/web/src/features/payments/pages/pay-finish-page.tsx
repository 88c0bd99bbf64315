import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { pageNamesPayment, usePaymentOfPage } from '../api/get-payment';
import { PaymentResult } from '../components/payment-result';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * The payment's result as the server says it: in progress (read again with back-off, never shown
 * as paid before the server says so), paid, or failed with the way to pay again.
 */
export default function PayFinishPage() {
  return <PaymentResultPage titleKey="app.page.payFinish" />;
}

/** The result page under a title of its own (a gateway's return page). */
export function PaymentResultPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const payment = usePaymentOfPage(params);
  const named = pageNamesPayment(params);
  return (
    <div className="page pay-page">
      <PageHeader title={t(titleKey)} />
      <ListState loading={payment.isPending && named} missing={named ? undefined : t('payments.missing')} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
        {payment.data && <PaymentResult payment={payment.data} checking={payment.isFetching} onCheck={() => void payment.refetch()} />}
      </ListState>
    </div>
  );
}
