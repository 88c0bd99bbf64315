import { useState } from 'react';
import { SearchBar, Tabs } from 'antd-mobile';
import { Amount } from '@/components/amount';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useDirects, useTeam } from '../api/referral';
import '../referral.css';
import { useTranslation } from '@/lib/i18n';

/** The sponsor team: direct referrals (with what each earned the member) and the whole team by level. */
export default function TeamPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'direct' | 'team'>('direct');
  const [q, setQ] = useState('');
  const directs = useDirects(tab === 'direct' ? q : '');
  const team = useTeam(tab === 'team' ? q : '');
  const pages = tab === 'direct' ? directs : team;
  return (
    <div className="page referral-page team-page">
      <PageHeader title={t('referral.page.members')} />
      <Tabs activeKey={tab} onChange={(k) => setTab(k as 'direct' | 'team')}>
        <Tabs.Tab key="direct" title={t('referral.app.direct')} />
        <Tabs.Tab key="team" title={t('referral.app.wholeTeam')} />
      </Tabs>
      <SearchBar placeholder={t('referral.app.searchName')} onSearch={setQ} onClear={() => setQ('')} />
      {tab === 'direct' ? (
        <ListState loading={directs.isPending} error={directs.isError} failure={directs.error} empty={(directs.data?.pages[0]?.total ?? 0) === 0} emptyText={t('referral.app.noMembers')} onRetry={() => void directs.refetch()}>
          {directs.data?.pages.flatMap((p) => p.list).map((m) => (
            <article key={m.id} className="ref-row">
              <div>
                <strong>{m.nickname || m.user_name}</strong>
                <div className="ref-muted">
                  {m.user_name} · {formatDate(m.joined_at)}
                </div>
              </div>
              <div className="ref-right">
                <div>{t('referral.app.starN', { n: m.star })}</div>
                <div className="ref-muted">PV {m.personal_pv}</div>
                {m.commission_from.map((c) => (
                  <Amount key={c.currency} value={c.amount} currency={c.currency} />
                ))}
              </div>
            </article>
          ))}
          <LoadMore hasMore={Boolean(directs.hasNextPage)} loading={directs.isFetchingNextPage} onLoadMore={() => void directs.fetchNextPage()} />
        </ListState>
      ) : (
        <ListState loading={team.isPending} error={team.isError} failure={team.error} empty={(team.data?.pages[0]?.total ?? 0) === 0} emptyText={t('referral.app.noMembers')} onRetry={() => void team.refetch()}>
          {team.data?.pages.flatMap((p) => p.list).map((m) => (
            <article key={m.id} className="ref-row">
              <div>
                <strong>{m.nickname || m.user_name}</strong>
                <div className="ref-muted">{t('referral.app.invitedBy', { name: m.referrer })}</div>
              </div>
              <div className="ref-right">
                <div>{t('referral.app.level', { n: m.level })}</div>
                <div className="ref-muted">{t('referral.app.starN', { n: m.star })}</div>
              </div>
            </article>
          ))}
          <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
        </ListState>
      )}
    </div>
  );
}
