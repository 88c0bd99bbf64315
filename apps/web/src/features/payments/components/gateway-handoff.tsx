import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentInfo } from '@shop/contract/payments';
import { formatAmount } from '@/components/amount';

/**
 * What the member pays at the gateway and the way to its page (hosted card page, bank, wallet app,
 * or the sandbox's page); `children` replaces the link when the page offers its own way (an SDK).
 */
export function GatewayHandoff({ payment: p, text, children }: { payment: PaymentInfo; text?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="pay-section pay-result">
        <div className="pay-amount">{formatAmount(p.gateway_part, p.currency)}</div>
        {p.balance_part > 0 && <div className="pay-muted">{t('payments.mixed.held', { balance: formatAmount(p.balance_part, p.currency) })}</div>}
        <div className="pay-muted">{t('payments.pay.orderNo', { no: p.order_no })}</div>
        <div>{text ?? t('payments.redirect.text')}</div>
      </section>
      <div className="pay-actions">
        {children ??
          (p.redirect_url && (
            <a className="pay-link" href={p.redirect_url} rel="noopener">
              {t('payments.redirect.go')}
            </a>
          ))}
      </div>
    </>
  );
}
