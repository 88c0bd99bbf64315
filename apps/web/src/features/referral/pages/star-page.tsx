import { ProgressBar } from 'antd-mobile';
import { ListState } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { formatDate } from '@/lib/format';
import { useStarProgress } from '../api/referral';
import '../referral.css';
import { useTranslation } from '@/lib/i18n';

/** Star progress: the member's star and each condition of the next one (the popup of a new star shows on any page: `StarPopup`). */
export default function StarPage() {
  const { t } = useTranslation();
  const star = useStarProgress();
  const data = star.data;
  return (
    <div className="page referral-page star-page">
      <PageHeader title={t('referral.page.star')} />
      <ListState loading={star.isPending} error={star.isError} failure={star.error} empty={false} onRetry={() => void star.refetch()}>
        {data && (
          <>
            <section className="ref-card star-card">
              <div className="star-now" data-testid="star-now">
                {data.star > 0 ? t('referral.app.starN', { n: data.star }) : t('referral.app.noStar')}
              </div>
              {data.achieved_at && <div className="ref-muted">{t('referral.app.since', { date: formatDate(data.achieved_at) })}</div>}
            </section>
            <section className="ref-card">
              <h2 className="ref-heading">{data.next_star ? t('referral.app.toNext', { n: data.next_star }) : t('referral.app.topStar')}</h2>
              {data.conditions.map((c) => (
                <div key={c.key} className="star-condition" data-done={c.done}>
                  <div className="ref-row">
                    <span>{t(`referral.condition.${c.key}`, { star: c.star ?? 0 })}</span>
                    <span>
                      {c.current} / {c.target}
                    </span>
                  </div>
                  <ProgressBar percent={c.target > 0 ? Math.min(100, Math.floor((c.current * 100) / c.target)) : 100} />
                </div>
              ))}
            </section>
          </>
        )}
      </ListState>
    </div>
  );
}
