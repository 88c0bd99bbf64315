import '../account.css';
import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useNavigate, useSearchParams } from '@/lib/router';
import { maskContact } from '@shop/contract/common';
import { paths } from '@/config/paths';
import { useSession } from '@/stores/session';
import { useProfile } from '../api/get-profile';
import { logoutMember } from '../api/logout';
import { TapRow } from '@/components/tap-row';
import { Sheet } from './sheet';
import { AuthenticatorForm, ContactForm, PayPasswordForm, ProfileForm, RealNameForm } from './security-sheets';
import { signInReturnPath } from '../return-path';
import { useTranslation } from '@/lib/i18n';

type SheetName = 'profile' | 'email' | 'mobile' | 'google' | 'payPassword' | 'realName';
/**
 * The sheets another page may open directly (`?section=realName`): a form a notice elsewhere sends the
 * member to. With `&return=<page>` (the pay page of an unpaid order), saving the form goes back there.
 */
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
  // Only one of the app's own pages, as after a sign-in: a crafted link cannot send the member elsewhere.
  const returnTo = signInReturnPath(params.get('return'));
  if (!token) return null;
  const close = () => {
    setOpen(undefined);
    void refetch();
  };
  /** A linked sheet saved: back to the page that sent the member here (in its place in history), else stay on Settings. */
  const saved = (sheet: SheetName) => () => {
    if (sheet === linked && returnTo) navigate(returnTo, { returning: true });
    else close();
  };
  const state = (done: boolean | undefined) => t(done ? 'account.settings.set' : 'account.settings.notSet');
  // A phone typed at registration names nobody until the code texted to it confirms it (the phone sheet).
  const mobileState = user?.mobile
    ? `+${user.mobile_pre} ${maskContact(user.mobile)}`
    : user?.unverified_mobile
      ? t('account.settings.mobileUnconfirmed', { phone: `+${user.unverified_mobile_pre} ${maskContact(user.unverified_mobile)}` })
      : state(false);

  return (
    <>
      <List mode="card" header={t('account.settings.title')} className="account-settings-list">
        <TapRow onClick={() => setOpen('profile')} extra={user?.nickname}>{t('account.settings.profile')}</TapRow>
        <TapRow onClick={() => setOpen('email')} extra={user?.email ? maskContact(user.email) : state(false)}>{t('account.field.email')}</TapRow>
        <TapRow onClick={() => setOpen('mobile')} extra={mobileState}>{t('account.field.mobile')}</TapRow>
        <TapRow onClick={() => setOpen('google')} extra={state(user?.google_bound)}>{t('account.settings.google')}</TapRow>
        <TapRow onClick={() => setOpen('payPassword')} extra={state(user?.has_pay_password)}>{t('account.field.payPassword')}</TapRow>
        <TapRow onClick={() => setOpen('realName')} extra={user ? t(`account.settings.realName.${user.real_name_status}`) : ''}>{t('account.settings.realName')}</TapRow>
        <TapRow to={paths.other.changePassword}>{t('app.page.changePassword')}</TapRow>
        <TapRow to={paths.login.cancelAccount}>{t('app.page.cancelAccount')}</TapRow>
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
      <Sheet open={open === 'payPassword'} onClose={close} title={t('account.field.payPassword')}><PayPasswordForm onDone={saved('payPassword')} /></Sheet>
      <Sheet open={open === 'realName'} onClose={close} title={t('account.settings.realName')}><RealNameForm onDone={saved('realName')} /></Sheet>
    </>
  );
}
