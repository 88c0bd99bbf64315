import { Badge } from 'antd-mobile';
import { ListState, LoadMore } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { useNavigate } from '@/lib/router';
import { formatDate } from '@/lib/format';
import { useMessagePages } from '../api/messages';
import '../support.css';
import { useTranslation } from '@/lib/i18n';

/** `pages/my/messages`: what the shop told the member (orders, wallet, account, notices), newest first, unread ones marked; each opens its page. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useMessagePages();
  const rows = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className="page support-page">
      <PageHeader title={t('support.page.messages')} />
      <ListState loading={pages.isPending} error={pages.isError} failure={pages.error} empty={rows.length === 0} emptyText={t('support.messages.none')} onRetry={() => void pages.refetch()}>
        {rows.map((m) => (
          <article
            key={m.id}
            className={`support-message${m.link ? ' support-message-link' : ''}`}
            data-message={m.id}
            data-kind={m.kind}
            onClick={m.link ? () => navigate(m.link) : undefined}
          >
            <div className="support-row">
              <strong className="support-message-title">
                {!m.read && <Badge content={Badge.dot} className="support-unread" aria-label={t('support.messages.unread')} />} {m.title}
              </strong>
              <span className="support-muted">{formatDate(m.created_at)}</span>
            </div>
            <p className="support-message-text">{m.text}</p>
          </article>
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </div>
  );
}
