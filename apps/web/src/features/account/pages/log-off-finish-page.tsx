import '../account.css';
import { Button, Result } from 'antd-mobile';
import { useLocation, useNavigate } from '@/lib/router';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/stores/session';
import { useTranslation } from '@/lib/i18n';

/** Where the confirmation leads once the account is closed; says so only then. */
export default function LogOffFinishPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The confirmation passes `{ closed: true }` with the step here; an address opened by hand does not.
  const closed = (useLocation().state as { closed?: boolean } | null)?.closed === true;
  const member = Boolean(useSession((s) => s.token));
  const home = (
    <Button block color={closed ? 'primary' : 'default'} onClick={() => navigate(paths.tabbar.home, { replace: true })}>
      {t('account.action.backHome')}
    </Button>
  );
  return (
    <div className="page account-page">
      {/* The page's own name says "cancelled": only the closed state carries it. */}
      <PageHeader title={t(closed ? 'app.page.cancelAccountDone' : 'app.page.cancelAccount')} root={closed} />
      {closed ? (
        <>
          <Result status="success" title={t('account.cancel.doneTitle')} description={t('account.cancel.doneText')} />
          <div className="account-actions">{home}</div>
        </>
      ) : member ? (
        <>
          <Result status="info" title={t('account.cancel.activeTitle')} description={t('account.cancel.activeText')} />
          <div className="account-actions">
            <Button block color="primary" onClick={() => navigate(paths.login.cancelAccount, { replace: true })}>
              {t('account.cancel.toClosure')}
            </Button>
            {home}
          </div>
        </>
      ) : (
        <>
          <Result status="info" title={t('account.cancel.visitorTitle')} description={t('account.cancel.visitorText')} />
          <div className="account-actions">
            <Button block color="primary" onClick={() => navigate(paths.login.login)}>
              {t('account.action.login')}
            </Button>
            {home}
          </div>
        </>
      )}
    </div>
  );
}
