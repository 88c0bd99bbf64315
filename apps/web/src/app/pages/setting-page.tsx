import { List } from 'antd-mobile';
import { PageHeader } from '@/components/page-header';
import { AppVersionRows } from '@/components/shell/app-version';
import { AccountSettings } from '@/features/account/components/account-settings';
import { LanguageSwitcher } from '@/features/settings/components/language-switcher';
import { useTranslation } from '@/lib/i18n';

/**
 * Settings: the language for everyone; the account area adds its entries (password, logout,
 * cancellation) here. It lives in the app layer because it composes two features.
 */
export default function SettingPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('app.page.settings')} />
      <AccountSettings />
      <List mode="card" header={t('app.settings.general')}>
        <LanguageSwitcher />
      </List>
      <List mode="card">
        <AppVersionRows />
      </List>
    </div>
  );
}
