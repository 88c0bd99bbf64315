import { ListState, LoadMore } from '@/components/list-states';
import { formatDate } from '@/lib/format';
import { useFeedbackPages } from '../api/feedback';
import { useTranslation } from '@/lib/i18n';

/** The member's feedback, newest first, with its state; each opens its detail. */
export function FeedbackList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const pages = useFeedbackPages();
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={rows.length === 0} emptyText={t('support.feedback.none')} onRetry={() => void pages.refetch()}>
      {rows.map((f) => (
        <article key={f.id} className="support-message support-message-link" data-feedback={f.id} onClick={() => onOpen(f.id)}>
          <div className="support-row">
            <strong className="support-message-title">{f.cate.name}</strong>
            <span className={`support-status support-status-${f.status}`}>{t(`support.feedback.status.${f.status}`)}</span>
          </div>
          <p className="support-message-text">{f.content}</p>
          <div className="support-muted">{formatDate(f.replied_at ?? f.created_at)}</div>
        </article>
      ))}
      <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
    </ListState>
  );
}
