import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { Amount, formatAmount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { usePairings, usePvRecords } from '../api/referral';
import '../referral.css';
import { useTranslation } from '@/lib/i18n';

/** The member's daily pair-bonus results and PV records, with the plan's rules. */
export default function RecordsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'pairs' | 'pv'>('pairs');
  const pairs = usePairings();
  const pv = usePvRecords();
  const rules = pv.data?.pages[0]?.rules;
  return (
    <div className="page referral-page records-page">
      <PageHeader title={t('referral.page.records')} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'pairs' | 'pv')}>
        <Tabs.Tab key="pairs" title={t('referral.app.pairBonus')} />
        <Tabs.Tab key="pv" title={t('referral.app.pvRecords')} />
      </Tabs>
      {tab === 'pairs' ? (
        <ListState loading={pairs.isPending} error={pairs.isError} failure={pairs.error} empty={(pairs.data?.pages[0]?.total ?? 0) === 0} emptyText={t('referral.app.noPairs')} onRetry={() => void pairs.refetch()}>
          {pairs.data?.pages.flatMap((p) => p.list).map((r) => (
            <article key={r.date} className="ref-card" data-day={r.date}>
              <div className="ref-row">
                <strong>{r.date}</strong>
                <Amount value={r.paid} currency={r.currency} />
              </div>
              <div className="ref-muted">{t('referral.app.pairLine', { count: r.pairs, l: r.left_before + r.left_added, r: r.right_before + r.right_added })}</div>
              {/* The amount above is what reached the rewards; what of the bonus repaid a debt from an earlier reversal is told apart. */}
              {r.netted > 0 && <div className="ref-muted">{t('referral.app.netted', { amount: formatAmount(r.netted, r.currency) })}</div>}
              {r.flushed > 0 && (
                <div className="ref-muted">
                  {t('referral.app.flushed')} <Amount value={r.flushed} currency={r.currency} />
                </div>
              )}
              <div className="ref-muted">{t('referral.app.carryLine', { l: r.left_carry, r: r.right_carry })}</div>
            </article>
          ))}
          <LoadMore hasMore={Boolean(pairs.hasNextPage)} loading={pairs.isFetchingNextPage} onLoadMore={() => void pairs.fetchNextPage()} />
        </ListState>
      ) : (
        <ListState loading={pv.isPending} error={pv.isError} failure={pv.error} empty={(pv.data?.pages[0]?.total ?? 0) === 0} emptyText={t('referral.app.noPv')} onRetry={() => void pv.refetch()}>
          {rules && <p className="ref-hint">{t('referral.app.rules', { unit: rules.pair_unit, rate: rules.rate_bp / 100 })}</p>}
          {pv.data?.pages.flatMap((p) => p.list).map((r, i) => (
            <article key={`${r.time}-${i}`} className="ref-row">
              <div>
                <strong>{t(`referral.source.${r.source}`)}</strong>
                <div className="ref-muted">
                  {formatDate(r.time)}
                  {r.order_no ? ` · ${r.order_no}` : ''}
                  {r.from_member ? ` · ${r.from_member}` : ''}
                </div>
              </div>
              <div className="ref-right">
                {r.leg && <div className="ref-muted">{t(r.leg === 'L' ? 'referral.app.left' : 'referral.app.right')}</div>}
                <strong>{r.pv > 0 ? `+${r.pv}` : r.pv} PV</strong>
              </div>
            </article>
          ))}
          <LoadMore hasMore={Boolean(pv.hasNextPage)} loading={pv.isFetchingNextPage} onLoadMore={() => void pv.fetchNextPage()} />
        </ListState>
      )}
    </div>
  );
}
