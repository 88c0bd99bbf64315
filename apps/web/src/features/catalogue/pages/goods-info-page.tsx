import { useState } from 'react';
import { Button, Image, Popup, Rate, Swiper, Tabs } from 'antd-mobile';
import { HeartFill, HeartOutline, LinkOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useTranslation } from 'react-i18next';
import type { GoodsInfo, Sku } from '@shop/contract/catalogue';
import { paths } from '@/config/paths';
import { GOODS_GALLERY_SIZES } from '@/config/pictures';
import { PageHeader } from '@/components/page-header';
import { ShareAction } from '@/components/shell/share-action';
import { ListState, LoadMore } from '@/components/list-states';
import { MediaImage } from '@/components/media-image';
import { mediaUrl, withMediaHost } from '@/lib/media-url';
import { showToast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { useCollectGoods } from '../api/collect-goods';
import { useAddToCart } from '../api/add-to-cart';
import { useGoodsInfo } from '../api/get-goods';
import { useReviewTotals } from '../api/get-review-totals';
import { useShareInfo } from '../api/get-share-info';
import { useReviewPages } from '../api/list-reviews';
import { Price } from '../components/price';
import { SkuPicker, skuFor, type CheckoutAction } from '../components/sku-picker';
import '../catalogue.css';

function Reviews({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation();
  const totals = useReviewTotals(goodsId);
  const [all, setAll] = useState(false);
  const [filter, setFilter] = useState<'all' | 'good' | 'medium' | 'bad' | 'images'>('all');
  const preview = useReviewPages(goodsId, 'all', 3);
  const pages = useReviewPages(all ? goodsId : 0, filter);
  const total = totals.data?.total ?? 0;
  const list = (pages.data?.pages ?? []).flatMap((p) => p.list);
  const item = (r: (typeof list)[number]) => (
    <div key={r.id} className="review">
      <div className="review-head">
        <span className="review-name">{r.user_name}</span>
        <Rate readOnly value={r.rating} style={{ '--star-size': '12px' }} />
        <span className="review-date">{r.created_at.slice(0, 10)}</span>
      </div>
      <div className="review-text">{r.content}</div>
      {r.images.length > 0 && (
        <div className="review-images">
          {r.images.map((src) => (
            <Image key={src} src={mediaUrl(src)} width={64} height={64} fit="cover" alt="" />
          ))}
        </div>
      )}
      {r.reply && <div className="review-reply">{t('catalogue.reviews.reply', { text: r.reply })}</div>}
    </div>
  );
  return (
    <section className="goods-section" aria-label={t('catalogue.reviews.title')}>
      <header className="section-head">
        <h2>{t('catalogue.reviews.titleCount', { count: total })}</h2>
        {total > 0 && (
          <button type="button" className="section-more" onClick={() => setAll(true)}>
            {t('catalogue.reviews.goodRate', { rate: totals.data?.good_rate ?? 100 })} ›
          </button>
        )}
      </header>
      <ListState loading={preview.isPending} error={preview.isError} empty={total === 0 && !preview.isPending} emptyText={t('catalogue.reviews.none')} onRetry={() => void preview.refetch()}>
        {(preview.data?.pages[0]?.list ?? []).map(item)}
      </ListState>
      <Popup visible={all} onMaskClick={() => setAll(false)} onClose={() => setAll(false)} bodyClassName="reviews-popup" position="right">
        <PageHeaderless title={t('catalogue.reviews.title')} onBack={() => setAll(false)} />
        <Tabs activeKey={filter} onChange={(k) => setFilter(k as typeof filter)}>
          <Tabs.Tab key="all" title={`${t('catalogue.reviews.all')} ${total}`} />
          <Tabs.Tab key="good" title={`${t('catalogue.reviews.good')} ${totals.data?.good ?? 0}`} />
          <Tabs.Tab key="medium" title={`${t('catalogue.reviews.medium')} ${totals.data?.medium ?? 0}`} />
          <Tabs.Tab key="bad" title={`${t('catalogue.reviews.bad')} ${totals.data?.bad ?? 0}`} />
          <Tabs.Tab key="images" title={`${t('catalogue.reviews.images')} ${totals.data?.images ?? 0}`} />
        </Tabs>
        <ListState loading={pages.isPending} error={pages.isError && !pages.data} empty={list.length === 0} emptyText={t('catalogue.reviews.none')} onRetry={() => void pages.refetch()}>
          {list.map(item)}
          <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
        </ListState>
      </Popup>
    </section>
  );
}

function PageHeaderless({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <div className="popup-head">
      <button type="button" className="popup-back" onClick={onBack} aria-label="back">
        ‹
      </button>
      <span>{title}</span>
    </div>
  );
}

function ShareSheet({ goods, visible, onClose }: { goods: GoodsInfo; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const share = useShareInfo(goods.id, visible);
  const copy = async () => {
    if (!share.data) return;
    try {
      await navigator.clipboard.writeText(share.data.link);
      showToast(t('catalogue.share.copied'));
    } catch {
      showToast(share.data.link, 4000);
    }
  };
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="share-sheet">
      <div className="share-sheet-title">{t('catalogue.share.sheetTitle')}</div>
      <ListState loading={share.isPending} error={share.isError} empty={false} onRetry={() => void share.refetch()}>
        {share.data && (
          <>
            <div className="share-card">
              <Image src={share.data.image} width={72} height={72} fit="cover" alt="" />
              <div>
                <div className="share-card-title">{share.data.title}</div>
                <div className="share-card-text">{share.data.text}</div>
              </div>
            </div>
            <div className="share-link" data-testid="share-link">
              {share.data.link}
            </div>
            <ShareAction block color="primary" content={{ title: share.data.title, text: share.data.text, url: share.data.link, image: share.data.image ? mediaUrl(share.data.image) : undefined }} />
            <Button block fill="outline" onClick={() => void copy()}>
              <LinkOutline /> {t('catalogue.share.copy')}
            </Button>
          </>
        )}
      </ListState>
    </Popup>
  );
}

/** A group buy running on the goods: its group price, the group size and what is left, and the way to its page. */
function GroupBuyEntry({ goods, offer, onEnter }: { goods: GoodsInfo; offer: NonNullable<GoodsInfo['group_buy']>; onEnter: (activityId: number) => void }) {
  const { t } = useTranslation();
  return (
    <section className="goods-group-buy" aria-label={t('catalogue.groupBuy.title')}>
      <div className="goods-group-buy-body">
        <span className="goods-group-buy-tag">{t('catalogue.groupBuy.title')}</span>
        <Price value={offer.price} currency={goods.currency} className="goods-group-buy-price" />
        <div className="goods-group-buy-meta">
          {t('catalogue.groupBuy.size', { size: offer.group_size })} · {t('catalogue.groupBuy.left', { count: offer.remaining })}
        </div>
      </div>
      <Button color="danger" size="small" shape="rounded" onClick={() => onEnter(offer.id)}>
        {t('catalogue.groupBuy.enter')}
      </Button>
    </section>
  );
}

/** Goods detail: gallery, price, SKU choice with stock, a running group buy, reviews, description, collect, share and checkout. */
export default function GoodsInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const info = useGoodsInfo(id);
  const token = useSession((s) => s.token);
  const collect = useCollectGoods();
  const addToCart = useAddToCart();
  const [picker, setPicker] = useState<{ visible: boolean; action?: CheckoutAction }>({ visible: false });
  const [selected, setSelected] = useState<Record<number, number>>({});
  const [sharing, setSharing] = useState(false);
  const g = info.data;

  // A visitor is told what the tap needs a login for: saving, the cart, or buying.
  const needLogin = (reason: 'collect' | CheckoutAction = 'buy') => {
    showToast(t(reason === 'collect' ? 'catalogue.goods.loginToCollect' : reason === 'cart' ? 'catalogue.goods.loginToAddToCart' : 'catalogue.goods.loginToCheckout'));
    navigate(paths.login.login);
  };
  const checkout = (action: CheckoutAction) => {
    if (!token) return needLogin(action);
    setPicker({ visible: true, action });
  };
  const confirm = async (sku: Sku, quantity: number, action: CheckoutAction) => {
    if (!token || !g) return needLogin(action);
    setPicker({ visible: false });
    if (action === 'buy') {
      navigate(`${paths.goods.checkout}?goods_id=${g.id}&sku_id=${sku.id}&num=${quantity}`);
      return;
    }
    try {
      await addToCart.mutateAsync({ goods_id: g.id, sku_id: sku.id, num: quantity });
      showToast(t('catalogue.goods.addedToCart'));
    } catch {
      // The request client has shown the server's message.
    }
  };
  // The group buy's own page (the group-buy feature) lists its open groups: join one or start one.
  const enterGroupBuy = (activityId: number) => {
    if (!token) {
      showToast(t('catalogue.groupBuy.loginToJoin'));
      navigate(paths.login.login);
      return;
    }
    navigate(`${paths.groupBuy.goods}?id=${activityId}`);
  };
  const chosen = g ? skuFor(g, selected) : undefined;

  return (
    <div className="page goods-page">
      <PageHeader title={t('app.page.goodsInfo')} />
      <ListState
        loading={info.isPending && id > 0}
        error={info.isError}
        failure={info.error}
        missing={id === 0 ? t('catalogue.code.goodsNotFound') : undefined}
        empty={false}
        onRetry={() => void info.refetch()}
      >
        {g && (
          <>
            <Swiper className="goods-gallery" indicator={(total, current) => <div className="goods-gallery-indicator">{`${current + 1} / ${total}`}</div>}>
              {g.images.map((src, i) => (
                <Swiper.Item key={src}>
                  {/* The first picture is the page's largest paint: fetched first. */}
                  <MediaImage src={src} alt={g.name} className="goods-gallery-image" width={750} height={750} sizes={GOODS_GALLERY_SIZES} priority={i === 0} />
                </Swiper.Item>
              ))}
            </Swiper>
            <section className="goods-summary">
              <Price value={chosen?.price ?? g.price} currency={g.currency} market={chosen?.market_price ?? g.market_price} className="goods-price" />
              <h1 className="goods-name">{g.name}</h1>
              {g.subtitle && <div className="goods-subtitle">{g.subtitle}</div>}
              <div className="goods-stats">
                <span>{t('catalogue.goods.sold', { count: g.sales })}</span>
                <span>{t('catalogue.goods.stock', { count: chosen?.stock ?? g.stock })}</span>
              </div>
              {g.status === 'off_sale' && <div className="goods-off-sale">{t('catalogue.goods.offSale')}</div>}
            </section>
            {g.group_buy && <GroupBuyEntry goods={g} offer={g.group_buy} onEnter={enterGroupBuy} />}
            {g.specs.length > 0 && (
              <button type="button" className="goods-spec-line" onClick={() => setPicker({ visible: true })}>
                <span className="goods-spec-label">{t('catalogue.goods.specs')}</span>
                <span className="goods-spec-value">{chosen ? chosen.spec_text : t('catalogue.goods.chooseSpecs', { specs: g.specs.map((s) => s.name).join(' / ') })}</span>
                <span aria-hidden>›</span>
              </button>
            )}
            <Reviews goodsId={g.id} />
            <section className="goods-section" aria-label={t('catalogue.goods.details')}>
              <header className="section-head">
                <h2>{t('catalogue.goods.details')}</h2>
              </header>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: withMediaHost(g.description) }} />
            </section>
            <div className="goods-bar">
              <button
                type="button"
                className="goods-bar-icon"
                aria-pressed={g.is_collected}
                onClick={() => (token ? collect.mutate({ goods_id: g.id, collect: !g.is_collected }) : needLogin('collect'))}
              >
                {g.is_collected ? <HeartFill color="var(--adm-color-primary)" /> : <HeartOutline />}
                <span>{g.is_collected ? t('catalogue.goods.collected') : t('catalogue.goods.collect')}</span>
              </button>
              <button type="button" className="goods-bar-icon" onClick={() => setSharing(true)}>
                <LinkOutline />
                <span>{t('catalogue.share.button')}</span>
              </button>
              <Button className="goods-bar-cart" color="warning" disabled={g.status !== 'on_sale'} onClick={() => checkout('cart')}>
                {t('catalogue.goods.addToCart')}
              </Button>
              <Button className="goods-bar-buy" color="primary" disabled={g.status !== 'on_sale'} onClick={() => checkout('buy')}>
                {t('catalogue.goods.buyNow')}
              </Button>
            </div>
            <SkuPicker
              goods={g}
              visible={picker.visible}
              action={picker.action}
              selected={selected}
              onSelect={setSelected}
              onClose={() => setPicker({ visible: false })}
              onConfirm={(sku, quantity, action) => void confirm(sku, quantity, action).catch(() => {})}
            />
            <ShareSheet goods={g} visible={sharing} onClose={() => setSharing(false)} />
          </>
        )}
      </ListState>
    </div>
  );
}
