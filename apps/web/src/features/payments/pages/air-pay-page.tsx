import { useState } from 'react';
import { Button } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useSearchParams } from '@/lib/router';
import { pageNamesPayment, usePaymentOfPage } from '../api/get-payment';
import { useStartAirwallexPayment } from '../api/start-gateway-payment';
import { GatewayHandoff } from '../components/gateway-handoff';
import { StartingState } from '../components/starting-state';
import { Unavailable } from '../components/unavailable';
import { paymentQuery } from '../next-page';
import { appAddress, redirectToAirwallexCheckout } from '../provider-sdk';
import { useStartOnArrival } from '../start-on-arrival';
import PayFinishPage from './pay-finish-page';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * Paying with Airwallex: a card or a Malaysian e-wallet (Touch 'n Go, Boost, GrabPay) on Airwallex's
 * hosted checkout. Opened with a method, it starts the payment (`createPaymentIntent`); then it
 * offers the way to Airwallex's page (Airwallex.js, loaded here only, or the sandbox's page) and
 * reads the payment until it ended.
 */
export default function AirPayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const arrival = useStartOnArrival(params, paths.pay.airwallex, useStartAirwallexPayment);
  const payment = usePaymentOfPage(params, !arrival.starting);
  const named = pageNamesPayment(params);
  const p = payment.data;
  if (p && p.state !== 'in_progress') return <PayFinishPage />;

  return (
    <div className="page pay-page">
      <PageHeader title={t('payments.page.airwallex')} />
      {arrival.starting ? (
        <StartingState failed={arrival.failed} onRetry={arrival.retry} />
      ) : (
        <ListState loading={payment.isPending && named} missing={named ? undefined : t('payments.missing')} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
          {p &&
            (p.redirect_url ? (
              <GatewayHandoff payment={p} text={t('payments.airwallex.text')} />
            ) : p.client_secret && p.sdk_params?.intent_id ? (
              <GatewayHandoff payment={p} text={t('payments.airwallex.text')}>
                <HostedCheckoutButton payment={p} clientSecret={p.client_secret} sdk={p.sdk_params} />
              </GatewayHandoff>
            ) : (
              <Unavailable payment={p} />
            ))}
        </ListState>
      )}
    </div>
  );
}

/** Opens Airwallex's hosted checkout for the intent with Airwallex.js, showing only the chosen method. */
function HostedCheckoutButton({ payment: p, clientSecret, sdk }: { payment: PaymentInfo; clientSecret: string; sdk: Record<string, string> }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const open = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await redirectToAirwallexCheckout({ clientSecret, sdk, currency: p.currency, lang: i18n.language, successUrl: appAddress(`${paths.goods.paid}?${paymentQuery(p)}`) });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {failed && (
        <p role="alert" className="pay-problem">
          {t('payments.sdk.failed')}
        </p>
      )}
      <Button block color="primary" shape="rounded" loading={busy} onClick={() => void open()}>
        {t('payments.redirect.go')}
      </Button>
    </>
  );
}
