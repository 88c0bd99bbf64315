import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useRewardPages, useRewardTotals } from '../api/points';
import { LedgerLines } from '../components/ledger-lines';
import '../wallet.css';

/** `pages/my/rewards`: rewards held and earned per currency, and their movements. */
export default function RewardsPage() {
  const { t } = useTranslation();
  const totals = useRewardTotals();
  const pages = useRewardPages();
  const lines = pages.data?.pages.flatMap((p) => p.list) ?? [];
  const emptyText = pages.data?.pages[0]?.empty_text || totals.data?.empty_text || t('wallet.rewards.empty');
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.rewards')} />
      {totals.data && totals.data.list.length > 0 && (
        <section className="wallet-section">
          <dl className="wallet-balances">
            <dt />
            <dd className="wallet-muted">{t('wallet.rewards.held')}</dd>
            <dd className="wallet-muted">{t('wallet.rewards.earned')}</dd>
            {totals.data.list.map((r) => (
              <Row key={r.currency} currency={r.currency} balance={r.balance} earned={r.earned} />
            ))}
          </dl>
        </section>
      )}
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={lines.length === 0} emptyText={emptyText} onRetry={() => void pages.refetch()}>
        <LedgerLines lines={lines} />
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}

function Row({ currency, balance, earned }: { currency: string; balance: number; earned: number }) {
  return (
    <>
      <dt>{currency}</dt>
      <dd>{formatAmount(balance, currency)}</dd>
      <dd>{formatAmount(earned, currency)}</dd>
    </>
  );
}
