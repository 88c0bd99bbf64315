import { Tabs } from 'antd-mobile';
import { useSearchParams } from '@/lib/router';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatNumber } from '@/lib/format';
import { usePointsInfo, usePointsLogPages } from '../api/points';
import { LedgerLines } from '../components/ledger-lines';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

const KINDS = ['points', 'shopping_points'] as const;

/** `pages/my/points`: points and shopping points, their movements with reason and balance after, and the rules. */
export default function PointsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') === 'shopping_points' ? 'shopping_points' : 'points';
  const info = usePointsInfo();
  const pages = usePointsLogPages(kind);
  const lines = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.points')} />
      <Tabs activeKey={kind} onChange={(key) => setParams({ kind: key }, { replace: true })}>
        {KINDS.map((k) => (
          <Tabs.Tab key={k} title={t(k === 'points' ? 'wallet.assets.points' : 'wallet.assets.shoppingPoints')} />
        ))}
      </Tabs>
      {info.data && (
        <section className="wallet-card wallet-total" aria-label={t('wallet.points.balance')}>
          <div className="wallet-total-label">{t('wallet.points.balance')}</div>
          <div className="wallet-total-value" data-testid="points-balance">{formatNumber(kind === 'points' ? info.data.points : info.data.shopping_points)}</div>
        </section>
      )}
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={lines.length === 0} emptyText={t('wallet.points.none')} onRetry={() => void pages.refetch()}>
        <LedgerLines lines={lines} />
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
      {info.data && info.data.rules.length > 0 && (
        <section className="wallet-section">
          <div className="wallet-section-title">{t('wallet.points.rules')}</div>
          <ul className="wallet-rules">
            {info.data.rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
