import { Image, List, Swiper, Tabs } from 'antd-mobile';
import { Link, useSearchParams } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { TapRow } from '@/components/tap-row';
import { ListState, LoadMore } from '@/components/list-states';
import { mediaUrl } from '@/lib/media-url';
import { formatDate } from '@/lib/format';
import { useNewsBanners } from '../api/list-news-banners';
import { useNewsPages } from '../api/list-news';
import { useNoticePages } from '../api/list-notices';
import '../content.css';
import { useTranslation } from '@/lib/i18n';

function NewsList() {
  const { t } = useTranslation();
  const banners = useNewsBanners();
  const pages = useNewsPages();
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <>
      {(banners.data?.list.length ?? 0) > 0 && (
        <Swiper className="news-banners" autoplay loop>
          {banners.data!.list.map((b) => (
            <Swiper.Item key={b.id}>
              {/* A link named by the title it shows (the picture says nothing more). */}
              <Link to={`${paths.my.article}?type=news&id=${b.id}`} className="news-banner">
                <Image src={mediaUrl(b.image)} alt="" fit="cover" className="news-banner-image" />
                <span className="news-banner-title">{b.title}</span>
              </Link>
            </Swiper.Item>
          ))}
        </Swiper>
      )}
      <ListState loading={pages.isPending} error={pages.isError && !pages.data} empty={list.length === 0} emptyText={t('catalogue.news.none')} onRetry={() => void pages.refetch()}>
        <List className="news-list">
          {list.map((n) => (
            <TapRow
              key={n.id}
              to={`${paths.my.article}?type=news&id=${n.id}`}
              prefix={<Image src={mediaUrl(n.cover)} width={96} height={60} fit="cover" alt="" />}
              description={`${formatDate(n.published_at, { dateOnly: true })} · ${t('catalogue.news.likes', { count: n.like_count })} · ${t('catalogue.comments.titleCount', { count: n.comment_count })}`}
            >
              {n.title}
            </TapRow>
          ))}
        </List>
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </>
  );
}

function NoticeList() {
  const { t } = useTranslation();
  const pages = useNoticePages();
  const list = pages.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListState loading={pages.isPending} error={pages.isError && !pages.data} empty={list.length === 0} emptyText={t('catalogue.notices.none')} onRetry={() => void pages.refetch()}>
      <List className="notice-list">
        {list.map((n) => (
          <TapRow key={n.id} to={`${paths.my.article}?type=notice&id=${n.id}`} description={n.summary} extra={formatDate(n.published_at, { dateOnly: true })}>
            {n.title}
          </TapRow>
        ))}
      </List>
      <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
    </ListState>
  );
}

/** News and notices, each paged. */
export default function NewsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'notices' ? 'notices' : 'news';
  return (
    <div className="page news-page">
      <PageHeader title={t('app.page.news')} />
      <Tabs activeKey={tab} onChange={(k) => setParams(k === 'notices' ? { tab: 'notices' } : {}, { replace: true })}>
        <Tabs.Tab key="news" title={t('catalogue.news.title')} />
        <Tabs.Tab key="notices" title={t('catalogue.notices.title')} />
      </Tabs>
      {tab === 'news' ? <NewsList /> : <NoticeList />}
    </div>
  );
}
