import type { EndpointData } from '@shop/contract/common';
import type { getRechargeOrder } from '@shop/contract/wallet';
import { formatAmount } from '@/components/amount';
import { formatDate, formatRate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

type Recharge = EndpointData<typeof getRechargeOrder>;

/** What the amount line says of the money per state: still to pay, sent for review, paid, or never paid. */
const AMOUNT_LINE: Record<Recharge['status'], string> = {
  awaiting_payment: 'wallet.recharge.toPay',
  under_review: 'wallet.recharge.sent',
  rejected: 'wallet.recharge.sent',
  paid: 'wallet.recharge.paid',
  partly_refunded: 'wallet.recharge.paid',
  refunded: 'wallet.recharge.paid',
  cancelled: 'wallet.recharge.unpaid',
  expired: 'wallet.recharge.unpaid',
};

/** One top-up as the records list and its own page show it: what was paid, what is credited at which rate, and its state. */
export function RechargeRecord({ recharge: r, live }: { recharge: Recharge; /** The page that waits for it to change announces it. */ live?: boolean }) {
  const { t, i18n } = useTranslation();
  // The channel as shoppers call it in their language; a channel an operator added keeps its code.
  const channel = i18n.exists(`wallet.recharge.channelName.${r.channel}`) ? t(`wallet.recharge.channelName.${r.channel}`) : r.channel;
  return (
    <article className="wallet-record" data-recharge={r.id} aria-live={live ? 'polite' : undefined}>
      <div className="wallet-row">
        <span>{r.network ? `${channel} · ${r.network}` : channel}</span>
        <span className="wallet-status" data-status={r.status}>{t(`wallet.recharge.status.${r.status}`)}</span>
      </div>
      <div className="wallet-row">
        <span>{t(AMOUNT_LINE[r.status], { amount: formatAmount(r.pay_amount, r.pay_currency) })}</span>
        <span className="wallet-amount-in">{formatAmount(r.credit_amount, r.wallet_currency)}</span>
      </div>
      {r.fee > 0 && <div className="wallet-muted">{t('wallet.recharge.fee', { fee: formatAmount(r.fee, r.pay_currency) })}</div>}
      {/* Paid in the wallet's own currency, nothing was converted: no "1 MYR = 1 MYR" line. */}
      {r.pay_currency !== r.wallet_currency && (
        <div className="wallet-muted">{t('wallet.assets.rate', { from: r.pay_currency, rate: formatRate(r.rate), to: r.wallet_currency, date: formatDate(r.rate_date, { dateOnly: true }) })}</div>
      )}
      {r.reason && <div className="wallet-muted">{t('wallet.withdraw.reason', { reason: r.reason })}</div>}
      <div className="wallet-row wallet-muted">
        <span>{t('wallet.record.number', { no: r.order_no })}</span>
        <span>{formatDate(r.paid_at ?? r.created_at)}</span>
      </div>
    </article>
  );
}
