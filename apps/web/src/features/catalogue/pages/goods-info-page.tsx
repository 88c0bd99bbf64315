import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { HeartFill, HeartOutline, LinkOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from '@/lib/router';
import { useSignIn } from '@/lib/navigation';
import type { GoodsInfo, Sku } from '@shop/contract/catalogue';
import { paths } from '@/config/paths';
import { GOODS_GALLERY_SIZES } from '@/config/pictures';
import { PageHeader } from '@/components/page-header';
import { ListState } from '@/components/list-states';
import { MediaImage } from '@/components/media-image';
import { useAfterFirstScreen } from '@/lib/after-first-screen';
import { withMediaHost } from '@/lib/media-url';
import { showToast } from '@/lib/toast';
import { useSession } from '@/stores/session';
import { useCollectGoods } from '../api/collect-goods';
import { useAddToCart } from '../api/add-to-cart';
import { useGoodsInfo } from '../api/get-goods';
import { useReviewTotals } from '../api/get-review-totals';
import { useReviewPages } from '../api/list-reviews';
import { Carousel } from '../components/carousel';
import { Price } from '../components/price';
import { ReviewItem } from '../components/review-item';
import { skuFor, type CheckoutAction } from '../components/sku';
import { dropGoodsChoice, keepGoodsChoice, takeGoodsChoice } from '../pending-add';
import '../catalogue.css';
import { useTranslation } from '@/lib/i18n';

// The sheets (SKU choice, every review, sharing) are not on the first screen: their code, with the
// popup's animation and gesture libraries, is fetched once the first screen has painted, and each
// renders from the moment it is first opened.
const loadSkuPicker = () => import('../components/sku-picker');
const loadSheets = () => import('../components/goods-sheets');
const SkuPicker = lazy(() => loadSkuPicker().then((m) => ({ default: m.SkuPicker })));
const AllReviews = lazy(() => loadSheets().then((m) => ({ default: m.AllReviews })));
const ShareSheet = lazy(() => loadSheets().then((m) => ({ default: m.ShareSheet })));

const checkoutAddress = (goodsId: number, skuId: number, quantity: number) => `${paths.goods.checkout}?goods_id=${goodsId}&sku_id=${skuId}&num=${quantity}`;

/** Whether a sheet has been opened at least once (it then stays mounted, to close with its animation). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

function Reviews({ goodsId }: { goodsId: number }) {
  const { t } = useTranslation();
  const totals = useReviewTotals(goodsId);
  const [all, setAll] = useState(false);
  const showAll = useOpenedOnce(all);
  const preview = useReviewPages(goodsId, 'all', 3);
  const total = totals.data?.total ?? 0;
  // No share without a review shown: the section says "no reviews yet", never a rate.
  const rate = totals.data?.good_rate ?? null;
  return (
    <section className="goods-section" aria-label={t('catalogue.reviews.title')}>
      <header className="section-head">
        <h2>{t('catalogue.reviews.titleCount', { count: total })}</h2>
        {total > 0 && rate !== null && (
          <button type="button" className="section-more tap-target" onClick={() => setAll(true)}>
            {t('catalogue.reviews.goodRate', { rate })} ›
          </button>
        )}
      </header>
      <ListState loading={preview.isPending} error={preview.isError} empty={total === 0 && !preview.isPending} emptyText={t('catalogue.reviews.none')} onRetry={() => void preview.refetch()}>
        {(preview.data?.pages[0]?.list ?? []).map((r) => (
          <ReviewItem key={r.id} review={r} />
        ))}
      </ListState>
      {showAll && (
        <Suspense fallback={null}>
          <AllReviews goodsId={goodsId} totals={totals.data} visible={all} onClose={() => setAll(false)} />
        </Suspense>
      )}
    </section>
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
  const { signIn } = useSignIn();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const info = useGoodsInfo(id);
  const token = useSession((s) => s.token);
  const collect = useCollectGoods();
  const addToCart = useAddToCart();
  const [picker, setPicker] = useState<{ visible: boolean; action?: CheckoutAction }>({ visible: false });
  const [selected, setSelected] = useState<Record<number, number>>({});
  const [sharing, setSharing] = useState(false);
  const showPicker = useOpenedOnce(picker.visible);
  const showShare = useOpenedOnce(sharing);
  const afterFirstScreen = useAfterFirstScreen();
  useEffect(() => {
    if (!afterFirstScreen) return;
    void loadSkuPicker();
    void loadSheets();
  }, [afterFirstScreen]);
  const g = info.data;
  const addSku = addToCart.mutateAsync;

  // What a visitor chose before logging in is carried out once they are back here logged in: "Buy
  // now" goes on to checkout, "Add to cart" adds it with the usual toast. A visitor back here without
  // having logged in has given it up.
  useEffect(() => {
    if (!id) return;
    if (!token) return dropGoodsChoice(id);
    const choice = takeGoodsChoice(id);
    if (!choice) return;
    setSelected(choice.selected);
    if (choice.action === 'buy') {
      navigate(checkoutAddress(choice.goods_id, choice.sku_id, choice.num));
      return;
    }
    addSku({ goods_id: choice.goods_id, sku_id: choice.sku_id, num: choice.num })
      .then(() => showToast(t('catalogue.goods.addedToCart')))
      // The request client has shown the server's message; the choice is not tried again.
      .catch(() => {});
  }, [id, token, addSku, navigate, t]);

  // A visitor is told what the tap needs a login for: saving, the cart, or buying.
  const needLogin = (reason: 'collect' | CheckoutAction = 'buy') => {
    showToast(t(reason === 'collect' ? 'catalogue.goods.loginToCollect' : reason === 'cart' ? 'catalogue.goods.loginToAddToCart' : 'catalogue.goods.loginToCheckout'));
    signIn();
  };
  // A visitor chooses too: the choice is kept across the login and carried out after it.
  const checkout = (action: CheckoutAction) => setPicker({ visible: true, action });
  const confirm = async (sku: Sku, quantity: number, action: CheckoutAction) => {
    if (!g) return;
    setPicker({ visible: false });
    if (!token) {
      keepGoodsChoice({ goods_id: g.id, sku_id: sku.id, num: quantity, action, selected });
      return needLogin(action);
    }
    if (action === 'buy') {
      navigate(checkoutAddress(g.id, sku.id, quantity));
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
      // Once logged in, on to the group buy's own page the member was opening.
      signIn({ to: `${paths.groupBuy.goods}?id=${activityId}` });
      return;
    }
    navigate(`${paths.groupBuy.goods}?id=${activityId}`);
  };
  const chosen = g ? skuFor(g, selected) : undefined;

  return (
    <div className="page goods-page">
      {/* The goods' name is the page's main heading once it shows; until then the bar's title is. */}
      <PageHeader title={t('app.page.goodsInfo')} heading={!g} />
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
            <Carousel
              className="goods-gallery"
              label={g.name}
              interval={0}
              indicator="count"
              countClassName="goods-gallery-indicator"
              keyboardScroll
              items={g.images.map((src, i) => (
                // The first picture is the page's largest paint: fetched first.
                <MediaImage key={src} src={src} alt={g.name} className="goods-gallery-image" width={750} height={750} sizes={GOODS_GALLERY_SIZES} priority={i === 0} />
              ))}
            />
            <section className="goods-summary">
              <Price value={chosen?.price ?? g.price} currency={g.currency} market={chosen?.market_price ?? g.market_price} className="goods-price" />
              <h1 className="goods-name">{g.name}</h1>
              {g.subtitle && <div className="goods-subtitle">{g.subtitle}</div>}
              <div className="goods-stats">
                <span>{t('catalogue.goods.sold', { count: g.sales })}</span>
                <span>{t('catalogue.goods.stock', { count: chosen?.stock ?? g.stock })}</span>
              </div>
              {/* Told before buying: after-sales takes repair cases within it. */}
              {g.warranty_months > 0 && <div className="goods-warranty">{t('catalogue.goods.warranty', { months: g.warranty_months })}</div>}
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
            {/* Below the fold: the reviews and the description (with its pictures) once the first screen has painted. */}
            {afterFirstScreen && (
              <>
                <Reviews goodsId={g.id} />
                <section className="goods-section" aria-label={t('catalogue.goods.details')}>
                  <header className="section-head">
                    <h2>{t('catalogue.goods.details')}</h2>
                  </header>
                  <div className="rich-text" dangerouslySetInnerHTML={{ __html: withMediaHost(g.description) }} />
                </section>
              </>
            )}
            <div className="goods-bar">
              <button
                type="button"
                className="goods-bar-icon tap-target"
                aria-pressed={g.is_collected}
                onClick={() => (token ? collect.mutate({ goods_id: g.id, collect: !g.is_collected }) : needLogin('collect'))}
              >
                {g.is_collected ? <HeartFill color="var(--adm-color-primary)" /> : <HeartOutline />}
                <span>{g.is_collected ? t('catalogue.goods.collected') : t('catalogue.goods.collect')}</span>
              </button>
              <button type="button" className="goods-bar-icon tap-target" onClick={() => setSharing(true)}>
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
            {showPicker && (
              <Suspense fallback={null}>
                <SkuPicker
                  goods={g}
                  visible={picker.visible}
                  action={picker.action}
                  selected={selected}
                  onSelect={setSelected}
                  onClose={() => setPicker({ visible: false })}
                  onConfirm={(sku, quantity, action) => void confirm(sku, quantity, action).catch(() => {})}
                />
              </Suspense>
            )}
            {showShare && (
              <Suspense fallback={null}>
                <ShareSheet goods={g} visible={sharing} onClose={() => setSharing(false)} />
              </Suspense>
            )}
          </>
        )}
      </ListState>
    </div>
  );
}
