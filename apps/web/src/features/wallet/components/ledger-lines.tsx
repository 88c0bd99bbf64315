import { formatAmount } from '@/components/amount';
import { formatDate, formatNumber } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

interface LedgerLine {
  id: number;
  reason_text: string;
  amount: number;
  currency: string;
  balance_after: number;
  created_at: string;
}

/** Points are whole units without a sign of currency, grouped as the member writes numbers; money is shown with its currency. */
const figure = (minor: number, currency: string) => (currency === 'XXX' ? `${minor < 0 ? '-' : '+'}${formatNumber(Math.abs(minor))}` : `${minor < 0 ? '' : '+'}${formatAmount(minor, currency)}`);
const plain = (minor: number, currency: string) => (currency === 'XXX' ? formatNumber(minor) : formatAmount(minor, currency));

/** Movements of a balance: what happened, by how much, and the balance after. */
export function LedgerLines({ lines }: { lines: readonly LedgerLine[] }) {
  const { t } = useTranslation();
  return (
    <>
      {lines.map((l) => (
        <article key={l.id} className="wallet-record" data-line={l.id}>
          <div className="wallet-row">
            <span>{l.reason_text}</span>
            <span className={l.amount >= 0 ? 'wallet-amount-in' : 'wallet-amount-out'}>{figure(l.amount, l.currency)}</span>
          </div>
          <div className="wallet-row wallet-muted">
            <span>{formatDate(l.created_at)}</span>
            <span>{t('wallet.log.balanceAfter', { balance: plain(l.balance_after, l.currency) })}</span>
          </div>
        </article>
      ))}
    </>
  );
}
