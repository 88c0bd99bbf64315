import { Tabs } from 'antd-mobile';
import { useSearchParams } from '@/lib/router';
import { formatAmount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { formatDate } from '@/lib/format';
import { useTransferPages } from '../api/transfer';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

const VIEWS = ['all', 'out', 'in'] as const;

/** `pages/my/transferList`: transfers sent and received, with the other member masked; each opens its own page. */
export default function TransferListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = (VIEWS as readonly string[]).includes(params.get('view') ?? '') ? (params.get('view') as (typeof VIEWS)[number]) : 'all';
  const pages = useTransferPages(view === 'all' ? undefined : view);
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.transfers')} />
      <Tabs activeKey={view} onChange={(key) => setParams({ view: key }, { replace: true })}>
        {VIEWS.map((v) => (
          <Tabs.Tab key={v} title={t(`wallet.transfer.view.${v}`)} />
        ))}
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={rows.length === 0} emptyText={t('wallet.transfer.none')} onRetry={() => void pages.refetch()}>
        {rows.map((r) => (
          <Link key={r.id} to={`${paths.wallet.transferInfo}?id=${r.id}`} className="wallet-record-link">
          <article className="wallet-record" data-transfer={r.id}>
            <div className="wallet-row">
              <span>{t(r.direction === 'out' ? 'wallet.transfer.to' : 'wallet.transfer.from', { name: r.counterparty })}</span>
              <span className={r.direction === 'in' ? 'wallet-amount-in' : 'wallet-amount-out'}>{formatAmount(r.direction === 'in' ? r.amount : -r.amount, r.currency)}</span>
            </div>
            {r.fee > 0 && <div className="wallet-muted">{t('wallet.withdraw.feeOf', { fee: formatAmount(r.fee, r.currency) })}</div>}
            {r.remark && <div className="wallet-muted">{r.remark}</div>}
            <div className="wallet-row wallet-muted">
              <span>{t('wallet.record.number', { no: r.transfer_no })}</span>
              <span>{formatDate(r.created_at)}</span>
            </div>
          </article>
          </Link>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
