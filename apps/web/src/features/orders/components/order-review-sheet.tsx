import { useState } from 'react';
import { Button, Rate, TextArea } from 'antd-mobile';
import { Sheet } from '@/components/sheet';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { REVIEW_CONTENT_MAX, REVIEW_IMAGES_MAX } from '@shop/contract/after-sales';
import { useMediaPicker } from '@/components/shell/media-picker';
import { mediaUrl } from '@/lib/media-url';
import { showToast } from '@/lib/toast';
import { uploadFile } from '@/lib/upload';
import { useCreateReview, useEditReview, useOrderReviews } from '../api/order-reviews';
import { useTranslation } from '@/lib/i18n';
import { useDraftLeftOpen, useKeepOpenDraft } from '@/lib/open-drafts';

/** The upload's limit for a picture (the server refuses a larger one after its bytes were sent). */
const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** A review's pictures as thumbnails; with `onRemove`, each can be taken out. */
function ReviewPhotos({ images, onRemove }: { images: string[]; onRemove?: (src: string) => void }) {
  const { t } = useTranslation();
  return (
    <>
      {images.map((src, i) => (
        <div key={src} className="order-review-photo">
          <img src={mediaUrl(src)} alt="" />
          {onRemove && (
            <button type="button" className="order-review-photo-remove" aria-label={t('afterSales.review.removePhoto', { n: i + 1 })} onClick={() => onRemove(src)}>
              <CloseOutline />
            </button>
          )}
        </div>
      ))}
    </>
  );
}

/** What a line's review holds when the page ends with it being written: the stars, words and uploaded photos. */
interface ReviewDraft {
  rating: number;
  content: string;
  images: string[];
  /** A review already posted, being changed. */
  editing: boolean;
}

/** One line's review: written once, changed once within its time. */
function LineReview({ line }: { line: NonNullable<ReturnType<typeof useOrderReviews>['data']>['list'][number] }) {
  const { t } = useTranslation();
  const create = useCreateReview();
  const edit = useEditReview();
  // Each line's review survives a reload of the page, on that line only (lib/open-drafts.ts), while it can still be written.
  const draftName = `review:${line.order_line_id}`;
  const leftOpen = useDraftLeftOpen<ReviewDraft>(draftName);
  const [draft] = useState(() => (leftOpen && (leftOpen.editing ? line.can_edit : line.can_review) ? leftOpen : undefined));
  const [editing, setEditing] = useState(draft?.editing ?? false);
  // No stars until the member gives them: a review posted untouched would be a five-star one nobody chose.
  const [rating, setRating] = useState(draft?.rating ?? line.rating ?? 0);
  const [content, setContent] = useState(draft?.content ?? line.content);
  const [images, setImages] = useState(draft?.images ?? line.images);
  const [uploading, setUploading] = useState(false);
  const open = line.can_review || editing;
  const changed = rating !== (line.rating ?? 0) || content !== line.content || images.join('\n') !== line.images.join('\n');
  useKeepOpenDraft(draftName, open && changed ? ({ rating, content, images, editing } satisfies ReviewDraft) : undefined);
  // Pictures are uploaded one after another as picked; as many as there is room for.
  const addPhotos = async (files: File[]) => {
    const room = REVIEW_IMAGES_MAX - images.length;
    if (files.length > room) showToast(t('afterSales.app.tooManyImages', { max: REVIEW_IMAGES_MAX }));
    setUploading(true);
    try {
      for (const file of files.slice(0, Math.max(0, room))) {
        if (file.size > MAX_IMAGE_BYTES) {
          showToast(t('afterSales.app.imageTooLarge'));
          continue;
        }
        const done = await uploadFile(file).catch(() => undefined); // the upload's own message was shown
        if (done) setImages((x) => (x.length < REVIEW_IMAGES_MAX ? [...x, done.url] : x));
      }
    } finally {
      setUploading(false);
    }
  };
  const picker = useMediaPicker({ kind: 'image', max: Math.max(1, REVIEW_IMAGES_MAX - images.length), label: t('afterSales.review.addPhoto'), onPick: (files) => void addPhotos(files) });
  const send = async () => {
    if (line.review_id) await edit.mutateAsync({ review_id: line.review_id, rating, content, images });
    else await create.mutateAsync({ order_line_id: line.order_line_id, rating, content, images });
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
          <div className="order-review-photos">
            <ReviewPhotos images={images} onRemove={(src) => setImages((x) => x.filter((s) => s !== src))} />
            {images.length < REVIEW_IMAGES_MAX && (
              <button type="button" className="order-review-photo-add" aria-label={t('afterSales.review.addPhoto')} disabled={uploading} onClick={picker.open}>
                <AddOutline />
              </button>
            )}
            {picker.input}
          </div>
          <div className="order-muted">{t('afterSales.review.photos', { max: REVIEW_IMAGES_MAX })}</div>
          {rating === 0 && <div className="order-muted">{t('afterSales.review.chooseRating')}</div>}
          <Button size="small" color="primary" shape="rounded" disabled={rating === 0} loading={create.isPending || edit.isPending || uploading} onClick={() => void send().catch(() => {})}>
            {t('afterSales.review.submit')}
          </Button>
        </>
      ) : line.review_id ? (
        <>
          <Rate readOnly value={line.rating ?? 0} />
          {line.content && <div className="order-muted">{line.content}</div>}
          {line.images.length > 0 && (
            <div className="order-review-photos">
              <ReviewPhotos images={line.images} />
            </div>
          )}
          {line.reply && <div className="order-muted">{t('afterSales.review.reply', { reply: line.reply })}</div>}
          {/* Taken off the goods page because the goods came back: the member sees why, and it is not changed any more. */}
          {line.hidden === 'returned' && <div className="order-muted order-review-note">{t('orders.review.takenDown')}</div>}
          {line.can_edit && (
            <Button
              size="mini"
              shape="rounded"
              onClick={() => {
                setImages(line.images);
                setEditing(true);
              }}
            >
              {t('afterSales.review.edit')}
            </Button>
          )}
        </>
      ) : line.not_reviewable ? (
        // Goods returned or on their way back are not reviewed: said, rather than an empty line.
        <div className="order-muted order-review-note">{t(line.not_reviewable === 'returned' ? 'orders.review.returned' : 'orders.review.returning')}</div>
      ) : null}
    </div>
  );
}

/** The order's lines with their reviews: a sheet opened from the order page. */
export function OrderReviewSheet({ orderId, open, onClose }: { orderId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const reviews = useOrderReviews(orderId, open);
  return (
    <Sheet label={t('afterSales.review.title')} visible={open} onMaskClick={onClose} onClose={onClose} destroyOnClose bodyStyle={{ maxHeight: '85vh', overflowY: 'auto', padding: 12, boxSizing: 'border-box' }}>
      <div className="order-status">{t('afterSales.review.title')}</div>
      {(reviews.data?.list ?? []).map((l) => (
        <LineReview key={l.order_line_id} line={l} />
      ))}
    </Sheet>
  );
}
