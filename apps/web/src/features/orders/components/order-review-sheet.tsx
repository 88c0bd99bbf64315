import { useState } from 'react';
import { Button, Popup, Rate, TextArea } from 'antd-mobile';
import { REVIEW_CONTENT_MAX } from '@shop/contract/after-sales';
import { showToast } from '@/lib/toast';
import { useCreateReview, useEditReview, useOrderReviews } from '../api/order-reviews';
import { useTranslation } from '@/lib/i18n';

/** One line's review: written once, changed once within its time. */
function LineReview({ line }: { line: NonNullable<ReturnType<typeof useOrderReviews>['data']>['list'][number] }) {
  const { t } = useTranslation();
  const create = useCreateReview();
  const edit = useEditReview();
  const [editing, setEditing] = useState(false);
  const [rating, setRating] = useState(line.rating ?? 5);
  const [content, setContent] = useState(line.content);
  const open = line.can_review || editing;
  const send = async () => {
    if (line.review_id) await edit.mutateAsync({ review_id: line.review_id, rating, content, images: line.images });
    else await create.mutateAsync({ order_line_id: line.order_line_id, rating, content, images: [] });
    setEditing(false);
    showToast(t('afterSales.review.saved'));
  };
  return (
    <div className="order-review-line" data-line={line.order_line_id}>
      <div>
        {line.name} <span className="order-muted">{line.spec_text}</span>
      </div>
      {open ? (
        <>
          <Rate value={rating} onChange={setRating} aria-label={t('afterSales.review.rating')} />
          <TextArea placeholder={t('afterSales.review.content')} maxLength={REVIEW_CONTENT_MAX} showCount value={content} onChange={setContent} />
          <Button size="small" color="primary" shape="rounded" loading={create.isPending || edit.isPending} onClick={() => void send().catch(() => {})}>
            {t('afterSales.review.submit')}
          </Button>
        </>
      ) : line.review_id ? (
        <>
          <Rate readOnly value={line.rating ?? 0} />
          {line.content && <div className="order-muted">{line.content}</div>}
          {line.reply && <div className="order-muted">{t('afterSales.review.reply', { reply: line.reply })}</div>}
          {line.can_edit && (
            <Button size="mini" shape="rounded" onClick={() => setEditing(true)}>
              {t('afterSales.review.edit')}
            </Button>
          )}
        </>
      ) : null}
    </div>
  );
}

/** The order's lines with their reviews: a sheet opened from the order page. */
export function OrderReviewSheet({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reviews = useOrderReviews(orderId, open);
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', padding: 12, boxSizing: 'border-box' }}>
      <div className="order-status">{t('afterSales.review.title')}</div>
      {(reviews.data?.list ?? []).map((l) => (
        <LineReview key={l.order_line_id} line={l} />
      ))}
    </Popup>
  );
}
