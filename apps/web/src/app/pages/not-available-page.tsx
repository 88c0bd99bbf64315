import { Button, ErrorBlock } from 'antd-mobile';
import { useLocation, useNavigate } from '@/lib/router';
import { pageTitleKey, paths, tabPaths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useTranslation } from '@/lib/i18n';

/**
 * The honest stand-in for a page whose area is not built yet: its title, what is going on, and a
 * way back. Each area's work replaces its route entries with the real pages.
 */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const titleKey = pageTitleKey(pathname);
  const title = titleKey ? t(titleKey) : t('app.notAvailable.title');
  const isTab = (tabPaths as readonly string[]).includes(pathname);
  return (
    <div className="page">
      <PageHeader title={title} root={isTab} />
      <div className="page-state">
        <ErrorBlock status="empty" title={t('app.notAvailable.title')} description={t('app.notAvailable.text', { page: title })} />
        {!isTab && (
          <Button color="primary" fill="outline" onClick={() => navigate(paths.tabbar.home, { replace: true })}>
            {t('app.action.home')}
          </Button>
        )}
      </div>
    </div>
  );
}
