import '../account.css';
import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useNavigate, useSearchParams } from '@/lib/router';
import { maskContact } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useProfile } from '../api/get-profile';
import { logoutMember } from '../api/logout';
import { Sheet } from './sheet';
import { AuthenticatorForm, ContactForm, PayPasswordForm, ProfileForm, RealNameForm } from './security-sheets';
import { useTranslation } from '@/lib/i18n';

type SheetName = 'profile' | 'email' | 'mobile' | 'google' | 'payPassword' | 'realName';
/** The sheets another page may open directly (`?section=realName`): a form a notice elsewhere sends the member to. */
const LINKED_SHEETS: readonly SheetName[] = ['payPassword', 'realName'];

/** The account's entries of the settings page: profile, security, real name, password, cancellation, log out. */
export function AccountSettings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const { data: user, refetch } = useProfile();
  const [params] = useSearchParams();
  const linked = params.get('section') as SheetName | null;
  const [open, setOpen] = useState<SheetName | undefined>(linked && LINKED_SHEETS.includes(linked) ? linked : undefined);
  if (!token) return null;
  const close = () => {
    setOpen(undefined);
    void refetch();
  };
  const state = (done: boolean | undefined) => t(done ? 'account.settings.set' : 'account.settings.notSet');

  return (
    <>
      <List mode="card" header={t('account.settings.title')}>
        <List.Item onClick={() => setOpen('profile')} extra={user?.nickname}>{t('account.settings.profile')}</List.Item>
        <List.Item onClick={() => setOpen('email')} extra={user?.email ? maskContact(user.email) : state(false)}>{t('account.field.email')}</List.Item>
        <List.Item onClick={() => setOpen('mobile')} extra={user?.mobile ? `+${user.mobile_pre} ${maskContact(user.mobile)}` : state(false)}>{t('account.field.mobile')}</List.Item>
        <List.Item onClick={() => setOpen('google')} extra={state(user?.google_bound)}>{t('account.settings.google')}</List.Item>
        <List.Item onClick={() => setOpen('payPassword')} extra={state(user?.has_pay_password)}>{t('account.field.payPassword')}</List.Item>
        <List.Item onClick={() => setOpen('realName')} extra={user ? t(`account.settings.realName.${user.real_name_status}`) : ''}>{t('account.settings.realName')}</List.Item>
        <List.Item onClick={() => navigate(paths.other.changePassword)}>{t('app.page.changePassword')}</List.Item>
        <List.Item onClick={() => navigate(paths.login.cancelAccount)}>{t('app.page.cancelAccount')}</List.Item>
      </List>
      <div className="account-actions">
        <Button block onClick={() => {
          // Logged out here at once, with or without a network: the server hears of it when it can.
          logoutMember();
          navigate(paths.tabbar.my, { replace: true });
        }}>
          {t('account.action.logout')}
        </Button>
      </div>
      <Sheet open={open === 'profile'} onClose={close} title={t('account.settings.profile')}><ProfileForm onDone={close} /></Sheet>
      <Sheet open={open === 'email'} onClose={close} title={t('account.field.email')}><ContactForm kind="email" onDone={close} /></Sheet>
      <Sheet open={open === 'mobile'} onClose={close} title={t('account.field.mobile')}><ContactForm kind="mobile" onDone={close} /></Sheet>
      <Sheet open={open === 'google'} onClose={close} title={t('account.settings.google')}><AuthenticatorForm onDone={close} /></Sheet>
      <Sheet open={open === 'payPassword'} onClose={close} title={t('account.field.payPassword')}><PayPasswordForm onDone={close} /></Sheet>
      <Sheet open={open === 'realName'} onClose={close} title={t('account.settings.realName')}><RealNameForm onDone={close} /></Sheet>
    </>
  );
}
