import type { ReactNode } from 'react';
import { Button, DotLoading } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { StateMessage } from '@/components/state-message';
import { ApiError } from '@/lib/request';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { useGlobalLoading } from '@/stores/app-flags';
import './list-states.css';
import { useTranslation } from '@/lib/i18n';

interface ListStateProps {
  /** The query is loading its first page. */
  loading: boolean;
  /** The query failed (and has nothing to show). */
  error: boolean;
  /** It answered and there is nothing. */
  empty: boolean;
  emptyText?: string;
  /** The picture above the empty text (a magnifier for a search that found nothing); a blank page when not given. */
  emptyIcon?: ReactNode;
  /** The query's error: when the server answered with a refusal ("does not exist"), its own words are shown. */
  failure?: unknown;
  /** There is nothing to load (the page was opened without what it needs): this is said instead of loading. */
  missing?: string;
  onRetry?: () => void;
  children?: ReactNode;
}

/** Loading, error and empty states of a list or a page section; the content when there is some. */
export function ListState({ loading, error, empty, emptyText, emptyIcon, failure, missing, onRetry, children }: ListStateProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The server's answer, not the network: retrying changes nothing and "check your connection" would mislead.
  const answered = failure instanceof ApiError && (failure.kind === 'code' || (failure.kind === 'http' && (failure.status ?? 0) >= 400 && (failure.status ?? 0) < 500 && Boolean(failure.message)));
  const offline = useGlobalLoading((s) => s.offline);
  const refusal = missing ?? (error && answered ? (failure as ApiError).message : undefined);
  // Only a failure to reach the server is the connection's: a server error says so without blaming it.
  const network = !(failure instanceof ApiError) || failure.kind === 'network' || failure.kind === 'timeout';
  // A way back from a page that has nothing to show: where the member came from, else home.
  const back = (
    <Button size="small" onClick={() => (window.history.length > 1 ? window.history.back() : navigate(paths.tabbar.home, { replace: true }))}>
      {t('app.action.back')}
    </Button>
  );
  if (refusal)
    return (
      <div className="list-state list-state-error" role="alert">
        <StateMessage title={refusal} text="" />
        {back}
      </div>
    );
  // Offline, with nothing kept for it: said like a page that needs the network (it fills in once the
  // network is back, when the screen's reads are asked again), never a "try again" that cannot work.
  if (error && network && offline)
    return (
      <div className="list-state list-state-error" role="alert">
        <StateMessage title={t('app.offline.needsNetwork')} text={t('app.offline.needsNetworkText')} />
        {back}
      </div>
    );
  if (loading)
    return (
      <div className="list-state list-state-loading" role="status" aria-live="polite">
        <DotLoading color="primary" /> <span>{t('app.loading')}</span>
      </div>
    );
  if (error)
    return (
      <div className="list-state list-state-error" role="alert">
        <StateMessage title={t('app.error.generic')} text={network ? t('catalogue.error.retryHint') : ''} />
        {onRetry && (
          <Button size="small" onClick={onRetry}>
            {t('app.action.retry')}
          </Button>
        )}
      </div>
    );
  if (empty)
    return (
      <div className="list-state list-state-empty">
        <span className="list-state-empty-icon" aria-hidden>
          {emptyIcon ?? <FileOutline />}
        </span>
        <div className="list-state-empty-text">{emptyText ?? t('catalogue.empty')}</div>
      </div>
    );
  return <>{children}</>;
}

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/** The end of a paged list: a "load more" button, or a line saying there is no more. */
export function LoadMore({ hasMore, loading, onLoadMore }: LoadMoreProps) {
  const { t } = useTranslation();
  if (!hasMore) return <div className="load-more-end">{t('catalogue.noMore')}</div>;
  return (
    <div className="load-more">
      <Button size="small" fill="outline" loading={loading} onClick={onLoadMore}>
        {t('catalogue.loadMore')}
      </Button>
    </div>
  );
}
