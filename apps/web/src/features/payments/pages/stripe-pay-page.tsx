import { useEffect, useRef, useState } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { paths } from '@/config/paths';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useNavigate, useSearchParams } from '@/lib/router';
import { pageNamesPayment, usePaymentOfPage } from '../api/get-payment';
import { GatewayHandoff } from '../components/gateway-handoff';
import { Unavailable } from '../components/unavailable';
import { paymentQuery } from '../next-page';
import { appAddress, loadScript, providerLocale, STRIPE_JS, type StripeElements, type StripeJs } from '../provider-sdk';
import PayFinishPage from './pay-finish-page';
import '../payments.css';
import { useTranslation } from '@/lib/i18n';

/**
 * Paying with Stripe. Live cards are typed into Stripe's Payment Element on this page (Stripe.js is
 * loaded here only); the sandbox, FPX and GrabPay take the payment on their own page. The payment
 * is read again meanwhile, and its result shown here once it ended.
 */
export default function StripePayPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const payment = usePaymentOfPage(params);
  const named = pageNamesPayment(params);
  const p = payment.data;
  if (p && p.state !== 'in_progress') return <PayFinishPage />;
  const publishableKey = p?.sdk_params?.publishable_key;

  return (
    <div className="page pay-page">
      <PageHeader title={t('app.page.cardPayment')} />
      <ListState loading={payment.isPending && named} missing={named ? undefined : t('payments.missing')} error={payment.isError} failure={payment.error} empty={false} onRetry={() => void payment.refetch()}>
        {p &&
          (p.redirect_url ? (
            <GatewayHandoff payment={p} />
          ) : p.client_secret && publishableKey ? (
            <PaymentElementForm payment={p} clientSecret={p.client_secret} publishableKey={publishableKey} />
          ) : (
            <Unavailable payment={p} />
          ))}
      </ListState>
    </div>
  );
}

/** Stripe's Payment Element for the PaymentIntent, and the button that confirms it with Stripe. */
function PaymentElementForm({ payment: p, clientSecret, publishableKey }: { payment: PaymentInfo; clientSecret: string; publishableKey: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const target = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements }>(undefined);
  const [phase, setPhase] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const locale = providerLocale(i18n.language, 'stripe');

  useEffect(() => {
    let gone = false;
    let element: { destroy(): void } | undefined;
    setPhase('loading');
    loadScript(STRIPE_JS, () => typeof window.Stripe === 'function').then(
      () => {
        if (gone || !target.current || !window.Stripe) return;
        const js = window.Stripe(publishableKey, { locale });
        const elements = js.elements({ clientSecret, locale });
        const created = elements.create('payment', { layout: 'tabs' });
        created.mount(target.current);
        element = created;
        stripe.current = { js, elements };
        setPhase('ready');
      },
      () => !gone && setPhase('failed'),
    );
    return () => {
      gone = true;
      element?.destroy();
      stripe.current = undefined;
    };
  }, [publishableKey, clientSecret, locale, attempt]);

  const result = `${paths.goods.paid}?${paymentQuery(p)}`;
  const confirm = async () => {
    if (!stripe.current) return;
    setBusy(true);
    setProblem(undefined);
    try {
      // Stripe answers here unless the card asks for a redirect (3-D Secure); either way the server decides.
      const { error } = await stripe.current.js.confirmPayment({ elements: stripe.current.elements, confirmParams: { return_url: appAddress(result) }, redirect: 'if_required' });
      if (error) setProblem(error.message ?? t('payments.stripe.declined'));
      else navigate(result, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className="pay-section pay-center">
        <div className="pay-amount">{formatAmount(p.gateway_part, p.currency)}</div>
        <div className="pay-muted">{t('payments.pay.orderNo', { no: p.order_no })}</div>
      </section>
      <section className="pay-section">
        {phase === 'loading' && (
          <div role="status" className="pay-muted">
            <DotLoading color="primary" /> {t('payments.stripe.loading')}
          </div>
        )}
        {phase === 'failed' && (
          <div role="alert">
            <p>{t('payments.sdk.failed')}</p>
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('app.action.retry')}
            </Button>
          </div>
        )}
        <div ref={target} className="pay-element" data-testid="stripe-payment-element" />
        {problem && (
          <p role="alert" className="pay-problem">
            {problem}
          </p>
        )}
      </section>
      <div className="pay-actions">
        <Button block color="primary" shape="rounded" disabled={phase !== 'ready'} loading={busy} onClick={() => void confirm()}>
          {t('payments.pay.submitTotal', { total: formatAmount(p.gateway_part, p.currency) })}
        </Button>
      </div>
    </>
  );
}
