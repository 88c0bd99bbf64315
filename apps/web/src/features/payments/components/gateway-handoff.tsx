import { useState, type MouseEvent, type ReactNode } from 'react';
import type { PaymentInfo } from '@shop/contract/payments';
import { formatAmount } from '@/components/amount';
import { paths } from '@/config/paths';
import { inNativeShell, openExternally } from '@/lib/native-bridge';
import { paymentQuery } from '../next-page';
import { useTranslation } from '@/lib/i18n';

/**
 * What the member pays at the gateway and the way to its page (hosted card page, bank, wallet app,
 * or the sandbox's page); `children` replaces the link when the page offers its own way (an SDK).
 * Inside the native shell the way out goes through the shell (`openExternal`), which opens the
 * wallet or bank app and brings the member back to the payment's result page.
 */
export function GatewayHandoff({ payment: p, text, children }: { payment: PaymentInfo; text?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const [outside, setOutside] = useState(false);
  const [notOpened, setNotOpened] = useState(false);
  const go = async (e: MouseEvent<HTMLAnchorElement>) => {
    if (!inNativeShell() || !p.redirect_url) return;
    e.preventDefault();
    setNotOpened(false);
    const url = p.redirect_url;
    const returnTo = new URL(`#${paths.goods.paid}?${paymentQuery(p)}`, window.location.href).href;
    const opening = await openExternally(url, returnTo);
    if (opening === 'opened') setOutside(true);
    // Only without a shell does the web view go there itself; a shell that refused leaves the member here to tap again.
    else if (opening === 'unavailable') window.location.assign(url);
    else if (opening === 'failed') setNotOpened(true);
  };
  return (
    <>
      <section className="pay-section pay-result">
        <div className="pay-amount">{formatAmount(p.gateway_part, p.currency)}</div>
        {p.balance_part > 0 && <div className="pay-muted">{t('payments.mixed.held', { balance: formatAmount(p.balance_part, p.currency) })}</div>}
        <div className="pay-muted">{t('payments.pay.orderNo', { no: p.order_no })}</div>
        <div role={outside ? 'status' : undefined}>{outside ? t('app.shell.openedOutside') : (text ?? t('payments.redirect.text'))}</div>
        {notOpened && (
          <div className="pay-muted" role="alert">
            {t('app.shell.notOpened')}
          </div>
        )}
      </section>
      <div className="pay-actions">
        {children ??
          (p.redirect_url && (
            <a className="pay-link" href={p.redirect_url} rel="noopener" onClick={(e) => void go(e)}>
              {t('payments.redirect.go')}
            </a>
          ))}
      </div>
    </>
  );
}
