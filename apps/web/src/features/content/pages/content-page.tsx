import { Button, List } from 'antd-mobile';
import { FileOutline, HeartFill, HeartOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { useSearchParams } from '@/lib/router';
import { useSignIn } from '@/lib/navigation';
import { PageHeader } from '@/components/page-header';
import { TapRow } from '@/components/tap-row';
import { ListState } from '@/components/list-states';
import { mediaUrl, withMediaHost } from '@/lib/media-url';
import { formatDate, formatNumber } from '@/lib/format';
import { useSession } from '@/stores/session';
import { useCollectNews } from '../api/collect-news';
import { useAgreement, type AgreementKind } from '../api/get-agreement';
import { useNewsInfo } from '../api/get-news';
import { useNotice } from '../api/get-notice';
import { useLikeNews } from '../api/like-news';
import { useNewsAttachments } from '../api/list-news-attachments';
import { Comments } from '../components/comments';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

function NewsArticle({ id }: { id: number }) {
  const { t } = useTranslation();
  const { signIn } = useSignIn();
  const token = useSession((s) => s.token);
  const info = useNewsInfo(id);
  const annex = useNewsAttachments(id, (info.data?.annex_count ?? 0) > 0);
  const like = useLikeNews();
  const collect = useCollectNews();
  const n = info.data;
  const member = (run: () => void) => (token ? run() : signIn());
  return (
    <ListState loading={info.isPending && id > 0} error={info.isError} failure={info.error} missing={id > 0 ? undefined : t('app.notFound.text')} empty={false} onRetry={() => void info.refetch()}>
      {n && (
        <article className="article">
          <h1 className="article-title">{n.title}</h1>
          <div className="article-meta">{formatDate(n.published_at, { dateOnly: true })}</div>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: withMediaHost(n.content) }} />
          {(annex.data?.list.length ?? 0) > 0 && (
            <List header={t('catalogue.news.attachments')} className="article-annex">
              {annex.data!.list.map((a) => (
                <TapRow key={a.id} prefix={<FileOutline />} extra={`${Math.ceil(a.size / 1024)} KB`} onClick={() => window.open(mediaUrl(a.url), '_blank', 'noopener')}>
                  {a.name}
                </TapRow>
              ))}
            </List>
          )}
          <div className="article-actions">
            <Button shape="rounded" size="small" aria-pressed={n.is_liked} onClick={() => member(() => like.mutate({ news_id: n.id, like: !n.is_liked }))}>
              {n.is_liked ? <HeartFill color="var(--adm-color-primary)" /> : <HeartOutline />} {t('catalogue.news.like')} {formatNumber(n.like_count)}
            </Button>
            <Button shape="rounded" size="small" aria-pressed={n.is_collected} onClick={() => member(() => collect.mutate({ news_id: n.id, collect: !n.is_collected }))}>
              {n.is_collected ? <StarFill color="var(--adm-color-primary)" /> : <StarOutline />} {n.is_collected ? t('catalogue.goods.collected') : t('catalogue.goods.collect')} {n.collect_count}
            </Button>
          </div>
          <Comments newsId={n.id} />
        </article>
      )}
    </ListState>
  );
}

function NoticeArticle({ id }: { id: number }) {
  const { t } = useTranslation();
  const notice = useNotice(id);
  return (
    <ListState loading={notice.isPending && id > 0} error={notice.isError} failure={notice.error} missing={id > 0 ? undefined : t('app.notFound.text')} empty={false} onRetry={() => void notice.refetch()}>
      {notice.data && (
        <article className="article">
          <h1 className="article-title">{notice.data.title}</h1>
          <div className="article-meta">{formatDate(notice.data.published_at, { dateOnly: true })}</div>
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: withMediaHost(notice.data.content) }} />
        </article>
      )}
    </ListState>
  );
}

export function AgreementArticle({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation();
  const a = useAgreement(kind);
  return (
    <ListState loading={a.isPending} error={a.isError} empty={false} onRetry={() => void a.refetch()}>
      {a.data && (
        <article className="article">
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: withMediaHost(a.data.content) }} />
          <div className="article-meta">{t('catalogue.agreement.updated', { date: formatDate(a.data.updated_at, { dateOnly: true }) })}</div>
        </article>
      )}
    </ListState>
  );
}

/** One piece of content: a news article (`?type=news&id=`), a notice (`?type=notice&id=`) or an agreement (`?type=agreement&kind=user`). */
export default function ContentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const type = params.get('type') ?? 'news';
  const id = Number(params.get('id')) || 0;
  const kind = (['user', 'privacy', 'purchase'].includes(params.get('kind') ?? '') ? params.get('kind') : 'user') as AgreementKind;
  const title = type === 'notice' ? t('catalogue.notices.title') : type === 'agreement' ? t(`catalogue.agreement.${kind}`) : t('app.page.article');
  return (
    <div className="page content-page">
      {/* A news article or a notice has its title as the page's main heading; an agreement has none of its own. */}
      <PageHeader title={title} heading={type === 'agreement'} />
      {type === 'agreement' ? <AgreementArticle kind={kind} /> : type === 'notice' ? <NoticeArticle id={id} /> : <NewsArticle id={id} />}
    </div>
  );
}
