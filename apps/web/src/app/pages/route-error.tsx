import { StateMessage } from '@/components/state-message';
import { useTranslation } from '@/lib/i18n';

/** A page that broke while rendering: say so and offer a fresh start instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="app-column">
      <div className="page-state" role="alert">
        <StateMessage title={t('app.error.pageTitle')} text={t('app.error.pageText')} />
        <button type="button" className="state-button" onClick={() => window.location.reload()}>
          {t('app.action.reload')}
        </button>
      </div>
    </div>
  );
}
