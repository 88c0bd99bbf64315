import { ListState } from '@/components/list-states';
import { Sheet } from '@/components/sheet';
import { formatDate } from '@/lib/format';
import { withMediaHost } from '@/lib/media-url';
import { useAgreement, type AgreementKind } from '../api/get-agreement';
import { useTranslation } from '@/lib/i18n';

/** The agreement's text (the agreement page's call), over the form, with a way to close it. */
export default function AgreementSheet({ kind, visible, onClose }: { kind: AgreementKind; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const agreement = useAgreement(kind);
  const title = t(`catalogue.agreement.${kind}`);
  return (
    <Sheet label={title} visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="agreement-sheet">
      <div className="agreement-sheet-head">
        <h3 className="agreement-sheet-title">{title}</h3>
        <button type="button" className="agreement-sheet-close" onClick={onClose}>
          {t('app.action.close')}
        </button>
      </div>
      <div className="agreement-sheet-text">
        <ListState loading={agreement.isPending} error={agreement.isError} failure={agreement.error} empty={false} onRetry={() => void agreement.refetch()}>
          {agreement.data && (
            <>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: withMediaHost(agreement.data.content) }} />
              <div className="agreement-sheet-updated">{t('catalogue.agreement.updated', { date: formatDate(agreement.data.updated_at, { dateOnly: true }) })}</div>
            </>
          )}
        </ListState>
      </div>
    </Sheet>
  );
}
