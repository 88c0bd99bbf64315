import { useState } from 'react';
import { Button } from 'antd-mobile';
import type { PaymentInfo } from '@shop/contract/payments';
import { formatAmount } from '@/components/amount';
import { paths } from '@/config/paths';
import { inNativeShell, openExternally, type ExternalOpening } from '@/lib/native-bridge';
import { useTranslation } from '@/lib/i18n';
import { payTopUp } from '../api/recharge';

/**
 * Hands a top-up's gateway page to the native shell, which opens it outside and brings the member
 * back to `recordPage` (the top-up's record). Answers `unavailable` outside the shell: only then does
 * the web view go there itself.
 */
export async function openTopUpGateway(url: string, recordPage: string): Promise<ExternalOpening> {
  if (!inNativeShell()) return 'unavailable';
  return openExternally(url, `${window.location.origin}${window.location.pathname}#${recordPage}`);
}

/**
 * On the record of a top-up whose gateway payment still waits: the way to its page again (the
 * member left it unpaid, cancelled the shell's chooser, or the shell could not open it). Inside the
 * shell the page opens outside; elsewhere the web view goes there.
 */
export function TopUpGatewayLink({ url, recordPage }: { url: string; recordPage: string }) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState<ExternalOpening>();
  // Outside the shell the web view goes there itself: a plain link, as any page address.
  if (!inNativeShell()) {
    return (
      <div className="wallet-gateway-again">
        <a className="adm-button adm-button-primary adm-button-block adm-button-shape-default" href={url}>
          {t('payments.redirect.go')}
        </a>
      </div>
    );
  }
  const open = async () => {
    const outcome = await openTopUpGateway(url, recordPage);
    if (outcome === 'unavailable') window.location.assign(url);
    else setOpening(outcome);
  };
  return (
    <div className="wallet-gateway-again">
      {opening === 'opened' && (
        <div className="wallet-muted" role="status">
          {t('app.shell.openedOutside')}
        </div>
      )}
      {opening === 'failed' && (
        <div className="wallet-muted" role="alert">
          {t('app.shell.notOpened')}
        </div>
      )}
      <Button block color="primary" onClick={() => void open()}>
        {t('payments.redirect.go')}
      </Button>
    </div>
  );
}

/**
 * On the record of an unpaid top-up whose last payment the server calls failed: that it failed and
 * nothing was charged (the gateway took nothing, a held balance was given back). Money the gateway
 * took that the top-up could not take is said to be owed back and refunded instead, never "not charged".
 */
export function TopUpPaymentFailed({ payment: p }: { payment: PaymentInfo }) {
  const { t } = useTranslation();
  const owed = p.owed_back;
  return (
    <div className="wallet-notice wallet-pay-failed" role="alert">
      <div className="wallet-pay-failed-title">{t(owed ? (owed.refunded ? 'payments.owedBack.titleRefunded' : 'payments.owedBack.title') : 'payments.state.failed')}</div>
      <div>
        {owed
          ? t(`message.payment.recharge_owed_back_${owed.refunded ? 'refunded' : owed.reason}.text`, { amount: formatAmount(owed.amount, owed.currency), order_no: p.order_no })
          : t('wallet.recharge.payFailed')}
      </div>
    </div>
  );
}

/**
 * On the record of a top-up that can still be paid with no gateway payment under way (none started,
 * or the last one failed, when it offers to try again): starts one as the top-up form does and goes
 * to its gateway's page (an open payment of the same method is the server's to continue);
 * `onStarted` gets the record's address with the payment's number when there is no page to go to.
 */
export function TopUpPayButton({ id, instalments, again, onStarted }: { id: number; instalments: number | null; again?: boolean; onStarted: (recordPage: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const pay = async () => {
    setBusy(true);
    try {
      const started = await payTopUp(id, instalments);
      const recordPage = `${paths.wallet.rechargeInfo}?id=${id}&payment_no=${started.payment_no}`;
      if (started.redirect_url && (await openTopUpGateway(started.redirect_url, recordPage)) === 'unavailable') return window.location.assign(started.redirect_url);
      onStarted(recordPage);
    } catch {
      // The request client has said why (the top-up can no longer be paid, the gateway is away).
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wallet-gateway-again">
      <Button block color="primary" loading={busy} onClick={() => void pay()}>
        {t(again ? 'wallet.recharge.tryAgain' : 'wallet.recharge.payNow')}
      </Button>
    </div>
  );
}
