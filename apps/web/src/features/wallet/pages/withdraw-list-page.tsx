import { formatAmount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { formatDate } from '@/lib/format';
import { useWithdrawalPages } from '../api/withdraw';
import '../wallet.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/withdrawList`: the member's withdrawals with their state and its time, the fee and the reason of a refusal; each opens its own page. */
export default function WithdrawListPage() {
  const { t } = useTranslation();
  const pages = useWithdrawalPages();
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.withdrawals')} />
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={rows.length === 0} emptyText={t('wallet.withdraw.none')} onRetry={() => void pages.refetch()}>
        {rows.map((w) => {
          const when = w.paid_at ?? w.rejected_at ?? w.cancelled_at ?? w.approved_at ?? w.created_at;
          return (
            <Link key={w.id} to={`${paths.wallet.withdrawInfo}?id=${w.id}`} className="wallet-record-link">
            <article className="wallet-record" data-withdrawal={w.id}>
              <div className="wallet-row">
                <span>{w.method === 'bank' ? `${w.bank_name ?? ''} ${w.account_masked ?? ''}` : `${w.network ?? ''} ${w.address ?? ''}`}</span>
                <span className="wallet-status">{t(`wallet.withdraw.status.${w.status}`)}</span>
              </div>
              <div className="wallet-row">
                <span className="wallet-amount-out">{formatAmount(w.amount, w.currency)}</span>
                <span className="wallet-muted">{t('wallet.withdraw.feeOf', { fee: formatAmount(w.fee, w.currency) })}</span>
              </div>
              {w.reason && <div className="wallet-muted">{t('wallet.withdraw.reason', { reason: w.reason })}</div>}
              {w.payout_reference && <div className="wallet-muted">{t('wallet.withdraw.reference', { reference: w.payout_reference })}</div>}
              <div className="wallet-row wallet-muted">
                <span>{t('wallet.record.number', { no: w.withdraw_no })}</span>
                <span>{formatDate(when)}</span>
              </div>
            </article>
            </Link>
          );
        })}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
