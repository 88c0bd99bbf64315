import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useRechargePages } from '../api/recharge';
import '../wallet.css';

/** `pages/my/rechargeList`: the member's top-ups with what was paid, what is credited at which rate, and their state. */
export default function RechargeListPage() {
  const { t } = useTranslation();
  const pages = useRechargePages();
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page wallet-page">
      <PageHeader title={t('wallet.page.recharges')} />
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={rows.length === 0} emptyText={t('wallet.recharge.none')} onRetry={() => void pages.refetch()}>
        {rows.map((r) => (
          <article key={r.id} className="wallet-record" data-recharge={r.id}>
            <div className="wallet-row">
              <span>{r.channel}</span>
              <span className="wallet-status">{t(`wallet.recharge.status.${r.status}`)}</span>
            </div>
            <div className="wallet-row">
              <span>{t('wallet.recharge.paid', { amount: formatAmount(r.pay_amount, r.pay_currency) })}</span>
              <span className="wallet-amount-in">{formatAmount(r.credit_amount, r.wallet_currency)}</span>
            </div>
            {r.fee > 0 && <div className="wallet-muted">{t('wallet.recharge.fee', { fee: formatAmount(r.fee, r.pay_currency) })}</div>}
            <div className="wallet-muted">{t('wallet.assets.rate', { from: r.pay_currency, rate: r.rate, to: r.wallet_currency, date: r.rate_date })}</div>
            {r.reason && <div className="wallet-muted">{t('wallet.withdraw.reason', { reason: r.reason })}</div>}
            <div className="wallet-row wallet-muted">
              <span>{t('wallet.record.number', { no: r.order_no })}</span>
              <span>{formatDate(r.paid_at ?? r.created_at)}</span>
            </div>
          </article>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
