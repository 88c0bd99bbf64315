import { Image } from 'antd-mobile';
import type { Review } from '@shop/contract/catalogue';
import { mediaUrl } from '@/lib/media-url';
import { formatDate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/** One review of a goods: who, stars, when, the SKU they bought, what they wrote, their pictures and the shop's reply. */
export function ReviewItem({ review: r }: { review: Review }) {
  const { t } = useTranslation();
  return (
    <div className="review">
      <div className="review-head">
        <span className="review-name">{r.user_name}</span>
        {/* Read-only stars as text: the interactive rating control (and its drag library) is for writing a review. */}
        <span className="review-stars" role="img" aria-label={t('catalogue.reviews.stars', { count: r.rating })}>
          <span aria-hidden>{'★'.repeat(r.rating)}</span>
          <span className="review-stars-off" aria-hidden>
            {'★'.repeat(Math.max(0, 5 - r.rating))}
          </span>
        </span>
        <span className="review-date">{formatDate(r.created_at, { dateOnly: true })}</span>
      </div>
      {/* What the reviewer bought: the SKU's specs. */}
      {r.sku_text && <div className="review-sku">{r.sku_text}</div>}
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
}
