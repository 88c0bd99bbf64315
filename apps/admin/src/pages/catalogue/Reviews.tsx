import { Button, Image, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { EndpointData } from '@shop/contract/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionModal } from '../../components/DecisionModal';
import { memberColumn, secondary, useFilteredPages, VisibilityButton, VisibilityDialog, VisibilityFilter, VisibilityState, type ModerationTexts } from '../../components/ModeratedTexts';
import { actionsColumn, QueryTable } from '../../components/QueryTable';
import { When } from '../../components/QueueColumns';
import { formatCellDate } from '../../lib/format';
import { call } from '../../lib/request';
import { replyToReviewRoute, reviewsRoute, reviewVisibilityRoute } from '../../lib/routes-catalogue';
import { sizedUpload } from '../../lib/upload';

type Row = EndpointData<typeof reviewsRoute>['list'][number];
interface Filters {
  goods?: string;
  rating?: number;
  visibility?: 'visible' | 'hidden';
  reply?: 'with' | 'without';
}

const schemas = () => import('@shop/contract/catalogue');
/** The longest reply (the contract's `REVIEW_REPLY_MAX`, kept here so the page loads no schema code). */
const REPLY_MAX = 500;
const clamp = (rows: number) => ({ rows, expandable: 'collapsible' as const });
/** A member's picture at thumbnail size (uploads are served resized); the shop's own pictures as they are. */
const thumbnail = (src: string) => (src.startsWith('/uploads/') ? sizedUpload(src, 96, 96) : src);

/** The stars of a rating, the empty ones pale. */
function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation();
  return (
    <span role="img" aria-label={t('console.catalogue.reviews.stars', { rating })} title={t('console.catalogue.reviews.stars', { rating })} style={{ color: '#faad14', letterSpacing: 1, whiteSpace: 'nowrap' }}>
      {'★'.repeat(rating)}
      <span style={{ color: '#e8e8e8' }}>{'★'.repeat(5 - rating)}</span>
    </span>
  );
}

/**
 * The narrowest the reviews table gets: its columns of fixed width (794 px) and 200 px for the review
 * itself, within the 996 px a 1280 px window leaves a table (the menu, 220 and its border; the page's
 * margins, 2 × 24; a scrollbar, 15): at 1064 px the reply ran under the pinned actions. A narrower
 * window scrolls the table sideways (the review was squeezed to a letter a line and the actions cut
 * off); a wider one gives the review the rest.
 */
const REVIEWS_MIN_WIDTH = 994;

/** Goods reviews: every goods' reviews, newest first, filtered by goods, rating, shown or hidden and reply; hide or show one with a reason, and reply under it. */
export default function Reviews() {
  const { t } = useTranslation();
  const TEXTS: ModerationTexts = {
    shown: t('console.catalogue.reviews.shown'),
    hidden: t('console.catalogue.reviews.hidden'),
    hide: t('console.catalogue.reviews.hide'),
    show: t('console.catalogue.reviews.show'),
    hideTitle: t('console.catalogue.reviews.hideTitle'),
    showTitle: t('console.catalogue.reviews.showTitle'),
    hideQuestion: t('console.catalogue.reviews.hideQuestion'),
    showQuestion: t('console.catalogue.reviews.showQuestion'),
    shownBy: (p) => t('console.catalogue.reviews.shownBy', p),
    hiddenBy: (p) => t('console.catalogue.reviews.hiddenBy', p),
  };
  const [draft, setDraft] = useState('');
  const { filters, filter, query, paging } = useFilteredPages<typeof reviewsRoute, Filters>(reviewsRoute);
  const [acting, setActing] = useState<{ kind: 'visibility' | 'reply'; row: Row } | null>(null);

  const columns: TableColumnsType<Row> = [
    {
      title: `${t('console.catalogue.reviews.goods')} · ${t('console.catalogue.reviews.sku')}`,
      key: 'goods',
      width: 150,
      render: (_, r) => (
        <>
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.goods_name }} style={{ marginBottom: 2 }}>
            {r.goods_name} <Typography.Text type="secondary">#{r.goods_id}</Typography.Text>
          </Typography.Paragraph>
          {r.sku_text && secondary(r.sku_text, t('console.catalogue.reviews.sku'))}
        </>
      ),
    },
    memberColumn<Row>(t, 100),
    {
      title: `${t('console.catalogue.reviews.rating')} · ${t('console.catalogue.reviews.text')}`,
      key: 'review',
      // The one column without a width takes what the others leave, never less than this (see REVIEWS_MIN_WIDTH).
      render: (_, r) => (
        <div data-testid={`review-${r.id}`}>
          <Stars rating={r.rating} />
          {/* Plain text, shown as the member typed it (React escapes it). */}
          {r.content && (
            <Typography.Paragraph ellipsis={clamp(3)} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
              {r.content}
            </Typography.Paragraph>
          )}
        </div>
      ),
    },
    {
      title: t('console.catalogue.reviews.pictures'),
      key: 'images',
      // Two thumbnails side by side (2 × 28 and the gap between), with the cell's padding.
      width: 76,
      render: (_, r) =>
        r.images.length > 0 && (
          <Image.PreviewGroup>
            <Space size={4} wrap>
              {/* Each photo opens the preview: a button named by its place and the review's author. */}
              {r.images.map((src, i) => (
                <Image key={src} src={thumbnail(src)} preview={{ src }} width={28} height={28} style={{ objectFit: 'cover', borderRadius: 4 }} alt="" aria-label={t('console.catalogue.reviews.photoOf', { n: i + 1, author: r.member || r.author_name })} />
              ))}
            </Space>
          </Image.PreviewGroup>
        ),
    },
    {
      title: t('console.catalogue.reviews.written'),
      key: 'created_at',
      width: 96,
      render: (_, r) => (
        <>
          <When at={r.created_at} />
          {r.edited_at && secondary(t('console.catalogue.reviews.edited'), formatCellDate(r.edited_at))}
        </>
      ),
    },
    {
      title: t('console.common.status'),
      key: 'visible',
      width: 112,
      render: (_, r) => (
        <VisibilityState texts={TEXTS} row={r}>
          {r.returned_at && (
            <>
              <Tag color="orange">{t('console.catalogue.reviews.returned')}</Tag>
              {secondary(t('console.catalogue.reviews.returnedAt', { at: formatCellDate(r.returned_at) }))}
            </>
          )}
        </VisibilityState>
      ),
    },
    {
      title: t('console.catalogue.reviews.reply'),
      key: 'reply',
      width: 160,
      render: (_, r) =>
        r.reply ? (
          <div data-testid={`reply-${r.id}`}>
            <Typography.Paragraph ellipsis={clamp(3)} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
              {r.reply}
            </Typography.Paragraph>
            {r.replied_by && secondary(t('console.catalogue.reviews.repliedBy', { by: r.replied_by, at: formatCellDate(r.replied_at) }))}
          </div>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    actionsColumn(t, {
      key: 'actions',
      width: 100,
      render: (_, r) => (
        <Space orientation="vertical" size={4}>
          <VisibilityButton texts={TEXTS} row={r} onClick={() => setActing({ kind: 'visibility', row: r })} />
          <Button size="small" onClick={() => setActing({ kind: 'reply', row: r })} data-testid={`reply-action-${r.id}`}>
            {r.reply ? t('console.catalogue.reviews.editReply') : t('console.catalogue.reviews.replyAction')}
          </Button>
        </Space>
      ),
    }),
  ];

  const row = acting?.row;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          placeholder={t('console.catalogue.reviews.search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onSearch={(v) => filter({ goods: v.trim() || undefined })}
          allowClear
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="reviews-search"
        />
        <Select
          allowClear
          placeholder={t('console.catalogue.reviews.allRatings')}
          aria-label={t('console.catalogue.reviews.rating')}
          value={filters.rating}
          options={[5, 4, 3, 2, 1].map((n) => ({ value: n, label: `${n} ★` }))}
          onChange={(v: number | undefined) => filter({ rating: v ?? undefined })}
          style={{ width: 140, maxWidth: '100%' }}
          data-testid="reviews-rating"
        />
        <VisibilityFilter texts={TEXTS} value={filters.visibility} onChange={(visibility) => filter({ visibility })} testId="reviews-visibility" />
        <Select
          allowClear
          placeholder={t('console.catalogue.reviews.replyFilter')}
          aria-label={t('console.catalogue.reviews.replyFilter')}
          value={filters.reply}
          options={[
            { value: 'with', label: t('console.catalogue.reviews.withReply') },
            { value: 'without', label: t('console.catalogue.reviews.withoutReply') },
          ]}
          onChange={(v: 'with' | 'without' | undefined) => filter({ reply: v ?? undefined })}
          style={{ width: 180, maxWidth: '100%' }}
          data-testid="reviews-reply"
        />
      </Space>
      <QueryTable<Row> query={query} columns={columns} tableLayout="fixed" scroll={{ x: REVIEWS_MIN_WIDTH }} paging={paging} />
      {acting?.kind === 'visibility' && row && (
        <VisibilityDialog
          texts={TEXTS}
          row={row}
          schema={() => schemas().then((m) => m.setReviewVisibilityBody)}
          send={reviewVisibilityRoute}
          list={reviewsRoute}
          onClose={() => setActing(null)}
        />
      )}
      {acting?.kind === 'reply' && row && (
        <DecisionModal
          open
          title={row.reply ? t('console.catalogue.reviews.editReply') : t('console.catalogue.reviews.replyAction')}
          question={t('console.catalogue.reviews.replyQuestion')}
          okText={t('console.catalogue.reviews.saveReply')}
          fields={[{ name: 'reply', label: t('console.catalogue.reviews.reply'), multiline: true, maxLength: REPLY_MAX, initial: row.reply }]}
          schema={() => schemas().then((m) => m.replyToReviewBody)}
          toBody={(v) => ({ id: row.id, reply: v.reply ?? '' })}
          send={(_v, key, body) => call(replyToReviewRoute, body, { idempotencyKey: key })}
          invalidates={[reviewsRoute]}
          onClose={() => setActing(null)}
        />
      )}
    </Space>
  );
}
