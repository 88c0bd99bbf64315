import { Button } from 'antd-mobile';
import { StateMessage } from '@/components/state-message';
import { useTranslation } from 'react-i18next';

/** A page that broke while rendering: say so and offer a fresh start instead of a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="app-column">
      <div className="page-state" role="alert">
        <StateMessage title={t('app.error.pageTitle')} text={t('app.error.pageText')} />
        <Button color="primary" onClick={() => window.location.reload()}>
          {t('app.action.reload')}
        </Button>
      </div>
    </div>
  );
}
