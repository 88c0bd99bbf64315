import { formatDate, formatNumber, formatRate } from '@/lib/format';
import { formatAmount } from '@/components/amount';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useWalletAssets } from '../api/get-assets';
import { WalletActions } from '../components/wallet-actions';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/wallet`: balances per currency, points, frozen amounts, rewards, the total in the display currency with its rates, and the wallet's actions. */
export default function WalletPage() {
  const { t } = useTranslation();
  const assets = useWalletAssets();
  const data = assets.data;
  const frozen = data?.cash.filter((b) => b.frozen > 0) ?? [];
  const others = data?.rates.filter((r) => r.currency !== data.display_currency) ?? [];

  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.assets')} />
      <ListState loading={assets.isPending} error={assets.isError} failure={assets.error} empty={false} onRetry={() => void assets.refetch()}>
        {data && (
          <>
            <section className="wallet-card wallet-total" aria-label={t('wallet.assets.total')}>
              <div className="wallet-total-label">{t('wallet.assets.totalIn', { currency: data.display_currency })}</div>
              <div className="wallet-total-value">{formatAmount(data.total, data.display_currency)}</div>
              {others.length > 0 && (
                <div className="wallet-rates">
                  {others.map((r) => (
                    <div key={r.currency}>{t('wallet.assets.rate', { from: r.currency, rate: formatRate(r.rate), to: data.display_currency, date: formatDate(r.date, { dateOnly: true }) })}</div>
                  ))}
                </div>
              )}
            </section>
            <section className="wallet-section">
              <div className="wallet-section-title">{t('wallet.assets.balances')}</div>
              {data.cash.length === 0 ? (
                <div className="wallet-muted">{t('wallet.assets.noBalance')}</div>
              ) : (
                <dl className="wallet-balances">
                  <dt />
                  <dd className="wallet-muted">{t('wallet.assets.available')}</dd>
                  <dd className="wallet-muted">{t('wallet.assets.frozen')}</dd>
                  {data.cash.map((b) => (
                    <BalanceRow key={b.currency} currency={b.currency} available={b.available} frozen={b.frozen} />
                  ))}
                </dl>
              )}
              {frozen.length > 0 && <div className="wallet-muted" style={{ marginTop: 6 }}>{t('wallet.assets.frozenHint')}</div>}
            </section>
            <section className="wallet-section">
              <div className="wallet-figures">
                <Figure label={t('wallet.assets.points')} value={formatNumber(data.points)} />
                <Figure label={t('wallet.assets.shoppingPoints')} value={formatNumber(data.shopping_points)} />
                <Figure label={t('wallet.assets.rewards')} value={data.rewards.length ? data.rewards.map((r) => formatAmount(r.available, r.currency)).join(' · ') : formatAmount(0, data.display_currency)} />
                <Figure label={t('wallet.assets.giftCards')} value={data.gift_card.length ? data.gift_card.map((g) => formatAmount(g.available, g.currency)).join(' · ') : formatAmount(0, data.display_currency)} />
              </div>
            </section>
            <WalletActions />
          </>
        )}
      </ListState>
    </div>
  );
}

function BalanceRow({ currency, available, frozen }: { currency: string; available: number; frozen: number }) {
  return (
    <>
      <dt>{currency}</dt>
      <dd>{formatAmount(available, currency)}</dd>
      <dd className={frozen ? '' : 'wallet-muted'}>{formatAmount(frozen, currency)}</dd>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="wallet-figure">
      <div className="wallet-figure-label">{label}</div>
      <div className="wallet-figure-value">{value}</div>
    </div>
  );
}
