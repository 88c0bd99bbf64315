import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { use2c2pReturn, pageNamesPayment, usePaymentOfPage } from '../api/get-payment';
import { useCreate2c2pToken } from '../api/start-gateway-payment';
import { GatewayHandoff } from '../components/gateway-handoff';
import { PaymentResult } from '../components/payment-result';
import { StartingState } from '../components/starting-state';
import { payableFrom } from '../payable';
import { useStartOnArrival } from '../start-on-arrival';
import PayFinishPage from './pay-finish-page';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * Paying through 2C2P (PGW 4.3). Opened with a method, it asks for a payment token
 * (`createToken`) and offers 2C2P's payment page; 2C2P sends the browser back here with its
 * unsigned `paymentResponse`, which only names the invoice: the shop asks 2C2P (`queryOrder2c2p`)
 * and shows what 2C2P says.
 */
export default function Pay2c2pPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const returned = params.get('paymentResponse');
  const arrival = useStartOnArrival(params, paths.pay.pay2c2p, useCreate2c2pToken);
  const payment = usePaymentOfPage(params, !arrival.starting && !returned);
  const named = pageNamesPayment(params);
  const back = use2c2pReturn({ paymentResponse: returned ?? undefined, payment_no: params.get('payment_no') ?? undefined, order_type: payableFrom(params).order_type }, Boolean(returned));
  const p = payment.data;
  if (!returned && p && p.state !== 'in_progress') return <PayFinishPage />;
  const shown = returned ? back : payment;

  return (
    <div className="page pay-page">
      <PageHeader title={t(returned ? 'app.page.payFinish' : 'payments.page.2c2p')} />
      {arrival.starting ? (
        <StartingState failed={arrival.failed} onRetry={arrival.retry} />
      ) : (
        <ListState loading={shown.isPending && named} missing={named ? undefined : t('payments.missing')} error={shown.isError} failure={shown.error} empty={false} onRetry={() => void shown.refetch()}>
          {returned && back.data && <PaymentResult payment={back.data} checking={back.isFetching} onCheck={() => void back.refetch()} />}
          {!returned && p && <GatewayHandoff payment={p} text={t('payments.2c2p.text')} />}
        </ListState>
      )}
    </div>
  );
}
