import { Image } from 'antd-mobile';
import { ListState } from '@/components/list-states';
import { formatDate } from '@/lib/format';
import { useFeedback } from '../api/feedback';
import { sizedUpload } from '@/lib/media-url';
import { useTranslation } from '@/lib/i18n';

/** One feedback as sent (text as typed, images, contact) and the support team's reply. */
export function FeedbackDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const feedback = useFeedback(id);
  const f = feedback.data;
  return (
    <ListState loading={feedback.isPending && id > 0} error={feedback.isError} failure={feedback.error} missing={id > 0 ? undefined : t('support.code.feedbackNotFound')} empty={!f} emptyText={t('support.code.feedbackNotFound')} onRetry={() => void feedback.refetch()}>
      {f && (
        <>
          <article className="support-message" data-feedback={f.id}>
            <div className="support-row">
              <strong className="support-message-title">{f.cate.name}</strong>
              <span className={`support-status support-status-${f.status}`}>{t(`support.feedback.status.${f.status}`)}</span>
            </div>
            <p className="support-message-text">{f.content}</p>
            {f.images.length > 0 && (
              <div className="support-images">
                {f.images.map((src) => (
                  <Image key={src} src={sizedUpload(src, 160, 160)} width={72} height={72} fit="cover" lazy />
                ))}
              </div>
            )}
            {f.contact && <div className="support-muted">{t('support.feedback.contactShown', { contact: f.contact })}</div>}
            <div className="support-muted">{formatDate(f.created_at)}</div>
          </article>
          <article className="support-message support-reply">
            <strong className="support-message-title">{t('support.feedback.reply')}</strong>
            <p className="support-message-text">{f.reply ?? t('support.feedback.noReply')}</p>
            {f.replied_at && <div className="support-muted">{formatDate(f.replied_at)}</div>}
          </article>
        </>
      )}
    </ListState>
  );
}
