import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { pageNamesPayment, usePaymentOfPage } from '../api/get-payment';
import { GatewayHandoff } from '../components/gateway-handoff';
import PayFinishPage from './pay-finish-page';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * A payment taken on its gateway's own page (hosted card page, bank, wallet app): the amount and
 * the way there. The payment is read again meanwhile; once it ended, its result is shown here.
 */
export default function PayNormalPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const payment = usePaymentOfPage(params);
  const named = pageNamesPayment(params);
  const p = payment.data;
  if (p && (p.state !== 'in_progress' || !p.redirect_url)) return <PayFinishPage />;

  return (
    <div className="page pay-page">
      <PageHeader title={t('app.page.payment')} />
      <ListState loading={payment.isPending && named} missing={named ? undefined : t('payments.missing')} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
        {p && <GatewayHandoff payment={p} />}
      </ListState>
    </div>
  );
}
