import { lazy, Suspense, type ReactNode } from 'react';
import { Grid, Image, SearchBar } from 'antd-mobile';
import { AppstoreOutline } from 'antd-mobile-icons';
import { useAfterFirstScreen, useDrawnNearScreen } from '@/lib/after-first-screen';
import { Link, useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { ListState } from '@/components/list-states';
import { MediaImage } from '@/components/media-image';
import { mediaUrl } from '@/lib/media-url';
import { useHomeData } from '../api/get-home-data';

type HomeData = NonNullable<ReturnType<typeof useHomeData>['data']>;
import { Carousel } from '../components/carousel';
import { GoodsGrid } from '../components/goods-card';
import { GoodsList } from '../components/goods-list';
import { NoticeTicker } from '../components/notice-ticker';

import '../catalogue.css';
import { HOME_BANNER_SIZES } from '@/config/pictures';
import { useTranslation } from '@/lib/i18n';

// Popups are not needed for the first paint: their code arrives after it.
const PopupHost = lazy(() => import('../components/popup-host').then((m) => ({ default: m.PopupHost })));

/** Opens a link the shop wrote: an app path, or an address outside. */
export function useOpenLink() {
  const navigate = useNavigate();
  return (link: string) => {
    if (!link) return;
    if (/^https?:\/\//.test(link)) window.open(link, '_blank', 'noopener');
    // Only a page of the app: a link saved before links were checked (`javascript:` …) goes nowhere.
    else if (link.startsWith('/pages/')) navigate(link);
  };
}

/** Home: search, banners, the category grid, notices, goods shelves and every goods below. */
export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openLink = useOpenLink();
  const home = useHomeData();
  const afterFirstScreen = useAfterFirstScreen();
  const d = home.data;
  const openSearch = () => navigate(`${paths.tabbar.activity}?search=1`);
  return (
    <div className="page home-page">
      <div className="home-top">
        <div className="home-brand">{t('app.name')}</div>
        {/* The search opens on a tap or on Enter, not on focus: Tab passes through it to the rest of the page. */}
        <div className="home-search" onClick={openSearch} role="search">
          <SearchBar placeholder={t('catalogue.search.placeholder')} onSearch={(word) => (word.trim() ? navigate(`${paths.tabbar.activity}?keyword=${encodeURIComponent(word.trim())}`) : openSearch())} />
        </div>
      </div>
      <ListState loading={home.isPending} error={home.isError} empty={false} onRetry={() => void home.refetch()}>
        {d && (
          <>
            {d.banners.length > 0 && (
              <Carousel
                className="home-banners"
                label={t('catalogue.banners')}
                items={d.banners.map((b, i) => (
                  <button key={b.id} type="button" className="home-banner" onClick={() => openLink(b.link)}>
                    {/* The first banner is the home page's largest paint: fetched first. */}
                    <MediaImage src={b.image} alt={b.title || t('catalogue.bannerNumber', { n: i + 1, total: d.banners.length })} className="home-banner-image" width={750} height={320} sizes={HOME_BANNER_SIZES} priority={i === 0} />
                  </button>
                ))}
              />
            )}
            <Grid columns={5} gap={8} className="home-categories">
              {/* Each tile is a link: Tab reaches it and a screen reader names it by the category. */}
              {d.categories.slice(0, 9).map((c) => (
                <Grid.Item key={c.id}>
                  <Link to={`${paths.tabbar.activity}?cate_id=${c.id}`} className="home-category">
                    <Image src={mediaUrl(c.icon)} alt="" width={44} height={44} className="home-category-icon" />
                    <div className="home-category-name">{c.name}</div>
                  </Link>
                </Grid.Item>
              ))}
              <Grid.Item>
                <Link to={paths.activity.allActivities} className="home-category">
                  <div className="home-category-all" aria-hidden>
                    <AppstoreOutline />
                  </div>
                  <div className="home-category-name">{t('catalogue.allCategories')}</div>
                </Link>
              </Grid.Item>
            </Grid>
            {d.notices.length > 0 && (
              <Link to={`${paths.other.news}?tab=notices`} className="home-notices">
                <NoticeTicker text={d.notices.map((n) => n.title).join('   ·   ')} />
              </Link>
            )}
            <BelowTheFold shelves={d.shelves} />
          </>
        )}
      </ListState>
      {afterFirstScreen && (
        <Suspense fallback={null}>
          <PopupHost />
        </Suspense>
      )}
    </div>
  );
}

/** Goods on a page of every goods, as the section's first page asks for them. */
const ALL_GOODS_PAGE = 20;

/** The goods shelves and every goods: below the fold, rendered once the first screen has painted. */
function BelowTheFold({ shelves }: { shelves: HomeData['shelves'] }) {
  const shown = useAfterFirstScreen();
  return shown ? <Shelves shelves={shelves} /> : null;
}

/** The shelves, then every goods, each under its heading; their goods drawn as they near the screen. */
function Shelves({ shelves }: { shelves: HomeData['shelves'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      {shelves.map((shelf) =>
        shelf.goods.length ? (
          <section key={shelf.key} className="home-shelf" aria-label={shelf.title}>
            <header className="section-head">
              <h2>{shelf.title}</h2>
              <button type="button" className="section-more tap-target" onClick={() => navigate(`${paths.tabbar.activity}?shelf=${shelf.key}`)}>
                {t('catalogue.more')}
              </button>
            </header>
            <NearScreen cards={shelf.goods.length}>
              <GoodsGrid goods={shelf.goods} />
            </NearScreen>
          </section>
        ) : null,
      )}
      <section className="home-shelf" aria-label={t('catalogue.allGoods')}>
        <header className="section-head">
          <h2>{t('catalogue.allGoods')}</h2>
        </header>
        <NearScreen cards={ALL_GOODS_PAGE}>
          <GoodsList filter={{ limit: ALL_GOODS_PAGE }} />
        </NearScreen>
      </section>
    </>
  );
}

/** Goods drawn once they near the screen (on the first screen); until then as many empty cards keep their room. */
function NearScreen({ cards, children }: { cards: number; children: ReactNode }) {
  const [standIn, near] = useDrawnNearScreen<HTMLDivElement>();
  if (near) return children;
  return (
    <div ref={standIn} className="goods-grid" aria-hidden>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="goods-card-placeholder" />
      ))}
    </div>
  );
}
