import { Button, ErrorBlock } from 'antd-mobile';
import { useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useTranslation } from '@/lib/i18n';

/** An address the app does not know: say so and offer the way home. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader title={t('app.notFound.title')} />
      <div className="page-state">
        <ErrorBlock status="empty" title={t('app.notFound.title')} description={t('app.notFound.text')} />
        <Button color="primary" onClick={() => navigate(paths.tabbar.home, { replace: true })}>
          {t('app.action.home')}
        </Button>
      </div>
    </div>
  );
}
