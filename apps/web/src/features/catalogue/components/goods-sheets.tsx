import { useState } from 'react';
import { Button, Image, Tabs } from 'antd-mobile';
import { Sheet } from '@/components/sheet';
import { LinkOutline } from 'antd-mobile-icons';
import type { GoodsInfo } from '@shop/contract/catalogue';
import { copyText, ShareAction } from '@/components/shell/share-action';
import { ListState, LoadMore } from '@/components/list-states';
import { mediaUrl } from '@/lib/media-url';
import { useShareInfo } from '../api/get-share-info';
import type { useReviewTotals } from '../api/get-review-totals';
import { useReviewPages } from '../api/list-reviews';
import { ReviewItem } from './review-item';
import { useTranslation } from '@/lib/i18n';

// The goods page's sheets. Not part of its first screen: their code (and their animation and
// gesture libraries) arrives after it, and they render once first opened.

function PopupHead({ title, onBack }: { title: string; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="popup-head">
      <button type="button" className="popup-back" onClick={onBack} aria-label={t('app.action.back')}>
        ‹
      </button>
      <span>{title}</span>
    </div>
  );
}

/** Every review of a goods, by kind (good, medium, bad, with pictures), a page at a time. */
export function AllReviews({ goodsId, totals, visible, onClose }: { goodsId: number; totals: ReturnType<typeof useReviewTotals>['data']; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<'all' | 'good' | 'medium' | 'bad' | 'images'>('all');
  const pages = useReviewPages(visible ? goodsId : 0, filter);
  const list = (pages.data?.pages ?? []).flatMap((p) => p.list);
  return (
    <Sheet label={t('catalogue.reviews.title')} visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="reviews-popup" position="right">
      <PopupHead title={t('catalogue.reviews.title')} onBack={onClose} />
      <Tabs activeKey={filter} onChange={(k) => setFilter(k as typeof filter)}>
        <Tabs.Tab key="all" title={`${t('catalogue.reviews.all')} ${totals?.total ?? 0}`} />
        <Tabs.Tab key="good" title={`${t('catalogue.reviews.good')} ${totals?.good ?? 0}`} />
        <Tabs.Tab key="medium" title={`${t('catalogue.reviews.medium')} ${totals?.medium ?? 0}`} />
        <Tabs.Tab key="bad" title={`${t('catalogue.reviews.bad')} ${totals?.bad ?? 0}`} />
        <Tabs.Tab key="images" title={`${t('catalogue.reviews.images')} ${totals?.images ?? 0}`} />
      </Tabs>
      <ListState loading={pages.isPending} error={pages.isError && !pages.data} empty={list.length === 0} emptyText={t('catalogue.reviews.none')} onRetry={() => void pages.refetch()}>
        {list.map((r) => (
          <ReviewItem key={r.id} review={r} />
        ))}
        <LoadMore hasMore={Boolean(pages.hasNextPage)} loading={pages.isFetchingNextPage} onLoadMore={() => void pages.fetchNextPage()} />
      </ListState>
    </Sheet>
  );
}

/** Sharing a goods: its card, its link, the shell's or the browser's share, and copying the link. */
export function ShareSheet({ goods, visible, onClose }: { goods: GoodsInfo; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const share = useShareInfo(goods.id, visible);
  return (
    <Sheet label={t('catalogue.share.sheetTitle')} visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="share-sheet">
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
            <Button block fill="outline" onClick={() => void copyText(share.data.link, t('catalogue.share.copied'))}>
              <LinkOutline /> {t('catalogue.share.copy')}
            </Button>
          </>
        )}
      </ListState>
    </Sheet>
  );
}
