import '../account.css';
import { Button, Result } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';

/** The account is closed. */
export default function LogOffFinishPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page account-page">
      <PageHeader title={t('app.page.cancelAccountDone')} root />
      <Result status="success" title={t('account.cancel.doneTitle')} description={t('account.cancel.doneText')} />
      <div className="account-actions">
        <Button block color="primary" onClick={() => navigate(paths.tabbar.home, { replace: true })}>
          {t('account.action.backHome')}
        </Button>
      </div>
    </div>
  );
}
