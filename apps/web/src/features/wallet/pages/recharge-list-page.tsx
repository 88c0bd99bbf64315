import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { useRechargePages } from '../api/recharge';
import { RechargeRecord } from '../components/recharge-record';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/rechargeList`: the member's top-ups with what is paid, what is credited at which rate, and their state; each opens its own page (where an unpaid one is paid). */
export default function RechargeListPage() {
  const { t } = useTranslation();
  const pages = useRechargePages();
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.recharges')} />
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={rows.length === 0} emptyText={t('wallet.recharge.none')} onRetry={() => void pages.refetch()}>
        {rows.map((r) => (
          <Link key={r.id} to={`${paths.wallet.rechargeInfo}?id=${r.id}`} className="wallet-record-link">
            <RechargeRecord recharge={r} />
          </Link>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
